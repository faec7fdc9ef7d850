"""One stock that fills gaps, turns a card, or sends the table back under itself (Valentine), as data.

:class:`Recycle` is a stock rule; "deal" does the first of these that applies:

1. fill every empty pile of ``group`` with one card from the stock, in the group's order;
2. turn the stock's top card onto the empty waste (it holds one card);
3. once the waste card fits nowhere, move the group's cards under the stock (the first pile's bottom
   card first, so they come back in that order), put the waste card on the group's first pile and
   deal one stock card onto each of the others.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.piles import Pile, PileKind
>>> from voicegame.engine.rules import Accepts, Layout, PileSpec
>>> from voicegame.engine.sequence import Direction, Sequence, SuitRule
>>> down = Accepts(build=Sequence(Direction.DOWN, SuitRule.SAME))
>>> layout = Layout.of((PileSpec("stock", PileKind.STOCK, ("stock",)), PileSpec("waste", PileKind.WASTE, ("waste",)),
...                     PileSpec("p1", PileKind.TABLEAU, ("pile one",), accepts=down, group="tableau"),
...                     PileSpec("p2", PileKind.TABLEAU, ("pile two",), accepts=down, group="tableau")))
>>> cards = lambda codes: tuple(Card.from_code(c) for c in codes.split())
>>> state = State((Pile(cards("2C 3C 4C"), 3), Pile(), Pile(cards("9H 8H")), Pile()))
>>> rule = Recycle("tableau")
>>> state = rule.apply(layout, state)[0]  # 1: the gap is filled
>>> [p.cards for p in state.piles[2:]] == [cards("9H 8H"), cards("4C")]
True
>>> state = rule.apply(layout, state)[0]  # 2: a card to the waste
>>> state.piles[1].cards == cards("3C")
True
>>> state = rule.apply(layout, state)[0]  # 3: the three fits nowhere: the table goes under the stock
>>> [c.code for c in reversed(state.piles[0].cards)], [p.cards for p in state.piles[1:]] == [(), cards("3C"), cards("2C")]
(['9H', '8H', '4C'], True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from voicegame.engine.moves import DealtRow, Drew, Event, Redealt
from voicegame.engine.piles import Pile
from voicegame.engine.reason import Reason
from voicegame.engine.rules import Layout
from voicegame.engine.state import State


@dataclass(frozen=True)
class Recycle:
    """Fill the gaps of ``group``, else turn a card onto the one-card waste, else (the waste card
    fitting nowhere) send the group's cards under the stock and deal again with the waste card first.
    Unlimited; the redeal count counts the times the table went under the stock."""

    group: str
    cycles = False  # it never turns a waste back over: the search deals it move by move

    def _gaps(self, layout: Layout, state: State) -> tuple[int, ...]:
        return tuple(i for i in layout.groups[self.group] if not state.piles[i].cards)

    def _waste_fits(self, layout: Layout, state: State) -> bool:
        card = state.piles[layout.waste].top
        if card is None:
            return False
        waste = layout.specs[layout.waste]
        for i in layout.groups[self.group]:
            spec, pile = layout.specs[i], state.piles[i]
            if spec.accepts is not None and pile.cards and spec.accepts.allows(layout, state, waste, spec, pile, (card,)):
                return True
        return False

    def why_not(self, layout: Layout, state: State) -> Reason | None:
        stock, waste = state.piles[layout.stock], state.piles[layout.waste]
        if self._gaps(layout, state) or not waste.cards:
            return None if stock.cards else Reason("stock_empty")
        if self._waste_fits(layout, state):
            return Reason("play_waste_first", {"card": waste.cards[-1]})
        return None

    def apply(self, layout: Layout, state: State) -> tuple[State, list[Event]]:
        s, w = layout.stock, layout.waste
        stock, waste = state.piles[s], state.piles[w]
        gaps = self._gaps(layout, state)
        if gaps or not waste.cards:
            if gaps:
                n = min(len(gaps), len(stock.cards))
                dealt = tuple(reversed(stock.cards[-n:]))
                changes = {s: stock.without_top(n), **{i: Pile((card,)) for i, card in zip(gaps, dealt)}}
                return state.with_piles(changes), [DealtRow(dealt, s, gaps[:n])]
            card = stock.cards[-1]
            return state.with_piles({s: stock.without_top(1), w: Pile((card,))}), [Drew((card,), s, w)]
        piles = layout.groups[self.group]
        back = [card for i in piles for card in state.piles[i].cards]  # dealt again in this order
        cards = tuple(reversed(back)) + stock.cards
        first, rest = waste.cards[-1], list(reversed(cards))
        changes = {w: Pile(), piles[0]: Pile((first,))}
        for i in piles[1:]:
            changes[i] = Pile((rest.pop(0),)) if rest else Pile()
        changes[s] = Pile(tuple(reversed(rest)), len(rest))
        new = replace(state.with_piles(changes), redeals=state.redeals + 1)
        return new, [Redealt(len(back), tuple(piles), None)]

    def describe(self) -> tuple[Reason, ...]:
        return (Reason("rule_recycle", {"group": self.group}),)
