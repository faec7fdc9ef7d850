"""How the stock deals: to the waste N at a time with a redeal limit, or a card onto each pile."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from voicegame.engine.cards import Card
from voicegame.engine.moves import Compacted, DealtRow, Drew, Event, Restacked
from voicegame.engine.piles import Pile
from voicegame.engine.reason import Reason
from voicegame.engine.rules import Layout
from voicegame.engine.state import State


class StockRule(Protocol):
    cycles: bool  # True: the stock comes round again (the waste is turned back over)

    def why_not(self, layout: Layout, state: State) -> Reason | None: ...

    def apply(self, layout: Layout, state: State) -> tuple[State, list[Event]]: ...

    def describe(self) -> Reason: ...


@dataclass(frozen=True)
class DrawToWaste:
    """Turn ``draw`` cards from the stock onto the waste; when the stock is
    empty, turn the waste back over as a new stock, at most ``redeals`` times
    (None: no limit). ``waste_limit``: the stock does not turn while the waste holds this
    many cards (Hopscotch's one-card waste: 1, the waste card must be played first;
    None: no limit)."""

    draw: int = 3
    redeals: int | None = None
    waste_limit: int | None = None
    cycles = True

    def redeals_left(self, state: State) -> int | None:
        return None if self.redeals is None else self.redeals - state.redeals

    def why_not(self, layout: Layout, state: State) -> Reason | None:
        stock, waste = state.piles[layout.stock], state.piles[layout.waste]
        if self.waste_limit is not None and len(waste.cards) >= self.waste_limit:
            return Reason("play_waste_first", {"card": waste.cards[-1]})
        if stock.cards:
            return None
        if not waste.cards:
            return Reason("stock_and_waste_empty")
        left = self.redeals_left(state)
        if left is not None and left <= 0:
            return Reason("no_redeals_left")
        return None

    def apply(self, layout: Layout, state: State) -> tuple[State, list[Event]]:
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

    def why_not(self, layout: Layout, state: State) -> Reason | None:
        stock = state.piles[layout.stock]
        if not stock.cards:
            return Reason("stock_empty")
        if self.needs_no_empty and any(not state.piles[i].cards for i in layout.groups[self.group]):
            return Reason("fill_empty_piles_first")
        return None

    def apply(self, layout: Layout, state: State) -> tuple[State, list[Event]]:
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


@dataclass(frozen=True)
class CompactAndRefill:
    """Slide the cards of the cells ``piles`` (pile ids, in reading order) towards the first
    cell, closing every gap, then deal the stock face up into the freed cells at the end
    (Monte Carlo). Refused while nothing would change: no gap, or only trailing gaps and
    an empty stock."""

    piles: tuple[str, ...]
    cycles = False

    def _plan(self, layout: Layout, state: State) -> tuple[list[Card], int]:
        cells = tuple(layout.index[p] for p in self.piles)
        cards = [c for i in cells for c in state.piles[i].cards]
        changed = sum(1 for i, card in zip(cells, cards) if state.piles[i].top is not card)
        return cards, changed

    def why_not(self, layout: Layout, state: State) -> Reason | None:
        cells = tuple(layout.index[p] for p in self.piles)
        if all(state.piles[i].cards for i in cells):
            return Reason("no_gaps")
        cards, changed = self._plan(layout, state)
        if not changed and not state.piles[layout.stock].cards:
            return Reason("stock_empty")
        return None

    def apply(self, layout: Layout, state: State) -> tuple[State, list[Event]]:
        cells = tuple(layout.index[p] for p in self.piles)
        cards, changed = self._plan(layout, state)
        stock = state.piles[layout.stock]
        n = min(len(cells) - len(cards), len(stock.cards))
        dealt = tuple(reversed(stock.cards[-n:])) if n else ()
        changes = {layout.stock: stock.without_top(n)}
        for k, i in enumerate(cells):
            if k < len(cards):
                changes[i] = Pile((cards[k],))
            elif k < len(cards) + n:
                changes[i] = Pile((dealt[k - len(cards)],))
            else:
                changes[i] = Pile()
        events: list[Event] = []
        if changed:
            events.append(Compacted(changed, tuple(cells)))
        if dealt:
            events.append(DealtRow(dealt, layout.stock, tuple(cells[len(cards) : len(cards) + n])))
        return state.with_piles(changes), events

    def describe(self) -> Reason:
        return Reason("rule_compact", {"count": len(self.piles)})
