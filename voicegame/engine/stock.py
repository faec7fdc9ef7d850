"""How the stock deals: to the waste N at a time with a redeal limit, a card onto each pile,
closing gaps, gathering and redealing, or any of several stocks."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from voicegame.engine.cards import Card
from voicegame.engine.moves import Compacted, DealtRow, Drew, Event, Redealt, Restacked
from voicegame.engine.piles import Pile
from voicegame.engine.reason import Reason
from voicegame.engine.rules import Layout
from voicegame.engine.state import State


class StockRule(Protocol):
    @property
    def cycles(self) -> bool: ...  # True: the stock comes round again (the waste is turned back over)

    def why_not(self, layout: Layout, state: State) -> Reason | None: ...

    def apply(self, layout: Layout, state: State) -> tuple[State, list[Event]]: ...

    def describe(self) -> tuple[Reason, ...]: ...


@dataclass(frozen=True)
class DrawToWaste:
    """Turn ``draw`` cards from the stock onto the waste; when the stock is
    empty, turn the waste back over as a new stock, at most ``redeals`` times
    (None: no limit). ``waste_limit``: the stock does not turn while the waste holds this
    many cards (Hopscotch's one-card waste: 1, the waste card must be played first;
    None: no limit). ``stock``/``waste``: the ids of the piles it uses, for a game with
    more than one of each (see :class:`EachStock`); empty: the game's first stock and waste."""

    draw: int = 3
    redeals: int | None = None
    waste_limit: int | None = None
    stock: str = ""
    waste: str = ""
    cycles = True

    def redeals_left(self, state: State) -> int | None:
        return None if self.redeals is None else self.redeals - state.redeals

    def piles(self, layout: Layout) -> tuple[int, int]:
        """The indices of the stock and waste this rule uses: ``stock``/``waste`` by id, else the game's first."""
        return (layout.index[self.stock] if self.stock else layout.stock, layout.index[self.waste] if self.waste else layout.waste)

    def why_not(self, layout: Layout, state: State) -> Reason | None:
        s, w = self.piles(layout)
        stock, waste = state.piles[s], state.piles[w]
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
        s, w = self.piles(layout)
        stock, waste = state.piles[s], state.piles[w]
        if stock.cards:
            n = min(self.draw, len(stock.cards))
            drawn = tuple(reversed(stock.cards[-n:]))
            new = state.with_piles({s: stock.without_top(n), w: waste.with_added(drawn)})
            return new, [Drew(drawn, s, w)]
        restacked = Pile(tuple(reversed(waste.cards)), len(waste.cards))
        new = state.with_piles({s: restacked, w: Pile()})
        new = replace(new, redeals=state.redeals + 1)
        return new, [Restacked(len(waste.cards), w, s, self.redeals_left(new))]

    def describe(self) -> tuple[Reason, ...]:
        parts = [Reason("rule_draw", {"draw": self.draw})]
        parts.append(Reason("rule_redeals_unlimited") if self.redeals is None else Reason("rule_redeals", {"redeals": self.redeals}))
        if self.waste_limit is not None:
            parts.append(Reason("rule_waste_limit", {"count": self.waste_limit}))
        return tuple(parts)


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

    def describe(self) -> tuple[Reason, ...]:
        parts = [Reason("rule_deal_row", {"group": self.group})]
        if self.needs_no_empty:
            parts.append(Reason("rule_deal_no_empty"))
        return tuple(parts)


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

    def describe(self) -> tuple[Reason, ...]:
        return (Reason("rule_compact", {"count": len(self.piles)}),)


@dataclass(frozen=True)
class EachStock:
    """Several stocks in one game: "deal" uses the first of ``rules`` that can deal now (for
    example two :class:`DrawToWaste`, each with its own ``stock`` and ``waste``)."""

    rules: tuple[StockRule, ...]

    @property
    def cycles(self) -> bool:
        return any(rule.cycles for rule in self.rules)

    def why_not(self, layout: Layout, state: State) -> Reason | None:
        reasons = [rule.why_not(layout, state) for rule in self.rules]
        return None if any(r is None for r in reasons) else reasons[0]

    def apply(self, layout: Layout, state: State) -> tuple[State, list[Event]]:
        rule = next(rule for rule in self.rules if rule.why_not(layout, state) is None)
        return rule.apply(layout, state)

    def describe(self) -> tuple[Reason, ...]:
        return tuple(part for rule in self.rules for part in rule.describe())


@dataclass(frozen=True)
class GatherAndRedeal:
    """Gather the piles of ``group`` in order (the first pile's cards first, each from the bottom up)
    and deal them out again in that order, ``per_pile`` cards face up to each pile from the first
    (the last piles may get fewer, or none); at most ``redeals`` times (None: no limit). Refused
    when it would change nothing (Cruel: the tableau, four to a pile)."""

    group: str
    per_pile: int
    redeals: int | None = None
    cycles = False

    def _plan(self, layout: Layout, state: State) -> dict[int, Pile]:
        piles = layout.groups[self.group]
        cards = [card for i in piles for card in state.piles[i].cards]
        return {i: Pile(tuple(cards[k * self.per_pile : (k + 1) * self.per_pile])) for k, i in enumerate(piles)}

    def why_not(self, layout: Layout, state: State) -> Reason | None:
        if self.redeals is not None and state.redeals >= self.redeals:
            return Reason("no_redeals_left")
        if all(state.piles[i] == pile for i, pile in self._plan(layout, state).items()):
            return Reason("nothing_to_redeal")
        return None

    def apply(self, layout: Layout, state: State) -> tuple[State, list[Event]]:
        plan = self._plan(layout, state)
        new = replace(state.with_piles(plan), redeals=state.redeals + 1)
        left = None if self.redeals is None else self.redeals - new.redeals
        return new, [Redealt(sum(len(p) for p in plan.values()), tuple(plan), left)]

    def describe(self) -> tuple[Reason, ...]:
        parts = [Reason("rule_gather", {"group": self.group, "count": self.per_pile})]
        parts.append(Reason("rule_redeals_unlimited") if self.redeals is None else Reason("rule_redeals", {"redeals": self.redeals}))
        return tuple(parts)
