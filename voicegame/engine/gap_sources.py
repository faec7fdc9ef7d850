"""Where an empty pile's card may come from, changing as the game goes.

An :data:`~voicegame.engine.rules.AcceptsHook` value (``Accepts(extra=FirstFrom("reserve", ...))``),
off unless a game names it.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.piles import Pile, PileKind
>>> from voicegame.engine.rules import Layout, PileSpec
>>> piles = (PileSpec("waste", PileKind.WASTE, ("the waste",)),
...          PileSpec("reserve1", PileKind.RESERVE, ("reserve one",), group="reserve"),
...          PileSpec("pile1", PileKind.TABLEAU, ("pile one",), group="tableau"))
>>> rule, layout = FirstFrom("reserve", then=frozenset({PileKind.WASTE})), Layout.of(piles)
>>> seven = (Card.from_code("7H"),)
>>> rule(layout, State((Pile(seven), Pile(seven), Pile())), piles[0], piles[2], seven).key  # the reserve first
'empty_from_group_first'
>>> rule(layout, State((Pile(seven), Pile(), Pile())), piles[0], piles[2], seven) is None  # then the waste
True
"""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine.cards import Card
from voicegame.engine.piles import PileKind
from voicegame.engine.reason import Reason
from voicegame.engine.rules import Layout, PileSpec
from voicegame.engine.state import State


@dataclass(frozen=True)
class FirstFrom:
    """An empty pile takes cards only from the piles of ``group``; once every pile of ``group`` is
    empty, from piles of the kinds ``then`` too (Glenwood: gaps take reserve cards, and the waste's
    only once the reserves are used up). A pile holding cards is not this rule's business."""

    group: str
    then: frozenset[PileKind] = frozenset()

    def __call__(self, layout: Layout, state: State, src: PileSpec, dst: PileSpec, cards: tuple[Card, ...]) -> Reason | None:
        if layout.pile(state, dst.id).cards or src.group == self.group:
            return None
        if src.kind in self.then and not any(state.piles[i].cards for i in layout.groups.get(self.group, ())):
            return None
        return Reason("empty_from_group_first", {"pile": dst.name, "source": src.name, "group": self.group})
