"""``voicegame train``: learn the player's own voice. The game asks for each answer word
("zero".."nine", "yes", "no"), twice each, records every take from the microphone (or takes WAV files
named ``WORD_N.wav`` from ``--input DIR``) and keeps them as voice templates of that player in the user
data folder (``voicegame.storage.voices``); the game then also matches short answers against them
(``voicegame.audio.enrolment.enrolled``). ``--list`` says which words are enrolled, ``--forget`` deletes them."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from voicegame.audio.output.speaker_kinds import KINDS as SPEAKER_KINDS
from voicegame.cli.common import folder_problem, say, shown, storage_problem, why
from voicegame.storage.voices import DEFAULT_PLAYER, voice_templates_path

if TYPE_CHECKING:
    from voicegame.audio.enrolment.voice_templates import VoiceTemplates

ATTEMPTS = 3
"""How many times a word is asked for when nothing is heard, before it is left out."""
LISTEN_SECONDS = 6.0
_TAKE_FILE = re.compile(r"^([a-z]+)_(\d+)\.wav$", re.IGNORECASE)


def add_parser(subparsers: Any) -> None:
    train = subparsers.add_parser("train", help="learn your voice: say the answer words a couple of times")
    train.add_argument("--player", default=DEFAULT_PLAYER, help="whose voice (default: default)")
    train.add_argument("--input", metavar="DIR", help="take recordings named WORD_N.wav (one_1.wav, yes_2.wav) from this folder")
    train.add_argument("--takes", type=int, choices=range(1, 6), default=2, metavar="N", help="times each word is said (1 to 5; default 2)")
    train.add_argument("--list", action="store_true", help="say which words of the player are enrolled")
    train.add_argument("--forget", action="store_true", help="delete the player's voice")
    train.add_argument("--speaker", choices=[k for k in SPEAKER_KINDS if k != "recorder"], default="auto",
                       help="speech output for the prompts (auto: speech dispatcher, else pyttsx3, else print)")
    train.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    problem = storage_problem()
    if not problem and args.input is not None:
        problem = folder_problem(args.input, "--input", must_exist=True)
    if problem:
        print(f"voicegame train: {problem}", file=sys.stderr)
        return 2
    path = voice_templates_path(args.player)
    if args.forget:
        return forget(path, args.player)
    if args.list:
        return listed(path, args.player)
    from voicegame.audio.enrolment.voice_templates import VoiceTemplates

    templates = VoiceTemplates.load(path)
    if args.input is not None:
        learnt = from_folder(Path(args.input), templates)
    else:
        learnt = from_microphone(args, templates)
    if learnt is None:
        return 1
    if not learnt:
        print(say("train_nothing_learnt"))
        return 1
    try:
        templates.save(path)
    except OSError as error:
        print(f"voicegame train: {say('train_cannot_write', path=shown(str(path)), problem=why(error))}", file=sys.stderr)
        return 1
    print(say("train_done", count=len(learnt), player=args.player))
    return 0


def forget(path: Path, player: str) -> int:
    try:
        path.unlink()
    except FileNotFoundError:
        print(say("train_forgot_none", player=player))
        return 0
    except OSError as error:
        print(f"voicegame train: {say('train_cannot_write', path=shown(str(path)), problem=why(error))}", file=sys.stderr)
        return 1
    print(say("train_forgot", player=player))
    return 0


def listed(path: Path, player: str) -> int:
    from voicegame.audio.enrolment.voice_templates import VoiceTemplates

    templates = VoiceTemplates.load(path)
    if len(templates) == 0:
        print(say("train_list_none", player=player))
    else:
        print(say("train_list", player=player,
                  words=", ".join(f"{w} ({templates.takes(w)})" for w in templates.words)))
    return 0


def from_folder(folder: Path, templates: VoiceTemplates) -> list[str] | None:
    """Enrol every WORD_N.wav of ``folder`` whose WORD is an answer word; the words learnt (a word
    recorded again replaces its old takes); None, once said, when there is none."""
    from voicegame.audio.errors import WavError
    from voicegame.audio.enrolment.voice_templates import WORDS
    from voicegame.audio.wavio import read_wav

    files: dict[str, list[Path]] = {}
    for path in sorted(folder.iterdir()):
        match = _TAKE_FILE.match(path.name)
        if match and match.group(1).lower() in WORDS:
            files.setdefault(match.group(1).lower(), []).append(path)
    if not files:
        print(f"voicegame train: {say('train_input_none', folder=shown(str(folder)))}", file=sys.stderr)
        return None
    learnt = []
    for word in WORDS:
        if word not in files:
            continue
        takes = []
        for path in files[word]:
            try:
                takes.append((path, read_wav(path)))
            except WavError as error:
                print(f"voicegame train: {error}", file=sys.stderr)
        learnt += _enrol(templates, word, takes, lambda path: print(say("train_input_left_out", file=shown(path.name))))
    return learnt


def _enrol(templates: VoiceTemplates, word: str, takes: list[tuple[Any, Any]], left_out: Callable[[Any], None]) -> list[str]:
    """Replace ``word``'s takes by those of ``takes`` that hold speech; [word] when one did."""
    kept = []
    for label, pcm in takes:
        if templates.features_of(pcm) is None:
            left_out(label)
        else:
            kept.append(pcm)
    if not kept:
        return []
    templates.forget(word)
    for pcm in kept:
        templates.add(word, pcm)
    return [word]


def from_microphone(args: argparse.Namespace, templates: VoiceTemplates) -> list[str] | None:
    """Ask for each word ``args.takes`` times and record it; the words learnt; None, once said, when no
    microphone can be used."""
    from voicegame.audio.errors import MicrophoneError
    from voicegame.audio.capture.microphone import Microphone, microphone_problem
    from voicegame.audio.output.speakers import make_speaker
    from voicegame.audio.enrolment.voice_templates import WORDS

    if microphone_problem() is not None:
        print(say("train_no_microphone"))
        return None
    speaker, _ = make_speaker(args.speaker)

    def tell(sentence: str) -> None:
        print(sentence, flush=True)
        speaker.say(sentence)
        speaker.wait()

    learnt: list[str] = []
    try:
        with Microphone() as microphone:
            tell(say("train_intro", count=len(WORDS), takes=args.takes))
            for word in WORDS:
                takes = []
                for take in range(args.takes):
                    prompt = say("train_say" if take == 0 else "train_again", word=word)
                    for _ in range(ATTEMPTS):
                        microphone.mute()
                        tell(prompt)
                        microphone.unmute()
                        microphone.drain()
                        heard = microphone.listen(timeout=LISTEN_SECONDS)
                        if heard is not None and templates.features_of(heard.pcm) is not None:
                            takes.append((take, heard.pcm))
                            break
                        prompt = say("train_not_heard", word=word)
                if not takes:
                    tell(say("train_skipped", word=word))
                learnt += _enrol(templates, word, takes, lambda _: None)
    except MicrophoneError:
        print(say("train_no_microphone"))
        return None
    return learnt
