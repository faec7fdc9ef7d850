"""The session's parts, and what the intents' handlers may use of them.

:class:`SessionCore` holds the three parts of a session: the game in play
(:mod:`voicegame.play.game_in_play`), the dialogue, what is open between turns
(:mod:`voicegame.play.dialogue`), and the services, hints and autosave (:mod:`voicegame.play.services`);
and the few steps every handler shares: say a message, play a move, ask before throwing a game away.
:class:`voicegame.play.session.Session` adds the turn: understanding what was said and dispatching it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Generic, TypeVar, overload

from voicegame.engine import Engine, History, IllegalMove, Move, State, Won
from voicegame.engine.game import GameDef
from voicegame.games import GameEntry, find_game
from voicegame.language.narrate import Narrator
from voicegame.language.parse import Parser
from voicegame.language.resolve import Ask, Play, Refuse, Resolver
from voicegame.listen.match import MoveMatcher
from voicegame.play.dialogue import Dialogue
from voicegame.play.game_in_play import GameInPlay
from voicegame.play.reply import Reply
from voicegame.play.words import DealWords
from voicegame.play.services import WINNABLE_AGAIN, Autosave, Hinting
from voicegame.solver.hints import HINT_SECONDS, HintService
from voicegame.storage.autosave import Offer, Persistence


T = TypeVar("T")


class _Part(Generic[T]):
    """An attribute of one of the session's parts, read and written through the session (so that
    ``session.history`` or ``session.question`` keep working for callers and tests)."""

    def __init__(self, part: str, name: str = "") -> None:
        self.part = part
        self.name = name  # the part's attribute; by default the session's name for it

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = self.name or name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> "_Part[T]": ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...
    def __get__(self, obj: object | None, owner: type | None = None) -> "T | _Part[T]":
        if obj is None:
            return self
        value: T = getattr(getattr(obj, self.part), self.name)
        return value

    def __set__(self, obj: object, value: T) -> None:
        setattr(getattr(obj, self.part), self.name, value)


@dataclass(frozen=True)
class Progress:
    """Where the game stands, to compare before and after a turn (the kiosk counts games with it):
    ``game`` changes with every new deal (restarted or resumed too)."""

    game: int
    moves: int
    recorded: bool


class SessionCore:
    """The session's parts and what the intents' handlers use of them (see :class:`Session`)."""

    # The game in play (a new one for every deal).
    entry: _Part[GameEntry] = _Part("played")
    game: _Part[GameDef] = _Part("played")
    options: _Part[dict[str, Any]] = _Part("played")
    seed: _Part[int] = _Part("played")
    engine: _Part[Engine] = _Part("played")
    history: _Part[History] = _Part("played")
    game_id: _Part[str] = _Part("played")  # this game's id in saves and statistics
    started: _Part[str] = _Part("played")
    seconds: _Part[float] = _Part("played")
    recorded: _Part[bool] = _Part("played")
    finished: _Part[bool] = _Part("played")
    # The words of this deal.
    narrator: _Part[Narrator] = _Part("words")
    parser: _Part[Parser] = _Part("words")
    resolver: _Part[Resolver] = _Part("words")
    move_matcher: _Part[MoveMatcher] = _Part("words")
    # The dialogue: what is open between turns.
    offer: _Part[Offer | None] = _Part("dialogue")
    unclear_answers: _Part[int] = _Part("dialogue")
    pending: _Part[Callable[[Reply], None] | None] = _Part("dialogue")
    pending_no: _Part[str] = _Part("dialogue")
    question: _Part[Ask | None] = _Part("dialogue")
    hinted: _Part[Move | None] = _Part("dialogue")
    told_yes_plays_hint: _Part[bool] = _Part("dialogue")
    last_sentences: _Part[list[str]] = _Part("dialogue")
    # Hints for this deal.
    hint_index: _Part[int] = _Part("hinting", "index")
    hinted_at: _Part[dict[tuple, set[int]]] = _Part("hinting", "asked_at")

    # Search budgets: whichever runs out first ends the search (None: no limit). A player gets an
    # answer within about a second (hint) or a few (winnable); tests count positions only, so a
    # busy machine gives them the same answers (tests/conftest.py).
    hint_seconds: float | None = HINT_SECONDS
    hint_nodes: int | None = 4000
    winnable_seconds: float | None = 3.0
    winnable_nodes: int | None = None
    WINNABLE_AGAIN = WINNABLE_AGAIN

    def __init__(self, entry: GameEntry | str = "klondike", options: dict[str, Any] | None = None, seed: int | None = None,
                 verbose: bool = False, persistence: Persistence | None = None) -> None:
        self.verbose = verbose
        self.persistence = persistence
        self.autosave = Autosave(persistence)
        self.dialogue = Dialogue()
        self.speech_settings: list[str] = []  # "faster", "louder"...: for the speaker to apply
        self.auto_play = False  # "auto on": play every safe card up after each move
        self.auto_running = False  # inside an auto-play round: its own moves do not start another
        self.announcements: list[str] = []  # said once after the greeting (e.g. deals skipped by --winnable)
        self.by_ear = False  # inside hear(): moves are said back in full, in case the recogniser misheard
        self.asleep = False  # "go to sleep": nothing but "wake up" is acted on until then
        self.deals = 0  # deals started (Progress.game)
        self.start_game(find_game(entry) if isinstance(entry, str) else entry, options or {}, seed)

    # ----- game lifecycle ---------------------------------------------------------------
    def start_game(self, entry: GameEntry, options: dict[str, Any], seed: int | None, game_id: str | None = None) -> None:
        """Deal ``seed`` (None: at random) of ``entry``; ``game_id`` (the same game again, restarted or
        resumed) keeps the save's id. The game left counts as lost if unfinished, and is kept."""
        played = getattr(self, "played", None)
        if played is not None and self.persistence is not None and played.history.cursor:
            self.persistence.leave(self, count_loss=not played.recorded, keep=game_id != played.game_id)
        self.played = GameInPlay(entry, options, seed, game_id)
        self.deals += 1
        self.words = DealWords(self.engine, self.verbose)
        self.dialogue.question = self.dialogue.hinted = None
        self.hinting = Hinting(self.played, self.hint_seconds, self.hint_nodes)

    @property
    def state(self) -> State:
        return self.played.state

    @property
    def hints(self) -> HintService:
        return self.hinting.service

    def say(self, key: str, **params: object) -> str:
        """Message ``key`` of grammars/en/messages.toml, in words."""
        return self.narrator.say(key, **params)

    def moves_made(self) -> str:
        return self.say("moves_made", count=self.history.cursor)

    def in_progress(self) -> bool:
        """Moves made, and the game neither won nor out of moves: leaving it would lose something."""
        return self.played.in_progress()

    def is_over(self) -> bool:
        """Won, or no move left: the kiosk offers a new game."""
        return self.played.is_over()

    def progress(self) -> Progress:
        return Progress(self.deals, self.history.cursor, self.recorded)

    def greeting(self) -> Reply:
        reply = Reply("", sentences=[self.say("greeting", title=self.game.title), *self.announcements], earcons=["listening"])
        self.dialogue.last_sentences = reply.sentences
        return reply

    def state_json(self) -> dict[str, Any]:
        """The full position in the trace/README schema."""
        return self.played.state_json()

    # ----- one turn ---------------------------------------------------------------------------
    # ----- acting on the game -----------------------------------------------------------------
    def resolve_and_play(self, reply: Reply, resolution: Play | Ask | Refuse, previous: Ask | None = None) -> None:
        if isinstance(resolution, Play):
            self.play(reply, resolution.move)
        elif isinstance(resolution, Ask):
            self.dialogue.question = resolution
            reply.ask(self.narrator.question(resolution))
        else:
            if previous is not None and resolution.reason.key == "not_a_choice":
                self.dialogue.question = previous  # a wrong answer keeps the question open
            reply.refuse(self.narrator.refusal(resolution))

    def play(self, reply: Reply, move: Move) -> None:
        """Play ``move`` and say what happened, or why it cannot be played."""
        try:
            before, events = self.played.play(move)
        except IllegalMove as error:
            return reply.refuse(self.narrator.reason(error.reason))
        after = self.state
        won = any(isinstance(e, Won) for e in events)
        self.hinting.index = 0
        reply.moves.append(move)
        said = None if self.by_ear else reply.command  # heard speech is said back: a mishearing must be noticed
        reply.sentences.extend(self.narrator.narration.events(before, events, after, said))
        reply.earcons.extend(self.played.earcons(events))
        if not won and self.engine.is_stuck(after):
            reply.sentences.append(self.say("stuck"))
            reply.earcons.append("game_over")
        if self.auto_play and not self.auto_running:
            self.auto_up(reply)

    def auto_up(self, reply: Reply) -> int:
        """Play every card that can safely go up, one move each (so undo takes back one)."""
        count, start, said = 0, self.state, len(reply.sentences)
        self.auto_running = True
        try:
            while (move := self.played.safe_move_up()) is not None:
                self.play(reply, move)
                count += 1
        finally:
            self.auto_running = False
        if count > 1 and not self.finished:  # a cascade is one sentence, then what it uncovered
            stuck = reply.sentences[-1:] if reply.sentences[-1] == self.say("stuck") else []
            reply.sentences[said:] = self.narrator.narration.auto_played(start, self.state, count) + stuck
        return count

    def confirm_first(self, reply: Reply, action: Callable[[Reply], None], question: str) -> None:
        """Do ``action`` at once when nothing would be lost, else ask and wait for "yes" (as lichess
        does for resigning): a "new game" misheard from other talk must not throw a game away."""
        if not self.in_progress():
            return action(reply)
        self.dialogue.wait_for_yes(action)
        reply.ask(question)

