"""The words of one deal: how its commands are parsed, resolved to moves and matched when heard, and
how its events are said."""

from __future__ import annotations

from voicegame.engine import Engine
from voicegame.games import GAMES
from voicegame.language.narrate import Narrator
from voicegame.language.parse import Parser
from voicegame.language.resolve import Resolver
from voicegame.listen.match import MoveMatcher


class DealWords:
    """The parser, resolver, narrator and heard-move matcher of one deal of ``engine``'s game."""

    def __init__(self, engine: Engine, verbose: bool) -> None:
        self.engine = engine
        self.narrator = Narrator(engine, verbose=verbose)
        self.parser = Parser(engine.game, game_names={name: g.key for g in GAMES for name in (g.title, *g.aliases)})
        self.resolver = Resolver(engine, self.narrator)
        self._move_matcher: MoveMatcher | None = None

    @property
    def move_matcher(self) -> MoveMatcher:
        """The legal-move matcher (built when first needed: only heard speech uses it)."""
        if self._move_matcher is None:
            self._move_matcher = MoveMatcher(self.parser, self.engine)
        return self._move_matcher
