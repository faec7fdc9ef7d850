"""``voicegame play`` without ``--text``: build the devices and run the hands-free loop.

Every device is optional: no recogniser -> typed commands; no sound output ->
printed sentences; no microphone -> typed commands. Each fallback is told to
the player in one sentence; nothing here ends the game with a traceback.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Callable

from voicegame.audio.errors import AudioError
from voicegame.audio.recognisers import KINDS as RECOGNISER_KINDS
from voicegame.audio.output.speaker_kinds import KINDS as SPEAKER_KINDS
from voicegame.games import given
from voicegame.play.recogniser_choice import recogniser_request, requested_kind

if TYPE_CHECKING:  # the audio stack (numpy, the recognisers) is imported where a game is played by voice
    from voicegame.audio.recognisers import Heard
    from voicegame.audio.output.speakers import SoundOutput, SpeechSettings
    from voicegame.play.session import Reply, Session
    from voicegame.storage.config import Config


def add_voice_options(play: argparse.ArgumentParser) -> None:
    """The ``play`` options that choose and tune the audio devices."""
    group = play.add_argument_group("voice")
    group.add_argument("--recogniser", choices=RECOGNISER_KINDS, default=None,
                       help="speech recogniser (auto: Vosk when a model is found, else Moonshine where it is installed, "
                            "else PocketSphinx; wyoming: the server --stt)")
    group.add_argument("--model", metavar="DIR", help="Vosk model folder")
    group.add_argument("--stt", metavar="URI", help="Wyoming speech-to-text server, such as tcp://homeassistant.local:10300")
    group.add_argument("--speaker", choices=[k for k in SPEAKER_KINDS if k != "recorder"], default="auto",
                       help="speech output (auto: speech dispatcher, else pyttsx3, else print; wyoming: the server --tts)")
    group.add_argument("--tts", metavar="URI", help="Wyoming text-to-speech server, such as tcp://homeassistant.local:10200")
    group.add_argument("--tts-voice", metavar="NAME", help="voice of the Wyoming text-to-speech server, such as en_GB-alba-medium")
    group.add_argument("--rate", type=_in_range("--rate", int, 80, 450), help="speaking rate, words per minute (80 to 450)")
    group.add_argument("--volume", type=_in_range("--volume", float, 0.0, 1.0), help="speech volume, 0.0 to 1.0")
    group.add_argument("--voice", help="text-to-speech voice id")
    group.add_argument("--no-sounds", action="store_true", help="no sound cues (earcons)")
    group.add_argument("--input", nargs="+", metavar="WAV", help="play from recorded commands, one WAV per command")
    group.add_argument("--output", metavar="WAV", help="write everything the game said and played into one WAV")
    group.add_argument("--barge-in", nargs="?", const="on", choices=("auto", "on", "off"), default=None,
                       help="keep listening while the game speaks, so a command cuts it short: auto (when an echo "
                            "canceller removes the game's own voice from the microphone, else off), on (always: "
                            "headsets; the default with no value), off")
    group.add_argument("--push-to-talk", action="store_true", default=None,
                       help="listen only between two presses of Enter (a switch that types Enter works too)")
    group.add_argument("--player", default=None, metavar="NAME",
                       help="whose voice, learnt by 'voicegame train --player NAME', to listen for (default: default)")


def _in_range(flag: str, kind: type, low: float, high: float) -> Callable[[str], Any]:
    """A flag's ``type=``: a number from ``low`` to ``high``, or a sentence saying so."""
    noun = "a whole number" if kind is int else "a number"

    def parse(text: str) -> Any:
        try:
            value = kind(text.strip()) if len(text) <= 40 else None
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{flag} must be {noun} from {low:g} to {high:g}; you gave {given(text)}.")
        return value

    return parse


def speech_settings(args: argparse.Namespace, config: Config | None) -> SpeechSettings:
    """Rate, volume and voice from the settings file, overridden by the command line."""
    from voicegame.audio.output.speakers import SpeechSettings

    settings = SpeechSettings()
    if config is not None:
        settings.rate, settings.volume = config["speech.rate"], config["speech.volume"]
        settings.voice = config["speech.voice"] or None
    for name in ("rate", "volume", "voice"):
        value = getattr(args, name, None)
        if value is not None:
            setattr(settings, name, value)
    return settings


