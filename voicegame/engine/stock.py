"""How the stock deals: to the waste N at a time with a redeal limit, or a card onto each pile."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from voicegame.engine.moves import DealtRow, Drew, Event, Restacked
from voicegame.engine.piles import Pile
from voicegame.engine.rules import Reason

if TYPE_CHECKING:
    from voicegame.engine.game import Layout
    from voicegame.engine.state import State


class StockRule(Protocol):
    cycles: bool  # True: the stock comes round again (the waste is turned back over)

    def why_not(self, layout: "Layout", state: "State") -> Reason | None: ...

    def apply(self, layout: "Layout", state: "State") -> tuple["State", list[Event]]: ...

    def describe(self) -> Reason: ...


@dataclass(frozen=True)
class DrawToWaste:
    """Turn ``draw`` cards from the stock onto the waste; when the stock is
    empty, turn the waste back over as a new stock, at most ``redeals`` times
    (None: no limit)."""

    draw: int = 3
    redeals: int | None = None
    cycles = True

    def redeals_left(self, state: "State") -> int | None:
        return None if self.redeals is None else self.redeals - state.redeals

    def why_not(self, layout: "Layout", state: "State") -> Reason | None:
        stock, waste = state.piles[layout.stock], state.piles[layout.waste]
        if stock.cards:
            return None
        if not waste.cards:
            return Reason("stock_and_waste_empty")
        left = self.redeals_left(state)
        if left is not None and left <= 0:
            return Reason("no_redeals_left")
        return None

    def apply(self, layout: "Layout", state: "State") -> tuple["State", list[Event]]:
        stock, waste = state.piles[layout.stock], state.piles[layout.waste]
        if stock.cards:
            n = min(self.draw, len(stock.cards))
            drawn = tuple(reversed(stock.cards[-n:]))
            new = state.with_piles({layout.stock: stock.without_top(n), layout.waste: waste.with_added(drawn)})
            return new, [Drew(drawn, layout.stock, layout.waste)]
        restacked = Pile(tuple(reversed(waste.cards)), len(waste.cards))
        new = state.with_piles({layout.stock: restacked, layout.waste: Pile()})
        new = replace(new, redeals=state.redeals + 1)
        return new, [Restacked(len(waste.cards), layout.waste, layout.stock, self.redeals_left(new))]

    def describe(self) -> Reason:
        return Reason("rule_draw", {"draw": self.draw, "redeals": self.redeals})


@dataclass(frozen=True)
class DealOnePerPile:
    """Deal one card face up onto each pile of ``group`` (Spider, Royal Parade's row four).

    ``needs_no_empty``: refuse while any of those piles is empty (Spider)."""

    group: str
    needs_no_empty: bool = False
    cycles = False

    def why_not(self, layout: "Layout", state: "State") -> Reason | None:
        stock = state.piles[layout.stock]
        if not stock.cards:
            return Reason("stock_empty")
        if self.needs_no_empty and any(not state.piles[i].cards for i in layout.groups[self.group]):
            return Reason("fill_empty_piles_first")
        return None

    def apply(self, layout: "Layout", state: "State") -> tuple["State", list[Event]]:
        stock = state.piles[layout.stock]
        targets = layout.groups[self.group]
        n = min(len(targets), len(stock.cards))
        dealt = tuple(reversed(stock.cards[-n:]))
        changes = {layout.stock: stock.without_top(n)}
        for index, card in zip(targets, dealt):
            changes[index] = state.piles[index].with_added((card,))
        return state.with_piles(changes), [DealtRow(dealt, layout.stock, tuple(targets[:n]))]

    def describe(self) -> Reason:
        return Reason("rule_deal_row", {"group": self.group})
