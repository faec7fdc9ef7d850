"""Neighbor, as AisleRiot plays it.

Twenty-five cards face up in a five by five grid, one per cell; the other 27 are the stock.
A king is removed by itself. Two other cards whose values add up to thirteen (ace 1, jack
11, queen 12) are removed together when they touch: side by side, above and below, or
corner to corner. After every removal the gaps close by themselves: the cards left slide
back in reading order (along each row, then to the end of the row above), and the cells
freed at the end are filled from the stock.

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Neighbor"):

- The gaps close after every removal, kings included; the player never deals.
- Won when all 52 cards are removed; score one point per card removed, out of 52 (the
  original help).
- No moves left: no king in the grid and no two touching cards add up to thirteen.
"""

from __future__ import annotations

from voicegame.engine import Compact, DealSpec, GameDef, PairRule, PileKind, PileSpec
from voicegame.engine.cards import Rank
from voicegame.games.deal_rules import ONE, DealRules, grid
from voicegame.games.monte_carlo import touching
from voicegame.games.parts import DISCARD, STOCK, all_discarded, discarded, spot_id, spot_names
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("neighbor")
"""How Neighbor and its piles are said (grammars/en/games/neighbor.toml)."""

SIZE = range(1, 6)


def _cell(row: int, column: int) -> PileSpec:
    return PileSpec(spot_id(row, column), PileKind.TABLEAU, spot_names(row, column), number=column, group=f"row{row}")


CELLS = tuple(spot_id(r, c) for r in SIZE for c in SIZE)
PILES = (STOCK, DISCARD, *(_cell(r, c) for r in SIZE for c in SIZE))
PAIRS = PairRule(discard="discard", sums_to=13, singles=frozenset({Rank.KING}), together=touching)


def neighbor() -> GameDef:
    """Neighbor (no options)."""
    return GameDef(
        key="neighbor",
        title=WORDS.title,
        piles=PILES,
        layout_deal=tuple(DealSpec(cell) for cell in CELLS),
        score=discarded,
        max_score=52,
        is_won=all_discarded,
        won_key="won_cleared",
        help_key="help_neighbor",
        group_names={f"row{r}": WORDS.names("row", r) for r in SIZE},
        pairs=PAIRS,
        settle=Compact(CELLS),
    )


ENTRY = GameEntry.from_words(
    key="neighbor",
    factory=neighbor,
    search=Search.PAIR_REMOVAL,
    deal=DealRules({**grid(5, 5, ONE), "stock": (27, None)}),
)
