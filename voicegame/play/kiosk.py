"""``voicegame kiosk``: solitaire on a screenless device, unattended for days, by voice only.

One :class:`Kiosk` wraps one :class:`~voicegame.play.session.Session` (which autosaves after every change
and keeps statistics) and a *listener* that yields utterances. Around the session it adds what an
unattended machine needs, and nothing here ever needs a keyboard:

- an optional wake phrase (config ``kiosk.wake_phrase``, default "solitaire"): "sleep" (or "quit")
  stops listening, and while asleep only the wake phrase is acted on ("solitaire", or "solitaire,
  draw" to wake and play at once). An empty wake phrase means always listening;
- after a win or a lost game (``session.finished`` or ``engine.is_stuck``) a new game is offered
  and dealt by itself after ``kiosk.new_game_seconds`` (also while asleep, silently);
- after ``kiosk.idle_invite_minutes`` without a word, one short invitation, at most that often
  (never while asleep: "sleep" means quiet);
- a lost audio device (the listener raises ``AudioError``, or anything else) is logged and retried
  with exponential back-off, capped at ``backoff_cap`` seconds; the kiosk never exits on its own.
  "quit" does not end the process either: it says goodbye and sleeps.

Time comes from a clock object and utterances from a listener (:mod:`voicegame.play.kiosk_input`), so
tests and the soak bench run days of kiosk time in seconds.

Logs go through :mod:`logging` to ``kiosk.log`` in the data folder (or ``--log-dir``), rotated by
size (:func:`setup_logging`).
"""

from __future__ import annotations

import argparse
import logging
import logging.handlers
import signal
import sys
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Iterator

from voicegame.audio.bounded_file import check_appendable, failure_words
from voicegame.audio.errors import AudioError, MicrophoneError
from voicegame.audio.grammar_spec import RecogniserGrammar
from voicegame.audio.recognisers import Heard, Recogniser, RecogniserRequest, TextRecogniser, kind_names, make_requested
from voicegame.engine import Reason
from voicegame.games import seed_number
from voicegame.language.command import Intent
from voicegame.language.sentences import sentence
from voicegame.play.kiosk_input import Clock, MicrophoneListener, SystemClock, TextListener
from voicegame.play.recogniser_choice import recogniser_request, requested_kind
from voicegame.play.reply import Reply
from voicegame.play.session import Progress, Session
from voicegame.play.turns import TurnRunner, Utterance, Voice

if TYPE_CHECKING:
    from voicegame.audio.output.speakers import Speaker

log = logging.getLogger("voicegame.play.kiosk")

FILLER = ("hey", "hi", "hello", "okay", "ok", "oh")  # may come before the wake phrase
LOG_NAME = "kiosk.log"


# ------------------------------------------------------------------------------------ kiosk
@dataclass
class KioskSettings:
    wake_phrase: str = "solitaire"
    idle_invite_minutes: float = 10
    new_game_seconds: float = 20
    backoff_first: float = 1.0  # seconds before the first retry of a lost device
    backoff_cap: float = 300.0  # never wait longer than this between retries
    max_listen: float = 60.0  # wake up at least this often to run the timers

    @classmethod
    def from_config(cls, config: Any) -> "KioskSettings":
        return cls(wake_phrase=" ".join(str(config["kiosk.wake_phrase"]).lower().split()),
                   idle_invite_minutes=config["kiosk.idle_invite_minutes"],
                   new_game_seconds=config["kiosk.new_game_seconds"])


@dataclass
class KioskCounters:
    """What a kiosk did, for logs, tests and the soak bench (counts only: nothing grows)."""

    turns: int = 0  # utterances acted on or ignored
    commands: int = 0  # given to the session
    games_started: int = 0  # new deals after the first (by voice or by the timer)
    wins: int = 0
    losses: int = 0  # games with moves left for a new one, stuck or not (the statistics count these)
    auto_new_games: int = 0
    invitations: int = 0
    sleeps: int = 0
    wakes: int = 0
    ignored_asleep: int = 0
    device_failures: int = 0
    recoveries: int = 0
    errors: int = 0  # unexpected exceptions caught (logged with their traceback)


