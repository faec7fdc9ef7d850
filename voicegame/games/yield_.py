"""Yield, as AisleRiot plays it.

Twenty-eight cards face up in an inverted pyramid of seven overlapping rows: seven cards in
row one, six in row two, ... one in row seven, each row lying across the gaps of the row
above it. The other 24 are the stock. Two free cards whose values add up to thirteen (ace
1, jack 11, queen 12) are removed together; a king is removed by itself. The stock turns
one card at a time onto the waste and is used once.

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Yield"; the rules are
Treize's, from the original help):

- Which cards are exposed: card n of a row is covered by the cards of the next row down
  that lie across it, cards n - 1 and n of that row (the first and last cards of a row
  have only one); it is free once they are gone. At the start only the single card of
  row seven is free ("removing the bottom of the inverted pyramid is the hard part").
- The waste is open at both ends, as in Treize: its top and bottom cards are free, and
  the card directly under the top is free to pair with the top card.
- Nothing is ever put back; removed cards go to the discard pile.
- No redeal; the stock can be turned at any time.
- Won when all 52 cards are removed; score one point per card removed, out of 52.
- No moves left: the stock is empty and no free card goes alone or with another.
"""

from __future__ import annotations

from voicegame.engine import DealSpec, DrawToWaste, GameDef, PairRule, PileKind, PileSpec
from voicegame.engine.cards import Rank
from voicegame.games.deal_rules import DealRules
from voicegame.games.parts import DISCARD, STOCK, all_discarded, discarded, spot_id, spot_names
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("yield")
"""How Yield and its piles are said (grammars/en/games/yield.toml)."""

ROWS = range(1, 8)


def row_length(row: int) -> int:
    return 8 - row


CELLS = tuple((r, c) for r in ROWS for c in range(1, row_length(r) + 1))


def _cell(row: int, position: int) -> PileSpec:
    return PileSpec(spot_id(row, position), PileKind.TABLEAU, spot_names(row, position, "pyramid_spot"), number=position, group=f"row{row}")


def covered_by(row: int, position: int) -> tuple[str, ...]:
    """The cards of the next row down lying across card ``position`` of ``row``."""
    below = row + 1
    if below > 7:
        return ()
    return tuple(spot_id(below, c) for c in (position - 1, position) if 1 <= c <= row_length(below))


WASTE = PileSpec("waste", PileKind.WASTE, WORDS.names("waste"))
PILES = (STOCK, WASTE, DISCARD, *(_cell(r, c) for r, c in CELLS))
COVERED_BY: dict[str, tuple[str, ...]] = {spot_id(r, c): covered_by(r, c) for r, c in CELLS if r < 7}
PAIRS = PairRule(discard="discard", sums_to=13, singles=frozenset({Rank.KING}), covered_by=COVERED_BY,
                 both_ends=frozenset({"waste"}), under_top=frozenset({"waste"}))


def yield_() -> GameDef:
    """Yield (no options)."""
    return GameDef(
        key="yield",
        title=WORDS.title,
        piles=PILES,
        layout_deal=tuple(DealSpec(spot_id(r, c)) for r, c in CELLS),
        stock_rule=DrawToWaste(draw=1, redeals=0),
        score=discarded,
        max_score=52,
        is_won=all_discarded,
        won_key="won_cleared",
        help_key="help_yield",
        group_names={f"row{r}": WORDS.names("row", r) for r in ROWS},
        pairs=PAIRS,
    )


ENTRY = GameEntry.from_words(
    key="yield",
    factory=yield_,
    search=Search.PAIR_REMOVAL,
    deal=DealRules({**{f"r{r}c{c}": (1, 0) for r in range(1, 8) for c in range(1, 9 - r)}, "stock": (24, None)},
                   absent=("r1c8", "r7c2")),
)
