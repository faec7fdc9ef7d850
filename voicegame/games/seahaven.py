"""Seahaven, as AisleRiot plays it: Bakers Game on ten columns of five, two reserves dealt a card.

Ten columns of five cards face up (50), the other two cards on two of the four reserves
(free cells, one card each); four foundations built up by suit from the ace. Columns build
down in suit; an empty column takes only a king or a run starting with a king; a run may
move as one command when it has at most one card more than there are free reserves.

Decisions where AisleRiot's manual is silent (see GAMES.md, "Ambiguities"): its Seahaven
page gives only the layout; the rules are Bakers Game's (the original help), and so are the
decisions written in :mod:`voicegame.games.bakers_game`.

- The two dealt reserves are the middle ones, cells two and three, and take the last two
  cards dealt.
- "As a convenience, sequences of the same suit can be moved onto the matching Foundation
  pile": a run in suit goes home in one move, whatever the free reserves, its top card first
  ("column three to hearts", or by the run's card nearest the foundation's: "four of hearts up").
"""

from __future__ import annotations

from voicegame.engine import GameDef
from voicegame.games.bakers_game import suit_cells_game
from voicegame.games.deal_rules import EMPTY, EMPTY_SUITS, FACE_UP, ONE, DealRules, each, same
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search


def seahaven() -> GameDef:
    """Seahaven (no options)."""
    return suit_cells_game("seahaven", 4, (5,) * 10, (2, 3), "help_seahaven", groups_home=True)


ENTRY = GameEntry.from_words(
    key="seahaven",
    factory=seahaven,
    search=Search.SUIT_CELLS,
    deal=DealRules({**same("column", 10, (5, None)), **each("cell", [EMPTY, ONE, ONE, EMPTY]), **EMPTY_SUITS},
                   every=FACE_UP),
)
