"""``voicegame play GAME``: play by voice, or in text mode (``--text``: one command a line on
standard input), with an optional JSON Lines trace of every turn (``--trace FILE``)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO, Any

from voicegame.cli import solve as solve_cli
from voicegame.cli.common import chosen_options, named_game
from voicegame.games import GAMES, add_option_arguments, seed_number
from voicegame.language.sentences import sentence
from voicegame.play.session import Reply, Session
from voicegame.play.voice_play import add_voice_options, announce, play_by_voice
from voicegame.storage.autosave import Persistence
from voicegame.storage.savefile import SavedGame
from voicegame.storage.config import Config, game_options


def add_parser(subparsers: Any) -> None:
    play = subparsers.add_parser("play", help="play a game")
    play.add_argument("game", nargs="?", default=None, help="game name (see 'voicegame games'; default: the game played last, else the settings file's game.default, klondike)")
    play.add_argument("--seed", type=seed_number, default=None,
                      help="deal number: the same seed gives the same deal everywhere (FreeCell: 1 to 1000000; others: 0 to 2**63-1)")
    play.add_argument("--resume", action="store_true",
                      help="go on with your saved game at once, without asking (with --seed: your saved game of that deal; see 'voicegame saves')")
    play.add_argument("--text", action="store_true", help="text mode: one command per line on standard input")
    play.add_argument("--trace", metavar="FILE", help="write a JSON Lines trace of every turn")
    play.add_argument("--verbose", action="store_true", help="say more after each move")
    play.add_argument("--no-save", action="store_true", help="do not autosave, resume or keep statistics")
    add_option_arguments(play)
    add_voice_options(play)
    play.add_argument("--winnable", action="store_true", help="deal only deals the solver has won (from --seed on)")
    play.set_defaults(run=run)


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


def run_text(session: Session, lines: IO[str], out: IO[str], trace: IO[str] | None) -> int:
    """Text mode: read commands line by line until end of input or "quit"."""

    def emit(reply: Reply) -> None:
        for said in reply.sentences:
            print(said, file=out, flush=True)
        if trace is not None:
            trace.write(json.dumps(trace_record(reply, session)) + "\n")
            trace.flush()

    emit(session.greeting())
    for line in lines:
        if not line.strip():
            continue
        reply = session.handle(line.rstrip("\n"))
        emit(reply)
        if reply.quit:
            break
    return 0


def readable_input() -> None:
    """Bytes on standard input that are not text in its encoding become U+FFFD, a character that matches
    no command, instead of ending the game with UnicodeDecodeError."""
    try:
        sys.stdin.reconfigure(errors="replace")  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        pass


def game_name(args: argparse.Namespace, config: Config, persistence: Persistence | None) -> str:
    """The game to play: the one named, else (with saves) the one played last or, with ``--seed N
    --resume``, the one whose deal N is saved; else the settings file's ``game.default``."""
    name = args.game
    if name is None and persistence is not None and args.seed is None:
        name = persistence.last_played(g.key for g in GAMES)  # read the saves only when no game is named
    elif name is None and persistence is not None and args.resume:
        name = next((g.game for g in persistence.unfinished() if g.seed == args.seed), None)
    return name or config["game.default"]


def run(args: argparse.Namespace) -> int:
    config = Config()
    readable_input()
    persistence = None if args.no_save else Persistence()
    entry = named_game(game_name(args, config, persistence), "play", args.seed)
    if entry is None:
        return 2
    go_on: SavedGame | None = None
    nothing_to_resume = None
    if args.resume and persistence is not None:
        saved = [g for g in persistence.unfinished(entry.key) if args.seed in (None, g.seed)]
        go_on = saved[0] if saved else None
        if go_on is None:
            nothing_to_resume = "nothing_to_resume" if args.seed is None else "nothing_to_resume_deal"
    winnable = args.winnable and go_on is None
    try:
        seed, skipped, found = args.seed, 0, True
        if winnable:
            # Said where the player hears it (standard output in text mode) before the wait, not only in a log.
            wait = round(solve_cli.WINNABLE_SECONDS)
            notice = f"Looking for a deal the solver can win; this can take up to {wait} second{'' if wait == 1 else 's'}."
            if args.text:
                print(notice, flush=True)
            else:  # heard, not only logged: the player waits in silence otherwise
                announce(args, config, notice)
            seed, skipped, found = solve_cli.find_winnable(entry, chosen_options(entry, args),
                                                           entry.random_seed() if seed is None else seed)
        session = Session(entry, {**game_options(config, entry), **chosen_options(entry, args)}, seed,
                          verbose=args.verbose or config["speech.verbosity"] == "verbose",
                          persistence=persistence, resume=args.seed is None and not args.resume, go_on=go_on)
        session.announcements[:0] = [sentence(problem) for problem in config.problems]
        if nothing_to_resume:
            session.announcements.append(session.narrator.say(nothing_to_resume, title=entry.title, seed=args.seed))
        if winnable:
            key = "winnable_deal" if found else "winnable_none"
            session.announcements.append(session.narrator.say(key, seed=seed, skipped=skipped))
    except ValueError as error:
        print(f"Bad option: {error}.", file=sys.stderr)
        return 2
    if not args.text:
        try:
            return play_by_voice(session, args, config=config)
        except KeyboardInterrupt:
            return 0
    trace = open(args.trace, "w", encoding="utf-8") if args.trace else None
    try:
        return run_text(session, sys.stdin, sys.stdout, trace)
    except KeyboardInterrupt:
        return 0
    finally:
        if trace is not None:
            trace.close()
        verbosity = "verbose" if session.verbose else "brief"
        if verbosity != config["speech.verbosity"]:
            try:
                config.set("speech.verbosity", verbosity)  # "brief"/"verbose" said in play is remembered
            except OSError:
                pass
