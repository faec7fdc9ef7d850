"""``voicegame transcribe``: WAV files -> what was heard and the command, as JSON Lines.

Each file is recognised with the grammar of the deal's first position and understood as the game
would understand it there (parse, then matching against the legal moves); the deal never changes,
so every file is judged against the same position.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from voicegame.audio.backend import Heard, TranscriptOnDemand
from voicegame.audio.errors import AudioError
from voicegame.audio.recognisers import KINDS, Recogniser, make_recogniser
from voicegame.audio.wavio import COMMAND_SECONDS, read_wav
from voicegame.games import UnknownGame, find_game, seed_number

if TYPE_CHECKING:
    from voicegame.listen.understanding import Understanding
    from voicegame.play.session import Session


def add_parser(subparsers: Any) -> None:
    """Register ``transcribe`` on the CLI's subparsers."""
    t = subparsers.add_parser("transcribe", help="recognise WAV files and print the commands as JSON lines")
    t.add_argument("files", nargs="+", metavar="FILE.wav")
    t.add_argument("--game", default="klondike")
    t.add_argument("--seed", type=seed_number, default=1, help="the deal the commands are understood against")
    t.add_argument("--recogniser", choices=[k for k in KINDS if k != "text"], default="auto")
    t.add_argument("--model", metavar="PATH", help="Vosk model folder")
    t.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from voicegame.play.session import Session

    try:
        entry = find_game(args.game)
    except UnknownGame:
        print(f"Unknown game {args.game!r}.", file=sys.stderr)
        return 2
    if entry.seed_problem(args.seed):
        print(f"voicegame transcribe: {entry.seed_problem(args.seed)}", file=sys.stderr)
        return 2
    try:
        recogniser, note = make_recogniser(args.recogniser, args.model)
    except AudioError as error:
        print(error, file=sys.stderr)
        return 2
    print(note, file=sys.stderr)
    session = Session(entry, {}, args.seed)
    try:
        recogniser.set_grammar(session.recogniser_grammar())
    except AudioError as error:
        print(error, file=sys.stderr)
        return 2
    status = 0
    for path in args.files:
        record = transcribe_file(path, recogniser, session)
        print(json.dumps(record), flush=True)
        if "error" in record:
            status = 1
    return status


def transcribe_file(path: str, recogniser: Recogniser, session: Session) -> dict[str, Any]:
    """One line of the output: the file, what was heard and the command understood (null when
    none), or the sentence saying why the file could not be heard."""
    from voicegame.listen.understanding import How, understand

    try:
        heard = recogniser.recognise(read_wav(path, max_seconds=COMMAND_SECONDS))
    except (AudioError, OSError) as error:
        return {"file": path, "heard": None, "command": None, "error": str(error)}
    understood = understand(heard, session.state, session.parser, session.resolver, session.move_matcher,
                            session.narrator)
    command = understood.command if understood.how in (How.PARSED, How.MATCHED) else None
    return {"file": path, "heard": heard.text, "command": command.to_json() if command is not None else None,
            **second_thoughts(heard, understood)}


def second_thoughts(heard: Heard, understood: Understanding) -> dict[str, Any]:
    """What besides the words shaped the command: a check that threw the decode out, doubts, the
    transcriber's second opinion, other words acted on; only those there are."""
    record: dict[str, Any] = {}
    if heard.evidence.rejected_by:
        record["rejected_by"] = heard.evidence.rejected_by  # which check threw the decode out, and what it had
    if heard.doubt:
        record["doubt"] = heard.doubt
    if understood.doubt and understood.doubt != heard.doubt:
        record["understood_doubt"] = understood.doubt  # e.g. "transcript only": asked before a change
    transcript = heard.transcript
    if isinstance(transcript, TranscriptOnDemand) and transcript.asked and transcript.value is not None:
        record["transcript"] = transcript.value.text  # Whisper's second opinion, when it was asked for
    if understood.text and understood.text != heard.text:
        record["understood"] = understood.text  # the words acted on (second decode or transcript)
    return record
