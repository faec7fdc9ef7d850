"""Columns whose bottom card plays as well as their top (Labyrinth), each kept as two piles: the
column itself, whose top card is the column's top, and its *foot*, holding the column's bottom card
whenever the column has two cards or more.

A :data:`~voicegame.engine.game.GameDef` ``settle`` value (``settle=OpenBottoms(...)``), off unless a
game names it. After every move and deal it puts each column's bottom card back on its foot (or
lifts a lone foot card back up), so both ends can be said and played as tops of piles. With
``refill_from`` a column left empty takes that pile's top card at once, until the first deal when
``until_dealt`` is set (the deal is remembered in ``State.counters``).

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.moves import Move
>>> from voicegame.engine.piles import PileKind
>>> from voicegame.engine.rules import PileSpec
>>> from types import SimpleNamespace
>>> specs = (PileSpec("pile1", PileKind.TABLEAU, ("pile one",)), PileSpec("foot1", PileKind.TABLEAU, ("bottom one",)))
>>> game = SimpleNamespace(layout=Layout.of(specs))
>>> state = State((Pile(tuple(Card.from_code(c) for c in ("2C", "9H", "5D"))), Pile()))
>>> after = OpenBottoms((("pile1", "foot1"),))(game, state, Move.deal(), state, [])
>>> after.piles[0].cards, after.piles[1].cards
((Card.from_code('9H'), Card.from_code('5D')), (Card.from_code('2C'),))
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from voicegame.engine.moves import Event, Move, MoveKind, Moved
from voicegame.engine.piles import Pile
from voicegame.engine.reason import Reason
from voicegame.engine.rules import Layout
from voicegame.engine.state import State

DEALT = 1
"""``State.counters[0]`` once the stock has dealt (refilling stops for ``until_dealt``)."""


@dataclass(frozen=True)
class OpenBottoms:
    """``columns``: (column id, foot id) pairs. ``refill_from``: a pile (the stock) whose top card
    fills an empty column at once (empty: none). ``until_dealt``: only until the first deal."""

    columns: tuple[tuple[str, str], ...]
    refill_from: str = ""
    until_dealt: bool = False

    def dealt(self, state: State) -> bool:
        return bool(state.counters) and state.counters[0] == DEALT

    def __call__(self, game: Any, before: State, move: Move, after: State, events: list[Event]) -> State:
        layout: Layout = game.layout
        state = after
        if move.kind is MoveKind.DEAL and not self.dealt(state):
            state = replace(state, counters=(DEALT,))
        refilling = bool(self.refill_from) and not (self.until_dealt and self.dealt(state))
        for column_id, foot_id in self.columns:
            c, f = layout.index[column_id], layout.index[foot_id]
            column, foot = state.piles[c], state.piles[f]
            if refilling and not column.cards and not foot.cards:
                s = layout.index[self.refill_from]
                source = state.piles[s]
                if source.cards:
                    card = source.cards[-1]
                    events.append(Moved((card,), s, c))
                    column = Pile((card,))
                    state = state.with_piles({s: source.without_top(1), c: column})
            if foot.cards and not column.cards:
                state = state.with_piles({c: foot, f: Pile()})  # a lone card lives on the column
            elif not foot.cards and len(column.cards) >= 2:
                state = state.with_piles({c: Pile(column.cards[1:]), f: Pile(column.cards[:1])})
        return state

    def describe(self) -> tuple[Reason, ...]:
        return (Reason("rule_open_bottoms"),)
