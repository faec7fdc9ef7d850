"""Fill a group of piles, then clear it, round after round (Camelot's two phases).

One object plays two parts, off unless a game names them: as a :data:`~voicegame.engine.game.GameDef`
``settle`` value it remembers in ``State.counters[0]`` that every pile of ``group`` has been full
since the last deal (clearing may begin), and forgets it at each deal (the player went back to
filling); its :meth:`FillThenClear.free_places` is a :class:`~voicegame.engine.pairs.PairRule` ``free``
hook: the top card of every pile of the group is free while clearing, none before. Once every
pile of ``until_empty`` is empty, clearing is always allowed.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.piles import PileKind
>>> from voicegame.engine.rules import PileSpec
>>> from voicegame.engine.moves import Move
>>> from types import SimpleNamespace
>>> specs = (PileSpec("stock", PileKind.STOCK, ("stock",)), *(PileSpec(f"c{n}", PileKind.TABLEAU, (f"cell {n}",), group="grid") for n in (1, 2)))
>>> rounds = FillThenClear("grid", ("stock",))
>>> game = SimpleNamespace(layout=Layout.of(specs))
>>> half = State((Pile((Card.from_code("2C"),)), Pile((Card.from_code("5H"),)), Pile()))
>>> rounds.free_places(game.layout, half)
[]
>>> full = rounds(game, half, Move.cards(0, 2), half.with_piles({2: Pile((Card.from_code("5D"),))}), [])
>>> full.counters, rounds.free_places(game.layout, full)
((1,), [(1, 0), (2, 0)])
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from voicegame.engine.moves import Event, Move, MoveKind
from voicegame.engine.piles import Pile  # noqa: F401 (the doctest builds piles)
from voicegame.engine.reason import Reason
from voicegame.engine.rules import Layout
from voicegame.engine.state import State

CLEARING = 1
"""``State.counters[0]`` while the group may be cleared."""


@dataclass(frozen=True)
class FillThenClear:
    """``group``: the piles filled and cleared; ``until_empty``: ids of piles (the stock, the waste)
    whose emptiness allows clearing at any time."""

    group: str
    until_empty: tuple[str, ...] = ()

    def clearing(self, layout: Layout, state: State) -> bool:
        """True when the group's cards may be removed now."""
        if state.counters and state.counters[0] == CLEARING:
            return True
        return bool(self.until_empty) and all(not layout.pile(state, p).cards for p in self.until_empty)

    def free_places(self, layout: Layout, state: State) -> list[tuple[int, int]]:
        if not self.clearing(layout, state):
            return []
        return [(i, len(state.piles[i].cards) - 1) for i in layout.groups[self.group] if state.piles[i].cards]

    def __call__(self, game: Any, before: State, move: Move, after: State, events: list[Event]) -> State:
        layout: Layout = game.layout
        was = bool(after.counters) and after.counters[0] == CLEARING
        if move.kind is MoveKind.DEAL:
            now = False
        else:
            now = was or all(after.piles[i].cards for i in layout.groups[self.group])
        return after if now == was else replace(after, counters=(CLEARING if now else 0,))

    def describe(self) -> tuple[Reason, ...]:
        return (Reason("rule_fill_then_clear", {"group": self.group}),)


__all__ = ["CLEARING", "FillThenClear"]
