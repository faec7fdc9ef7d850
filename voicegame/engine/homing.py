"""A run sent home in one command: :class:`RunsHome`, a foundation's :class:`~voicegame.engine.rules.Accepts`
that also takes a run from the table, laid card by card (Forty Thieves: "cards can also be moved in
groups to the Foundation piles").

A run built down on the table has its lowest card on top; a foundation builds up. Moved there in one
go, the run's cards land one at a time, the top card first, so they lie on the foundation in the
reverse order: the engine lays them so (:meth:`RunsHome.laid`) and reports one ``Moved`` event per card.
A single card is checked exactly as by :class:`Accepts`; a run must follow the foundation's ``build``
card by card once reversed, its top card going first.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.piles import Pile, PileKind
>>> from voicegame.engine.rules import Layout, PileSpec, Takes
>>> from voicegame.engine.sequence import Direction, Empty, Sequence, SuitRule
>>> from voicegame.engine.state import State
>>> from voicegame.engine.cards import Rank
>>> home = PileSpec("home", PileKind.FOUNDATION, ("the home",), accepts=RunsHome(
...     build=Sequence(Direction.UP, SuitRule.SAME), empty=Empty(rank=Rank.ACE), single=True))
>>> column = PileSpec("column", PileKind.TABLEAU, ("the column",), takes=Takes(runs=True))
>>> layout = Layout.of((home, column))
>>> run = tuple(Card.from_code(c) for c in ("3D", "2D"))  # 2D on top
>>> state = State((Pile((Card.from_code("AD"),)), Pile(run)))
>>> home.accepts.why_not(layout, state, column, home, state.piles[0], run) is None
True
>>> home.accepts.laid(run)
(Card.from_code('2D'), Card.from_code('3D'))
>>> gapped = tuple(Card.from_code(c) for c in ("4D", "2D"))
>>> home.accepts.why_not(layout, state, column, home, state.piles[0], gapped).key
'needs_rank'
"""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine.cards import Card
from voicegame.engine.piles import Pile
from voicegame.engine.reason import Reason
from voicegame.engine.rules import Accepts, Layout, PileSpec
from voicegame.engine.state import State

__all__ = ["RunsHome"]


@dataclass(frozen=True)
class RunsHome(Accepts):
    """A foundation that takes one card as :class:`Accepts` does, or a run from the table laid in
    reverse, its top card first: each card must go on the one laid before it."""

    @staticmethod
    def laid(cards: tuple[Card, ...]) -> tuple[Card, ...]:
        """The cards of a lifted run (bottom first) in the order they land on the foundation."""
        return tuple(reversed(cards))

    def first_ranks(self, target: Pile) -> frozenset[int] | None:
        return None  # a run's first card (its bottom one) is laid last: any rank may start it

    def _run_why_not(self, laid: tuple[Card, ...]) -> Reason | None:
        if self.build is None:
            return None  # the first card is refused anyway
        for under, over in zip(laid, laid[1:]):
            if (reason := self.build.why_not(under, over)) is not None:
                return reason
        return None

    def refusal(self, layout: Layout, state: State, src: PileSpec, dst: PileSpec, target: Pile, cards: tuple[Card, ...]) -> str | Reason | None:
        """The verdict, made once (:meth:`Accepts.refusal`): a run's first card laid, then the run itself."""
        if len(cards) == 1:
            return super().refusal(layout, state, src, dst, target, cards)
        laid = self.laid(cards)
        return super().refusal(layout, state, src, dst, target, laid[:1]) or self._run_why_not(laid)

    def why_not(self, layout: Layout, state: State, src: PileSpec, dst: PileSpec, target: Pile, cards: tuple[Card, ...]) -> Reason | None:
        """:meth:`refusal`'s verdict in words; a rule part that refuses a run refuses its first card laid."""
        if len(cards) == 1:
            return super().why_not(layout, state, src, dst, target, cards)
        part = self.refusal(layout, state, src, dst, target, cards)
        if part is None or isinstance(part, Reason):
            return part
        return super().why_not(layout, state, src, dst, target, self.laid(cards)[:1])

    def describe(self) -> tuple[Reason, ...]:
        return tuple(part for part in super().describe() if part.key != "rule_single")
