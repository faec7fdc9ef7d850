"""Eight Off, as AisleRiot plays it: Bakers Game with eight reserves, four of them dealt a card.

Eight columns of six cards face up (48), the other four cards one each on reserves one to
four; eight reserves (free cells) hold one card each; four foundations built up by suit
from the ace. Columns build down in suit; an empty column takes only a king or a run
starting with a king; a run may move as one command when it has at most one card more
than there are free reserves.

Decisions where AisleRiot's manual is silent (see GAMES.md, "Ambiguities"): its Eight Off
page gives only the layout; the rules are Bakers Game's (the original help says so word for
word), and so are the decisions written in :mod:`voicegame.games.bakers_game`. The four
reserve cards are the last four dealt, after the columns.
"""

from __future__ import annotations

from voicegame.engine import GameDef
from voicegame.games.bakers_game import suit_cells_game
from voicegame.games.deal_rules import EMPTY, EMPTY_SUITS, FACE_UP, DealRules, each, same
from voicegame.games.entry import GameEntry
from voicegame.games.search import HintBudget, Search


def eight_off() -> GameDef:
    """Eight Off (no options)."""
    return suit_cells_game("eight_off", 8, (6,) * 8, (1, 2, 3, 4), "help_eight_off")


ENTRY = GameEntry.from_words(
    key="eight_off",
    factory=eight_off,
    search=Search.SUIT_CELLS,
    hint_budget=HintBudget(nodes=140),
    deal=DealRules({**same("column", 8, (6, None)), **each("cell", [(1, None)] * 4 + [EMPTY] * 4), **EMPTY_SUITS},
                   every=FACE_UP),
)
