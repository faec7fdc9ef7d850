"""Jokers, wild both ways, and points per card by rank (Thieves).

A game deals jokers by ``GameDef(jokers=2)`` (:func:`voicegame.engine.cards.new_deck`: the red and
the black joker after the 52 cards; ``Card.spoken`` "red joker", ``Card.code`` "RJ"). Jokers are
cards like any other until a rule says what they do: :class:`Wild` is a :class:`Sequence` on which
any card may go on a joker and a joker on any card, whatever the rank, suit or ``closed`` ranks;
between two other cards it is the sequence it extends. :class:`RankPoints` scores each card a move
takes from some kinds of pile to others by its rank (Thieves' table), kept in ``State.counters``.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.sequence import Direction, SuitRule
>>> wild = Wild(Direction.EITHER, SuitRule.ANY)
>>> [wild.follows(Card.from_code(a), Card.from_code(b)) for a, b in (("7H", "8C"), ("7H", "9C"), ("7H", "RJ"), ("BJ", "9C"))]
[True, False, True, True]
>>> [int(r) for r in wild.needed_ranks(Card.from_code("7H"))]
[6, 8, 14]
>>> RankPoints((8, 6, 6, 4, 4, 2, 2, 2, 4, 4, 6, 6, 8, 0)).points((Card.from_code("AS"), Card.from_code("BJ")))
8
"""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine.cards import RANKS, Card, Rank
from voicegame.engine.game import GameDef
from voicegame.engine.moves import Event, Move, MoveKind
from voicegame.engine.piles import PileKind
from voicegame.engine.reason import Reason
from voicegame.engine.sequence import Sequence
from voicegame.engine.state import State

JOKER = int(Rank.JOKER)


@dataclass(frozen=True)
class Wild(Sequence):
    """``Sequence`` with jokers wild both ways: anything goes on a joker, a joker goes on anything."""

    def __post_init__(self) -> None:
        super().__post_init__()
        over = {under: ranks | {JOKER} for under, ranks in self._over_ranks.items()}
        over[JOKER] = frozenset((*range(1, 14), JOKER))
        object.__setattr__(self, "_over_ranks", over)

    def _rank_ok(self, under: Card, over: Card) -> bool:
        return under.rank is Rank.JOKER or over.rank is Rank.JOKER or super()._rank_ok(under, over)

    def _suit_ok(self, under: Card, over: Card) -> bool:
        return under.rank is Rank.JOKER or over.rank is Rank.JOKER or super()._suit_ok(under, over)

    def needed_ranks(self, under: Card) -> list[Rank]:
        if under.rank is Rank.JOKER:
            return [*RANKS, Rank.JOKER]
        return [*super().needed_ranks(under), Rank.JOKER]

    def describe(self) -> tuple[Reason, ...]:
        return (*super().describe(), Reason("rule_jokers_wild"))


@dataclass(frozen=True)
class RankPoints:
    """Points for each card a move takes from a pile of a kind in ``sources`` to one in ``targets``:
    ``values[rank - 1]``, the joker's (rank 14) last. As ``GameDef(settle=points.settle,
    score=points.score)``; the running total is ``State.counters[0]`` (a game with another settle
    hook chains them itself)."""

    values: tuple[int, ...]
    sources: frozenset[PileKind] = frozenset({PileKind.TABLEAU})
    targets: frozenset[PileKind] = frozenset({PileKind.WASTE})

    def points(self, cards: tuple[Card, ...]) -> int:
        return sum(self.values[int(card.rank) - 1] for card in cards)

    def settle(self, game: GameDef, before: State, move: Move, after: State, events: list[Event]) -> State:
        total = before.counters[0] if before.counters else 0
        if (move.kind is MoveKind.MOVE and game.piles[move.src].kind in self.sources
                and game.piles[move.dst].kind in self.targets):
            total += self.points(after.piles[move.dst].cards[-move.count:])
        return State(after.piles, after.redeals, (total, *after.counters[1:]))

    def score(self, game: GameDef, state: State) -> int:
        return state.counters[0] if state.counters else 0
