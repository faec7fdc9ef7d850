"""The session's parts, and what the intents' handlers may use of them.

:class:`SessionCore` holds the parts of a session: ``played``, the game in play
(:mod:`voicegame.play.game_in_play`); ``words``, the deal's narrator, parser, resolver and move matcher
(:mod:`voicegame.play.words`); ``dialogue``, what is open between turns (:mod:`voicegame.play.dialogue`);
and the services, ``hinting`` and ``autosave`` (:mod:`voicegame.play.services`); and the few steps every
handler shares: say a message, play a move, ask before throwing a game away. Handlers go to the part
that holds what they use (``s.played.history``, ``s.dialogue.question``, ``s.words.narrator``).
:class:`voicegame.play.session.Session` adds the turn: understanding what was said and dispatching it,
and, for callers outside play/, the parts' attributes read through the session (:class:`PartAttribute`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Generic, TypeVar, overload

from voicegame.engine import IllegalMove, Move, State, Won
from voicegame.games import GameEntry, find_game
from voicegame.language.game_titles import played_title
from voicegame.language.resolve import Ask, Play, Refuse
from voicegame.play.dialogue import Dialogue
from voicegame.play.game_in_play import GameInPlay
from voicegame.play.reply import Reply
from voicegame.play.words import DealWords
from voicegame.play.services import WINNABLE_AGAIN, Autosave, Hinting
from voicegame.solver.hints import HINT_SECONDS, HintService
from voicegame.storage.autosave import Persistence


T = TypeVar("T")


class PartAttribute(Generic[T]):
    """An attribute of one of the session's parts, read and written through the session (so that
    ``session.history`` or ``session.question`` keep working for the cli, benches and tests)."""

    def __init__(self, part: str, name: str = "") -> None:
        self.part = part
        self.name = name  # the part's attribute; by default the session's name for it

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = self.name or name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> "PartAttribute[T]": ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...
    def __get__(self, obj: object | None, owner: type | None = None) -> "T | PartAttribute[T]":
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
            self.persistence.leave(played, count_loss=not played.recorded, keep=game_id != played.game_id)
        self.played = GameInPlay(entry, options, seed, game_id)
        self.deals += 1
        self.words = DealWords(self.played.engine, self.verbose)
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
        return self.words.narrator.say(key, **params)

    def moves_made(self) -> str:
        return self.say("moves_made", count=self.played.history.cursor)

    def in_progress(self) -> bool:
        """Moves made, and the game neither won nor out of moves: leaving it would lose something."""
        return self.played.in_progress()

    def is_over(self) -> bool:
        """Won, or no move left: the kiosk offers a new game."""
        return self.played.is_over()

    def progress(self) -> Progress:
        return Progress(self.deals, self.played.history.cursor, self.played.recorded)

    def greeting(self) -> Reply:
        title = played_title(self.played.game.key, self.played.options, self.words.narrator.messages)
        reply = Reply("", sentences=[self.say("greeting", title=title), *self.announcements], earcons=["listening"])
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
            reply.ask(self.words.narrator.question(resolution))
        else:
            if previous is not None and resolution.reason.key == "not_a_choice":
                self.dialogue.question = previous  # a wrong answer keeps the question open
            reply.refuse(self.words.narrator.refusal(resolution))

    def play(self, reply: Reply, move: Move) -> None:
        """Play ``move`` and say what happened, or why it cannot be played."""
        try:
            before, events = self.played.play(move)
        except IllegalMove as error:
            return reply.refuse(self.words.narrator.reason(error.reason))
        after = self.state
        won = any(isinstance(e, Won) for e in events)
        self.hinting.index = 0
        reply.moves.append(move)
        said = None if self.by_ear else reply.command  # heard speech is said back: a mishearing must be noticed
        reply.sentences.extend(self.words.narrator.narration.events(before, events, after, said))
        reply.earcons.extend(self.played.earcons(events))
        if not won and self.played.engine.is_stuck(after):
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
        if count > 1 and not self.played.finished:  # a cascade is one sentence, then what it uncovered
            stuck = reply.sentences[-1:] if reply.sentences[-1] == self.say("stuck") else []
            reply.sentences[said:] = self.words.narrator.narration.auto_played(start, self.state, count) + stuck
        return count

    def confirm_first(self, reply: Reply, action: Callable[[Reply], None], question: str) -> None:
        """Do ``action`` at once when nothing would be lost, else ask and wait for "yes" (as lichess
        does for resigning): a "new game" misheard from other talk must not throw a game away."""
        if not self.in_progress():
            return action(reply)
        self.dialogue.wait_for_yes(action)
        reply.ask(question)

