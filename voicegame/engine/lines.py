"""Cells on one line where a gap takes the card that continues its neighbours (Maze: the six rows
of nine read as one line).

An :data:`~voicegame.engine.rules.AcceptsHook` value (``Accepts(extra=InLine(cells, Rank.ACE,
Rank.QUEEN))``), off unless a game names it. Runs go from ``low`` up to ``high`` in one suit, and
any suit's ``low`` may follow any suit's ``high``. An empty cell of the line takes a card that
follows the card on its left, or comes before the card on its right; the line's first cell also
takes any ``low``, its last any ``high``.

>>> from voicegame.engine.cards import Card, Rank
>>> from voicegame.engine.piles import Pile, PileKind
>>> from voicegame.engine.rules import Layout, PileSpec
>>> from voicegame.engine.state import State
>>> specs = tuple(PileSpec(f"c{n}", PileKind.TABLEAU, (f"cell {n}",)) for n in range(3))
>>> layout, line = Layout.of(specs), InLine(("c0", "c1", "c2"), Rank.ACE, Rank.QUEEN)
>>> state = State((Pile((Card.from_code("5H"),)), Pile(), Pile((Card.from_code("9C"),))))
>>> [line(layout, state, specs[0], specs[1], (Card.from_code(c),)) is None for c in ("6H", "8C", "6C", "AS")]
[True, True, False, False]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from voicegame.engine.cards import Card, Rank
from voicegame.engine.reason import Reason
from voicegame.engine.rules import Layout, PileSpec
from voicegame.engine.state import State


@dataclass(frozen=True)
class InLine:
    """``cells``: the ids of the line's cells in order; runs go ``low`` to ``high`` in one suit."""

    cells: tuple[str, ...]
    low: Rank
    high: Rank

    def follows(self, before: Card, after: Card) -> bool:
        """True when ``after`` continues ``before``: one rank higher in its suit, or a low after a high."""
        if before.rank == self.high:
            return after.rank == self.low
        return after.suit is before.suit and after.rank == before.rank + 1

    def neighbours(self, layout: Layout, state: State, cell: str) -> tuple[Card | None, Card | None]:
        """The cards left and right of ``cell`` on the line (None: a gap, or the line's end)."""
        left_id, right_id = self._sides[cell]
        index, piles = layout.index, state.piles
        left = piles[index[left_id]].top if left_id is not None else None
        right = piles[index[right_id]].top if right_id is not None else None
        return left, right

    @cached_property
    def _sides(self) -> dict[str, tuple[str | None, str | None]]:
        """Each cell's neighbours' ids (legal-move generation asks for every gap and card)."""
        cells = self.cells
        return {cell: (cells[at - 1] if at > 0 else None, cells[at + 1] if at + 1 < len(cells) else None)
                for at, cell in enumerate(cells)}

    def fits(self, layout: Layout, state: State, cell: str, card: Card) -> bool:
        """True when ``card`` may go into the gap ``cell``."""
        left, right = self.neighbours(layout, state, cell)
        if left is not None and self.follows(left, card):
            return True
        if right is not None and self.follows(card, right):
            return True
        return (cell == self.cells[0] and card.rank == self.low) or (cell == self.cells[-1] and card.rank == self.high)

    def __call__(self, layout: Layout, state: State, src: PileSpec, dst: PileSpec, cards: tuple[Card, ...]) -> Reason | None:
        if self.fits(layout, state, dst.id, cards[0]):
            return None
        left, right = self.neighbours(layout, state, dst.id)
        values = {"card": cards[0], "pile": dst.name, "left": left, "right": right}
        if left is not None and right is not None:
            return Reason("line_gap_between", values)
        if left is not None:
            return Reason("line_gap_after", values)
        if right is not None:
            return Reason("line_gap_before", values)
        return Reason("line_gap_alone", values)
