"""Fortress, as AisleRiot plays it: ten open piles that build up or down in suit.

All 52 cards face up on ten columns, five on each side of the foundations: five cards each,
and one more on the top pile of each side. Only the top card of a column moves; it goes onto a
card one rank higher or lower in its own suit, or to an empty column (any card). Foundations
build up in suit from the ace to the king, and their cards stay there.

Chessboard is this layout with foundations that start from a base rank of the player's choosing
(:func:`chessboard_layout`).

Decisions where AisleRiot's manual is silent (see GAMES.md, "Ambiguities"): its Fortress page
gives only the foundations; the layout and the rules are Chessboard's (the original help).

- Columns one to five are the left side, top to bottom, six to ten the right side; the top
  pile of each side, columns one and six, gets the extra card. Cards are dealt in rows.
- Score: one point per card on the foundations, out of 52. Won when all 52 are home.
- No moves left: no card can move (the engine's ``is_stuck``).
"""

from __future__ import annotations

from voicegame.engine import TOP_CARD, Accepts, DealSpec, Direction, GameDef, PileSpec, Sequence, SuitRule
from voicegame.engine.cards import Suit
from voicegame.games.deal_rules import FACE_UP, DealRules, each
from voicegame.games.parts import suit_foundation, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("fortress")
"""How Fortress and its piles are said (grammars/en/games/fortress.toml)."""

EITHER_IN_SUIT = Sequence(Direction.EITHER, SuitRule.SAME)
COLUMNS = range(1, 11)


def either_way_column(n: int) -> PileSpec:
    """Column ``n``: a card one rank up or down in its suit, one at a time; empty takes any card."""
    return tableau_pile(n, Accepts(build=EITHER_IN_SUIT, single=True), TOP_CARD)


def chessboard_layout() -> tuple[DealSpec, ...]:
    """Five cards on each of the ten columns and one more on columns one and six."""
    return tuple(DealSpec(f"column{n}", up=6 if n in (1, 6) else 5) for n in COLUMNS)


def fortress() -> GameDef:
    """Fortress (no options)."""
    return GameDef(
        key="fortress",
        title=WORDS.title,
        piles=(*(suit_foundation(s, playback=False) for s in Suit), *(either_way_column(n) for n in COLUMNS)),
        layout_deal=chessboard_layout(),
        help_key="help_fortress",
    )


ENTRY = GameEntry.from_words(
    key="fortress",
    factory=fortress,
    search=Search.GENERIC,
    deal=DealRules(each("column", [(6, None)] + [(5, None)] * 4 + [(6, None)] + [(5, None)] * 4), every=FACE_UP),
)
