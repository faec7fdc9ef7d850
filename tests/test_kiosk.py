"""Kiosk mode: days of unattended play on a fake clock, through the text backend, with the audio
device failing now and then. Everything is scripted; nothing waits for real time."""

from __future__ import annotations

from dataclasses import replace
import io
import logging
from logging.handlers import RotatingFileHandler
from pathlib import Path

import pytest

from voicegame.audio.errors import MicrophoneError
from voicegame.audio.output.speakers import RecorderSpeaker
from voicegame.storage.config import Config
from voicegame.engine import Move, MoveKind
from voicegame.play.kiosk import Kiosk, KioskSettings, setup_logging, stop_logging
from kiosk_fixtures import Fail, FakeClock, ScriptedListener, Silence
from voicegame.play.kiosk_input import MicrophoneListener
from voicegame.storage.autosave import Persistence
from voicegame.play.session import Session
from voicegame.solver.thoughtful import solve
from voicegame.storage.stats import stats_key

DATA = Path(__file__).parent / "data"


class TimedSpeaker(RecorderSpeaker):
    """Keeps (clock time, sentence) for every sentence said."""

    def __init__(self, clock: FakeClock) -> None:
        super().__init__()
        self.clock = clock
        self.timed: list[tuple[float, str]] = []

    def say(self, text: str) -> None:
        super().say(text)
        self.timed.append((self.clock.now(), text))


def phrase(session: Session, move: Move) -> str:
    return "draw" if move.kind is MoveKind.DEAL else session.narrator.move_phrase(session.state, move, by_pile=True)


def greedy_move(session: Session) -> Move | None:
    """A productive move to a position not seen in this game, else a draw."""
    engine, state = session.engine, session.state
    seen = {s.piles for s in session.history.states[: session.history.cursor + 1]}
    moves = engine.legal_moves(state)
    for move in moves:
        if move.kind is MoveKind.MOVE and engine.is_productive(state, move) and engine.apply(state, move)[0].piles not in seen:
            return move
    return Move(MoveKind.DEAL) if Move(MoveKind.DEAL) in moves else None


def make_kiosk(clock: FakeClock, script, options=None, seed: int = 1, settings: KioskSettings | None = None,
               game: str = "klondike"):
    session = Session(game, options if options is not None else {"draw": 1}, seed, persistence=Persistence())
    speaker = TimedSpeaker(clock)
    listener = ScriptedListener(script, clock)
    kiosk = Kiosk(session, listener, speaker=speaker, settings=settings or KioskSettings(), clock=clock)
    return kiosk, speaker, listener


def test_many_games_with_device_failures_keep_going_and_statistics_add_up():
    clock = FakeClock()
    expected = {"episodes": 0, "wins": 0, "losses": 0, "auto": 0, "invitations": 0, "failures": 0, "sleeps": 0, "ignored": 0}
    holder: dict[str, Kiosk] = {}

    def player():
        """24 games: solvable deals are played to the win (the solver finds the line), the others
        are given up with "new game" after some moves. Between them: silences, sleep and wake, and
        the microphone failing (3 times in a row) in the middle of games."""
        for game in range(24):
            session = holder["kiosk"].session
            solution = solve(session.engine, session.state, seconds=None, nodes=3000)
            if solution.solved and game % 5 != 4:
                for i, move in enumerate(solution.moves):
                    if i == 40 and game % 3 == 0:
                        expected["failures"] += 3
                        expected["episodes"] += 1
                        yield Fail(3)
                    yield lambda move=move: phrase(holder["kiosk"].session, move)
                assert holder["kiosk"].session.finished
                expected["wins"] += 1
                if game % 2:
                    yield Silence(25)  # nobody says anything: the kiosk deals by itself after 20 s
                    expected["auto"] += 1
                else:
                    yield "new game"
            else:
                played = 0
                while played < 12 and (move := greedy_move(holder["kiosk"].session)) is not None:
                    yield lambda move=move: phrase(holder["kiosk"].session, move)
                    played += 1
                assert played > 0
                if game % 4 == 1:
                    expected["failures"] += 1
                    expected["episodes"] += 1
                    yield Fail(1)
                expected["losses"] += 1
                yield "new game"
                if holder["kiosk"].session.pending is not None:  # the game was not over: it asks first
                    yield "yes"
            if game % 6 == 2:  # asleep: nothing but the wake phrase counts, and no invitations
                expected["sleeps"] += 1
                yield "sleep"
                yield "draw"
                yield "undo"
                expected["ignored"] += 2
                yield Silence(45 * 60)
                yield "solitaire"
            if game % 6 == 5:  # awake and idle for 35 minutes: invitations at 10, 20 and 30
                yield Silence(35 * 60)
                expected["invitations"] += 3
                yield "read the board"

    kiosk, speaker, listener = make_kiosk(clock, player())
    holder["kiosk"] = kiosk
    counters = kiosk.run()

    assert counters.errors == 0
    assert expected["wins"] >= 10 and expected["losses"] >= 5  # the script really played many games
    assert counters.wins == expected["wins"]
    assert counters.losses == expected["losses"]
    assert counters.auto_new_games == expected["auto"]
    assert counters.games_started == expected["wins"] + expected["losses"]
    assert counters.device_failures == listener.failures == expected["failures"]
    assert counters.recoveries == expected["episodes"] >= 5
    assert counters.sleeps == counters.wakes == expected["sleeps"]
    assert counters.ignored_asleep == expected["ignored"]
    assert counters.invitations == expected["invitations"]

    # statistics on disk agree with what the script did
    book = Persistence().stats
    stats = book.get(stats_key("klondike", kiosk.session.options))
    assert stats.won == expected["wins"]
    assert stats.played == expected["wins"] + expected["losses"]
    assert list(book.entries) == [stats_key("klondike", kiosk.session.options)]

    # what the player heard
    said = speaker.said
    assert said.count("I lost the microphone. I will keep trying.") == said.count("I can hear you again.") == counters.recoveries
    assert said.count("Say new game, or a new game starts in 20 seconds.") >= expected["wins"]  # + any stuck deal
    invitations = [t for t, s in speaker.timed if s.startswith("Fancy a game")]
    assert len(invitations) == expected["invitations"]
    assert all(b - a >= 600 for a, b in zip(invitations, invitations[1:]))
    assert clock.now() > 24 * 3600 / 8  # hours of kiosk time went by


