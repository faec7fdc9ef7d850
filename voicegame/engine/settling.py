"""What happens by itself after every move and deal, declared as data rather than a game hook.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.piles import PileKind
>>> from voicegame.engine.rules import Layout, PileSpec
>>> from voicegame.engine.state import State
>>> layout = Layout.of((PileSpec("reserve", PileKind.RESERVE, ("reserve",)),
...                     PileSpec("pile1", PileKind.TABLEAU, ("pile one",), group="tableau")))
>>> state = State((Pile((Card.from_code("2C"), Card.from_code("5H")), down=1), Pile()))
>>> events = []
>>> after = Refill(group="tableau", source="reserve").apply(layout, state, events)
>>> after.piles[1].cards, after.piles[0].face_up  # the gap took the five; the two turned up
((Card.from_code('5H'),), (Card.from_code('2C'),))
>>> [type(e).__name__ for e in events]
['Moved', 'TurnedOver']
"""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine.moves import Event, Moved, TurnedOver
from voicegame.engine.piles import Pile
from voicegame.engine.reason import Reason
from voicegame.engine.rules import Layout
from voicegame.engine.state import State


@dataclass(frozen=True)
class Refill:
    """Each empty pile of ``group`` takes the top card of pile ``source`` at once, in the group's
    order, while ``source`` has cards; the card under it turns face up (Canfield's reserve).

    ``reveal_last`` (off by default): the cards left in ``source`` stay face down until only one is
    left, which then turns up (Eagle Wing's trunk)."""

    group: str
    source: str
    reveal_last: bool = False
    keep_down: bool = False
    """True: the source's next card stays face down (a stock refilling the gaps: Block Ten)."""
    fallback: str | None = None
    """A second source, used once ``source`` is empty (Carpet: the waste, then the stock)."""

    def apply(self, layout: Layout, state: State, events: list[Event]) -> State:
        for i in layout.groups[self.group]:
            source = layout.index[self.source]
            if not state.piles[source].cards and self.fallback is not None:
                source = layout.index[self.fallback]
            reserve = state.piles[source]
            if state.piles[i].cards or not reserve.cards:
                continue
            card = reserve.cards[-1]
            remaining = reserve.without_top(1)
            events.append(Moved((card,), source, i))
            if remaining.cards and not remaining.top_face_up and not self.keep_down \
                    and (not self.reveal_last or len(remaining.cards) == 1):
                remaining = remaining.turned_up()
                events.append(TurnedOver(source, remaining.cards[-1]))
            state = state.with_piles({source: remaining, i: Pile((card,))})
        return state

    def describe(self) -> tuple[Reason, ...]:
        parts = (Reason("rule_refill", {"group": self.group, "pile": self.source}),)
        return parts + ((Reason("rule_reveal_last", {"pile": self.source}),) if self.reveal_last else ())


@dataclass(frozen=True)
class Uncover:
    """A face-down card turns up once every pile lying on it is empty: ``covered_by`` maps a pile id
    to the ids of the piles that cover it (Triple Peaks' peaks)."""

    covered_by: dict[str, tuple[str, ...]]

    def apply(self, layout: Layout, state: State, events: list[Event]) -> State:
        changes = {}
        for pile_id, over in self.covered_by.items():
            i = layout.index[pile_id]
            pile = state.piles[i]
            if pile.cards and not pile.top_face_up and not any(layout.pile(state, c).cards for c in over):
                changes[i] = pile.turned_up()
                events.append(TurnedOver(i, pile.cards[-1]))
        return state.with_piles(changes) if changes else state

    def describe(self) -> tuple[Reason, ...]:
        return (Reason("rule_uncover"),)
