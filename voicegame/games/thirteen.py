"""Thirteen, as AisleRiot plays it.

Twenty-eight cards in a pyramid of seven rows (one card, then two, ... then seven), face
down except the bottom row of seven; the other 24 are the stock. Two free cards whose
values add up to thirteen (ace 1, jack 11, queen 12) are removed together; a king is
removed by itself. A pyramid card is free when the two cards overlapping it from the row
below are gone; it then turns face up. The stock turns one card at a time onto the
waste and is used once.

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Thirteen"):

- The layout (a face-down pyramid with the bottom row face up, as in Elevator) comes
  from the original help: the manual's text keeps no layout.
- Only the waste's top card is free, with a pyramid card or alone (a king); the card
  under it is free only to pair with the top card ("with the card below"). Unlike
  Treize, the waste's bottom card is not free.
- A pyramid card turns face up as soon as both cards covering it are gone.
- Nothing is ever put back: removed cards go to the discard pile, and nothing leaves it.
- No redeal; the stock can be turned at any time.
- Won when all 52 cards are removed (the original help's goal), not merely the pyramid.
- Score: one point per card removed, out of 52.
- No moves left: the stock is empty and no free card goes alone or with another.
"""

from __future__ import annotations

from voicegame.engine import DealSpec, DrawToWaste, GameDef, PairRule, PileKind, PileSpec, Uncover
from voicegame.engine.cards import Rank
from voicegame.games.deal_rules import DealRules, pyramid
from voicegame.games.parts import DISCARD, STOCK, all_discarded, discarded, spot_id, spot_names
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("thirteen")
"""How Thirteen and its piles are said (grammars/en/games/thirteen.toml)."""

ROWS = range(1, 8)

cell_id = spot_id


def _cell(row: int, position: int) -> PileSpec:
    return PileSpec(spot_id(row, position), PileKind.TABLEAU, spot_names(row, position, "pyramid_spot"), number=position, group=f"row{row}")


WASTE = PileSpec("waste", PileKind.WASTE, WORDS.names("waste"))
PILES = (STOCK, WASTE, DISCARD, *(_cell(r, c) for r in ROWS for c in range(1, r + 1)))
COVERED_BY: dict[str, tuple[str, ...]] = {cell_id(r, c): (cell_id(r + 1, c), cell_id(r + 1, c + 1)) for r in ROWS if r < 7 for c in range(1, r + 1)}
PAIRS = PairRule(discard="discard", sums_to=13, singles=frozenset({Rank.KING}), covered_by=COVERED_BY,
                 under_top=frozenset({"waste"}))


def thirteen() -> GameDef:
    """Thirteen (no options)."""
    return GameDef(
        key="thirteen",
        title=WORDS.title,
        piles=PILES,
        layout_deal=tuple(DealSpec(cell_id(r, c), down=int(r < 7), up=int(r == 7)) for r in ROWS for c in range(1, r + 1)),
        stock_rule=DrawToWaste(draw=1, redeals=0),
        score=discarded,
        max_score=52,
        is_won=all_discarded,
        won_key="won_cleared",
        help_key="help_thirteen",
        group_names={f"row{r}": WORDS.names("row", r) for r in ROWS},
        pairs=PAIRS,
        uncover=Uncover(COVERED_BY),
    )


ENTRY = GameEntry.from_words(
    key="thirteen",
    factory=thirteen,
    search=Search.PAIR_REMOVAL,
    deal=DealRules({**pyramid(7, lambda r: (1, 0 if r == 7 else 1)), "stock": (24, 24)}),
)