class Kiosk:
    def __init__(self, session: Session, listener: Any, recogniser: Recogniser | None = None, speaker: Any = None,
                 earcons: Any = None, settings: KioskSettings | None = None, clock: Clock | None = None,
                 notes: Iterable[str] = ()) -> None:
        from voicegame.audio.output.earcons import EarconPlayer
        from voicegame.audio.output.speakers import PrintSpeaker

        self.session = session
        self.listener = listener
        self.recogniser = recogniser or TextRecogniser()
        self.speaker = speaker if speaker is not None else PrintSpeaker()
        self.earcons = earcons if earcons is not None else EarconPlayer(enabled=False)
        self.settings = settings or KioskSettings()
        self.clock: Clock = clock or SystemClock()
        self.notes = list(notes)
        self.voice = Voice(session, listener, self.speaker, self.earcons)
        listening = None if self.recogniser.name == "text" else self._listening_grammar
        self.turns = TurnRunner(session, self.recogniser, self.voice, listening, lambda problem: log.warning("%s", problem))
        self.counters = KioskCounters()
        self.stop_requested = False
        """Set by a signal handler (SIGTERM): the run ends after the step under way, even when the
        KeyboardInterrupt the handler raises was swallowed (raised while Python ran a weak reference's
        callback, it is only printed: a satellite once kept running after SIGTERM that way)."""
        self.awake = True
        self.failures = 0  # consecutive device failures
        self.over_since: float | None = None  # when the current game was won or lost
        self.last_activity = self.last_invite = self.clock.now()
        self._over_key: Progress | None = None
        self._over = False
        self._grammar: tuple[RecogniserGrammar | None, RecogniserGrammar | None] = (None, None)  # (session's, with the wake phrase)
        self.wake_words = tuple(self.settings.wake_phrase.split())

    # ----- speaking -----------------------------------------------------------------
    def say(self, key: str, **params: Any) -> str:
        said = self.session.say(key, **params)
        self.voice.say(said)
        return said

    def _answer(self, reply: Reply) -> None:
        self.voice.answer(reply)

    # ----- running ------------------------------------------------------------------
    def start(self) -> None:
        for note in self.notes:
            log.warning("%s", note)
            self.voice.say(note)
        greeting = self.session.greeting()
        log.info("kiosk started: %s, deal %s; wake phrase %r", self.session.game.title, self.session.seed,
                 self.settings.wake_phrase)
        self._answer(greeting)
        self.last_activity = self.last_invite = self.clock.now()
        self._check_over(announce=False)

    def run(self, max_turns: int | None = None, until: float | None = None) -> KioskCounters:
        """Greet, then listen and act until the listener ends (typed input only), ``max_turns``
        utterances or clock time ``until``. Never raises for a device or a player."""
        self.start()
        while not self.stop_requested and (max_turns is None or self.counters.turns < max_turns) \
                and (until is None or self.clock.now() < until):
            if not self.step():
                break
        log.info("kiosk stopped: %s", self.counters)
        return self.counters

    def step(self) -> bool:
        """One listen and what follows. False when the listener has no more input."""
        try:
            self.turns.set_grammar()
            item = self.listener.listen(self._listen_timeout())
        except EOFError:
            return False
        except AudioError as error:
            self._device_lost(error)
            self._tick()
            return True
        except Exception as error:  # a device library failing in an unexpected way
            log.exception("listener failed")
            self._device_lost(MicrophoneError(f"The microphone failed: {error}."))
            self._tick()
            return True
        if self.failures:
            self._device_back()
        if item is not None:
            self.counters.turns += 1
            try:
                self._act(self.turns.recognise(item), item)
            except Exception:  # the session promises not to raise; the kiosk makes sure
                self.counters.errors += 1
                log.exception("turn failed")
        self._tick()
        return True

    def _listen_timeout(self) -> float:
        now = self.clock.now()
        due = now + self.settings.max_listen
        if self.over_since is not None:
            due = min(due, self.over_since + self.settings.new_game_seconds)
        elif self.awake:
            due = min(due, self._invite_due())
        return max(0.0, due - now)

    def _invite_due(self) -> float:
        return max(self.last_activity, self.last_invite) + 60.0 * self.settings.idle_invite_minutes

    def _listening_grammar(self, session: Session) -> RecogniserGrammar:
        """This turn's commands plus the wake phrase (the same object while the session's is unchanged)."""
        grammar = session.recogniser_grammar()
        if grammar is not self._grammar[0]:
            self._grammar = (grammar, with_phrase(grammar, self.settings.wake_phrase))
        with_wake = self._grammar[1]
        assert with_wake is not None
        return with_wake

    # ----- devices -------------------------------------------------------------------
    def _device_lost(self, error: BaseException) -> None:
        self.failures += 1
        self.counters.device_failures += 1
        delay = min(self.settings.backoff_cap, self.settings.backoff_first * 2 ** min(self.failures - 1, 30))
        log.warning("audio device failed (%s); try %d, retrying in %.0f s", error, self.failures, delay)
        if self.failures == 1:
            self.say("kiosk_device_lost")
        reset = getattr(self.listener, "reset", None)
        if reset is not None:
            try:
                reset()
            except Exception:
                log.exception("listener reset failed")
        self.clock.sleep(delay)

    def _device_back(self) -> None:
        log.info("audio device back after %d failed tries", self.failures)
        self.failures = 0
        self.counters.recoveries += 1
        self.say("kiosk_device_back")

    # ----- acting ----------------------------------------------------------------------
    def _wake_split(self, text: str) -> tuple[bool, str]:
        """(the text starts with the wake phrase, what followed it)."""
        words = text.split()
        n = len(self.wake_words)
        while n:
            if tuple(words[:n]) == self.wake_words:
                return True, " ".join(words[n:])
            if not words or words[0] not in FILLER:
                break
            words = words[1:]
        return False, ""

    def _act(self, heard: Heard, item: Utterance) -> None:
        text = heard.text
        if not self.awake:
            woke, rest = self._wake_split(text)
            if not woke:
                woke = self.session.intent_of(text) == Intent.WAKE
            if not woke:
                self.counters.ignored_asleep += 1
                log.debug("asleep, ignored %r", text)
                return
            self.awake = True
            self.counters.wakes += 1
            self.last_activity = self.clock.now()
            log.info("woken")
            if not rest:
                self.say("kiosk_awake")
                return
            heard = Heard(rest, heard.confidence, False)
            text = rest
        self.last_activity = self.clock.now()
        woke, rest = self._wake_split(text) if self.wake_words else (False, "")
        if woke and rest:
            heard, text = Heard(rest, heard.confidence, False), rest
        elif woke:
            self.say("kiosk_awake")
            return
        intent = self.session.intent_of(text)
        if intent in (Intent.SLEEP, Intent.QUIT) and not self.session.acts_at_once(heard):
            self.say("not_understood")  # heard with doubt, or Whisper wrote otherwise: never slept on
            return
        if intent in (Intent.SLEEP, Intent.QUIT):
            return self._sleep(intent)
        if intent == Intent.WAKE:
            self.say("kiosk_awake")
            return
        self._handle(heard, item)

    def _sleep(self, intent: str) -> None:
        if not self.wake_words:
            self.say("goodbye" if intent == Intent.QUIT else "kiosk_cannot_sleep")
            return
        self.awake = False
        self.counters.sleeps += 1
        log.info("asleep (%s)", intent)
        self.say("kiosk_goodbye" if intent == Intent.QUIT else "kiosk_asleep", wake=self.settings.wake_phrase)

    def _handle(self, heard: Heard, item: Utterance) -> Reply:
        before = self.session.progress()
        self.counters.commands += 1
        reply = self.turns.act(heard)
        self.turns.advise(reply, item)
        self._count(before)
        self._answer(reply)
        self._check_over()
        return reply

    def _count(self, before: Progress) -> None:
        after = self.session.progress()
        if after.game != before.game:
            self.counters.games_started += 1
            if before.moves and not before.recorded:
                self.counters.losses += 1
                log.info("game left unfinished after %d moves: counted as lost", before.moves)
        elif after.recorded and not before.recorded:
            self.counters.wins += 1
            log.info("game won in %d moves", after.moves)

    def _check_over(self, announce: bool = True) -> None:
        """Start the new-game timer when the game is won or lost; stop it when it is not (undo)."""
        session = self.session
        key = session.progress()
        if key != self._over_key:
            self._over_key = key
            self._over = session.is_over()
        if not self._over:
            self.over_since = None
        elif self.over_since is None:
            self.over_since = self.clock.now()
            log.info("game over (%s); new game in %g s", "won" if session.finished else "no moves left",
                     self.settings.new_game_seconds)
            if announce and self.awake:
                self.say("kiosk_offer_new_game", seconds=round(self.settings.new_game_seconds))

    def _tick(self) -> None:
        now = self.clock.now()
        if self.over_since is not None and now - self.over_since >= self.settings.new_game_seconds:
            self._auto_new_game()
        elif self.awake and self.over_since is None and now >= self._invite_due():
            self.last_invite = now
            self.counters.invitations += 1
            log.info("idle invitation")
            self.say("kiosk_invite", verb=self.session.narrator.stock_verb())  # Spider deals, Klondike draws

    def _auto_new_game(self) -> None:
        session = self.session
        before = session.progress()
        reply = session.new_game()
        self._count(before)
        self.counters.auto_new_games += 1
        self.over_since = None
        self.last_activity = self.clock.now()
        log.info("new game started by itself: deal %s", session.seed)
        if self.awake:
            self._answer(reply)
        self._check_over()


