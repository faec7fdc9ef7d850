"""Monte Carlo, as AisleRiot plays it.

Twenty-five cards face up in a five by five grid, one per cell; the other 27 are the
stock. Two cards of the same rank that touch (side by side, above and below, or corner
to corner) are removed together. Dealing closes the gaps: the cards left slide back in
reading order (along each row, then to the end of the row above), and the cells freed
at the end are filled from the stock.

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Monte Carlo"):

- Dealing is allowed whenever the grid has a gap and it would change something: it
  closes the gaps even when the stock is empty (cards may come to touch), and is
  refused when the grid is full, or when the gaps are already all at the end and the
  stock is empty.
- Only pairs are removed, never single cards; the cells take no cards from the player.
- Won when all 52 cards are removed.
- Score: two points per pair, that is one per card removed, out of 52.
- No moves left: no two touching cards share a rank and dealing is refused.
"""

from __future__ import annotations

from voicegame.engine import CompactAndRefill, DealSpec, GameDef, Layout, PairRule, PileKind, PileSpec, Place, Reason, State
from voicegame.games.deal_rules import ONE, DealRules, grid
from voicegame.games.parts import DISCARD, STOCK, all_discarded, discarded, spot_id, spot_names, spot_place
from voicegame.games.entry import GameEntry
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

WORDS = game_words("monte_carlo")
"""How Monte Carlo and its piles are said (grammars/en/games/monte_carlo.toml)."""

SIZE = range(1, 6)


cell_id = spot_id


def _cell(row: int, column: int) -> PileSpec:
    return PileSpec(spot_id(row, column), PileKind.TABLEAU, spot_names(row, column), number=column, group=f"row{row}")


CELLS = tuple(cell_id(r, c) for r in SIZE for c in SIZE)
PILES = (STOCK, DISCARD, *(_cell(r, c) for r in SIZE for c in SIZE))


def touching(layout: Layout, state: State, first: Place, second: Place | None) -> Reason | None:
    """Two cards go together only from cells side by side, above and below, or corner to corner."""
    if second is None:
        return None
    (r1, c1), (r2, c2) = spot_place(layout.specs[first[0]].id), spot_place(layout.specs[second[0]].id)
    if max(abs(r1 - r2), abs(c1 - c2)) > 1:
        return Reason("not_touching", {"first": state.piles[first[0]].cards[first[1]], "second": state.piles[second[0]].cards[second[1]]})
    return None


PAIRS = PairRule(discard="discard", same_rank=True, together=touching)


def monte_carlo() -> GameDef:
    """Monte Carlo (no options)."""
    return GameDef(
        key="monte_carlo",
        title=WORDS.title,
        piles=PILES,
        layout_deal=tuple(DealSpec(cell) for cell in CELLS),
        stock_rule=CompactAndRefill(CELLS),
        score=discarded,
        max_score=52,
        is_won=all_discarded,
        won_key="won_cleared",
        help_key="help_monte_carlo",
        group_names={f"row{r}": WORDS.names("row", r) for r in SIZE},
        pairs=PAIRS,
    )


ENTRY = GameEntry.from_words(
    key="monte_carlo",
    factory=monte_carlo,
    search=Search.GENERIC,
    hint_budget=HintBudget(nodes=700),
    deal=DealRules({**grid(5, 5, ONE), "stock": (27, None)}),
)
