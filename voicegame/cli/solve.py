"""``voicegame solve GAME --seed N``: solve a deal and print the spoken commands that play it.

The output pipes straight into text mode to check it::

    voicegame solve klondike --seed 5 --draw 1 | voicegame play klondike --seed 5 --draw 1 --text

Standard output holds one command per line, or one of "unsolved within budget" and
"proved unwinnable"; a summary (nodes, seconds) goes to standard error. Exit status:
0 solved, 1 otherwise, 2 for a bad game or option.

With ``--codes`` each move is printed as its code instead (``pile7>pile5``, ``deal``: see
``Move.code``), which ``voicegame replay`` reads back::

    voicegame solve freecell --seed 617 --codes | voicegame replay freecell --seed 617

With ``--seeds 1-200`` many deals are solved in one process (for benchmarks, and to choose winnable
deals), each printed as one JSON line (``--jsonl``, which ``--seed`` takes too): seed, outcome, the
CPU seconds of its search, positions, length and the moves as codes. Exit status: 0 when every deal
was solved, 1 otherwise.

Only the engine, the game named and its solver are imported before the search (``quick_args``); the
language layer, which turns moves into spoken commands, only when those are printed.
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import sys
import time
from itertools import takewhile
from typing import Any, Callable, NoReturn, Sequence

from voicegame.cli.common import (bounded, chosen_options, counted, game_by_module, named_game, option_problem,
                                  option_value_problem, refuse)
from voicegame.engine import Engine, Move, MoveKind, State
from voicegame.games import GameEntry, MAX_SEED, add_option_arguments, given, seed_number
from voicegame.games import _parser_for as option_parser  # the registry's own flag parser, for one game's flags
from voicegame.solver.core import Outcome, Solution
from voicegame.solver.thoughtful import solve


MAX_BUDGET = 86_400.0
"""A day: a longer search is a typing slip (or a float that is not a number: ``inf``, ``nan``)."""
MAX_NODES = 10**12
"""Far more positions than any search here visits in a day; beyond, an integer that is a slip."""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("solve", help="solve a deal; print the commands that win it")
    add_solve_arguments(parser)
    add_option_arguments(parser)
    return parser


def add_solve_arguments(parser: argparse.ArgumentParser) -> None:
    """Every option of ``solve`` but the game options (the registry adds those)."""
    parser.add_argument("game", nargs="*", default=["klondike"], help="game name, one word or several (see 'voicegame games'; default klondike)")
    deals = parser.add_mutually_exclusive_group(required=True)
    deals.add_argument("--seed", type=seed_number, help="deal number")
    deals.add_argument("--seeds", type=seed_range, metavar="FIRST-LAST",
                       help="solve every deal from FIRST to LAST in one process, one JSON line each (as --jsonl)")
    parser.add_argument("--mode", choices=("thoughtful", "fair"), default="thoughtful",
                        help="thoughtful: sees face-down cards (can prove a deal lost); fair: plays by fair hints only")
    parser.add_argument("--budget", type=bounded("--budget", float, 0, MAX_BUDGET, f"a number of seconds from 0 to {MAX_BUDGET:g} (0: no time limit, with --nodes)"),
                        default=30.0, metavar="SECONDS",
                        help="time limit (default 30; 0: none, the search stops on --nodes alone; with --seeds or --jsonl, "
                             "CPU seconds per deal)")
    parser.add_argument("--nodes", type=bounded("--nodes", int, 1, MAX_NODES, f"a whole number from 1 to {MAX_NODES:,}"), default=None, help="positions searched (thoughtful: in all; fair: per move)")
    parser.add_argument("--codes", action="store_true",
                        help="print each move as its code (pile7>pile5, deal), as 'voicegame replay' reads them")
    parser.add_argument("--jsonl", action="store_true",
                        help="print each deal as one JSON line: seed, outcome, CPU seconds, positions, moves as codes")
    parser.set_defaults(run=run, one_game=False)


def seed_range(text: str) -> range:
    """``--seeds``' ``type=``: ``FIRST-LAST``, whole numbers, FIRST not above LAST (one number: that deal)."""
    match = re.fullmatch(r"\s*(\d{1,19})\s*(?:-\s*(\d{1,19})\s*)?", text)
    first, last = (int(match.group(1)), int(match.group(2) or match.group(1))) if match else (1, 0)
    if not first <= last <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"--seeds must be a range of deal numbers such as 1-200, the first not above the last; you gave {given(text)}.")
    return range(first, last + 1)


