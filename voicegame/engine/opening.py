"""Things that happen once, when a game's opening is over (Terrace).

:class:`OpeningFill` is a ``settle`` hook: the move that puts the first card on pile ``trigger``
(Terrace's chosen base card) is followed by one card from ``source`` face up on every empty pile of
``group``. :class:`EachSettle` runs several ``settle`` hooks one after another.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.moves import Move
>>> from voicegame.engine.piles import Pile, PileKind
>>> from voicegame.engine.rules import Layout, PileSpec
>>> class Game:
...     layout = Layout.of((PileSpec("stock", PileKind.STOCK, ("stock",)), PileSpec("home", PileKind.FOUNDATION, ("home",)),
...                         PileSpec("pile1", PileKind.TABLEAU, ("pile one",), group="tableau"),
...                         PileSpec("pile2", PileKind.TABLEAU, ("pile two",), group="tableau")))
>>> before = State((Pile((Card.from_code("2C"), Card.from_code("3C")), down=2), Pile(), Pile((Card.from_code("9D"),)), Pile()))
>>> after = before.with_piles({1: Pile((Card.from_code("9D"),)), 2: Pile()})
>>> filled = OpeningFill("home", "tableau", "stock")(Game(), before, Move.cards(2, 1), after, [])
>>> [p.cards for p in filled.piles[2:]], filled.piles[2].top_face_up
([(Card.from_code('3C'),), (Card.from_code('2C'),)], True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from voicegame.engine.moves import DealtRow, Event, Move
from voicegame.engine.piles import Pile
from voicegame.engine.reason import Reason
from voicegame.engine.rules import HasLayout
from voicegame.engine.state import State


@dataclass(frozen=True)
class OpeningFill:
    """When pile ``trigger`` gets its first card, every empty pile of ``group`` (in order) gets one
    card face up from the top of ``source``, while it lasts."""

    trigger: str
    group: str
    source: str

    def __call__(self, game: HasLayout, before: State, move: Move, after: State, events: list[Event]) -> State:
        layout = game.layout
        t = layout.index[self.trigger]
        if before.piles[t].cards or not after.piles[t].cards:
            return after
        s = layout.index[self.source]
        source = after.piles[s]
        gaps = [i for i in layout.groups[self.group] if not after.piles[i].cards]
        n = min(len(gaps), len(source.cards))
        if not n:
            return after
        dealt = tuple(reversed(source.cards[-n:]))
        changes = {s: source.without_top(n), **{i: Pile((card,)) for i, card in zip(gaps, dealt)}}
        events.append(DealtRow(dealt, s, tuple(gaps[:n])))
        return after.with_piles(changes)

    def describe(self) -> tuple[Reason, ...]:
        return (Reason("rule_opening_fill", {"pile": self.trigger, "group": self.group}),)


Settle = Callable[[Any, State, Move, State, list[Event]], State]


@dataclass(frozen=True)
class EachSettle:
    """Several ``settle`` hooks, run in order, each on the position the one before left."""

    hooks: tuple[Settle, ...]

    def __call__(self, game: Any, before: State, move: Move, after: State, events: list[Event]) -> State:
        for hook in self.hooks:
            after = hook(game, before, move, after, events)
        return after


@dataclass(frozen=True)
class RefillAfter:
    """A :class:`~voicegame.engine.settling.Refill` run as a ``settle`` hook, for a game that needs a
    second one (Terrace: an empty waste takes the stock's next card, as well as the gaps' own rule)."""

    refill: Any

    def __call__(self, game: HasLayout, before: State, move: Move, after: State, events: list[Event]) -> State:
        result: State = self.refill.apply(game.layout, after, events)
        return result
