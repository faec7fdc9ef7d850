"""``voicegame solve GAME --seed N``: solve a deal and print the spoken commands that play it.

The output pipes straight into text mode to check it::

    voicegame solve klondike --seed 5 --draw 1 | voicegame play klondike --seed 5 --draw 1 --text

Standard output holds one command per line, or one of "unsolved within budget" and
"proved unwinnable"; a summary (nodes, seconds) goes to standard error. Exit status:
0 solved, 1 otherwise, 2 for a bad game or option.

With ``--codes`` each move is printed as its code instead (``pile7>pile5``, ``deal``: see
``Move.code``), which ``voicegame replay`` reads back::

    voicegame solve freecell --seed 617 --codes | voicegame replay freecell --seed 617
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from voicegame.cli.common import bounded, chosen_options, counted, named_game, option_problem, refuse
from voicegame.engine import Engine, Move, MoveKind, State
from voicegame.games import GameEntry, add_option_arguments, seed_number
from voicegame.language.narrate import Narrator
from voicegame.solver.core import Outcome, Solution
from voicegame.solver.fair import play_fair
from voicegame.solver.thoughtful import solve
from voicegame.language.parse import Parser
from voicegame.language.resolve import Play, Resolver


MAX_BUDGET = 86_400.0
"""A day: a longer search is a typing slip (or a float that is not a number: ``inf``, ``nan``)."""
MAX_NODES = 10**12
"""Far more positions than any search here visits in a day; beyond, an integer that is a slip."""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("solve", help="solve a deal; print the commands that win it")
    parser.add_argument("game", nargs="*", default=["klondike"], help="game name, one word or several (see 'voicegame games'; default klondike)")
    parser.add_argument("--seed", type=seed_number, required=True, help="deal number")
    add_option_arguments(parser)
    parser.add_argument("--mode", choices=("thoughtful", "fair"), default="thoughtful",
                        help="thoughtful: sees face-down cards (can prove a deal lost); fair: plays by fair hints only")
    parser.add_argument("--budget", type=bounded("--budget", float, 0, MAX_BUDGET, f"a number of seconds from 0 to {MAX_BUDGET:g} (0: no time limit, with --nodes)"),
                        default=30.0, metavar="SECONDS",
                        help="time limit (default 30; 0: none, the search stops on --nodes alone)")
    parser.add_argument("--nodes", type=bounded("--nodes", int, 1, MAX_NODES, f"a whole number from 1 to {MAX_NODES:,}"), default=None, help="positions searched (thoughtful: in all; fair: per move)")
    parser.add_argument("--codes", action="store_true",
                        help="print each move as its code (pile7>pile5, deal), as 'voicegame replay' reads them")
    parser.set_defaults(run=run)
    return parser


def winning_commands(engine: Engine, start: State, moves: tuple[Move, ...] | list[Move]) -> list[str]:
    """Each move as a command the text mode plays back as exactly that move: named by card,
    or by pile where the card's name would be ambiguous (two decks) or resolve otherwise."""
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


def solve_deal(engine: Engine, state: State, mode: str = "thoughtful", seconds: float | None = 30.0, nodes: int | None = None) -> Solution:
    if mode == "fair":
        return play_fair(engine, state, seconds=seconds, step_nodes=nodes or 1500)
    return solve(engine, state, seconds=seconds, nodes=nodes)


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
    entry = named_game(args.game, "solve", args.seed)
    if entry is None:
        return 2
    problem = option_problem(entry, args)
    if problem:
        print(f"voicegame solve: {problem}", file=sys.stderr)
        return 2
    if args.budget <= 0 and args.nodes is None:
        return refuse("solve", "cli_budget_zero")
    try:
        engine = Engine(entry.make(**chosen_options(entry, args)))
    except ValueError as error:
        print(f"voicegame solve: {error}.", file=sys.stderr)
        return 2
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
