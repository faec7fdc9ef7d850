"""Piles gathered back into the stock in order, not shuffled (First Law), as data.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.piles import Pile, PileKind
>>> from voicegame.engine.rules import Layout, PileSpec
>>> layout = Layout.of((PileSpec("stock", PileKind.STOCK, ("stock",)),
...                     PileSpec("p1", PileKind.TABLEAU, ("pile one",), group="tableau"),
...                     PileSpec("p2", PileKind.TABLEAU, ("pile two",), group="tableau")))
>>> state = State((Pile(), Pile((Card.from_code("2C"), Card.from_code("5H"))), Pile((Card.from_code("9S"),))))
>>> after, events = GatherInOrder("tableau").apply(layout, state)
>>> [c.code for c in reversed(after.piles[0].cards)], after.piles[0].down, after.redeals  # the deal order
(['2C', '5H', '9S'], 3, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from voicegame.engine.moves import Event, Redealt
from voicegame.engine.piles import Pile
from voicegame.engine.reason import Reason
from voicegame.engine.rules import Layout
from voicegame.engine.state import State


@dataclass(frozen=True)
class GatherInOrder:
    """Once the stock is empty, the piles of ``group`` are gathered, the last pile on the one before it
    and so on, and turned over as the new stock: the first pile's bottom card is dealt first again,
    then the rest of that pile upwards, then the next pile's. Not shuffled; at most ``redeals`` times
    (None: no limit). Combine it with a dealing rule in :class:`~voicegame.engine.stock.EachStock`."""

    group: str
    redeals: int | None = None
    cycles = True

    def why_not(self, layout: Layout, state: State) -> Reason | None:
        if self.redeals is not None and state.redeals >= self.redeals:
            return Reason("no_redeals_left")
        if state.piles[layout.stock].cards or not any(state.piles[i].cards for i in layout.groups[self.group]):
            return Reason("nothing_to_redeal")
        return None

    def apply(self, layout: Layout, state: State) -> tuple[State, list[Event]]:
        piles = layout.groups[self.group]
        order = [card for i in piles for card in state.piles[i].cards]  # the order they will be dealt in
        changes = {i: Pile() for i in piles}
        changes[layout.stock] = Pile(tuple(reversed(order)), down=len(order))
        new = replace(state.with_piles(changes), redeals=state.redeals + 1)
        left = None if self.redeals is None else self.redeals - new.redeals
        return new, [Redealt(len(order), (layout.stock,), left)]

    def describe(self) -> tuple[Reason, ...]:
        parts = [Reason("rule_gather_in_order", {"group": self.group})]
        parts.append(Reason("rule_redeals_unlimited") if self.redeals is None else Reason("rule_redeals", {"redeals": self.redeals}))
        return tuple(parts)