def test_invitations_at_most_every_n_minutes_and_never_asleep():
    clock = FakeClock()
    settings = KioskSettings(idle_invite_minutes=15)
    script = [Silence(14 * 60), "draw", Silence(61 * 60), "sleep", Silence(5 * 3600), "hey solitaire draw", Silence(20 * 60)]
    kiosk, speaker, _ = make_kiosk(clock, script, settings=settings)
    counters = kiosk.run()
    times = [t for t, s in speaker.timed if s.startswith("Fancy a game")]
    # 14 min: none; then "draw" at ~14 min; 61 min idle: at +15, +30, +45, +60; asleep: none;
    # woken by "hey solitaire draw" (and the draw played); 20 min idle: one at +15.
    assert len(times) == counters.invitations == 5
    assert all(b - a >= 15 * 60 for a, b in zip(times, times[1:]))
    assert counters.wakes == 1 and counters.commands == 2  # both draws were played
    assert kiosk.session.history.cursor == 2


@pytest.mark.parametrize("game, options, verb", [("klondike", {"draw": 1}, "draw"), ("spider", {"suits": 1}, "deal")])
def test_the_invitation_says_the_games_own_stock_verb(game, options, verb):
    kiosk, speaker, _ = make_kiosk(FakeClock(), [Silence(11 * 60)], options=options, game=game,
                                   settings=KioskSettings(idle_invite_minutes=10))
    kiosk.run()
    assert [s for s in speaker.said if s.startswith("Fancy")] == [f"Fancy a game of solitaire? Say {verb}, hint or read the board."]


def test_stuck_game_is_offered_and_replaced_after_the_timeout_and_undo_cancels_it():
    lines = [l.strip() for l in (DATA / "royal_parade_seed3_stuck.txt").read_text().splitlines()
             if l.strip() and not l.startswith("#")]
    clock = FakeClock()
    script = [*lines, Silence(10), "undo", Silence(60), "redo", Silence(19), Silence(5)]
    kiosk, speaker, _ = make_kiosk(clock, script, options={}, seed=3, game="royal parade")
    first_history = kiosk.session.history
    counters = kiosk.run()
    offer = "Say new game, or a new game starts in 20 seconds."
    assert speaker.said.count(offer) == 2  # stuck, undo (timer off), redo (stuck again)
    assert counters.auto_new_games == 1 and counters.losses == 1 and counters.wins == 0
    assert kiosk.session.history is not first_history and kiosk.session.history.cursor == 0
    stats = Persistence().stats.get(stats_key("royal_parade", {}))
    assert (stats.played, stats.won) == (1, 0)


