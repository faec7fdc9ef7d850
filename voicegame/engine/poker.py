"""Poker hands scored in lines of a grid (Poker squares), as data.

:func:`hand_name` names the best poker hand among up to five cards and :class:`HandScores` scores
lines of cells by a points table (the British one by default). :func:`source_top` is an
:data:`~voicegame.engine.rules.AcceptsHook` that lets a pile take only the card actually lying on the
source (always true of a real move; a reading of what a pile "needs" then names only that card).
:class:`TableFull` wraps a stock rule: no card is turned while every pile of a group is taken.
:class:`SwapBack` is a ``settle`` hook: a card moved onto a taken cell trades places with its card.

>>> from voicegame.engine.cards import Card
>>> hand = lambda codes: tuple(Card.from_code(c) for c in codes.split())
>>> [hand_name(hand(h)) for h in ("AS KS QS JS TS", "5H 4C 3D 2S AH", "9C 9D 9H 2S 2C", "9C 9D", "9C 8D 7H 2S 4C")]
['straight_flush', 'straight', 'full_house', 'one_pair', 'nothing']
>>> BRITISH["straight"], BRITISH["full_house"], BRITISH["flush"]
(12, 10, 5)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from voicegame.engine.cards import Card
from voicegame.engine.moves import Event, Move, MoveKind, Moved
from voicegame.engine.piles import Pile
from voicegame.engine.reason import Reason
from voicegame.engine.rules import HasLayout, Layout, PileSpec
from voicegame.engine.state import State
from voicegame.engine.stock import StockRule

HANDS = ("straight_flush", "four_of_a_kind", "straight", "full_house", "three_of_a_kind", "flush", "two_pair", "one_pair", "nothing")
"""The hands, best first by the British table (a straight beats a full house there)."""

BRITISH: dict[str, int] = {"straight_flush": 30, "four_of_a_kind": 16, "straight": 12, "full_house": 10,
                           "three_of_a_kind": 6, "flush": 5, "two_pair": 3, "one_pair": 1, "nothing": 0}


def _is_straight(cards: tuple[Card, ...]) -> bool:
    ranks = sorted({int(c.rank) for c in cards})
    if len(cards) != 5 or len(ranks) != 5:
        return False
    return ranks[-1] - ranks[0] == 4 or ranks == [1, 10, 11, 12, 13]  # ace low or ace high


def hand_name(cards: tuple[Card, ...]) -> str:
    """The best hand among ``cards`` (up to five; straights and flushes need all five)."""
    counts = sorted(Counter(c.rank for c in cards).values(), reverse=True)
    flush = len(cards) == 5 and len({c.suit for c in cards}) == 1
    straight = _is_straight(cards)
    if straight and flush:
        return "straight_flush"
    if counts[:1] == [4]:
        return "four_of_a_kind"
    if straight:
        return "straight"
    if counts[:2] == [3, 2]:
        return "full_house"
    if counts[:1] == [3]:
        return "three_of_a_kind"
    if flush:
        return "flush"
    if counts[:2] == [2, 2]:
        return "two_pair"
    if counts[:1] == [2]:
        return "one_pair"
    return "nothing"


@dataclass(frozen=True)
class HandScores:
    """The lines of a grid (each a tuple of pile ids), scored as poker hands by ``points``."""

    lines: dict[str, tuple[str, ...]]
    points: dict[str, int] = field(default_factory=lambda: dict(BRITISH))

    def hands(self, layout: Layout, state: State) -> dict[str, str]:
        """Each line's best hand, by line name."""
        return {name: hand_name(tuple(c for p in ids for c in layout.pile(state, p).cards[-1:])) for name, ids in self.lines.items()}

    def parts(self, layout: Layout, state: State) -> list[tuple[str, str, int]]:
        """Each line with its hand's message key and points: ("row two", "hand_flush", 5)."""
        return [(name, f"hand_{hand}", self.points[hand]) for name, hand in self.hands(layout, state).items()]

    def total(self, layout: Layout, state: State) -> int:
        return sum(self.points[hand] for hand in self.hands(layout, state).values())


def source_top(layout: Layout, state: State, src: PileSpec, dst: PileSpec, cards: tuple[Card, ...]) -> Reason | None:
    """None when ``cards`` are the source pile's own top cards (always so for a real move)."""
    on_source = layout.pile(state, src.id).cards
    if on_source[-len(cards):] == cards:
        return None
    return Reason("not_on_top", {"card": cards[0], "pile": src.name})


def taken_only_by_swap(layout: Layout, state: State, src: PileSpec, dst: PileSpec, cards: tuple[Card, ...]) -> Reason | None:
    """A pile holding a card takes one only from another pile of its own group (a swap, with
    :class:`SwapBack`); an empty pile takes the card lying on the source."""
    if layout.pile(state, dst.id).cards and (not dst.group or src.group != dst.group):
        return Reason("cell_taken", {"pile": dst.name})
    return source_top(layout, state, src, dst, cards)


@dataclass(frozen=True)
class TableFull:
    """The stock rule ``rule``, refused while every pile of ``group`` holds a card (Poker: nothing is
    turned once the grid is full)."""

    rule: StockRule
    group: str

    @property
    def cycles(self) -> bool:
        return self.rule.cycles

    def why_not(self, layout: Layout, state: State) -> Reason | None:
        if all(state.piles[i].cards for i in layout.groups[self.group]):
            return Reason("table_full")
        return self.rule.why_not(layout, state)

    def apply(self, layout: Layout, state: State) -> tuple[State, list[Event]]:
        return self.rule.apply(layout, state)

    def describe(self) -> tuple[Reason, ...]:
        return (*self.rule.describe(), Reason("rule_table_full", {"group": self.group}))


@dataclass(frozen=True)
class SwapBack:
    """After a card of ``group`` is moved onto another pile of ``group`` that held a card, that card
    goes back to where the moved card came from: the two trade places."""

    group: str

    def __call__(self, game: HasLayout, before: State, move: Move, after: State, events: list[Event]) -> State:
        layout = game.layout
        if move.kind is not MoveKind.MOVE or layout.specs[move.dst].group != self.group or layout.specs[move.src].group != self.group:
            return after
        target = after.piles[move.dst]
        if len(target.cards) < 2:
            return after
        old = target.cards[0]
        events.append(Moved((old,), move.dst, move.src))
        return after.with_piles({move.dst: Pile(target.cards[1:]), move.src: after.piles[move.src].with_added((old,))})

    def describe(self) -> tuple[Reason, ...]:
        return (Reason("rule_swap"),)
