"""``voicegame play GAME``: play by voice, or in text mode (``--text``: one command a line on
standard input), with an optional JSON Lines trace of every turn (``--trace FILE``)."""

from __future__ import annotations

import argparse
import io
import json
import sys
from dataclasses import dataclass
from typing import IO, Any

from voicegame.audio.bounded_file import read_bounded_text
from voicegame.audio.errors import AudioError
from voicegame.cli import solve as solve_cli
from voicegame.cli import streams
from voicegame.cli.common import (chosen_options, file_to_read_problem, file_to_write_problem, flag, folder_problem,
                                  named_game, option_problem, readable_input, say, shown, storage_problem, why)
from voicegame.games import GAMES, GameEntry, add_option_arguments, find_game, given, seed_number
from voicegame.language.sentences import sentence
from voicegame.play.session import Reply, Session
from voicegame.play.voice_play import add_voice_options, announce, interrupted, play_by_voice
from voicegame.storage.autosave import Persistence
from voicegame.storage.savefile import ID_CHARS, MAX_BYTES, SavedGame, parse
from voicegame.storage.config import Config, game_options


def add_parser(subparsers: Any) -> None:
    play = subparsers.add_parser("play", help="play a game")
    play.add_argument("game", nargs="*", default=[], help="game name, one word or several ('free cell'; see 'voicegame games'; default: the game played last, else the settings file's game.default, klondike)")
    play.add_argument("--seed", type=seed_number, default=None,
                      help="deal number: the same seed gives the same deal everywhere (FreeCell: 1 to 1000000; others: 0 to 2**63-1)")
    play.add_argument("--resume", action="store_true",
                      help="go on with your saved game at once, without asking (with --seed: your saved game of that deal; see 'voicegame saves')")
    play.add_argument("--id", dest="save_id", type=save_id, default=None, metavar="ID",
                      help="go on with the saved game of this id at once, as 'voicegame saves' lists each (implies --resume)")
    play.add_argument("--text", action="store_true", help="text mode: one command per line on standard input")
    play.add_argument("--trace", metavar="FILE", help="write a JSON Lines trace of every turn")
    play.add_argument("--verbose", action="store_true", help="say more after each move")
    play.add_argument("--no-save", action="store_true", help="do not autosave, resume or keep statistics")
    add_option_arguments(play)
    add_voice_options(play)
    play.add_argument("--winnable", action="store_true", help="deal only deals the solver has won (from --seed on)")
    play.set_defaults(run=run)


def save_id(text: str) -> str:
    """``--id``'s ``type=``: the id of a saved game as its file and ``voicegame saves`` write it (whether
    such a game is saved is checked once the saves are read: ``saved_game``)."""
    if not ID_CHARS.fullmatch(text):
        raise argparse.ArgumentTypeError(say("cli_id_bad", value=given(text)))
    return text


def trace_record(reply: Reply, session: Session) -> dict[str, Any]:
    """One line of the trace: what was heard and understood, the moves made (as codes: ``pile7>pile5``),
    what was said and the position after."""
    return {
        "heard": reply.heard,
        "command": reply.command.to_json() if reply.command else None,
        "moves": [m.code(session.engine) for m in reply.moves],
        "sentences": reply.sentences,
        "earcons": reply.earcons,
        "state": session.state_json(),
    }


class Trace:
    """The ``--trace`` file, written a line a turn. A write that fails (a disk that fills) is said
    once on standard error and the game goes on without the trace: the trace serves the game, never
    the other way round."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.file: IO[str] | None = open(path, "w", encoding="utf-8")  # checked before the game (path_problem)

    def write(self, reply: Reply, session: Session) -> None:
        if self.file is None:
            return
        try:
            self.file.write(json.dumps(trace_record(reply, session)) + "\n")
            self.file.flush()
        except OSError as error:
            streams.tell(f"voicegame play: {say('cli_trace_lost', path=shown(self.path), problem=why(error))}")
            self.close()

    def close(self) -> None:
        if self.file is not None:
            try:
                self.file.close()
            except OSError:
                pass
            self.file = None


def run_text(session: Session, lines: IO[str], out: IO[str], trace: Trace | None) -> int:
    """Text mode: read commands line by line until end of input or "quit". Ctrl-C says goodbye (the
    game is saved after every turn already) and ends with the shell's 130."""

    def emit(reply: Reply) -> None:
        if trace is not None:  # first: whoever reads the answer can count on the trace line being there
            trace.write(reply, session)
        for said in reply.sentences:
            print(said, file=out, flush=True)

    try:
        emit(session.greeting())
        for line in lines:
            if not line.strip():
                continue
            reply = session.handle(line.rstrip("\n"))
            emit(reply)
            if reply.quit:
                break
    except KeyboardInterrupt:
        for said in interrupted(session):
            print(said, file=out, flush=True)
        return streams.INTERRUPTED
    return 0