def test_device_lost_backs_off_exponentially_capped_logs_and_rotates(tmp_path):
    clock = FakeClock()
    handler = setup_logging(tmp_path, max_bytes=2000, backups=2)
    try:
        settings = KioskSettings(backoff_first=1, backoff_cap=60)
        kiosk, speaker, listener = make_kiosk(clock, [Fail(12), "draw", Fail(2), "draw"], settings=settings)
        sleeps: list[float] = []
        real_sleep = clock.sleep

        def sleep(seconds: float) -> None:
            sleeps.append(seconds)
            real_sleep(seconds)

        clock.sleep = sleep  # type: ignore[method-assign]  # a spy on the clock for this test
        counters = kiosk.run()
    finally:
        stop_logging(handler)
    backoffs = [s for s in sleeps if s != listener.seconds_per_command]
    assert backoffs == [1, 2, 4, 8, 16, 32, 60, 60, 60, 60, 60, 60, 1, 2]
    assert counters.device_failures == 14 and counters.recoveries == 2 and counters.commands == 2
    assert listener.resets == 14
    logs = sorted(p.name for p in tmp_path.iterdir())
    assert "kiosk.log" in logs and "kiosk.log.1" in logs and len(logs) <= 3  # rotated, two kept at most
    text = "".join((tmp_path / name).read_text() for name in logs)
    assert "audio device failed" in text and "audio device back" in text


def test_microphone_listener_reopens_a_lost_microphone():
    class Utterance:
        pcm = "pcm"

    class FakeMicrophone:
        made = 0

        def __init__(self):
            FakeMicrophone.made += 1
            self.number = FakeMicrophone.made
            self.closed = False

        def listen(self, timeout=None, on_start=None):
            if self.number == 1:
                raise OSError("device unplugged")
            return Utterance()

        def close(self):
            self.closed = True

    listener = MicrophoneListener(FakeMicrophone)
    with pytest.raises(MicrophoneError, match="device unplugged"):
        listener.listen(1.0)
    assert listener.microphone is None
    assert listener.listen(1.0) == "pcm" and FakeMicrophone.made == 2


def test_quit_sleeps_instead_of_exiting_and_no_wake_phrase_means_always_listening():
    clock = FakeClock()
    kiosk, speaker, _ = make_kiosk(clock, ["quit", "draw", "solitaire", "draw"])
    counters = kiosk.run()
    assert "Goodbye. Say solitaire to play again." in speaker.said
    assert counters.ignored_asleep == 1 and counters.commands == 1

    kiosk, speaker, _ = make_kiosk(FakeClock(), ["sleep", "draw", "quit", "draw"], settings=KioskSettings(wake_phrase=""))
    counters = kiosk.run()
    assert "I have no wake phrase, so I keep listening." in speaker.said
    assert counters.sleeps == 0 and counters.commands == 2


def test_bad_settings_are_reported_by_key_and_defaults_used(private_data_dir):
    path = private_data_dir / "config.toml"
    path.write_text('[kiosk]\nnew_game_seconds = "soon"\nidle_invite_minutes = 0\nwake_phrase = "Hey Cards"\n')
    config = Config(path)
    settings = KioskSettings.from_config(config)
    assert (settings.new_game_seconds, settings.idle_invite_minutes, settings.wake_phrase) == (20, 10, "hey cards")
    clock = FakeClock()
    session = Session("klondike", {}, 1, persistence=Persistence())
    speaker = RecorderSpeaker()
    from voicegame.language.sentences import sentence

    kiosk = Kiosk(session, ScriptedListener(["sleep", "hey cards"], clock), speaker=speaker, settings=settings,
                  clock=clock, notes=[sentence(problem) for problem in config.problems])
    kiosk.run()
    assert any("kiosk.new_game_seconds" in s for s in speaker.said[:2])
    assert any("kiosk.idle_invite_minutes" in s for s in speaker.said[:2])
    assert speaker.said[-2:] == ["Sleeping. Say hey cards to wake me.", "I am listening."]


