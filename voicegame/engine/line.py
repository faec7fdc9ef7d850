"""Cards in one line that jump left onto a matching card, the covered card leaving play and the line
closing up (Accordion), as data.

:class:`LineJump` is an :data:`~voicegame.engine.rules.AcceptsHook`: a card goes on the card a fixed
number of places to its left in the line, when the two share a suit or a rank. :class:`Collapse` is a
``settle`` hook: after every move, a place of the line holding more than one card keeps only its top
card (the ones under it go to the discard pile), and the cards slide left to close every gap.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.piles import Pile, PileKind
>>> from voicegame.engine.rules import Layout, PileSpec
>>> from voicegame.engine.state import State
>>> line = tuple(PileSpec(f"s{n}", PileKind.TABLEAU, (f"space {n}",)) for n in range(1, 6))
>>> layout = Layout.of((*line, PileSpec("discard", PileKind.DISCARD, ("discards",))))
>>> state = State(tuple(Pile((Card.from_code(c),)) for c in "9H 2C 5S 9S 7D".split()) + (Pile(),))
>>> jump = LineJump(tuple(s.id for s in line), steps=(1, 3))
>>> jump(layout, state, line[3], line[0], (Card.from_code("9S"),)) is None  # three to the left, same rank
True
>>> jump(layout, state, line[3], line[2], (Card.from_code("9S"),)) is None  # one to the left, same suit
True
>>> jump(layout, state, line[3], line[1], (Card.from_code("9S"),)).key
'not_in_reach'
>>> jump(layout, state, line[4], line[3], (Card.from_code("7D"),)).key
'no_match'
>>> moved = state.with_piles({0: Pile((Card.from_code("9H"), Card.from_code("9S"))), 3: Pile()})
>>> after = Collapse(tuple(s.id for s in line), "discard").apply(layout, moved, [])
>>> [p.cards[0].code if p.cards else None for p in after.piles[:5]], after.piles[5].cards
(['9S', '2C', '5S', '7D', None], (Card.from_code('9H'),))
"""

from __future__ import annotations

from dataclasses import dataclass, field

from voicegame.engine.cards import Card
from voicegame.engine.moves import Compacted, Event, Paired
from voicegame.engine.piles import Pile
from voicegame.engine.reason import Reason
from voicegame.engine.rules import HasLayout, Layout, PileSpec
from voicegame.engine.state import State


@dataclass(frozen=True)
class LineJump:
    """A card of the line ``piles`` (ids, left to right) goes only onto the card ``steps`` places to
    its left, and only when the two cards share a suit or a rank. The card must be the one lying on
    the source pile (what could go on a pile from elsewhere is no question here: a reading of the
    line names no card "needed")."""

    piles: tuple[str, ...]
    steps: tuple[int, ...] = (1,)
    _places: dict[str, int] = field(init=False, repr=False, compare=False)
    _said: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_places", {pile: k for k, pile in enumerate(self.piles)})
        object.__setattr__(self, "_said", " or ".join(str(s) for s in self.steps))

    def __call__(self, layout: Layout, state: State, src: PileSpec, dst: PileSpec, cards: tuple[Card, ...]) -> Reason | None:
        places = self._places
        here, there = places.get(src.id), places.get(dst.id)
        card = cards[0]
        if here is None or there is None or here - there not in self.steps:  # checked first: most calls end here
            return Reason("not_in_reach", {"card": card, "steps": self._said})
        top = state.piles[layout.index[dst.id]].top
        if top is None or state.piles[layout.index[src.id]].top != card:
            return Reason("not_in_reach", {"card": card, "steps": self._said})
        if card.suit is not top.suit and card.rank != top.rank:
            return Reason("no_match", {"card": card, "target": top})
        return None

    def feeders(self, dst: str) -> tuple[str, ...] | None:
        """The only piles whose card may go on ``dst``: those ``steps`` places to its right (see
        ``Engine.legal_moves``, which then asks no other pile; None: any pile may)."""
        there = self._places.get(dst)
        if there is None:
            return None
        return tuple(self.piles[there + step] for step in self.steps if there + step < len(self.piles))

    def describe(self) -> tuple[Reason, ...]:
        return (Reason("rule_line_jump", {"steps": " or ".join(str(s) for s in self.steps)}),)


EMPTY = Pile()


@dataclass(frozen=True)
class Collapse:
    """After every move, each place of the line ``piles`` (ids, in order) keeps only its top card, the
    cards under it going to the pile ``discard``; then the line's cards slide towards its first place
    to close every gap."""

    piles: tuple[str, ...]
    discard: str

    def apply(self, layout: Layout, state: State, events: list[Event]) -> State:
        places = tuple(layout.index[p] for p in self.piles)
        discard = layout.index[self.discard]
        covered, sources = self._covered(state, places)
        if covered:
            events.append(Paired(tuple(covered), tuple(sources), discard))
        kept = self._tops_kept(state, places)
        changes = {i: kept[k] if k < len(kept) else EMPTY for k, i in enumerate(places)}
        moved = self._slid(state, places, kept)
        if moved:
            events.append(Compacted(moved, places))
        if not covered and not moved:
            return state
        changes[discard] = state.piles[discard].with_added(tuple(covered))
        return state.with_piles(changes)

    @staticmethod
    def _covered(state: State, places: tuple[int, ...]) -> tuple[list[Card], list[int]]:
        """The cards under each place's top card, line order, and the place each comes from."""
        covered: list[Card] = []
        sources: list[int] = []
        for i in places:
            under = state.piles[i].cards[:-1]
            covered.extend(under)
            sources.extend(i for _ in under)
        return covered, sources

    @staticmethod
    def _tops_kept(state: State, places: tuple[int, ...]) -> list[Pile]:
        """The line's non-empty places, each as a pile of its top card alone, in line order."""
        piles = state.piles
        return [piles[i] if len(piles[i].cards) == 1 and not piles[i].down else Pile((piles[i].cards[-1],))
                for i in places if piles[i].cards]  # a one-card pile is kept as it is: searches remember piles by identity

    @staticmethod
    def _slid(state: State, places: tuple[int, ...], kept: list[Pile]) -> int:
        """How many places get a top card other than the one they had, once the line closes up."""
        tops = [pile.cards[-1] for pile in kept]
        return sum(1 for k, i in enumerate(places) if k < len(tops) and state.piles[i].top is not tops[k])

    def __call__(self, game: HasLayout, before: State, move: object, after: State, events: list[Event]) -> State:
        """As a game's ``settle`` hook."""
        return self.apply(game.layout, after, events)

    def describe(self) -> tuple[Reason, ...]:
        return (Reason("rule_collapse"),)
