"""A redeal that gathers piles back into the stock, shuffled (Scuffle), as data.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.piles import PileKind
>>> from voicegame.engine.rules import Layout, PileSpec
>>> layout = Layout.of((PileSpec("stock", PileKind.STOCK, ("stock",)),
...                     PileSpec("r1", PileKind.RESERVE, ("reserve one",), group="reserves"),
...                     PileSpec("r2", PileKind.RESERVE, ("reserve two",), group="reserves")))
>>> state = State((Pile(), Pile((Card.from_code("2C"), Card.from_code("5H"))), Pile((Card.from_code("9S"),))))
>>> rule = GatherToStock("reserves", redeals=2)
>>> after, events = rule.apply(layout, state)
>>> sorted(c.code for c in after.piles[0].cards), after.piles[0].down, after.redeals
(['2C', '5H', '9S'], 3, 1)
>>> rule.apply(layout, state)[0] == after  # the same position always redeals the same way
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from voicegame.engine.moves import Event, Redealt
from voicegame.engine.piles import Pile
from voicegame.engine.reason import Reason
from voicegame.engine.rules import Layout
from voicegame.engine.state import State


@dataclass(frozen=True)
class GatherToStock:
    """Once the stock is empty, gather every card of the piles of ``group``, shuffle them and lay
    them face down as the new stock; at most ``redeals`` times (None: no limit). The shuffle is
    seeded by the gathered cards and the redeal's number, so a position always redeals the same
    way (undo, redo, replays and saves agree). Combine it with a dealing rule in
    :class:`~voicegame.engine.stock.EachStock` (Scuffle: deal one card to each reserve; when the
    stock is out, gather the reserves)."""

    group: str
    redeals: int | None = None
    cycles = False

    def why_not(self, layout: Layout, state: State) -> Reason | None:
        if self.redeals is not None and state.redeals >= self.redeals:
            return Reason("no_redeals_left")
        if state.piles[layout.stock].cards:
            return Reason("nothing_to_redeal")
        if not any(state.piles[i].cards for i in layout.groups[self.group]):
            return Reason("nothing_to_redeal")
        return None

    def apply(self, layout: Layout, state: State) -> tuple[State, list[Event]]:
        piles = layout.groups[self.group]
        cards = [card for i in piles for card in state.piles[i].cards]
        random.Random(f"{state.redeals}:{' '.join(c.code for c in cards)}").shuffle(cards)
        changes = {i: Pile() for i in piles}
        changes[layout.stock] = Pile(tuple(cards), down=len(cards))
        new = replace(state.with_piles(changes), redeals=state.redeals + 1)
        left = None if self.redeals is None else self.redeals - new.redeals
        return new, [Redealt(len(cards), (layout.stock,), left)]

    def describe(self) -> tuple[Reason, ...]:
        if self.redeals is None:
            return (Reason("rule_gather_to_stock", {"group": self.group}),)
        return (Reason("rule_gather_to_stock", {"group": self.group}), Reason("rule_gather_redeals", {"redeals": self.redeals}))
