"""Treize, as AisleRiot plays it.

Twenty-eight cards face up in a pyramid of seven rows (one card, then two, ... then
seven); the other 24 are the stock. Two free cards whose values add up to thirteen
(ace 1, jack 11, queen 12) are removed together; a king is removed by itself. A pyramid
card is free when the two cards overlapping it from the row below are gone. The stock
turns one card at a time onto the waste and is used once.

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Treize"):

- The waste is open at both ends: its top card and its bottom card (the first card
  turned) are free, alone or with a free pyramid card, and with each other. The card
  directly under the top is also free, but only to pair with the top card.
- Nothing is ever put back: the pyramid and the waste take no cards; removed cards go
  to the discard pile, and nothing leaves it.
- No redeal; the stock can be turned at any time.
- Won when all 52 cards are removed (the original help's goal), not merely the pyramid.
- Score: one point per card removed, out of 52.
- No moves left: the stock is empty and no free card goes alone or with another.
"""

from __future__ import annotations

from voicegame.engine import DealSpec, DrawToWaste, GameDef, PairRule, PileKind, PileSpec, Place, Reason, State
from voicegame.engine.cards import Rank
from voicegame.games.parts import DISCARD, STOCK, all_discarded, discarded, spot_id, spot_names
from voicegame.engine.words import number_word

ROWS = range(1, 8)


cell_id = spot_id


def _cell(row: int, position: int) -> PileSpec:
    return PileSpec(spot_id(row, position), PileKind.TABLEAU, spot_names(row, position, "card"), number=position, group=f"row{row}")


WASTE = PileSpec("waste", PileKind.WASTE, ("the waste", "waste pile"))
PILES = (STOCK, WASTE, DISCARD, *(_cell(r, c) for r in ROWS for c in range(1, r + 1)))
COVERED_BY = {cell_id(r, c): (cell_id(r + 1, c), cell_id(r + 1, c + 1)) for r in ROWS if r < 7 for c in range(1, r + 1)}
_index = {spec.id: i for i, spec in enumerate(PILES)}
_WASTE = _index["waste"]


def free_places(game: GameDef, state: State) -> list[Place]:
    """Uncovered pyramid cards, then the waste's top, the card under it, and its bottom card."""
    out: list[Place] = []
    for r in ROWS:
        for c in range(1, r + 1):
            i = _index[cell_id(r, c)]
            if state.piles[i].cards and all(not state.piles[_index[k]].cards for k in COVERED_BY.get(cell_id(r, c), ())):
                out.append((i, 0))
    n = len(state.piles[_WASTE].cards)
    for at in dict.fromkeys(a for a in (n - 1, n - 2, 0) if 0 <= a < n):
        out.append((_WASTE, at))
    return out


def under_top_only_with_top(game: GameDef, state: State, first: Place, second: Place | None) -> Reason | None:
    """The card under the waste's top (when it is not also the bottom) pairs only with the top."""
    n = len(state.piles[_WASTE].cards)
    under = (_WASTE, n - 2)
    if n >= 3 and under in (first, second) and {first, second} != {under, (_WASTE, n - 1)}:
        return Reason("waste_second_with_top")
    return None


PAIRS = PairRule(discard="discard", sums_to=13, singles=frozenset({Rank.KING}), together=under_top_only_with_top, free=free_places)


def treize() -> GameDef:
    """Treize (no options)."""
    return GameDef(
        key="treize",
        title="Treize",
        piles=PILES,
        layout_deal=tuple(DealSpec(cell_id(r, c)) for r in ROWS for c in range(1, r + 1)),
        stock_rule=DrawToWaste(draw=1, redeals=0),
        score=discarded,
        max_score=52,
        is_won=all_discarded,
        won_key="won_cleared",
        help_key="help_treize",
        group_names={f"row{r}": (f"row {number_word(r)}",) for r in ROWS},
        pairs=PAIRS,
    )