class _Declined(Exception):
    """The quick parser met what only the full one answers: a mistake, --help, another game's option."""


class _QuickParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _Declined(message)


def quick_args(argv: Sequence[str]) -> argparse.Namespace | None:
    """``solve``'s command line (after the word ``solve``) parsed knowing only the flags of the game it
    names first, whose module alone is imported; None when that cannot be done without a doubt (no such
    module, a mistake, ``--help``, another game's option), and the full parser, which imports every game
    to know all their flags, reads it and answers as before."""
    words = list(takewhile(lambda word: not word.startswith("-"), argv)) or ["klondike"]
    entry = game_by_module(words)
    if entry is None:
        return None
    parser = _QuickParser(prog="voicegame solve", add_help=False)
    add_solve_arguments(parser)
    for option in entry.options:
        parser.add_argument(f"--{option.name.replace('_', '-')}", dest=option.name, type=option_parser(option))
    try:
        args = parser.parse_args(argv)
    except _Declined:
        return None
    if args.game != words:
        return None  # more game words after the flags: the full parser joins them
    args.one_game = True
    return args


def winning_commands(engine: Engine, start: State, moves: tuple[Move, ...] | list[Move]) -> list[str]:
    """Each move as a command the text mode plays back as exactly that move: named by card,
    or by pile where the card's name would be ambiguous (two decks) or resolve otherwise."""
    from voicegame.language.narrate import Narrator
    from voicegame.language.parse import Parser
    from voicegame.language.resolve import Play, Resolver

    narrator = Narrator(engine)
    parser, resolver = Parser(engine.game), Resolver(engine, narrator)
    lines = []
    state = start
    for move in moves:
        phrase = narrator.move_phrase(state, move)
        if move.kind is MoveKind.MOVE:
            command = parser.parse(phrase)
            if command is None or resolver.resolve_move(state, command.source, command.target) != Play(move):
                phrase = narrator.move_phrase(state, move, by_pile=True)
        lines.append(phrase)
        state = engine.apply(state, move)[0]
    return lines


def solve_deal(engine: Engine, state: State, mode: str = "thoughtful", seconds: float | None = 30.0, nodes: int | None = None,
               clock: Callable[[], float] = time.perf_counter) -> Solution:
    """``seconds`` are read on ``clock`` by the thoughtful search; the fair one plays by wall time."""
    if mode == "fair":
        from voicegame.solver.fair import play_fair

        return play_fair(engine, state, seconds=seconds, step_nodes=nodes or 1500)
    return solve(engine, state, seconds=seconds, nodes=nodes, clock=clock)


WINNABLE_SECONDS = 20.0
"""How long ``--winnable`` looks for a deal at the most: the player waits in silence meanwhile, and for
a game the solver seldom wins quickly (four-suit Spider: not one of seeds 1-6 in 5 s each) two hundred
tries would be a quarter of an hour."""


def find_winnable(entry: GameEntry, options: dict[str, Any], seed: int, seconds: float = 5.0,
                  total_seconds: float | None = None, tries: int = 200) -> tuple[int, int, bool]:
    """The first seed from ``seed`` on whose deal the thoughtful solver wins within ``seconds``, how
    many seeds were skipped, and True; when none is won within ``total_seconds`` (default
    ``WINNABLE_SECONDS``) or ``tries`` seeds: ``seed`` itself, the number of seeds tried, and False."""
    total_seconds = WINNABLE_SECONDS if total_seconds is None else total_seconds
    engine = Engine(entry.make(**options))
    began = time.perf_counter()
    tried = 0
    while tried < tries:
        left = total_seconds - (time.perf_counter() - began)
        if left <= 0:
            break
        if solve(engine, engine.deal(seed + tried), seconds=min(seconds, left)).solved:
            return seed + tried, tried, True
        tried += 1
    return seed, tried, False


