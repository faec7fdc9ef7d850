"""``voicegame satellite tcp://host:port``: play on a Wyoming satellite's microphone and loudspeaker.

voicegame connects to the satellite as Home Assistant does (docs/wyoming.md) and runs the kiosk on
it: the same turns, sleep and wake (the wake phrase, or the satellite's own wake word), idle
invitations, new games after a finished one, and, when the satellite drops, one sentence, retries
with back-off and the game kept. Only the devices differ: the microphone is
``SatelliteMicrophone`` and the sound output (speech and earcons) a ``SoundOutput`` on
``SatelliteSound``.

Whoever started it from a terminal is told there (standard error, ``ConnectionNotice``) that it is
waiting for its satellite and why (connection refused, no answer...), once for each outage, and when
the satellite answers again: without that, a wrong port looks like a hang.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from voicegame.audio.output.earcons import EarconPlayer
from voicegame.audio.errors import AudioError
from voicegame.audio.capture.microphone import Endpointer
from voicegame.audio.recognisers import Recogniser, kind_names, make_requested, of_kind
from voicegame.audio.output.speakers import SoundOutput, Speaker, SpeechSettings, make_speaker
from voicegame.audio.wyoming.link import normalise_uri
from voicegame.audio.wyoming.satellite import SatelliteLink, SatelliteMicrophone, SatelliteSound
from voicegame.cli.common import bounded, say
from voicegame.cli.streams import tell
from voicegame.games import seed_number
from voicegame.play.kiosk_input import MicrophoneListener
from voicegame.play.recogniser_choice import recogniser_request, requested_kind
from voicegame.play.turns import Recognised

if TYPE_CHECKING:
    from voicegame.play.kiosk import Kiosk

log = logging.getLogger("voicegame.play.kiosk")


BACKOFF_CAP_HIGH = 3600.0
"""The longest wait between tries that ``--backoff-cap`` takes: an hour; more would leave a kiosk deaf
for most of a day after its satellite came back."""


def failure_cause(error: BaseException) -> str:
    """Why a connection failed, as words inside a sentence: the system's reason for the error that
    caused ``error`` ("connection refused"), "no answer in time" for a timeout, else ``error`` itself."""
    cause: BaseException | None = error
    while cause is not None and cause.__cause__ is not None:
        cause = cause.__cause__
    if isinstance(cause, TimeoutError):
        words = say("cli_satellite_timed_out")
    elif isinstance(cause, OSError) and isinstance(cause.errno, int) and cause.errno > 0:
        words = os.strerror(cause.errno)  # asyncio's strerror is "Connect call failed ('127.0.0.1', 1)"
    elif isinstance(cause, OSError) and cause.strerror:
        words = str(cause.strerror)  # a name not found: "Name or service not known"
    else:
        words = str(cause or error).strip() or type(cause or error).__name__
    words = words.splitlines()[0].rstrip(".")
    return words[:1].lower() + words[1:]


class ConnectionNotice:
    """What the terminal is told of the connection: "waiting for the satellite ... (connection
    refused)" when it fails, again only if the reason changes, and "connected" when it answers after
    a wait. ``tell`` prints a line on standard error (the kiosk's log has the rest)."""

    def __init__(self, uri: str, cap: float, tell: Any = tell) -> None:
        self.uri = uri
        self.cap = cap
        self.tell = tell
        self.waiting: str | None = None  # the reason last told, while waiting

    def failed(self, error: BaseException) -> None:
        problem = failure_cause(error)
        if problem != self.waiting:
            self.tell(f"voicegame satellite: {say('cli_satellite_waiting', uri=self.uri, problem=problem, cap=f'{self.cap:g}')}")
            self.waiting = problem

    def connected(self) -> None:
        if self.waiting is not None:
            self.tell(f"voicegame satellite: {say('cli_satellite_connected', uri=self.uri)}")
            self.waiting = None


class SatelliteListener:
    """The kiosk's listener on a satellite: ``MicrophoneListener`` (reconnects after a failure,
    decodes while the player speaks) on a ``SatelliteMicrophone``; the satellite's own wake word
    comes back as ``wake_phrase`` typed, which wakes a sleeping kiosk. ``notice`` hears of each
    failure and success (the terminal is told)."""

    def __init__(self, link: SatelliteLink, recogniser: Recogniser | None = None, wake_phrase: str = "",
                 endpointer: Any = None, notice: ConnectionNotice | None = None) -> None:
        self.link = link
        self.wake_phrase = wake_phrase
        self.notice = notice
        self.inner = MicrophoneListener(lambda: SatelliteMicrophone(link, endpointer() if endpointer else None),
                                        recogniser=recogniser)

    def listen(self, timeout: float | None) -> np.ndarray | Recognised | str | None:
        try:
            item = self.inner.listen(timeout)
        except Exception as error:
            if self.notice is not None:
                self.notice.failed(error)
            raise
        if self.notice is not None and self.link.connected:
            self.notice.connected()
        microphone = self.inner.microphone
        if item is None and microphone is not None and microphone.detected:
            microphone.detected = False
            return self.wake_phrase or None
        return item

    def reset(self) -> None:
        self.inner.reset()

    def mute(self) -> None:
        self.inner.mute()

    def unmute(self) -> None:
        self.inner.unmute()


def satellite_output(link: SatelliteLink, pace: float = 1.0) -> SoundOutput:
    """The sound output whose clips play on the satellite."""
    return SoundOutput(sd=SatelliteSound(link, pace=pace))


def add_parser(subparsers: Any) -> None:
    s = subparsers.add_parser("satellite", help="play on a Wyoming satellite's microphone and speaker (like the kiosk)")
    s.add_argument("uri", help="the satellite, such as tcp://kitchen-satellite.local:10700")
    s.add_argument("--game", default=None, help="game to deal (default: config game.default)")
    s.add_argument("--seed", type=seed_number, default=None, help="first deal (default: resume, or a random deal)")
    s.add_argument("--log-dir", metavar="DIR", help="folder for kiosk.log (default: the data folder)")
    s.add_argument("--recogniser", choices=kind_names(typed=False), default=None,
                   help="speech recogniser (default: config audio.recogniser)")
    s.add_argument("--model", metavar="DIR", help="Vosk model folder (default: config audio.model)")
    s.add_argument("--stt", metavar="URI", help="Wyoming speech-to-text server (default: config audio.stt)")
    s.add_argument("--speaker", choices=("pyttsx3", "wyoming"), default=None,
                   help="voice: pyttsx3 (espeak-ng), or wyoming (the server --tts); default: wyoming when a server is set")
    s.add_argument("--tts", metavar="URI", help="Wyoming text-to-speech server (default: config audio.tts)")
    s.add_argument("--tts-voice", metavar="NAME", help="its voice (default: config audio.tts_voice)")
    s.add_argument("--no-sounds", action="store_true", help="no sound cues (earcons)")
    s.add_argument("--backoff-cap", type=bounded("--backoff-cap", float, 1, BACKOFF_CAP_HIGH,
                                                 f"a number of seconds from 1 to {BACKOFF_CAP_HIGH:g}"),
                   default=30.0, metavar="SECONDS",
                   help="longest wait between tries to reach a satellite that dropped (default 30)")
    s.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from voicegame.play import kiosk
    from voicegame.storage import savefile as store
    from voicegame.storage.config import Config

    try:
        uri = normalise_uri(args.uri)
    except ValueError:
        print(f"voicegame satellite: {args.uri} is not a Wyoming address; write it as tcp://host:port.", file=sys.stderr)
        return 2
    config = Config()
    handler = kiosk.logging_or_refusal(Path(args.log_dir) if args.log_dir else store.data_dir(), "satellite")
    if handler is None:
        return 2
    try:
        return _run(args, uri, config)
    finally:
        kiosk.stop_logging(handler)


def _run(args: argparse.Namespace, uri: str, config: Any) -> int:
    from voicegame.language.sentences import sentence
    from voicegame.play import kiosk
    from voicegame.play.kiosk_input import SystemClock

    args.command = "satellite"
    session = kiosk.kiosk_session(args, config)
    if session is None:
        return 2
    settings = kiosk.KioskSettings.from_config(config)
    settings.backoff_cap = args.backoff_cap  # from 1 to an hour: checked by the parser
    clock = SystemClock()
    link = SatelliteLink(uri)
    output = satellite_output(link)
    speaker = satellite_speaker(args, config, output)
    earcons = EarconPlayer(output, enabled=config["audio.sounds"] and not args.no_sounds)
    kind, request = requested_kind(args, config, listens_only=True), recogniser_request(args, config, speaker)
    chosen = of_kind(kind)
    if chosen is not None and chosen.needs_server:  # a missing or bad address: no use retrying
        try:
            recogniser, recogniser_note = make_requested(kind, request)
        except AudioError as error:
            print(f"voicegame satellite: {error}", file=sys.stderr)
            return 2
    else:
        recogniser, recogniser_note = kiosk.listening_recogniser(kind, request, clock, settings, speaker)
    log.info("recogniser: %s", recogniser_note)
    silence, early = config["audio.trailing_silence_ms"], config["audio.early_end_ms"]
    notice = ConnectionNotice(uri, settings.backoff_cap)
    listener = SatelliteListener(link, recogniser, settings.wake_phrase,
                                 lambda: Endpointer(trailing_silence_ms=silence, early_silence_ms=early), notice)
    notes = [sentence(problem) for problem in config.problems]
    try:
        link.connect()  # before the greeting, so that it is heard; else the kiosk retries
    except AudioError as error:
        log.warning("%s", error)
        notice.failed(error)
    run_until_stopped(kiosk.Kiosk(session, listener, recogniser, speaker, earcons, settings, clock, notes), link)
    return 0


def satellite_speaker(args: argparse.Namespace, config: Any, output: SoundOutput) -> Speaker:
    """The speaker the flags and settings ask for, speaking on the satellite's ``output``: a Wyoming
    text-to-speech server when one is named, else pyttsx3."""
    speech = SpeechSettings(rate=config["speech.rate"], volume=config["speech.volume"], voice=config["speech.voice"] or None)
    tts = args.tts or config["audio.tts"] or None
    speaker: Speaker
    speaker, speaker_note = make_speaker(args.speaker or ("wyoming" if tts else "pyttsx3"), speech, output, tts=tts,
                                         tts_voice=args.tts_voice or config["audio.tts_voice"] or None)
    log.info("speaker: %s", speaker_note)
    return speaker


def run_until_stopped(machine: "Kiosk", link: SatelliteLink) -> None:
    """Runs the kiosk until Ctrl-C or SIGTERM, then lets go of the satellite."""

    from voicegame.play.kiosk import stopped_by_signals

    try:
        with stopped_by_signals(machine):
            machine.run()
    except KeyboardInterrupt:
        log.info("satellite stopped by signal: %s", machine.counters)
    finally:
        link.close()