def test_cli_kiosk_text_mode(monkeypatch, capsys, tmp_path):
    from voicegame.cli.main import main

    monkeypatch.setattr("sys.stdin", io.StringIO("draw\nsleep\ndraw\nsolitaire\nscore\n"))
    assert main(["kiosk", "--text", "--seed", "5", "--log-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Klondike, draw three. Say help at any time."
    assert "Sleeping. Say solitaire to wake me." in out and "I am listening." in out
    log = (tmp_path / "kiosk.log").read_text()
    assert "kiosk started" in log and "asleep" in log and "woken" in log
    logger = logging.getLogger("voicegame")  # the handler is taken off again, the logger restored
    assert not any(isinstance(h, RotatingFileHandler) for h in logger.handlers) and logger.propagate


def test_a_turn_that_raises_is_logged_and_the_kiosk_goes_on(caplog):
    clock = FakeClock()
    kiosk, speaker, _ = make_kiosk(clock, ["draw", "score", "draw"])
    real_hear = kiosk.session.hear

    def hear(heard):
        if heard.text == "score":
            raise IndexError("a bug in the session")
        return real_hear(heard)

    kiosk.session.hear = hear  # type: ignore[method-assign]  # a session that fails on one command
    with caplog.at_level(logging.ERROR, logger="voicegame.play.kiosk"):
        counters = kiosk.run()
    assert counters.errors == 1 and counters.commands == 3 and kiosk.session.history.cursor == 2
    assert "turn failed" in caplog.text and "a bug in the session" in caplog.text


def test_microphone_listener_streams_to_a_recogniser_that_can():
    """The kiosk's microphone feeds a streaming recogniser while the player speaks (through the real
    endpointer); the listener hands back what it heard, and the kiosk acts on that."""
    import numpy as np

    from voicegame.audio.capture.microphone import Endpointer
    from voicegame.audio.recognisers import Heard
    from voicegame.play.loop import Recognised

    class Stream:
        name = "stream"

        def __init__(self):
            self.fed = []

        def set_grammar(self, grammar):
            pass

        def begin(self):
            self.fed = []

        def feed(self, pcm):
            self.fed.append(len(pcm))

        def finish(self):
            return Heard("draw" if sum(self.fed) > 8000 else "", None, sum(self.fed) <= 8000)

        def recognise(self, pcm):
            raise AssertionError("a streaming recogniser is not asked to decode whole utterances")

    class FakeMicrophone:
        def listen(self, timeout=None, on_start=None, stream=None):
            ep = Endpointer(stream=stream)
            rng = np.random.default_rng(1)
            x = np.concatenate([rng.normal(0, 8, 16000), 6000 * np.sin(np.arange(12000) / 5.0), rng.normal(0, 8, 16000)])
            x = np.round(x).astype(np.int16)
            return next(u for i in range(0, len(x), 480) for u in ep.feed(x[i:i + 480]))

        def close(self):
            pass

    stream = Stream()
    item = MicrophoneListener(FakeMicrophone, recogniser=stream).listen(1.0)
    assert isinstance(item, Recognised) and item.heard.text == "draw" and len(stream.fed) > 10
    assert sum(stream.fed) == len(item.pcm)
    clock = FakeClock()
    kiosk, _, _ = make_kiosk(clock, [])
    assert kiosk.turns.recognise(item) == item.heard


def test_a_sleep_or_quit_whisper_contradicts_never_puts_the_kiosk_to_sleep():
    """A person's "seven" decoded clearly "sleep" and written "7" by Whisper (issue 47); a doubtful "quit".
    Neither sleeps: "Sorry, I did not catch that.", and the next command is played. A clear one does."""
    import numpy as np

    from voicegame.audio.backend import Transcript, TranscriptOnDemand
    from voicegame.audio.recognisers import Heard
    from voicegame.play.turns import Recognised

    def spoken(heard: Heard, text: str | None = None) -> Recognised:
        if text is not None:
            transcript = TranscriptOnDemand(lambda: Transcript(text, -0.3, 0.05))
            heard = replace(heard, transcript=transcript)
        return Recognised(np.zeros(1600, np.int16), heard, 0.0)

    kiosk, speaker, _ = make_kiosk(FakeClock(), [spoken(Heard("sleep", 1.0), "7"), spoken(Heard("quit", 0.4, False, "noisy")), "draw"])
    assert kiosk.run().sleeps == 0 and kiosk.session.history.cursor == 1  # the draw was played, awake
    assert speaker.said.count("Sorry, I did not catch that.") == 2
    kiosk, speaker, _ = make_kiosk(FakeClock(), [spoken(Heard("sleep", 1.0), "sleep"), "draw"])
    assert kiosk.run().sleeps == 1


@pytest.mark.parametrize("signum", ["SIGTERM", "SIGINT"])
def test_a_signal_ends_the_run_even_when_its_interrupt_is_swallowed(signum):
    """SIGTERM's or Ctrl-C's KeyboardInterrupt can land in a weak reference's callback, where Python only
    reports it (sys.unraisablehook): the kiosk then ends after the step under way, and nothing is printed."""
    import os
    import signal
    import sys
    from types import SimpleNamespace

    from voicegame.play.kiosk import stopped_by_signals

    handlers = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)
    clock = FakeClock()
    kiosk, speaker, _ = make_kiosk(clock, ["read the board"] * 3)
    reported = []
    before = sys.unraisablehook
    sys.unraisablehook = reported.append
    try:
        with stopped_by_signals(kiosk):
            try:
                os.kill(os.getpid(), getattr(signal, signum))  # delivered here: raises, and asks the kiosk to stop
            except KeyboardInterrupt:
                pass
            sys.unraisablehook(SimpleNamespace(exc_value=KeyboardInterrupt(), exc_type=KeyboardInterrupt))
            sys.unraisablehook(SimpleNamespace(exc_value=ValueError("other"), exc_type=ValueError))
            counters = kiosk.run()  # three commands: only the request keeps them from being heard
    finally:
        sys.unraisablehook = before
    assert kiosk.stop_requested and counters.turns == 0
    assert [type(r.exc_value) for r in reported] == [ValueError]  # the interrupt is not reported, anything else is
    assert (signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)) == handlers and sys.unraisablehook is before
