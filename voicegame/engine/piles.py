"""Pile values (what is on a pile) and pile specifications (what a pile is)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from voicegame.engine.cards import Card, Suit

if TYPE_CHECKING:
    from voicegame.engine.rules import Accepts, Takes


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


@dataclass(frozen=True)
class PileSpec:
    """What a pile is: its id, kind, spoken names and rule objects.

    ``names`` are the ways to say the pile, canonical first ("pile three").
    ``accepts`` says what the player may put on it (None: nothing);
    ``takes`` says what the player may take from it (None: nothing).
    """

    id: str
    kind: PileKind
    names: tuple[str, ...]
    accepts: "Accepts | None" = None
    takes: "Takes | None" = None
    number: int | None = None
    suit: Suit | None = None
    auto_turn: bool = False
    group: str = ""

    @property
    def name(self) -> str:
        return self.names[0]