def game_name(args: argparse.Namespace, config: Config, persistence: Persistence | None) -> str:
    """The game to play: the one named, else (with saves) the one played last or, with ``--seed N
    --resume``, the one whose deal N is saved; else the settings file's ``game.default``."""
    if args.game:
        return " ".join(args.game) or config["game.default"]
    name = None if persistence is None else saved_game_name(args, persistence)
    return name or config["game.default"]


def saved_game_name(args: argparse.Namespace, persistence: Persistence) -> str | None:
    """The game no name was given for, found in the saves: the one of ``--id``, else (no ``--seed``)
    the one played last, else (``--resume``) the one whose deal ``--seed`` is saved."""
    if args.save_id is not None:
        return next((g.game for g in persistence.unfinished() if g.id == args.save_id), None)
    if args.seed is None:
        return persistence.last_played(g.key for g in GAMES)  # read the saves only when no game is named
    if args.resume:
        return next((g.game for g in persistence.unfinished() if g.seed == args.seed), None)
    return None


VOICE_ONLY = ("input", "output")
"""Flags with files that only play by voice reads or writes: with ``--text`` they would be ignored."""


def path_problem(args: argparse.Namespace) -> str | None:
    """The first flag or file that cannot work, as one sentence, checked before the game starts (and
    before a whole game is played only to lose its recording at the end)."""
    return (storage_problem(args.no_save) or flags_problem(args) or written_file_problem(args)
            or recording_problem(args) or model_problem(args))


def flags_problem(args: argparse.Namespace) -> str | None:
    """Flags that contradict each other: resuming without saves, or a voice-only file in text mode."""
    if args.resume and args.no_save:
        return say("cli_resume_no_save")
    if args.save_id is not None and args.no_save:
        return say("cli_id_no_save")
    if args.text:
        for name in VOICE_ONLY:
            if getattr(args, name, None):
                return say("cli_voice_only", flag=flag(name))
    return None


def written_file_problem(args: argparse.Namespace) -> str | None:
    """Why the ``--trace`` or ``--output`` file cannot be written, or None."""
    problem = file_to_write_problem(args.trace, "--trace") if args.trace is not None else None
    if not problem and args.output is not None:
        problem = file_to_write_problem(args.output, "--output")
    return problem


def recording_problem(args: argparse.Namespace) -> str | None:
    """Why one of the ``--input`` recordings cannot be read or heard, or None."""
    for wav in args.input or ():
        problem = file_to_read_problem(wav, "--input") or wav_problem(wav)
        if problem:
            return problem
    return None


def model_problem(args: argparse.Namespace) -> str | None:
    """Why the ``--model`` folder cannot be used, or None."""
    return folder_problem(args.model, "--model", must_exist=True) if args.model is not None else None


def wav_problem(path: str) -> str | None:
    """None when ``path`` reads as a WAV file, else the sentence that says why not (not a WAV file,
    compressed, no sound...): a recording that cannot be heard is refused before the game starts,
    not answered "Sorry, I did not catch that." with exit status 0."""
    from voicegame.audio.errors import WavError
    from voicegame.audio.wavio import read_wav_float

    try:
        read_wav_float(path)
    except WavError as error:
        return str(error)
    return None


def options_text(entry: GameEntry, options: dict[str, Any]) -> str:
    """Options as the flags that give them: "--draw 1 --passes unlimited"."""
    return " ".join(f"{flag(o.name)} {'unlimited' if options.get(o.name) is None else options[o.name]}"
                    for o in entry.options if o.name in options)