def wyoming_voice(args: argparse.Namespace, config: Config | None) -> tuple[str | None, str | None]:
    """The Wyoming voice server and voice (``make_speaker``'s ``tts`` and ``tts_voice``): flags, else settings."""
    tts = getattr(args, "tts", None) or (config["audio.tts"] if config is not None else None)
    voice = getattr(args, "tts_voice", None) or (config["audio.tts_voice"] if config is not None else None)
    return tts or None, voice or None


def announce(args: argparse.Namespace, config: Config | None, sentence: str) -> None:
    """Say ``sentence`` before the game starts (a long wait ahead, such as --winnable's search), with
    the speaker the game will use; speech goes on while the caller works."""
    from voicegame.audio.output.speakers import make_speaker

    tts, voice = wyoming_voice(args, config)
    speaker, _ = make_speaker(args.speaker, speech_settings(args, config), tts=tts, tts_voice=voice)
    speaker.say(sentence)


INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT), as shells expect."""


def interrupted(session: Session) -> list[str]:
    """What to say when Ctrl-C ends the game: every turn is saved already, unless saving has been
    failing; then one last try, and the truth if it fails too. Goodbye last."""
    from voicegame.storage.autosave import SAVED_AGAIN

    said = []
    persistence = session.persistence
    if persistence is not None and (persistence.failing or persistence.holding):
        if persistence.autosave(session) == SAVED_AGAIN:
            said.append(session.say("save_back"))
        elif persistence.failing:
            said.append(session.say("interrupted_unsaved"))
    return [*said, session.say("goodbye")]


def observe_replies(session: Session, on_reply: Callable[[Reply], None]) -> None:
    """Call ``on_reply`` with every reply of ``session`` as it is made (the greeting and each turn):
    ``--trace`` in voice play writes its line then, so a game cut short keeps its trace. The loop
    asks the session for exactly these two, so wrapping them is all it takes."""
    greeting, hear = session.greeting, session.hear

    def greeted() -> Reply:
        reply = greeting()
        on_reply(reply)
        return reply

    def hearing(heard: Heard) -> Reply:
        reply = hear(heard)
        on_reply(reply)
        return reply

    session.greeting = greeted  # type: ignore[method-assign]
    session.hear = hearing  # type: ignore[method-assign]


def _recogniser(kind: str, args: argparse.Namespace, config: Config | None, speaker: Any, session: Session) -> tuple[Any, str]:
    """The recogniser ``kind`` and the sentence that names it; typed commands, and why, when it cannot start.
    With recordings to hear (``--input``) there is nobody to type: the ``AudioError`` goes to the caller,
    which refuses in one sentence rather than answer every recording that it was not caught."""
    from voicegame.audio.recognisers import TextRecogniser, make_requested

    try:
        return make_requested(kind, recogniser_request(args, config, speaker), templates=enrolled_voice(args))
    except AudioError as error:
        if args.input:
            raise
        return TextRecogniser(), session.say("no_recogniser_typing", problem=str(error).rstrip("."))


def enrolled_voice(args: argparse.Namespace) -> Path | None:
    """The file of the voice the player enrolled (``voicegame train``; ``--player``), when there is one."""
    from voicegame.storage.voices import DEFAULT_PLAYER, voice_templates_path

    try:
        path = voice_templates_path(getattr(args, "player", None) or DEFAULT_PLAYER)
        return path if path.is_file() else None
    except OSError:
        return None


def play_by_voice(session: Session, args: argparse.Namespace, stdin: IO[str] | None = None, config: Config | None = None,
                  on_reply: Callable[[Reply], None] | None = None) -> int:
    """Play ``session`` hands-free; speech settings come from (and go back to) ``config``; typed
    commands (no microphone) from ``stdin`` (default: sys.stdin at the time of the call); ``on_reply``
    sees every reply (``--trace``). Ctrl-C says goodbye and returns 130; the game is saved after
    every turn already. Raises ``AudioError`` when recordings are given (``--input``) and the
    recogniser cannot start."""
    from voicegame.audio.output.earcons import EarconPlayer
    from voicegame.audio.capture.microphone import microphone_problem
    from voicegame.audio.recognisers import TextRecogniser
    from voicegame.audio.output.speakers import SoundOutput, make_speaker

    if on_reply is not None:
        observe_replies(session, on_reply)
    settings = speech_settings(args, config)
    output = SoundOutput()
    tts, voice = wyoming_voice(args, config)
    speaker, speaker_note = make_speaker(args.speaker, settings, output, tts=tts, tts_voice=voice)
    sounds = config["audio.sounds"] if config is not None else True
    earcons = EarconPlayer(output, enabled=sounds and not args.no_sounds)
    notes = [speaker_note] if "print" in speaker_note or speaker.name == "wyoming" else []
    kind = requested_kind(args, config)
    no_microphone = None if args.input or kind == "text" else microphone_problem()
    if no_microphone is not None:  # told at once: loading a recogniser takes seconds and would hear nothing
        recogniser, recogniser_note = TextRecogniser(), str(no_microphone)
        if not no_microphone.says_to_type:
            recogniser_note += " " + session.say("type_instead")
    else:
        recogniser, recogniser_note = _recogniser(kind, args, config, speaker, session)
    notes.append(recogniser_note)
    stdin = (sys.stdin or io.StringIO()) if stdin is None else stdin  # closed (<&-): no typed commands
    source, fallback, barge_in = _sources(session, args, config, recogniser, speaker, output, stdin, notes)
    status = _run(session, args.output, source, recogniser, speaker, earcons, fallback=fallback, notes=notes, barge_in=barge_in)
    if config is not None:
        remember_speech(config, speaker.settings, session.verbose)
    return status


def _run(session: Session, output_path: Any, source: Any, recogniser: Any, speaker: Any, earcons: Any,
         fallback: Any, notes: list[str], barge_in: bool) -> int:
    """The hands-free loop until the game ends, recorded to ``output_path`` if given; the exit status
    (``INTERRUPTED`` on Ctrl-C, 1 when the recording could not be written)."""
    from voicegame.audio.output.mixdown import SessionRecording
    from voicegame.audio.recognisers import TextRecogniser
    from voicegame.play.loop import run_voice_session

    recording = SessionRecording() if output_path else None
    renderer = _cue_renderer(session, speaker, notes) if recording is not None else None
    status = 0
    try:
        # Typed commands need no recogniser grammar: building one (the pronouncing dictionary) takes seconds.
        grammar = None if isinstance(recogniser, TextRecogniser) else "auto"
        run_voice_session(session, source, recogniser, speaker, earcons, recording, grammar=grammar, fallback=fallback,
                          notes=notes, barge_in=barge_in, renderer=renderer)
    except KeyboardInterrupt:
        status = INTERRUPTED
        goodbye(speaker, " ".join(interrupted(session)))
    if recording is not None and not _write_recording(session, recording, output_path):
        status = status or 1
    return status


def _sources(session: Session, args: argparse.Namespace, config: Config | None, recogniser: Any, speaker: Any,
             output: SoundOutput, stdin: IO[str], notes: list[str]) -> tuple[Any, Any, bool]:
    """Where speech comes from (a WAV file, typed text, the microphone), where typed commands come
    from besides (None: nowhere else), and whether barge-in is on."""
    from voicegame.play.loop import TextSource, WavFileSource

    if args.input:
        return WavFileSource(args.input), None, False
    if recogniser.name == "text":
        return TextSource(stdin), None, False
    source, barge_in = _microphone_source(session, args, config, recogniser, speaker, output, stdin, notes)
    return source, TextSource(stdin), barge_in


def _microphone_source(session: Session, args: argparse.Namespace, config: Config | None, recogniser: Any, speaker: Any,
                       output: SoundOutput, stdin: IO[str], notes: list[str]) -> tuple[Any, bool]:
    """The microphone as the game's source of speech (push to talk, or open while the game speaks:
    barge-in), and whether barge-in is on; what the player should be told is added to ``notes``."""
    from voicegame.audio.capture.microphone import DEFAULT_EARLY_SILENCE_MS, DEFAULT_TRAILING_SILENCE_MS, Endpointer, Microphone
    from voicegame.play.loop import MicrophoneSource, PushToTalkSource

    silence = config["audio.trailing_silence_ms"] if config is not None else DEFAULT_TRAILING_SILENCE_MS
    early = config["audio.early_end_ms"] if config is not None else DEFAULT_EARLY_SILENCE_MS
    endpointer = Endpointer(trailing_silence_ms=silence, early_silence_ms=early)
    push_to_talk = args.push_to_talk if args.push_to_talk is not None else (config["audio.push_to_talk"] if config is not None else False)
    if push_to_talk:
        notes.append(session.say("push_to_talk"))
        return PushToTalkSource(Microphone(endpointer=endpointer), stdin), False
    mode = args.barge_in or (config["audio.barge_in"] if config is not None else "auto")
    microphone, barge_in, note = barge_in_microphone(mode, endpointer, speaker, output)
    if note:
        notes.append(note)
    return MicrophoneSource(microphone, on_speech_start=speaker.stop if barge_in else None, recogniser=recogniser), barge_in


def _cue_renderer(session: Session, speaker: Any, notes: list[str]) -> Any:
    """What renders the game's speech into the recording when the speaker cannot (None: the speaker
    can, or nothing can: the recording then has the earcons only, and ``notes`` says so)."""
    from voicegame.audio.output.speakers import Pyttsx3Speaker

    if speaker.render("test") is not None:
        return None
    try:
        return Pyttsx3Speaker(output=None)
    except AudioError as error:
        notes.append(session.say("no_renderer_cues_only", problem=str(error).rstrip(".")))
        return None


def _write_recording(session: Session, recording: Any, path: str | Path) -> bool:
    """Write the session's recording to ``path``; False, and why on stderr, when it cannot be written."""
    try:
        recording.write(path)  # checked before the game; a disk may still fill meanwhile
    except AudioError as error:  # its words are the sentence to say ("I cannot write the sound file ...")
        print(error, file=sys.stderr)
        return False
    except (OSError, ValueError) as error:
        problem = (getattr(error, "strerror", None) or str(error)).rstrip(".")
        print(session.say("recording_not_written", path=path, problem=problem[:1].lower() + problem[1:]),
              file=sys.stderr)  # (voicegame.cli's path words are out of reach of this layer)
        return False
    return True


