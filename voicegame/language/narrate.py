"""What to say: events, reasons, readings and the resolver's answers turned into short sentences.

Every sentence comes from a template in ``grammars/<lang>/messages.toml``. Brief by default;
``verbose`` adds counts the player can also ask for. The work is split by job, each part holding
the ones it uses (none inherits another):

- :mod:`voicegame.language.messages`: templates filled in (sentences and phrases), held by every part;
- :mod:`voicegame.language.phrasing`: how a move is said;
- :mod:`voicegame.language.readings`: reading piles, groups, cells, foundations, counts;
- :mod:`voicegame.language.board`: the board in brief and page by page (readings and phrasing);
- :mod:`voicegame.language.events`: what a move did (readings and phrasing);
- this module: the :class:`Narrator` of one game, the phrasing of its moves that holds the other
  parts (``readings``, ``board``, ``narration``) and says resolutions.
"""

from __future__ import annotations

from typing import Iterable

from voicegame.engine import Engine, Event, Reason, State
from voicegame.language.board import BoardSummary
from voicegame.language.command import CardRef, Command
from voicegame.language.events import EventNarration
from voicegame.language.lexicon import Language
from voicegame.language.messages import SINGULAR, MissingMessage, join, spoken_value, with_article
from voicegame.language.phrasing import Phrasing
from voicegame.language.readings import Readings
from voicegame.language.resolve import Ask, Refuse

__all__ = ["Narrator", "MissingMessage", "SINGULAR", "join", "spoken_value", "with_article"]
"""Besides the narrator, what other modules took from here before the split (language/messages.py has them)."""


class Narrator(Phrasing):
    """One game's words: its moves (this class is their :class:`Phrasing`), and the parts that say
    the rest: ``readings`` (the table), ``board`` (the board in brief and by pages) and ``narration``
    (what a move did), all from one :class:`~voicegame.language.messages.Messages`."""

    def __init__(self, engine: Engine, language: Language | None = None, verbose: bool = False) -> None:
        super().__init__(engine, language)
        self.readings = Readings(engine, self.messages)
        self.board = BoardSummary(self.readings, self)
        self.narration = EventNarration(self.readings, self, verbose)

    @property
    def verbose(self) -> bool:
        """Say counts the player can also ask for ("verbose"; "brief" is the default)."""
        return self.narration.verbose

    @verbose.setter
    def verbose(self, value: bool) -> None:
        self.narration.verbose = value

    # ----- the messages: every sentence of the game -------------------------------------------------
    def say(self, key: str, /, **params: object) -> str:
        """Message ``key`` as a sentence (:meth:`Messages.say <voicegame.language.messages.Messages.say>`)."""
        return self.messages.say(key, **params)

    def phrase(self, key: str, /, **params: object) -> str:
        """Message ``key`` as a phrase to go inside a sentence."""
        return self.messages.phrase(key, **params)

    def reason(self, reason: Reason) -> str:
        """Why a move cannot be played, in one sentence."""
        return self.messages.reason(reason)

    # ----- the resolver's answers ------------------------------------------------------------------
    def question(self, ask: Ask) -> str:
        """The question the resolver asks ("Which seven: hearts or spades?")."""
        return self.say(ask.key, options=join(ask.labels), **ask.params)

    def refusal(self, refuse: Refuse) -> str:
        """Why nothing was played, in one sentence (a wrong answer repeats the open question)."""
        params = {k: self.question(v) if isinstance(v, Ask) else v for k, v in refuse.reason.params.items()}
        return self.say(refuse.reason.key, **params)

    # ----- kept here for the callers and tests that read the narrator alone -------------------------
    def events(self, before: State, events: Iterable[Event], after: State, said: Command | None = None) -> list[str]:
        """What a move did (:meth:`EventNarration.events <voicegame.language.events.EventNarration.events>`)."""
        return self.narration.events(before, events, after, said)

    def read_board(self, state: State) -> list[str]:
        return self.readings.read_board(state)

    def read_pile(self, state: State, index: int, full: bool = True) -> str:
        return self.readings.read_pile(state, index, full)

    def where(self, state: State, ref: CardRef) -> list[str]:
        return self.readings.where(state, ref)

    def is_gap(self, index: int) -> bool:
        return self.readings.is_gap(index)
