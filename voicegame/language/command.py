"""What the player asked for, as small immutable values."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

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


class Intent(StrEnum):
    """What a :class:`Command` asks for: the intents of grammars/<lang>/commands.toml as the parser
    makes them (it folds "seven up", "play the seven", "fill row two", "discard the seven" into
    ``MOVE`` and "the one on pile three" into ``ANSWER``), ``CHOOSE`` for an ordinal ("the second") and
    ``NO_SUCH_PLACE`` for typed text naming a place this game lacks (voicegame.language.typed). Each has
    its handler in voicegame.play.intents ``INTENTS`` (tests/test_session.py checks the three agree).
    A command's ``intent`` is one of these values: compare it with them, never with written names."""

    ABOUT_GAME = "about_game"
    ALL_COMMANDS = "all_commands"
    ANSWER = "answer"
    AUTO = "auto"
    AUTO_OFF = "auto_off"
    AUTO_ON = "auto_on"
    BRIEF = "brief"
    CANCEL = "cancel"
    CHOOSE = "choose"
    COUNT = "count"
    DISCARD_ALL = "discard_all"
    DRAW = "draw"
    FASTER = "faster"
    HELP = "help"
    HINT = "hint"
    LAST_MOVE = "last_move"
    LIST_GAMES = "list_games"
    LOUDER = "louder"
    MORE = "more"
    MOVE = "move"
    MOVES = "moves"
    NEW_GAME = "new_game"
    NO = "no"
    NO_SUCH_PLACE = "no_such_place"
    PAIR = "pair"
    PILE_RULES = "pile_rules"
    PREVIOUS_GAME = "previous_game"
    QUIETER = "quieter"
    QUIT = "quit"
    READ = "read"
    READ_BOARD = "read_board"
    READ_CELLS = "read_cells"
    READ_FOUNDATIONS = "read_foundations"
    READ_FREE = "read_free"
    READ_GROUP = "read_group"
    REDEALS_LEFT = "redeals_left"
    REDO = "redo"
    REPEAT = "repeat"
    RESTART = "restart"
    SCORE = "score"
    SLEEP = "sleep"
    SLOWER = "slower"
    STATISTICS = "statistics"
    SWITCH_GAME = "switch_game"
    UNDO = "undo"
    VERBOSE = "verbose"
    WAKE = "wake"
    WHAT_CAN_I_SAY = "what_can_i_say"
    WHERE = "where"
    WINNABLE = "winnable"
    YES = "yes"


YES_NO_CANCEL = frozenset({Intent.YES, Intent.NO, Intent.CANCEL})
"""The answers to a question waiting for "yes" ("Draw?") and to a hint ("yes" plays it, "no" declines it)."""


@dataclass(frozen=True)
class Command:
    """A parsed command: an intent and the values its phrase carried."""

    intent: str
    """An :class:`Intent`'s value."""
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
