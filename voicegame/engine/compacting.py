"""Gaps in a grid closed by themselves after every move (Neighbor, Quatorze), as data.

:class:`Compact` is a ``settle`` hook of a :class:`~voicegame.engine.game.GameDef`: after every
move the cards of its cells slide back in reading order to close the gaps, and the freed cells
at the end are dealt from the stock. With ``in_place`` the gaps are first filled where they are
from the stock, and the cards slide only once the stock is empty (Quatorze).

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.piles import PileKind
>>> from voicegame.engine.rules import Layout, PileSpec
>>> layout = Layout.of((PileSpec("stock", PileKind.STOCK, ("stock",)),
...                     *(PileSpec(f"c{n}", PileKind.TABLEAU, (f"cell {n}",)) for n in (1, 2, 3))))
>>> state = State((Pile((Card.from_code("9S"),), down=1), Pile(), Pile((Card.from_code("5H"),)), Pile()))
>>> after = Compact(("c1", "c2", "c3")).apply(layout, state, [])
>>> [p.cards[0].code if p.cards else None for p in after.piles[1:]]
['5H', '9S', None]
>>> after = Compact(("c1", "c2", "c3"), in_place=True).apply(layout, state, [])
>>> [p.cards[0].code if p.cards else None for p in after.piles[1:]]
['9S', '5H', None]
"""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine.moves import DealtRow, Event
from voicegame.engine.piles import Pile
from voicegame.engine.reason import Reason
from voicegame.engine.rules import HasLayout, Layout
from voicegame.engine.state import State
from voicegame.engine.stock import CompactAndRefill


@dataclass(frozen=True)
class Compact:
    """After every move, close the gaps among the cells ``piles`` (ids in reading order): the cards
    slide towards the first cell and the freed cells at the end are dealt face up from the stock.
    ``in_place``: while the stock has cards, each gap is dealt into where it is instead, and the
    cards slide only once the stock is empty."""

    piles: tuple[str, ...]
    in_place: bool = False

    def apply(self, layout: Layout, state: State, events: list[Event]) -> State:
        cells = tuple(layout.index[p] for p in self.piles)
        if self.in_place:
            stock = state.piles[layout.stock]
            gaps = tuple(i for i in cells if not state.piles[i].cards)[: len(stock.cards)]
            if gaps:
                dealt = tuple(reversed(stock.cards[-len(gaps):]))
                changes = {layout.stock: stock.without_top(len(gaps)), **{i: Pile((card,)) for i, card in zip(gaps, dealt)}}
                state = state.with_piles(changes)
                events.append(DealtRow(dealt, layout.stock, gaps))
            if state.piles[layout.stock].cards:
                return state
        rule = CompactAndRefill(self.piles)
        if rule.why_not(layout, state) is not None:
            return state
        state, more = rule.apply(layout, state)
        events.extend(more)
        return state

    def __call__(self, game: HasLayout, before: State, move: object, after: State, events: list[Event]) -> State:
        """As a game's ``settle`` hook."""
        return self.apply(game.layout, after, events)

    def describe(self) -> tuple[Reason, ...]:
        return (Reason("rule_compact_in_place" if self.in_place else "rule_compact_auto", {"count": len(self.piles)}),)
