"""Quatorze, as AisleRiot plays it.

Twenty-five cards face up in a five by five grid, one per cell; the other 27 are the stock.
Two cards whose values add up to fourteen (ace 1, jack 11, queen 12, king 13) are removed
together when they lie in the same row or the same column. Each gap is filled from the
stock at once; once the stock is empty, the cards slide back in reading order (along each
row, then from the start of the row below to the end of the row above), leaving the gaps
at the end.

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Quatorze"):

- An ace counts one; two sevens make fourteen.
- Two cards of a row or column pair however far apart they lie, with cards between them.
- When the stock runs out while filling gaps, the gaps it could not fill are closed by the
  cards sliding back at once.
- Won when all 52 cards are removed; score two points per pair, one per card, out of 52.
- No moves left: no two cards of a row or column add up to fourteen.
"""

from __future__ import annotations

from voicegame.engine import Compact, DealSpec, GameDef, Layout, PairRule, PileKind, PileSpec, Place, Reason, State
from voicegame.games.deal_rules import ONE, DealRules, grid
from voicegame.games.parts import DISCARD, STOCK, all_discarded, discarded, spot_id, spot_names, spot_place
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("quatorze")
"""How Quatorze and its piles are said (grammars/en/games/quatorze.toml)."""

SIZE = range(1, 6)


def _cell(row: int, column: int) -> PileSpec:
    return PileSpec(spot_id(row, column), PileKind.TABLEAU, spot_names(row, column), number=column, group=f"row{row}")


CELLS = tuple(spot_id(r, c) for r in SIZE for c in SIZE)
PILES = (STOCK, DISCARD, *(_cell(r, c) for r in SIZE for c in SIZE))


def in_line(layout: Layout, state: State, first: Place, second: Place | None) -> Reason | None:
    """Two cards go together only from the same row or the same column."""
    if second is None:
        return None
    (r1, c1), (r2, c2) = spot_place(layout.specs[first[0]].id), spot_place(layout.specs[second[0]].id)
    if r1 != r2 and c1 != c2:
        return Reason("not_in_line", {"first": state.piles[first[0]].cards[first[1]], "second": state.piles[second[0]].cards[second[1]]})
    return None


PAIRS = PairRule(discard="discard", sums_to=14, together=in_line)


def quatorze() -> GameDef:
    """Quatorze (no options)."""
    return GameDef(
        key="quatorze",
        title=WORDS.title,
        piles=PILES,
        layout_deal=tuple(DealSpec(cell) for cell in CELLS),
        score=discarded,
        max_score=52,
        is_won=all_discarded,
        won_key="won_cleared",
        help_key="help_quatorze",
        group_names={f"row{r}": WORDS.names("row", r) for r in SIZE},
        pairs=PAIRS,
        settle=Compact(CELLS, in_place=True),
    )


ENTRY = GameEntry.from_words(
    key="quatorze",
    factory=quatorze,
    search=Search.PAIR_REMOVAL,
    deal=DealRules({**grid(5, 5, ONE), "stock": (27, None)}),
)
