"""Pile values: what is on a pile, and the kinds of pile there are.

What a pile *is* (its id, names and rules) is a :class:`~voicegame.engine.rules.PileSpec`.

>>> from voicegame.engine.cards import Card
>>> pile = Pile((Card.from_code("KS"), Card.from_code("7H")), down=1)
>>> pile.top, pile.face_up, pile.up_count
(Card.from_code('7H'), (Card.from_code('7H'),), 1)
>>> pile.without_top(1).top_face_up  # the king is still face down
False
>>> pile.without_top(1).turned_up().face_up
(Card.from_code('KS'),)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from voicegame.engine.cards import Card


class PileKind(Enum):
    STOCK = "stock"
    WASTE = "waste"
    FOUNDATION = "foundation"
    TABLEAU = "tableau"
    RESERVE = "reserve"
    CELL = "cell"
    DISCARD = "discard"


@dataclass(frozen=True, slots=True)
class Pile:
    """The cards on one pile, bottom first. The lowest ``down`` cards are face down.

    Keeping face-down cards as a count at the bottom makes "face-down cards only
    under face-up ones" true by construction.
    """

    cards: tuple[Card, ...] = ()
    down: int = 0

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def top(self) -> Card | None:
        return self.cards[-1] if self.cards else None

    @property
    def top_face_up(self) -> bool:
        return bool(self.cards) and self.down < len(self.cards)

    @property
    def face_up(self) -> tuple[Card, ...]:
        return self.cards[self.down :]

    @property
    def up_count(self) -> int:
        return len(self.cards) - self.down

    def without_top(self, count: int) -> "Pile":
        keep = len(self.cards) - count
        return Pile(self.cards[:keep], min(self.down, keep))

    def with_added(self, cards: tuple[Card, ...], face_down: bool = False) -> "Pile":
        if face_down:
            if self.up_count:
                raise ValueError("cannot put face-down cards on face-up ones")
            return Pile(self.cards + cards, self.down + len(cards))
        return Pile(self.cards + cards, self.down)

    def turned_up(self) -> "Pile":
        """The top card turned face up (no change if it already is)."""
        if self.cards and self.down == len(self.cards):
            return Pile(self.cards, self.down - 1)
        return self
