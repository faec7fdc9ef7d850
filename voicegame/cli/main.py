"""The console script: ``voicegame play klondike --seed 7 --text``, ``voicegame games``."""

from __future__ import annotations

import argparse
import json
import logging
import os
import re
import sys
from typing import IO, Any, NoReturn, Sequence

from voicegame import __version__
from voicegame.cli import solve as solve_cli, transcribe
from voicegame.play import kiosk
from voicegame.games import GAMES, GameEntry, UnknownGame, add_option_arguments, find_game, seed_number
from voicegame.storage.config import Config
from voicegame.storage.autosave import KEEP, Persistence, age_days
from voicegame.storage.stats import key_title
from voicegame.play.session import Reply, Session
from voicegame.play.voice_play import add_voice_options, announce, play_by_voice


class PlayerArgumentParser(argparse.ArgumentParser):
    """Bad options are told in one sentence (no usage block to listen through): the flag, what it
    takes and what was given, then where the full list is."""

    def error(self, message: str) -> NoReturn:
        match = re.fullmatch(r"argument (\S+): (--.*)", message, re.S)
        if match and match.group(2).startswith(match.group(1).split("/")[0]):
            message = match.group(2)  # our own sentence already names the flag
        self.exit(2, f"{self.prog}: {message}\n'{self.prog} --help' lists every option.\n")


def build_parser() -> argparse.ArgumentParser:
    parser = PlayerArgumentParser(prog="voicegame", description="Solitaire played by voice and by ear.")
    parser.add_argument("--version", action="version", version=f"voicegame {__version__}")
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="play a game")
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

    sub.add_parser("games", help="list the games")
    sub.add_parser("stats", help="print the statistics of every game played")
    sub.add_parser("config", help="print every setting, its value and what it does")
    sub.add_parser("saves", help="list the unfinished games saved, and how to go on with each")
    transcribe.add_parser(sub)
    solve_cli.add_parser(sub)
    kiosk.add_parser(sub)
    return parser


def config_game_options(config: Config, entry: GameEntry) -> dict[str, Any]:
    """Game options the player set in the settings file (``game.draw``, ``game.passes``)."""
    names = {o.name for o in entry.options}
    chosen: dict[str, Any] = {}
    if "draw" in names:
        chosen["draw"] = config["game.draw"]
    if "passes" in names and config["game.passes"]:
        chosen["passes"] = config["game.passes"]
    return chosen


def game_options(entry: GameEntry, args: argparse.Namespace) -> dict[str, Any]:
    return {o.name: getattr(args, o.name) for o in entry.options if getattr(args, o.name, None) is not None}


def trace_record(reply: Reply, session: Session) -> dict[str, Any]:
    return {
        "heard": reply.heard,
        "command": reply.command.to_json() if reply.command else None,
        "moves": [{"kind": m.kind.value, "src": m.src, "dst": m.dst, "count": m.count} for m in reply.moves],
        "sentences": reply.sentences,
        "earcons": reply.earcons,
        "state": session.state_json(),
    }


def run_text(session: Session, lines: IO[str], out: IO[str], trace: IO[str] | None) -> int:
    """Text mode: read commands line by line until end of input or "quit"."""

    def emit(reply: Reply) -> None:
        for sentence in reply.sentences:
            print(sentence, file=out, flush=True)
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