def run(args: argparse.Namespace) -> int:
    seeds: range = args.seeds or range(args.seed, args.seed + 1)
    engine = chosen_engine(args, seeds)
    if engine is None:
        return 2
    if args.seeds is not None or args.jsonl:
        return solve_many(engine, seeds, args)
    return solve_one(engine, args)


def chosen_engine(args: argparse.Namespace, seeds: range) -> Engine | None:
    """The engine of the game and options asked for, or None once the reason it cannot be is printed
    (a game, deal or option that does not exist, no limit to the search)."""
    entry = named_game(args.game, "solve", args.seed)
    if entry is None:
        return None
    if entry.seed_problem(seeds[0]) or entry.seed_problem(seeds[-1]):
        low, high = entry.seeds
        print(f"voicegame solve: --seeds must be deal numbers from {low} to {high}; you gave {seeds[0]}-{seeds[-1]}.", file=sys.stderr)
        return None
    problem = option_value_problem(entry, args) if args.one_game else option_problem(entry, args)
    if problem:
        print(f"voicegame solve: {problem}", file=sys.stderr)
        return None
    if args.budget <= 0 and args.nodes is None:
        refuse("solve", "cli_budget_zero")
        return None
    try:
        return Engine(entry.make(**chosen_options(entry, args)))
    except ValueError as error:
        print(f"voicegame solve: {error}.", file=sys.stderr)
        return None


def solve_one(engine: Engine, args: argparse.Namespace) -> int:
    """Solve deal ``args.seed``; print its winning line (commands, or codes) or why there is none."""
    start = engine.deal(args.seed)
    result = solve_deal(engine, start, args.mode, args.budget if args.budget > 0 else None, args.nodes)
    print(f"{engine.game.title}, deal {args.seed}, {args.mode}: {result.outcome.value}; "
          f"{counted(len(result.moves), 'move')}, {counted(result.nodes, 'position')}, {result.seconds:.2f} s.", file=sys.stderr)
    if result.outcome is Outcome.SOLVED:
        lines = [m.code(engine) for m in result.moves] if args.codes else winning_commands(engine, start, result.moves)
        for line in lines:
            print(line)
        return 0
    print(result.outcome.value)
    return 1


def cpu_seconds() -> float:
    """CPU time of this process and of its children that have ended (Freecell Solver's runs), to the
    microsecond (``os.times`` counts in clock ticks of 10 ms)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def solve_many(engine: Engine, seeds: range, args: argparse.Namespace) -> int:
    """Solve each deal of ``seeds`` in this process, printing one JSON line per deal as it is done
    (``cpu_seconds``: the CPU time the deal's search took, of this process and of the programs it ran:
    Freecell Solver); a summary on standard error.
    The thoughtful search's ``--budget`` is CPU seconds here, so that a benchmark's verdicts do not
    depend on what else the machine runs."""
    outcomes: dict[Outcome, int] = dict.fromkeys(Outcome, 0)
    cpu: list[float] = []
    for seed in seeds:
        start = engine.deal(seed)
        began = cpu_seconds()
        result = solve_deal(engine, start, args.mode, args.budget if args.budget > 0 else None, args.nodes, time.process_time)
        cpu.append(cpu_seconds() - began)
        outcomes[result.outcome] += 1
        print(json.dumps({"seed": seed, "outcome": result.outcome.name.lower(), "cpu_seconds": round(cpu[-1], 4),
                          "positions": result.nodes, "length": len(result.moves),
                          "moves": [m.code(engine) for m in result.moves]}), flush=True)
    ordered = sorted(cpu)
    median = (ordered[(len(ordered) - 1) // 2] + ordered[len(ordered) // 2]) / 2  # statistics.median, without its imports
    print(f"{engine.game.title}, deals {seeds[0]}-{seeds[-1]}, {args.mode}: {outcomes[Outcome.SOLVED]} solved, "
          f"{outcomes[Outcome.UNWINNABLE]} {Outcome.UNWINNABLE.value}, {outcomes[Outcome.UNSOLVED]} {Outcome.UNSOLVED.value}; "
          f"CPU per deal median {median:.3f} s, p95 {ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]:.3f} s, "
          f"total {sum(ordered):.1f} s.", file=sys.stderr)
    return 0 if outcomes[Outcome.SOLVED] == len(seeds) else 1
