"""Accordion, as AisleRiot plays it.

All 52 cards are dealt face up in one line, shown as five rows of nine and a last row of seven; the
last card of a row lies just left of the first card of the next. A card moves onto the card just
left of it, or three places left of it, when the two share a suit or a rank; the covered card leaves
play, and every card right of the gap slides one place left to close it. Win by leaving one card.

Decisions where AisleRiot's manual is silent or unclear (see GAMES.md, "Accordion"):

- The manual's "fifty-four spaces" are its five rows of nine and a row of seven: fifty-two spaces,
  one per card.
- Cards are removed one at a time; only a single card moves (never a pile: each place holds one card).
- Double-clicking (moving three places if possible, else one) is the voice command naming the card
  alone ("play seven of hearts"): where both moves are possible the game asks which.
- Score: one point per card removed, out of 51 (the manual's).
- No moves left: no card matches the card one or three places to its left.
"""

from __future__ import annotations

from voicegame.engine import (
    EMPTY_NONE,
    TOP_CARD,
    Accepts,
    Collapse,
    DealSpec,
    Direction,
    GameDef,
    LineJump,
    PileKind,
    PileSpec,
    Sequence,
    State,
    SuitRule,
)
from voicegame.games.deal_rules import ONE, DealRules, grid, same
from voicegame.games.entry import GameEntry
from voicegame.games.parts import DISCARD, discarded, spot_id, spot_names
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

WORDS = game_words("accordion")
"""How Accordion and its piles are said (grammars/en/games/accordion.toml)."""

ROWS = tuple((row, 9 if row <= 5 else 7) for row in range(1, 7))
LINE = tuple(spot_id(row, column) for row, width in ROWS for column in range(1, width + 1))
ANY_CARD = Sequence(Direction.ANY_RANK, SuitRule.ANY)
JUMP = LineJump(LINE, steps=(1, 3))


def space(row: int, column: int) -> PileSpec:
    """A place in the line, said "row two column five"; a card goes on it by the jump rule only."""
    return PileSpec(spot_id(row, column), PileKind.TABLEAU, spot_names(row, column),
                    accepts=Accepts(build=ANY_CARD, empty=EMPTY_NONE, single=True, extra=JUMP), takes=TOP_CARD,
                    number=column, group=f"row{row}")


PILES = (DISCARD, *(space(row, column) for row, width in ROWS for column in range(1, width + 1)))


def one_left(game: GameDef, state: State) -> bool:
    return discarded(game, state) == 51


def accordion() -> GameDef:
    """Accordion (no options)."""
    return GameDef(
        key="accordion",
        title=WORDS.title,
        piles=PILES,
        layout_deal=tuple(DealSpec(place) for place in LINE),
        deal_by_rows=False,
        score=discarded,
        max_score=51,
        is_won=one_left,
        won_key="won_accordion",
        help_key="help_accordion",
        group_names={f"row{row}": WORDS.names("row", row) for row, _ in ROWS},
        settle=Collapse(LINE, "discard"),
    )


ENTRY = GameEntry.from_words(
    key="accordion",
    factory=accordion,
    search=Search.ACCORDION,
    hint_budget=HintBudget(nodes=160),
    deal=DealRules({**grid(5, 9, ONE), **same("r6c", 7, ONE)}),
)
