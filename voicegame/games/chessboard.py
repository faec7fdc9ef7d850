"""Chessboard, as AisleRiot plays it: Fortress with foundations from a base rank of your choice.

All 52 cards face up on ten columns, five on each side of the foundations: five cards each,
and one more on the top pile of each side. Only the top card of a column moves; it goes onto a
card one rank higher or lower in its own suit (king and ace next to each other), or to an empty
column (any card). Foundations build up in suit from the base rank, wrapping from king to ace,
and their cards stay there.

Decisions where AisleRiot's manual is silent (see GAMES.md, "Ambiguities"):

- The base is chosen by play: the first card put on a foundation sets the rank every other
  foundation must start with (the engine's SameBase). Any card may be the first.
- "Up or down in suit" on the columns wraps too (a king on an ace, an ace on a king), as the
  foundations do; the manual says the wrap for the foundations and nothing against it here.
- The layout and its numbering are Fortress's (:mod:`voicegame.games.fortress`).
- Score: one point per card on the foundations, out of 52. Won when all 52 are home.
- No moves left: no card can move (the engine's ``is_stuck``).
"""

from __future__ import annotations

from voicegame.engine import TOP_CARD, Accepts, Direction, GameDef, SameBase, Sequence, SuitRule
from voicegame.games.deal_rules import FACE_UP, DealRules, each
from voicegame.games.fortress import COLUMNS, chessboard_layout
from voicegame.games.parts import numbered_foundation, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

WORDS = game_words("chessboard")
"""How Chessboard and its piles are said (grammars/en/games/chessboard.toml)."""

UP_IN_SUIT_WRAPPING = Sequence(Direction.UP, SuitRule.SAME, wrap=True)
EITHER_IN_SUIT_WRAPPING = Sequence(Direction.EITHER, SuitRule.SAME, wrap=True)


FOUNDATION = Accepts(build=UP_IN_SUIT_WRAPPING, single=True, extra=SameBase("foundations"))
"""Foundation ``n``: any suit may start it, at the chosen base rank; then up in that suit."""


def chessboard() -> GameDef:
    """Chessboard (no options)."""
    return GameDef(
        key="chessboard",
        title=WORDS.title,
        piles=(*(numbered_foundation(n, FOUNDATION, names=WORDS.names("foundation", n)) for n in range(1, 5)),
               *(tableau_pile(n, Accepts(build=EITHER_IN_SUIT_WRAPPING, single=True), TOP_CARD) for n in COLUMNS)),
        layout_deal=chessboard_layout(),
        help_key="help_chessboard",
    )


ENTRY = GameEntry.from_words(
    key="chessboard",
    factory=chessboard,
    search=Search.GENERIC,
    hint_budget=HintBudget(nodes=490),
    deal=DealRules(each("column", [(6, None)] + [(5, None)] * 4 + [(6, None)] + [(5, None)] * 4), every=FACE_UP),
)
