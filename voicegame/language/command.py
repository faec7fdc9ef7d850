"""What the player asked for, as small immutable values."""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine.cards import Card, Rank, Suit
from voicegame.engine.piles import PileKind


@dataclass(frozen=True)
class CardRef:
    """A card as spoken: a rank, and a suit unless the player left it out ("the seven")."""

    rank: Rank
    suit: Suit | None = None

    def matches(self, card: Card) -> bool:
        return card.rank == self.rank and (self.suit is None or card.suit is self.suit)

    @property
    def spoken(self) -> str:
        if self.suit is not None and self.rank is Rank.JOKER:
            return Card(self.rank, self.suit).spoken  # "red joker"
        return self.rank.spoken if self.suit is None else f"{self.rank.spoken} of {self.suit.value}"

    def to_json(self) -> dict[str, object]:
        return {"card": self.spoken}


@dataclass(frozen=True)
class PileRef:
    """One pile of the current game, by id ("pile3", "clubs", "waste")."""

    pile_id: str
    top: bool = False
    """Only its top card ("the top card of column two"), however long the run under it."""

    def to_json(self) -> dict[str, object]:
        return {"pile": self.pile_id}


@dataclass(frozen=True)
class KindRef:
    """Every pile of one kind ("to the foundation")."""

    kind: PileKind

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind.value}


@dataclass(frozen=True)
class GroupRef:
    """A named group of piles of the current game ("row two")."""

    group: str

    def to_json(self) -> dict[str, object]:
        return {"group": self.group}


Place = CardRef | PileRef | KindRef | GroupRef


@dataclass(frozen=True)
class Command:
    """A parsed command: an intent and the values its phrase carried."""

    intent: str
    source: Place | None = None
    target: Place | None = None
    number: int | None = None
    suit: Suit | None = None
    game: str | None = None
    name: str | None = None
    """A place this game does not have, as it was said ("column nine": intent ``no_such_place``)."""

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"intent": self.intent}
        if self.source is not None:
            out["source"] = self.source.to_json()
        if self.target is not None:
            out["target"] = self.target.to_json()
        if self.number is not None:
            out["number"] = self.number
        if self.suit is not None:
            out["suit"] = self.suit.value
        if self.game is not None:
            out["game"] = self.game
        if self.name is not None:
            out["name"] = self.name
        return out
