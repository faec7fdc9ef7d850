"""Sets of one rank gathered and removed (First Law), as data.

:class:`Leftmost` is an :data:`~voicegame.engine.rules.AcceptsHook`: a card goes only onto the first
pile of a group, in the group's order, whose top card it may go on (the leftmost of the like cards).
:class:`RemoveSets` is a ``settle`` hook: after every move and deal, a set of cards of one rank
showing together leaves play.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.piles import Pile, PileKind
>>> from voicegame.engine.rules import Layout, PileSpec
>>> from voicegame.engine.state import State
>>> piles = tuple(PileSpec(f"p{n}", PileKind.TABLEAU, (f"pile {n}",), group="tableau") for n in (1, 2, 3, 4))
>>> layout = Layout.of((*piles, PileSpec("discard", PileKind.DISCARD, ("discards",))))
>>> tops = State(tuple(Pile((Card.from_code(c),)) for c in "3C 7H 7S 7D".split()) + (Pile(),))
>>> Leftmost("tableau", same_rank=True)(layout, tops, piles[3], piles[2], (Card.from_code("7D"),)).key
'not_leftmost'
>>> Leftmost("tableau", same_rank=True)(layout, tops, piles[3], piles[1], (Card.from_code("7D"),)) is None
True
>>> Leftmost("tableau", same_rank=True)(layout, tops, piles[1], piles[2], (Card.from_code("7H"),)).key
'is_leftmost'
>>> four = State(tuple(Pile((Card.from_code(c),)) for c in "7C 7H 7S 7D".split()) + (Pile(),))
>>> after = RemoveSets("tableau", "discard").apply(layout, four, [])
>>> [len(p.cards) for p in after.piles]
[0, 0, 0, 0, 4]
"""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine.cards import Card
from voicegame.engine.moves import Event, Paired
from voicegame.engine.piles import Pile
from voicegame.engine.reason import Reason
from voicegame.engine.rules import HasLayout, Layout, PileSpec
from voicegame.engine.state import State


@dataclass(frozen=True)
class Leftmost:
    """A card goes only on the first pile of ``group`` (in its order) whose top card it fits: with
    ``same_rank``, the first whose top card has the moving card's rank; otherwise the first whose own
    rules would take it (the pile's build)."""

    group: str
    same_rank: bool = False

    def __call__(self, layout: Layout, state: State, src: PileSpec, dst: PileSpec, cards: tuple[Card, ...]) -> Reason | None:
        card = cards[0]
        if self.same_rank:
            top = layout.pile(state, dst.id).top
            if top is None or top.rank != card.rank:
                return Reason("not_same_rank", {"first": card, "second": top or card})
        for i in layout.groups.get(self.group, ()):
            spec, pile = layout.specs[i], state.piles[i]
            if not pile.top_face_up:
                continue
            if spec.id == src.id:
                if self.same_rank:  # the moving card is itself the leftmost of its rank: the others come to it
                    return Reason("is_leftmost", {"card": card, "pile": spec.name})
                continue
            fits = pile.cards[-1].rank == card.rank if self.same_rank else (
                spec.accepts is not None and spec.accepts.build is not None and spec.accepts.build.follows(pile.cards[-1], card))
            if fits:
                return None if spec.id == dst.id else Reason("not_leftmost", {"card": card, "pile": spec.name})
        return None

    def describe(self) -> tuple[Reason, ...]:
        return (Reason("rule_leftmost"),)


SetRemoval = tuple[tuple[Card, ...], tuple[int, ...], dict[int, Pile]]
"""A set to remove: its cards, the pile each leaves, and those piles without it."""


@dataclass(frozen=True)
class RemoveSets:
    """After every move and deal, a set of ``size`` cards of one rank showing together goes to the pile
    ``discard``: the top cards of the piles of ``group`` when there are ``size`` piles and all their
    tops share a rank, or the top ``size`` cards of one pile when they share a rank."""

    group: str
    discard: str
    size: int = 4

    def apply(self, layout: Layout, state: State, events: list[Event]) -> State:
        piles = layout.groups[self.group]
        discard = layout.index[self.discard]
        while True:
            removal = self._set_of_tops(state, piles)
            if removal is None:
                removal = self._set_in_one_pile(state, piles)
            if removal is None:
                return state
            gone, sources, changes = removal
            events.append(Paired(gone, sources, discard))
            changes[discard] = state.piles[discard].with_added(gone)
            state = state.with_piles(changes)

    def _set_of_tops(self, state: State, piles: tuple[int, ...]) -> SetRemoval | None:
        """The top cards of the group's piles, when there are ``size`` piles and their tops share a rank."""
        tops = [state.piles[i].top for i in piles]
        if len(piles) != self.size or any(t is None for t in tops) or len({t.rank for t in tops if t is not None}) != 1:
            return None
        gone = tuple(t for t in tops if t is not None)
        return gone, tuple(piles), {i: state.piles[i].without_top(1) for i in piles}

    def _set_in_one_pile(self, state: State, piles: tuple[int, ...]) -> SetRemoval | None:
        """The top ``size`` cards of the first pile of the group whose top ``size`` cards share a rank."""
        stacked = next((i for i in piles if len(state.piles[i].face_up) >= self.size
                        and len({c.rank for c in state.piles[i].cards[-self.size:]}) == 1), None)
        if stacked is None:
            return None
        gone = state.piles[stacked].cards[-self.size:]
        return gone, tuple(stacked for _ in gone), {stacked: state.piles[stacked].without_top(self.size)}

    def __call__(self, game: HasLayout, before: State, move: object, after: State, events: list[Event]) -> State:
        """As a game's ``settle`` hook."""
        return self.apply(game.layout, after, events)

    def describe(self) -> tuple[Reason, ...]:
        return (Reason("rule_remove_sets", {"count": self.size}),)


__all__ = ["Leftmost", "RemoveSets"]