def differs(saved: SavedGame, wanted: dict[str, Any]) -> bool:
    """The save was played with other values of the options given on the command line."""
    return any(saved.options.get(name) != value for name, value in wanted.items())


def newest_unfinished(persistence: Persistence, game: str) -> SavedGame | None:
    """The unfinished save the game would offer to resume (the newest of ``game``), read without
    putting a damaged file aside: the session does that, and tells the player."""
    paths = [persistence.save_path(game)]
    try:
        paths += [p for p in persistence.kept_dir.glob(f"{game}-*.json") if ".bad-" not in p.name]
    except OSError:
        pass
    dated = []
    for path in paths:
        try:
            dated.append((path.stat().st_mtime_ns, path))
        except OSError:
            continue
    for _, path in sorted(dated, reverse=True):
        try:
            saved, _ = parse(read_bounded_text(path, MAX_BYTES))  # never a pipe, a device or a huge file
        except (OSError, UnicodeDecodeError, ValueError):
            continue
        if saved.unfinished:
            return saved
    return None


def saved_game(args: argparse.Namespace, entry: GameEntry, persistence: Persistence,
               wanted: dict[str, Any]) -> tuple[SavedGame | None, str | None]:
    """``--resume``: the newest unfinished save of the game (of deal ``--seed``) played with the
    options given on the command line, and None; or None and the sentence refusing to resume one
    played with other options (an explicit option is never silently dropped). With ``--id``, that
    game and no other: an id that names no unfinished game, or a game other than the one named
    or of another deal than ``--seed``, is refused in one sentence."""
    if args.save_id is not None:
        problem = id_problem(args, entry, persistence)
        if problem:
            return None, problem
    saved = [g for g in persistence.unfinished(entry.key)
             if args.seed in (None, g.seed) and args.save_id in (None, g.id)]
    matching = [g for g in saved if not differs(g, wanted)]
    if matching or not saved:
        return (matching[0] if matching else None), None
    other = saved[0]
    return None, say("cli_resume_options_differ", title=entry.title, seed=other.seed,
                     saved=options_text(entry, {k: other.options.get(k) for k in wanted}),
                     wanted=options_text(entry, wanted))


def id_problem(args: argparse.Namespace, entry: GameEntry, persistence: Persistence) -> str | None:
    """Why ``--id`` cannot go on with the game it names, or None: no unfinished game has that id, or
    it is another game than the one named, or of another deal than ``--seed``."""
    found = next((g for g in persistence.unfinished() if g.id == args.save_id), None)
    if found is None:
        return say("cli_id_unknown", id=args.save_id)
    wanted = [*([entry.title] if found.game != entry.key else []),
              *([f"--seed {args.seed}"] if args.seed is not None and args.seed != found.seed else [])]
    if wanted:
        return say("cli_id_other_game", id=args.save_id, title=find_game(found.game).title, seed=found.seed,
                   wanted=" ".join(wanted))
    return None


@dataclass(frozen=True)
class Start:
    """How the game begins: the save to go on with (``--resume``), the key of the sentence saying
    there was none to go on with, and whether to offer the newest save instead."""

    go_on: SavedGame | None = None
    nothing_to_resume: str | None = None
    offer_resume: bool = False


