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

import re
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

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

    # ----- text form ------------------------------------------------------------------
    def code(self, where: "HasPileIds | HasLayout") -> str:
        """This move as short text naming piles by id (see :data:`CODE_GRAMMAR`); ``where`` is the
        game, its engine or its layout.

        >>> from types import SimpleNamespace
        >>> klondike = SimpleNamespace(index={"stock": 0, "waste": 1, "pile5": 10, "pile7": 12})
        >>> Move.cards(12, 10).code(klondike), Move.cards(12, 10, 3).code(klondike), Move.deal().code(klondike)
        ('pile7>pile5', 'pile7>pile5x3', 'deal')
        >>> treize = SimpleNamespace(index={"waste": 1, "r1c1": 3, "r7c7": 30})
        >>> Move.pair((30, -1), (1, -1)).code(treize), Move.pair((3, 0)).code(treize)
        ('r7c7@top+waste@top', 'r1c1@0')
        """
        if self.kind is MoveKind.DEAL:
            return "deal"
        ids = _pile_ids(where)
        named = (self.src, self.dst) if self.kind is MoveKind.MOVE or self.dst >= 0 else (self.src,)  # a lone pair: one pile
        for pile in named:
            if pile not in ids:
                raise MoveCodeError(f"{self!r} names pile {pile}, which this game does not have")
        if self.kind is MoveKind.PAIR:
            places = [(self.src, self.at[0])] + ([(self.dst, self.at[1])] if self.dst >= 0 else [])
            return "+".join(f"{ids[pile]}@{'top' if at == -1 else at}" for pile, at in places)
        count = f"x{self.count}" if self.count != 1 else ""
        return f"{ids[self.src]}>{ids[self.dst]}{count}"

    @classmethod
    def from_code(cls, text: str, where: "HasPileIds | HasLayout") -> "Move":
        """The move written as ``text`` by :meth:`code`; raises :class:`MoveCodeError` saying what is
        wrong with it.

        >>> from types import SimpleNamespace
        >>> freecell = SimpleNamespace(index={"cell2": 1, "column1": 8})
        >>> Move.from_code("column1>cell2", freecell) == Move.cards(8, 1)
        True
        >>> Move.from_code("r7c7@top+cell2@3", SimpleNamespace(index={"r7c7": 30, "cell2": 1}))
        Move(kind=<MoveKind.PAIR: 'pair'>, src=30, dst=1, count=2, at=(-1, 3))
        >>> Move.from_code("column1>column9", freecell)
        Traceback (most recent call last):
        ...
        voicegame.engine.moves.MoveCodeError: 'column1>column9': there is no pile 'column9' in this game
        >>> Move.from_code("column1 to cell2", freecell)
        Traceback (most recent call last):
        ...
        voicegame.engine.moves.MoveCodeError: 'column1 to cell2': not a move code (deal, SRC>DST, SRC>DSTxN, PILE@AT or PILE@AT+PILE@AT)
        """
        index = _pile_index(where)
        code = text.strip()

        def pile(name: str) -> int:
            if name not in index:
                raise MoveCodeError(f"{text!r}: there is no pile {name!r} in this game")
            return index[name]

        if code == "deal":
            return cls.deal()
        if ">" in code:
            match = _MOVE_CODE.fullmatch(code)
            if match is None:
                raise MoveCodeError(f"{text!r}: a move is written SRC>DST or SRC>DSTxN")
            dst, count = match["dst"], match["count"]
            if count is not None and dst + "x" + count in index:  # a pile id that ends in x and digits
                dst, count = dst + "x" + count, None
            number = int(count) if count is not None else 1
            if not 1 <= number <= 104:
                raise MoveCodeError(f"{text!r}: the count must be from 1 to 104")
            return cls.cards(pile(match["src"]), pile(dst), number)
        places = code.split("+")
        if len(places) > 2 or not all(_PLACE_CODE.fullmatch(p) for p in places):
            raise MoveCodeError(f"{text!r}: not a move code (deal, SRC>DST, SRC>DSTxN, PILE@AT or PILE@AT+PILE@AT)")
        found = []
        for place in places:
            name, at = place.rsplit("@", 1)
            found.append((pile(name), -1 if at == "top" else int(at)))
        return cls.pair(found[0], found[1] if len(found) == 2 else None)


CODE_GRAMMAR = """
deal                      use the stock (draw, deal a row, or turn the waste over)
SRC>DST                   one card from pile SRC onto pile DST          pile7>pile5
SRC>DSTxN                 N cards (a run) from SRC onto DST             pile7>pile5x3
PILE@AT                   the card at AT removed alone (a Treize king)  r7c1@top
PILE@AT+PILE@AT           two cards removed together                    r6c2@3+waste@top
AT is the card's place from the bottom of its pile (0 the bottom card) or "top". Piles are named by
their ids (PileSpec.id), never by index, so a code does not depend on the order of the piles.
"""
"""The text form of a move (:meth:`Move.code`, :meth:`Move.from_code`)."""

_MOVE_CODE = re.compile(r"(?P<src>[^>@+\s]+)>(?P<dst>[^>@+\s]+?)(?:x(?P<count>[0-9]+))?")
_PLACE_CODE = re.compile(r"[^>@+\s]+@(top|[0-9]{1,3})")


class MoveCodeError(ValueError):
    """Text that is not a move code of this game (the message says why, for the developer)."""


class HasPileIds(Protocol):
    """A game's layout: pile ids to indices (``engine.game.Layout``)."""

    @property
    def index(self) -> dict[str, int]: ...


class HasLayout(Protocol):
    """A game or an engine: anything with a ``layout``."""

    @property
    def layout(self) -> HasPileIds: ...


def _pile_index(where: HasPileIds | HasLayout) -> dict[str, int]:
    layout = where.layout if hasattr(where, "layout") else where
    return layout.index


def _pile_ids(where: HasPileIds | HasLayout) -> dict[int, str]:
    return {i: name for name, i in _pile_index(where).items()}


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
