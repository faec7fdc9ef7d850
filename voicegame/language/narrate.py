"""What to say: events, reasons, readings and the resolver's answers turned into short sentences.

Every sentence comes from a template in ``grammars/<lang>/messages.toml``. Brief by default;
``verbose`` adds counts the player can also ask for. The work is split by job:

- :mod:`voicegame.language.messages`: templates filled in (sentences and phrases);
- :mod:`voicegame.language.phrasing`: how a move is said;
- :mod:`voicegame.language.readings`: reading piles, groups, cells, foundations, counts;
- :mod:`voicegame.language.board`: the board in brief and page by page;
- :mod:`voicegame.language.events`: what a move did;
- this module: the :class:`Narrator` that does all of it for one game, and says resolutions.
"""

from __future__ import annotations

from voicegame.engine import Engine
from voicegame.language.board import BoardSummary
from voicegame.language.events import EventNarration
from voicegame.language.lexicon import Language
from voicegame.language.messages import SINGULAR, MissingMessage, join, spoken_value, with_article
from voicegame.language.resolve import Ask, Refuse

__all__ = ["Narrator", "MissingMessage", "SINGULAR", "join", "spoken_value", "with_article"]
"""Besides the narrator, what other modules took from here before the split (language/messages.py has them)."""


class Narrator(EventNarration, BoardSummary):
    """Turns game facts into sentences for one game."""

    def __init__(self, engine: Engine, language: Language | None = None, verbose: bool = False) -> None:
        super().__init__(engine, language)
        self.verbose = verbose

    def question(self, ask: Ask) -> str:
        """The question the resolver asks ("Which seven: hearts or spades?")."""
        return self.say(ask.key, options=join(ask.labels), **ask.params)

    def refusal(self, refuse: Refuse) -> str:
        """Why nothing was played, in one sentence (a wrong answer repeats the open question)."""
        params = {k: self.question(v) if isinstance(v, Ask) else v for k, v in refuse.reason.params.items()}
        return self.say(refuse.reason.key, **params)
