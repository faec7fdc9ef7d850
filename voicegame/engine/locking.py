"""A stock that locks while a pile of a group is empty (Terrace).

:class:`StockLock` wraps a stock rule: while a pile of ``group`` is empty, only one card may be
turned, until the gap is filled or the waste's top card is played. It keeps the lock in the
state's ``counters`` (slot ``slot``), so it is also the game's ``settle`` hook that lifts it.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.moves import Move
>>> from voicegame.engine.piles import Pile, PileKind
>>> from voicegame.engine.rules import Layout, PileSpec
>>> from voicegame.engine.stock import DrawToWaste
>>> class Game:
...     layout = Layout.of((PileSpec("stock", PileKind.STOCK, ("stock",)), PileSpec("waste", PileKind.WASTE, ("waste",)),
...                         PileSpec("pile1", PileKind.TABLEAU, ("pile one",), group="tableau")))
>>> lock = StockLock(DrawToWaste(draw=1, redeals=0), group="tableau")
>>> state = State((Pile((Card.from_code("2C"), Card.from_code("3C")), down=2), Pile(), Pile()))
>>> state = lock.apply(Game.layout, state)[0]  # one card turned while pile one is empty
>>> lock.why_not(Game.layout, state).key
'stock_locked'
>>> played = state.with_piles({1: Pile(), 2: Pile((Card.from_code("3C"),))})
>>> lock.why_not(Game.layout, lock(Game(), state, Move.cards(1, 2), played, [])) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from voicegame.engine.moves import Event, Move, MoveKind
from voicegame.engine.reason import Reason
from voicegame.engine.rules import HasLayout, Layout, Phase
from voicegame.engine.state import State
from voicegame.engine.stock import StockRule


@dataclass(frozen=True)
class StockLock:
    """The stock rule ``rule``, locked after one card is turned while any pile of ``group`` is empty;
    the lock lifts once no pile of the group is empty or a card leaves the waste. ``phase``: the
    stock deals only in this phase of the game (None: always). The lock is counter ``slot`` of the
    state (1: locked). Use it as both the game's ``stock_rule`` and its ``settle`` hook."""

    rule: StockRule
    group: str
    slot: int = 0
    phase: Phase | None = None
    cycles = False  # followed one turn at a time: the lock depends on what is done between turns

    def _gap(self, layout: Layout, state: State) -> bool:
        return any(not state.piles[i].cards for i in layout.groups[self.group])

    def locked(self, layout: Layout, state: State) -> bool:
        counters = state.counters
        return len(counters) > self.slot and counters[self.slot] == 1 and self._gap(layout, state)

    def _with_lock(self, state: State, value: int) -> State:
        counters = list(state.counters) + [0] * (self.slot + 1 - len(state.counters))
        if counters[self.slot] == value and len(counters) == len(state.counters):
            return state
        counters[self.slot] = value
        return replace(state, counters=tuple(counters))

    def why_not(self, layout: Layout, state: State) -> Reason | None:
        if self.phase is not None and (reason := self.phase.why_not(layout, state)) is not None:
            return reason
        if self.locked(layout, state):
            return Reason("stock_locked")
        return self.rule.why_not(layout, state)

    def apply(self, layout: Layout, state: State) -> tuple[State, list[Event]]:
        new, events = self.rule.apply(layout, state)
        return self._with_lock(new, 1 if self._gap(layout, new) else 0), events

    def __call__(self, game: HasLayout, before: State, move: Move, after: State, events: list[Event]) -> State:
        """The settle hook: lift the lock once no pile of the group is empty or a card left the waste."""
        layout = game.layout
        if not self._gap(layout, after) or (move.kind is MoveKind.MOVE and move.src == layout.waste):
            return self._with_lock(after, 0) if after.counters else after
        return after

    def describe(self) -> tuple[Reason, ...]:
        parts = self.rule.describe() + (Reason("rule_stock_lock", {"group": self.group}),)
        return parts + (self.phase.describe() if self.phase is not None else ())
