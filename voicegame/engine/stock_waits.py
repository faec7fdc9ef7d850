"""Stock rules that wait: a deal refused until something else is done first.

Optional vocabulary (off unless a game wraps its stock rule in one):

- :class:`GapsFilledFirst`: no deal while an empty pile of a group could be filled by a move
  (Easthaven: "any empty tableau slots must be filled if possible before dealing more cards").
- :class:`StockInPhase`: the stock deals only in a :class:`~voicegame.engine.rules.Phase` of the
  game (Glenwood: nothing is turned before the first foundation card is chosen).

Both pass the wrapped rule's ``cycles``, ``group`` and ``redeals`` through, so the solver treats the
stock as it treats the wrapped rule.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.piles import Pile, PileKind
>>> from voicegame.engine.rules import Accepts, Layout, PileSpec, Takes
>>> from voicegame.engine.sequence import Direction, Empty, Sequence, SuitRule
>>> from voicegame.engine.stock import DealOnePerPile
>>> from voicegame.engine.cards import Rank
>>> down = Sequence(Direction.DOWN, SuitRule.ALTERNATE)
>>> piles = (PileSpec("stock", PileKind.STOCK, ("the stock",)),
...          *(PileSpec(f"p{n}", PileKind.TABLEAU, (f"pile {n}",), accepts=Accepts(build=down, empty=Empty(rank=Rank.KING)),
...                     takes=Takes(runs=True, sequence=down), group="tableau") for n in (1, 2)))
>>> rule, layout = GapsFilledFirst(DealOnePerPile("tableau"), gaps="tableau"), Layout.of(piles)
>>> stock = Pile((Card.from_code("2C"), Card.from_code("3C")), down=2)
>>> rule.why_not(layout, State((stock, Pile((Card.from_code("5H"), Card.from_code("KS")), down=1), Pile()))).key
'fill_gaps_first'
>>> rule.why_not(layout, State((stock, Pile((Card.from_code("5H"), Card.from_code("QS")), down=1), Pile()))) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine.moves import Event
from voicegame.engine.reason import Reason
from voicegame.engine.rules import Layout, Phase
from voicegame.engine.state import State
from voicegame.engine.stock import StockRule


class _Wrapped:
    """What a wrapping stock rule passes through from the rule it wraps."""

    rule: StockRule

    @property
    def cycles(self) -> bool:
        return self.rule.cycles

    @property
    def group(self) -> str | None:
        return getattr(self.rule, "group", None)

    @property
    def redeals(self) -> int | None:
        return getattr(self.rule, "redeals", None)

    def apply(self, layout: Layout, state: State) -> tuple[State, list[Event]]:
        return self.rule.apply(layout, state)


def fillable_gap(layout: Layout, state: State, group: str) -> int | None:
    """The index of the first empty pile of ``group`` that some legal move of cards could fill (a
    move that empties another pile of the group fills nothing: it only moves the gap), or None."""
    specs, piles = layout.specs, state.piles
    for i in layout.groups.get(group, ()):
        dst = specs[i]
        if piles[i].cards or dst.accepts is None:
            continue
        for j, src in enumerate(specs):
            pile = piles[j]
            if j == i or src.takes is None or not pile.cards:
                continue
            for count in src.takes.counts(pile):
                if count == len(pile.cards) and src.group == group:
                    continue
                if src.takes.forbids(layout, state, src, pile, count) is not None:
                    continue
                if dst.accepts.allows(layout, state, src, dst, piles[i], pile.cards[-count:]):
                    return i
    return None


@dataclass(frozen=True)
class GapsFilledFirst(_Wrapped):
    """``rule`` deals only once no empty pile of group ``gaps`` can be filled by a move (Easthaven)."""

    rule: StockRule
    gaps: str

    def why_not(self, layout: Layout, state: State) -> Reason | None:
        reason = self.rule.why_not(layout, state)
        if reason is not None:
            return reason
        gap = fillable_gap(layout, state, self.gaps)
        if gap is not None:
            return Reason("fill_gaps_first", {"pile": layout.specs[gap].name})
        return None

    def describe(self) -> tuple[Reason, ...]:
        return (*self.rule.describe(), Reason("rule_gaps_filled_first", {"group": self.gaps}))


@dataclass(frozen=True)
class StockInPhase(_Wrapped):
    """``rule`` deals only in ``phase`` of the game (Glenwood: once foundation one holds its card)."""

    rule: StockRule
    phase: Phase

    def why_not(self, layout: Layout, state: State) -> Reason | None:
        return self.phase.why_not(layout, state) or self.rule.why_not(layout, state)

    def describe(self) -> tuple[Reason, ...]:
        return (*self.rule.describe(), *self.phase.describe())