def with_phrase(grammar: RecogniserGrammar, phrase: str) -> RecogniserGrammar:
    """``grammar`` that also accepts ``phrase`` (the wake phrase) on its own."""
    words = phrase.split()
    top = "public <command> = "
    if not words or f"{top}{phrase} | " in grammar.jsgf:
        return grammar
    # Added to the JSGF's top rule even when the phrase list (Vosk's) has it: "solitaire" is there as
    # a game's name, but no sentence of the JSGF is the bare name, so PocketSphinx never heard the wake
    # phrase ("sleep now", "slow down" in every voice of bench/voices.py).
    phrases = grammar.phrases if phrase in grammar.phrases else (*grammar.phrases, phrase)
    return replace(grammar, jsgf=grammar.jsgf.replace(top, f"{top}{phrase} | ", 1), phrases=phrases,
                   words=grammar.words | frozenset(words))


# ---------------------------------------------------------------------------------- logging
class _LogFile(logging.handlers.RotatingFileHandler):
    """The kiosk's log file; ``previous``: the logger's level and propagation before it, for :func:`stop_logging`."""

    previous: tuple[int, bool] = (logging.NOTSET, True)


def setup_logging(folder: Path, max_bytes: int = 1_000_000, backups: int = 5, level: int = logging.INFO) -> logging.Handler:
    """Log the ``voicegame`` loggers into ``folder/kiosk.log``, rotated at ``max_bytes`` with
    ``backups`` old files kept. Returns the handler (remove it to stop). Raises OSError when the
    folder cannot be made or written, or the log is not an ordinary file (a pipe would block)."""
    folder.mkdir(parents=True, exist_ok=True)
    check_appendable(folder / LOG_NAME)
    handler = _LogFile(folder / LOG_NAME, maxBytes=max_bytes, backupCount=backups, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logger = logging.getLogger("voicegame")
    handler.previous = (logger.level, logger.propagate)
    logger.addHandler(handler)
    logger.setLevel(level)
    logger.propagate = False  # the console (journal) gets nothing but what the kiosk says
    return handler


def logging_or_refusal(folder: Path, command: str) -> logging.Handler | None:
    """:func:`setup_logging`, or None once the reason is printed on standard error in one sentence
    (``command``: "kiosk", "satellite"): an unattended game that cannot keep its log (a read-only
    card, ``--log-dir`` naming a file) stops at once and says why, rather than run with no record."""
    try:
        return setup_logging(folder)
    except (OSError, ValueError) as error:
        if isinstance(error, (FileExistsError, NotADirectoryError)):
            reason = Reason("kiosk_log_not_folder", {"folder": str(folder)})
        else:
            reason = Reason("kiosk_log_unusable", {"folder": str(folder), "problem": failure_words(error)})
        print(f"voicegame {command}: {sentence(reason)}", file=sys.stderr)
        return None


def stop_logging(handler: logging.Handler) -> None:
    """Undo :func:`setup_logging`: take the handler off, close it, restore the logger."""
    logger = logging.getLogger("voicegame")
    logger.removeHandler(handler)
    handler.close()
    level, propagate = getattr(handler, "previous", (logging.NOTSET, True))
    logger.setLevel(level)
    logger.propagate = propagate


# -------------------------------------------------------------------------------------- CLI
def add_parser(subparsers: Any) -> None:
    """Register ``kiosk`` on the CLI's subparsers."""
    k = subparsers.add_parser("kiosk", help="run unattended on a screenless device (voice only, never exits)")
    k.add_argument("--game", default=None, help="game to deal (default: config game.default)")
    k.add_argument("--seed", type=seed_number, default=None, help="first deal (default: resume, or a random deal)")
    k.add_argument("--text", action="store_true", help="typed commands on standard input instead of the microphone")
    k.add_argument("--log-dir", metavar="DIR", help="folder for kiosk.log (default: the data folder)")
    k.add_argument("--recogniser", choices=kind_names(typed=False, server=False), default=None,
                   help="speech recogniser (default: config audio.recogniser)")
    k.add_argument("--model", metavar="DIR", help="Vosk model folder (default: config audio.model)")
    k.add_argument("--speaker", default="auto", help="speech output: auto, speechd, pyttsx3, print")
    k.add_argument("--no-sounds", action="store_true", help="no sound cues (earcons)")
    k.set_defaults(run=run)


def listening_recogniser(kind: str, request: RecogniserRequest, clock: Clock, settings: KioskSettings,
                         speaker: Any) -> tuple[Recogniser, str]:
    """The recogniser of an unattended game (the kiosk, a satellite), made as ``request`` asks; one that
    cannot start (a model still being copied...) is retried with back-off, and the first failure is
    said by ``speaker``."""
    tries = 0
    while True:
        try:
            return make_requested(kind, request)
        except AudioError as error:
            tries += 1
            delay = min(settings.backoff_cap, settings.backoff_first * 2 ** min(tries - 1, 30))
            log.error("recogniser: %s (try %d, again in %.0f s)", error, tries, delay)
            if tries == 1:
                try:
                    speaker.say(str(error))
                except Exception:
                    pass
            clock.sleep(delay)


def run(args: argparse.Namespace) -> int:
    from voicegame.storage import savefile as store
    from voicegame.storage.config import Config

    config = Config()
    handler = logging_or_refusal(Path(args.log_dir) if args.log_dir else store.data_dir(), "kiosk")
    if handler is None:
        return 2
    try:
        return _run(args, config, handler)
    finally:
        stop_logging(handler)


def kiosk_session(args: argparse.Namespace, config: Any) -> Session | None:
    """The game a kiosk (or a satellite) plays: ``args.game`` (else the settings' default, else
    Klondike), resumed unless ``args.seed`` is given. None (said on standard error) for a bad seed."""
    from voicegame.games import find_game, UnknownGame
    from voicegame.storage.autosave import Persistence
    from voicegame.play.session import Session

    try:
        entry = find_game(args.game or config["game.default"])
    except UnknownGame:
        config.problems.append(Reason("kiosk_unknown_game", {"game": args.game or config["game.default"]}))
        entry = find_game("klondike")
    if args.seed is not None and entry.seed_problem(args.seed):
        print(f"voicegame {getattr(args, 'command', None) or 'kiosk'}: {entry.seed_problem(args.seed)}", file=sys.stderr)
        return None
    from voicegame.storage.config import game_options

    options = game_options(config, entry)
    try:
        session = Session(entry, options, args.seed, verbose=config["speech.verbosity"] == "verbose",
                          persistence=Persistence(), resume=args.seed is None)
    except ValueError as error:
        config.problems.append(Reason("kiosk_bad_option", {"error": error}))
        session = Session(entry, {}, args.seed, persistence=Persistence(), resume=args.seed is None)
    return session


def _run(args: argparse.Namespace, config: Any, handler: logging.Handler) -> int:
    settings = KioskSettings.from_config(config)
    session = kiosk_session(args, config)
    if session is None:
        return 2
    clock = SystemClock()
    notes = [sentence(problem) for problem in config.problems]
    speaker: Speaker
    recogniser: Recogniser
    if args.text:
        from voicegame.audio.output.speakers import PrintSpeaker

        speaker, earcons, recogniser = PrintSpeaker(sys.stdout), None, TextRecogniser()
        listener: Any = TextListener(sys.stdin)
    else:
        from voicegame.audio.output.earcons import EarconPlayer
        from voicegame.audio.output.speakers import SoundOutput, SpeechSettings, make_speaker

        speech = SpeechSettings(rate=config["speech.rate"], volume=config["speech.volume"], voice=config["speech.voice"] or None)
        output = SoundOutput()
        speaker, speaker_note = make_speaker(args.speaker, speech, output, tts=config["audio.tts"] or None,
                                             tts_voice=config["audio.tts_voice"] or None)
        log.info("speaker: %s", speaker_note)
        earcons = EarconPlayer(output, enabled=config["audio.sounds"] and not args.no_sounds)
        recogniser, recogniser_note = listening_recogniser(requested_kind(args, config, listens_only=True),
                                                           recogniser_request(args, config, speaker), clock,
                                                           settings, speaker)
        log.info("recogniser: %s", recogniser_note)
        listener = MicrophoneListener(recogniser=recogniser)
    kiosk = Kiosk(session, listener, recogniser, speaker, earcons, settings, clock, notes)
    try:  # outside the handlers' block: a second signal while they are put back ends quietly too
        with stopped_by_signals(kiosk):
            kiosk.run()
    except KeyboardInterrupt:
        log.info("kiosk stopped by signal: %s", kiosk.counters)
    return 0


@contextmanager
def stopped_by_signals(kiosk: Kiosk) -> Iterator[None]:
    """SIGTERM and Ctrl-C (SIGINT) end ``kiosk``'s run: a KeyboardInterrupt, and ``Kiosk.stop_requested``
    for when that interrupt lands in a weak reference's callback, where Python only prints it (a
    satellite once kept running after SIGTERM that way); printed there, it is not shown."""
    def stop(signum: int, frame: Any) -> None:
        kiosk.stop_requested = True
        raise KeyboardInterrupt

    def unraisable(report: Any) -> None:
        if not isinstance(report.exc_value, KeyboardInterrupt):
            default_hook(report)

    default_hook = sys.unraisablehook
    previous = {signum: signal.signal(signum, stop) for signum in (signal.SIGTERM, signal.SIGINT)}
    sys.unraisablehook = unraisable
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        sys.unraisablehook = default_hook