def goodbye(speaker: Any, sentence: str) -> None:
    """Say ``sentence`` as the game ends on Ctrl-C, printed if the speaker cannot; a second Ctrl-C
    while it is said ends at once."""
    try:
        speaker.stop()
        speaker.say(sentence)
        speaker.wait(5.0)
    except KeyboardInterrupt:
        pass
    except Exception:  # a speaker must never turn goodbye into a traceback
        print(sentence, flush=True)


def barge_in_microphone(mode: str, endpointer: Any, speaker: Any, output: SoundOutput,
                        make_canceller: Callable[[str], Any] | None = None) -> tuple[Any, bool, str | None]:
    """The microphone for ``mode`` (setting ``audio.barge_in``), whether it stays open while the game
    speaks, and a sentence to tell the player (None: nothing to say). Opens no device.

    ``on``: open, nothing cancelled (a headset keeps the game's voice out of the microphone). ``off``:
    muted while the game speaks. ``auto``: open with an echo canceller that is given what the sound
    output plays; when none can run, or the speech does not go through our sound output (speech
    dispatcher plays it elsewhere, so there is no reference), muted, and the player is told why once.
    """
    from voicegame.audio.capture.echo import NO_CANCELLER, PlaybackReference, make_echo_canceller
    from voicegame.audio.capture.microphone import Microphone

    if mode == "on":
        return Microphone(endpointer=endpointer), True, None
    if mode != "auto":
        return Microphone(endpointer=endpointer), False, None
    if getattr(speaker, "output", None) is not output or output.available is False:
        return Microphone(endpointer=endpointer), False, None  # nothing played that the microphone could hear
    canceller = (make_canceller or make_echo_canceller)("auto")
    if canceller is None:
        return Microphone(endpointer=endpointer), False, NO_CANCELLER
    reference = PlaybackReference()
    output.reference = reference
    return Microphone(endpointer=endpointer, echo=canceller, reference=reference), True, None


def remember_speech(config: Config, settings: SpeechSettings, verbose: bool) -> None:
    """Keep what the player changed by voice ("faster", "louder", "verbose") for next time."""
    wanted = {"speech.rate": int(settings.rate), "speech.volume": float(settings.volume),
              "speech.voice": settings.voice or "", "speech.verbosity": "verbose" if verbose else "brief"}
    if any(config[k] != v for k, v in wanted.items()):
        try:
            for key, value in wanted.items():
                config.values[key] = value
            config.save()
        except (OSError, ValueError):
            pass  # settings are a comfort, never a reason to fail
