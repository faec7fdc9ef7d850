"""Moves are data; applying one returns events that say what happened.

A move names piles by their index in the game's pile list:

>>> Move.cards(1, 5, count=3).kind, Move.cards(1, 5, count=3).count
(<MoveKind.MOVE: 'move'>, 3)
>>> Move.deal() == Move(MoveKind.DEAL)
True
>>> Move.pair((3, 0), (1, -1)).at  # Treize: the card on pile 3 with the waste's top
(0, -1)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from voicegame.engine.cards import Card


class MoveKind(Enum):
    MOVE = "move"  # lift `count` cards from pile `src` onto pile `dst`
    DEAL = "deal"  # use the stock (draw to the waste, deal a row, or restack)
    PAIR = "pair"  # remove the free card at (src, at[0]) and, unless dst is -1, the one at (dst, at[1])


@dataclass(frozen=True, slots=True)
class Move:
    kind: MoveKind
    src: int = -1
    dst: int = -1
    count: int = 1
    at: tuple[int, int] = (-1, -1)  # PAIR only: each card's place from the bottom of its pile (-1: the top)

    @classmethod
    def pair(cls, first: tuple[int, int], second: tuple[int, int] | None = None) -> "Move":
        """Remove the card at ``first`` (pile, place from the bottom) and the one at ``second``
        together, or ``first`` alone (a Treize king)."""
        if second is None:
            return cls(MoveKind.PAIR, first[0], -1, 1, (first[1], -1))
        return cls(MoveKind.PAIR, first[0], second[0], 2, (first[1], second[1]))

    @classmethod
    def cards(cls, src: int, dst: int, count: int = 1) -> "Move":
        return cls(MoveKind.MOVE, src, dst, count)

    @classmethod
    def deal(cls) -> "Move":
        return cls(MoveKind.DEAL)


@dataclass(frozen=True, slots=True)
class Moved:
    cards: tuple[Card, ...]
    src: int
    dst: int


@dataclass(frozen=True, slots=True)
class TurnedOver:
    pile: int
    card: Card


@dataclass(frozen=True, slots=True)
class Drew:
    """Cards turned from the stock onto the waste (last one is on top)."""

    cards: tuple[Card, ...]
    src: int
    dst: int


@dataclass(frozen=True, slots=True)
class DealtRow:
    """One card dealt from the stock onto each of ``dsts``."""

    cards: tuple[Card, ...]
    src: int
    dsts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Restacked:
    """The waste turned back over to become the stock again."""

    count: int
    src: int
    dst: int
    redeals_left: int | None


@dataclass(frozen=True, slots=True)
class LiftedOff:
    """A finished run (king down to ace) moved by itself from ``src`` to the foundation ``dst``."""

    cards: tuple[Card, ...]
    src: int
    dst: int


@dataclass(frozen=True, slots=True)
class Paired:
    """Cards removed together (or a single card alone) from ``srcs`` to the pile ``dst``."""

    cards: tuple[Card, ...]
    srcs: tuple[int, ...]
    dst: int


@dataclass(frozen=True, slots=True)
class Compacted:
    """The cards of ``piles`` slid towards the first of them in order; ``moved`` cards changed place."""

    moved: int
    piles: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Redealt:
    """The ``count`` cards not yet in place gathered, shuffled and dealt again into ``piles`` (Gaps)."""

    count: int
    piles: tuple[int, ...]
    redeals_left: int | None


@dataclass(frozen=True, slots=True)
class Won:
    pass


Event = Moved | TurnedOver | Drew | DealtRow | Restacked | LiftedOff | Paired | Compacted | Redealt | Won
