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

    ``hidden``: positions (from the bottom, above ``down``, ascending) of face-down cards that
    lie on face-up ones (Athena deals rows face down and face up in turn). Empty for most
    games, so their piles, keys and saves are unchanged. Only the cards above the highest
    face-down card can be taken (:attr:`up_count`, :attr:`face_up`); a face-down top card
    turns up by :meth:`turned_up` as a bottom one does.

    >>> mixed = Pile(tuple(Card.from_code(c) for c in ("KS", "7H", "2C", "9D")), down=1, hidden=(2,))
    >>> mixed.face_up, mixed.down_count, [mixed.shows(j) for j in range(4)]
    ((Card.from_code('9D'),), 2, [False, True, False, True])
    >>> mixed.without_top(1).top_face_up, mixed.without_top(1).turned_up()
    (False, Pile(cards=(Card.from_code('KS'), Card.from_code('7H'), Card.from_code('2C')), down=1, hidden=()))
    """

    cards: tuple[Card, ...] = ()
    down: int = 0
    hidden: tuple[int, ...] = ()

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def top(self) -> Card | None:
        return self.cards[-1] if self.cards else None

    @property
    def top_face_up(self) -> bool:
        n = len(self.cards)
        return bool(self.cards) and self.down < n and not (self.hidden and self.hidden[-1] == n - 1)

    @property
    def face_up(self) -> tuple[Card, ...]:
        """The face-up cards above every face-down one (all face-up cards when nothing is ``hidden``)."""
        return self.cards[len(self.cards) - self.up_count :]

    @property
    def up_count(self) -> int:
        return len(self.cards) - (self.hidden[-1] + 1 if self.hidden else self.down)

    @property
    def down_count(self) -> int:
        """How many cards of the pile are face down (at the bottom and ``hidden``)."""
        return self.down + len(self.hidden)

    @property
    def face_key(self) -> int:
        """``down``, plus one bit per ``hidden`` position above the low byte: which cards are face down
        as one int that position keys can hold and sort (just ``down`` when nothing is hidden)."""
        if not self.hidden:
            return self.down
        return self.down + sum(1 << (8 + p) for p in self.hidden)

    def shows(self, position: int) -> bool:
        """True when the card at ``position`` (from the bottom) is face up."""
        return position >= self.down and position not in self.hidden

    def without_top(self, count: int) -> "Pile":
        keep = len(self.cards) - count
        if self.hidden:
            return Pile(self.cards[:keep], min(self.down, keep), tuple(p for p in self.hidden if p < keep))
        return Pile(self.cards[:keep], min(self.down, keep))

    def with_added(self, cards: tuple[Card, ...], face_down: bool = False) -> "Pile":
        if face_down:
            if self.up_count:
                raise ValueError("cannot put face-down cards on face-up ones")
            return Pile(self.cards + cards, self.down + len(cards))
        return Pile(self.cards + cards, self.down, self.hidden)

    def turned_up(self) -> "Pile":
        """The top card turned face up (no change if it already is)."""
        if self.hidden and self.hidden[-1] == len(self.cards) - 1:
            return Pile(self.cards, self.down, self.hidden[:-1])
        if self.cards and self.down == len(self.cards):
            return Pile(self.cards, self.down - 1)
        return self
