"""Cards, decks and seeded, reproducible deals.

A deal must be the same on every machine and every version of Python, so the
shuffle does not use :mod:`random`. The algorithm, fixed forever:

1. The unshuffled deck is ``decks`` copies of the 52 cards, each copy in the
   order clubs, diamonds, hearts, spades, and within a suit ace to king; a deck
   with jokers (Thieves) has them after, the red joker first.
2. A SplitMix64 generator (Steele, Lea and Flood, 2014) is seeded with the
   seed as an unsigned 64-bit integer.
3. Fisher-Yates from the last position down: for ``i`` from ``n-1`` to ``1``
   draw ``j`` uniformly in ``0..i`` and swap positions ``i`` and ``j``.
   ``j`` is drawn without bias by rejection: take the next 64-bit output
   ``x``; reject it while ``x >= 2**64 - (2**64 % (i+1))``; then
   ``j = x % (i+1)``.
4. Position 0 of the result is the first card dealt.

>>> card = Card.from_code("TC")
>>> card.spoken, card.code, card.colour.value
('ten of clubs', 'TC', 'black')
>>> Card(Rank.SEVEN, Suit.HEARTS)
Card.from_code('7H')
>>> len(new_deck(2)), new_deck()[0], new_deck()[-1]
(104, Card.from_code('AC'), Card.from_code('KS'))
>>> [c.code for c in seeded_deck(1)[:4]]  # the same on every machine, forever
['7D', '9C', '4D', '8H']
>>> Card.from_code("RJ").spoken, [c.code for c in new_deck(jokers=2)[-3:]]
('red joker', ['KS', 'RJ', 'BJ'])
>>> shuffled([1, 2, 3, 4, 5], 7)
[5, 2, 4, 1, 3]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import Iterator, TypeVar

MASK64 = (1 << 64) - 1


class Colour(Enum):
    BLACK = "black"
    RED = "red"


class Suit(Enum):
    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"

    @property
    def colour(self) -> Colour:
        return Colour.RED if self in (Suit.DIAMONDS, Suit.HEARTS) else Colour.BLACK

    @property
    def singular(self) -> str:
        return self.value[:-1]


class Rank(IntEnum):
    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    JOKER = 14
    """Not a rank of the 52: only in decks dealt with jokers (``new_deck(jokers=...)``), and left out
    of :data:`RANKS`; rules treat it only where a game says so (:mod:`voicegame.engine.jokers`)."""

    @property
    def spoken(self) -> str:
        return self.name.lower()


SUITS: tuple[Suit, ...] = tuple(Suit)
SUIT_COLOURS = {suit: suit.colour for suit in Suit}
RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r is not Rank.JOKER)
"""The thirteen ranks of a suit, ace to king (never the joker)."""
JOKER_SUITS: dict[Colour, Suit] = {Colour.RED: Suit.HEARTS, Colour.BLACK: Suit.SPADES}
"""A joker has no suit; it carries one of its colour only so that it is a :class:`Card` like any
other (the red joker hearts, the black joker spades). Nothing reads a joker's suit as a suit."""


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card. Two decks hold equal cards; piles tell them apart."""

    rank: Rank
    suit: Suit
    colour: Colour = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "colour", SUIT_COLOURS[self.suit])

    @property
    def is_joker(self) -> bool:
        return self.rank is Rank.JOKER

    @property
    def spoken(self) -> str:
        """The card's one canonical spoken name, e.g. "seven of hearts", "red joker"."""
        if self.rank is Rank.JOKER:
            return f"{self.colour.value} joker"
        return f"{self.rank.spoken} of {self.suit.value}"

    @property
    def code(self) -> str:
        """Short text form used in traces and saves: "7H", "TC", "AS", "KD"; jokers "RJ", "BJ"."""
        if self.rank is Rank.JOKER:
            return self.colour.value[0].upper() + "J"
        return RANK_CODES[self.rank] + self.suit.value[0].upper()

    @classmethod
    def from_code(cls, code: str) -> "Card":
        code = code.strip().upper()
        if code in JOKER_CODES:
            return joker(JOKER_CODES[code])
        if len(code) != 2 or code[0] not in CODE_RANKS or code[1] not in "CDHS":
            raise ValueError(f"not a card code: {code!r}")
        suit = next(s for s in Suit if s.value[0].upper() == code[1])
        return cls(CODE_RANKS[code[0]], suit)

    def __str__(self) -> str:
        return self.spoken

    def __repr__(self) -> str:
        return f"Card.from_code({self.code!r})"


RANK_CODES = {r: "A23456789TJQK"[r - 1] for r in RANKS}
CODE_RANKS = {v: k for k, v in RANK_CODES.items()}
JOKER_CODES = {"RJ": Colour.RED, "BJ": Colour.BLACK}


def joker(colour: Colour) -> Card:
    """The red or the black joker."""
    return Card(Rank.JOKER, JOKER_SUITS[colour])


JOKERS: tuple[Card, ...] = (joker(Colour.RED), joker(Colour.BLACK))
"""The two jokers of a joker deck, in the order they follow the 52 cards."""


def new_deck(decks: int = 1, jokers: int = 0) -> list[Card]:
    """``decks`` copies of the 52 cards in the documented unshuffled order, then ``jokers`` jokers
    (red, black, red...); ``jokers=0`` (every standard deck) adds nothing."""
    cards = [Card(rank, suit) for _ in range(decks) for suit in SUITS for rank in RANKS]
    return cards + [JOKERS[i % 2] for i in range(jokers)]


class SplitMix64:
    """The SplitMix64 generator: tiny, fast, and fully specified."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A uniform integer in ``0..bound-1`` (rejection sampling, no bias)."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            x = self.next64()
            if x < limit:
                return x % bound


T = TypeVar("T")


def shuffled(cards: list[T], seed: int) -> list[T]:
    """A new list: ``cards`` shuffled by the documented Fisher-Yates."""
    result = list(cards)
    rng = SplitMix64(seed)
    for i in range(len(result) - 1, 0, -1):
        j = rng.below(i + 1)
        result[i], result[j] = result[j], result[i]
    return result


def seeded_deck(seed: int, decks: int = 1, jokers: int = 0) -> list[Card]:
    """The deal order for ``seed``: first element is dealt first (with ``jokers`` after the decks
    before shuffling; without, the same deals as ever)."""
    return shuffled(new_deck(decks, jokers), seed)


def iter_cards(decks: int = 1) -> Iterator[Card]:
    return iter(new_deck(decks))