def cmd_play(args: argparse.Namespace) -> int:
    config = Config()
    readable_input()
    persistence = None if args.no_save else Persistence()
    name = args.game
    resume = getattr(args, "resume", False)
    if name is None and persistence is not None and args.seed is None:
        name = persistence.last_played(g.key for g in GAMES)  # read the saves only when no game is named
    elif name is None and persistence is not None and resume:  # --seed N --resume: whichever game has deal N saved
        name = next((g.game for g in persistence.unfinished() if g.seed == args.seed), None)
    name = name or config["game.default"]
    try:
        entry = find_game(name)
    except UnknownGame:
        print(f"Unknown game {name!r}. Games: {', '.join(g.key for g in GAMES)}.", file=sys.stderr)
        return 2
    if args.seed is not None and entry.seed_problem(args.seed):
        print(f"voicegame play: {entry.seed_problem(args.seed)}", file=sys.stderr)
        return 2
    go_on, nothing_to_resume = None, None
    if resume and persistence is not None:
        saved = [g for g in persistence.unfinished(entry.key) if args.seed in (None, g.seed)]
        go_on = saved[0] if saved else None
        if go_on is None:
            nothing_to_resume = "nothing_to_resume" if args.seed is None else "nothing_to_resume_deal"
    try:
        seed, skipped, found = args.seed, 0, True
        if getattr(args, "winnable", False) and go_on is None:
            # Said where the player hears it (standard output in text mode) before the wait, not only in a log.
            wait = round(solve_cli.WINNABLE_SECONDS)
            notice = f"Looking for a deal the solver can win; this can take up to {wait} second{'' if wait == 1 else 's'}."
            if args.text:
                print(notice, flush=True)
            else:  # heard, not only logged: the player waits in silence otherwise
                announce(args, config, notice)
            seed, skipped, found = solve_cli.find_winnable(entry, game_options(entry, args),
                                                           entry.random_seed() if seed is None else seed)
        session = Session(entry, {**config_game_options(config, entry), **game_options(entry, args)}, seed,
                          verbose=args.verbose or config["speech.verbosity"] == "verbose",
                          persistence=persistence, resume=args.seed is None and not resume, go_on=go_on)
        session.announcements[:0] = config.problems
        if nothing_to_resume:
            session.announcements.append(session.narrator.say(nothing_to_resume, title=entry.title, seed=args.seed))
        if getattr(args, "winnable", False) and go_on is None:
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


def cmd_config() -> int:
    """Print the settings as a TOML file: its output can be saved as the settings file."""
    config = Config()
    print(f"# Settings file: {config.path}")
    for problem in config.problems:
        print(f"# {problem}")
    print(config.to_toml(defaults=True), end="")
    return 0


def cmd_saves() -> int:
    """Every unfinished game saved, newest first, in plain words, each with the command that goes on with it."""
    persistence = Persistence()
    games = persistence.unfinished()
    if not games:
        print("No unfinished games are saved.")
        return 0
    print(f"Unfinished games saved, the newest first (at most {KEEP + 1} of each game are kept):")
    for saved in games:
        title = find_game(saved.game).make(**saved.options).title
        days = age_days(saved.saved or saved.started)
        when = "at an unknown time" if days is None else {0: "today", 1: "yesterday"}.get(days, f"{days} days ago")
        moves = "1 move" if saved.cursor == 1 else f"{saved.cursor} moves"
        print(f"{title}, deal {saved.seed}: {moves}, score {saved.score}, last played {when}.")
        print(f"    voicegame play {saved.game} --seed {saved.seed} --resume")
    return 0


def cmd_stats() -> int:
    book = Persistence().stats
    if book.problem:
        print(book.problem)
    if not book.entries:
        print("No games played yet.")
    for key, stats in book.entries.items():
        fastest = "-" if stats.fastest_seconds is None else f"{stats.fastest_seconds:.0f} s"
        print(f"{key_title(key)}: played {stats.played}, won {stats.won} ({100 * stats.win_rate:.0f}%), "
              f"streak {stats.current_streak} (best {stats.best_streak}), "
              f"fewest moves {stats.fewest_moves if stats.fewest_moves is not None else '-'}, fastest win {fastest}")
    return 0


def cmd_games() -> int:
    for entry in GAMES:
        options = ", ".join(f"--{o.name}" for o in entry.options)
        print(f"{entry.key}: {entry.summary}" + (f" Options: {options}." if options else ""))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:  # `voicegame solve ... | head`: the reader left; stop quietly, like other tools
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error when Python flushes
        return 141


def _main(argv: Sequence[str] | None = None) -> int:
    logging.basicConfig(level=logging.ERROR, format="%(message)s")  # players hear problems; logs stay quiet
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "games":
        return cmd_games()
    if args.command == "stats":
        return cmd_stats()
    if args.command == "config":
        return cmd_config()
    if args.command == "saves":
        return cmd_saves()
    if hasattr(args, "run"):  # transcribe, model download
        return args.run(args)
    if args.command is None:
        args = parser.parse_args(["play", *(argv or [])])
    return cmd_play(args)


if __name__ == "__main__":
    sys.exit(main())