def refused(problem: str) -> int:
    """Says ``problem`` on standard error; the exit status of a flag or file refused."""
    print(f"voicegame play: {problem}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    problem = path_problem(args)
    if problem:
        return refused(problem)
    args.resume = args.resume or args.save_id is not None  # an id names the saved game to go on with
    config = Config()
    readable_input()
    persistence = None if args.no_save else Persistence()
    entry = named_game(game_name(args, config, persistence), "play", args.seed)
    if entry is None:
        return 2
    problem = option_problem(entry, args)
    if problem:
        return refused(problem)
    wanted = chosen_options(entry, args)
    start, problem = how_to_start(args, entry, persistence, wanted)
    if problem:
        return refused(problem)
    try:
        session = new_session(args, config, entry, persistence, wanted, start)
    except ValueError as error:
        print(f"voicegame play: {error}.", file=sys.stderr)
        return 2
    try:
        trace = Trace(args.trace) if args.trace else None
    except OSError as error:  # made impossible between the check and now
        return refused(say("cli_path_cannot_write", what="--trace", path=shown(args.trace), problem=why(error)))
    try:
        return play_session(session, args, config, trace)
    finally:
        if trace is not None:
            trace.close()
        remember_verbosity(config, session)


def how_to_start(args: argparse.Namespace, entry: GameEntry, persistence: Persistence | None,
                 wanted: dict[str, Any]) -> tuple[Start, str | None]:
    """With ``--resume``: the save to go on with (or the sentence refusing it); else whether the
    session offers the newest save (not one played with other options than those given)."""
    if args.resume and persistence is not None:
        go_on, problem = saved_game(args, entry, persistence, wanted)
        if problem:
            return Start(), problem
        if go_on is None:
            return Start(nothing_to_resume="nothing_to_resume" if args.seed is None else "nothing_to_resume_deal"), None
        return Start(go_on=go_on), None
    offer_resume = args.seed is None and not args.resume
    if offer_resume and wanted and persistence is not None:
        newest = newest_unfinished(persistence, entry.key)  # a save of other options is kept, not offered
        offer_resume = newest is None or not differs(newest, wanted)
    return Start(offer_resume=offer_resume), None


def new_session(args: argparse.Namespace, config: Config, entry: GameEntry, persistence: Persistence | None,
                wanted: dict[str, Any], start: Start) -> Session:
    """The session to play, with what it says first (the settings file's problems, no save to go on
    with, the winnable deal found). ValueError for a deal that cannot be dealt."""
    seed, skipped, found = args.seed, 0, True
    winnable = args.winnable and start.go_on is None
    if winnable:
        seed, skipped, found = winnable_deal(args, config, entry, wanted)
    session = Session(entry, {**game_options(config, entry), **wanted}, seed,
                      verbose=args.verbose or config["speech.verbosity"] == "verbose",
                      persistence=persistence, resume=start.offer_resume, go_on=start.go_on)
    session.announcements[:0] = [sentence(problem) for problem in config.problems]
    if start.nothing_to_resume:
        session.announcements.append(session.narrator.say(start.nothing_to_resume, title=entry.title, seed=args.seed))
    if winnable:
        key = "winnable_deal" if found else "winnable_none"
        session.announcements.append(session.narrator.say(key, seed=seed, skipped=skipped))
    return session


def winnable_deal(args: argparse.Namespace, config: Config, entry: GameEntry,
                  wanted: dict[str, Any]) -> tuple[int, int, bool]:
    """``--winnable``: the first deal from ``--seed`` on (else from a random one) that the solver
    wins, as ``solve.find_winnable`` gives it, after telling the player to wait."""
    # Said where the player hears it (standard output in text mode) before the wait, not only in a log.
    wait = round(solve_cli.WINNABLE_SECONDS)
    notice = f"Looking for a deal the solver can win; this can take up to {wait} second{'' if wait == 1 else 's'}."
    if args.text:
        print(notice, flush=True)
    else:  # heard, not only logged: the player waits in silence otherwise
        announce(args, config, notice)
    return solve_cli.find_winnable(entry, wanted, entry.random_seed() if args.seed is None else args.seed)


def play_session(session: Session, args: argparse.Namespace, config: Config, trace: Trace | None) -> int:
    """Plays ``session`` by voice, or in text mode on standard input; the exit status."""
    if args.text:
        return run_text(session, sys.stdin or io.StringIO(), sys.stdout, trace)  # closed (<&-): no commands
    try:
        return play_by_voice(session, args, config=config,
                             on_reply=None if trace is None else (lambda reply: trace.write(reply, session)))
    except AudioError as error:  # only with --input: recordings never silently become typing
        return refused(say("cli_input_unheard", problem=str(error).rstrip(".")))


def remember_verbosity(config: Config, session: Session) -> None:
    """"brief"/"verbose" said in play is remembered for next time (voice play has already written it
    with the speech settings; then there is nothing left to write)."""
    verbosity = "verbose" if session.verbose else "brief"
    if verbosity != config["speech.verbosity"]:
        try:
            config.set("speech.verbosity", verbosity)
        except (OSError, ValueError):
            pass
