"""``voicegame replay GAME --seed N [FILE]`` (the words and the options in any order): play a line
of move codes (one a line: ``pile7>pile5``, ``deal``; see ``Move.code``) on a deal, check every move
is legal, and print each as the spoken command that plays it, so that a line of codes can be played
back in text mode::

    voicegame solve klondike --seed 5 --codes > line.txt
    voicegame replay klondike --seed 5 line.txt | voicegame play klondike --seed 5 --text

Blank lines and lines starting with ``#`` are skipped. A summary (moves, score, won or not) goes to
standard error. Exit status: 0 every move was legal, 1 a line is not a move code of the game or not
legal where it comes, 2 a bad game, option or file.
"""

from __future__ import annotations

import argparse
import io
import sys
from typing import IO, Any

from voicegame.audio.bounded_file import MIB, read_bounded_text
from voicegame.cli.common import (chosen_options, counted, file_to_read_problem, named_game, option_problem, readable_input,
                                  say, shown, why)
from voicegame.cli.solve import winning_commands
from voicegame.engine import Engine, Move
from voicegame.engine.moves import MoveCodeError
from voicegame.games import UnknownGame, add_option_arguments, find_game, seed_number


CODES_LIMIT = 16 * MIB
"""The largest file of move codes read: a save's longest game (200,000 moves) as codes fills 3 MB."""


class _Intermixed:
    """Positional words may come before and after the options (``replay klondike --seed 5 FILE``,
    the README's order): argparse's own parse takes the positionals of one stretch only, so this
    parser reads the options first and then every word left (``parse_known_intermixed_args``)."""

    _reading_words = False

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        if self._reading_words:
            return super().parse_known_args(args, namespace)  # type: ignore[misc]
        self._reading_words = True
        try:
            return self.parse_known_intermixed_args(args, namespace)  # type: ignore[attr-defined]
        finally:
            self._reading_words = False


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser("replay", help="play move codes (pile7>pile5, deal) on a deal; print the commands")
    parser.__class__ = type("ReplayParser", (_Intermixed, type(parser)), {})  # keeps the CLI's one-sentence errors
    parser.add_argument("words", nargs="+", metavar="GAME [FILE]",
                        help="game name, one word or several (see 'voicegame games'), then the file of codes, one a "
                             "line (default: standard input)")
    parser.add_argument("--seed", type=seed_number, required=True, help="deal number")
    add_option_arguments(parser)
    parser.set_defaults(run=run)


def game_and_file(words: list[str]) -> tuple[str, str]:
    """The game's name and the file among the positional words: the last word is the file when the
    words before it name a game ("free cell line.txt") and all of them do not."""
    if len(words) > 1:
        try:
            find_game(" ".join(words))
        except UnknownGame:
            try:
                find_game(" ".join(words[:-1]))
                return " ".join(words[:-1]), words[-1]
            except UnknownGame:
                pass
    return " ".join(words), "-"


def numbered_moves(engine: Engine, lines: IO[str]) -> list[tuple[int, Move]]:
    """Each move of ``lines`` with its line number; raises ValueError naming a line that is not a
    move code of the game."""
    moves = []
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            moves.append((number, Move.from_code(text, engine)))
        except MoveCodeError as error:
            raise ValueError(f"line {number}: {error}") from None
    return moves


def run(args: argparse.Namespace) -> int:
    name, file = game_and_file(args.words)
    entry = named_game(name, "replay", args.seed)
    if entry is None:
        return 2
    problem = option_problem(entry, args) or (file_to_read_problem(file, "The file") if file != "-" else None)
    if problem:
        print(f"voicegame replay: {problem}", file=sys.stderr)
        return 2
    try:
        engine = Engine(entry.make(**chosen_options(entry, args)))
    except ValueError as error:
        print(f"voicegame replay: {error}.", file=sys.stderr)
        return 2
    try:
        if file == "-":
            readable_input()
            numbered = numbered_moves(engine, sys.stdin or io.StringIO())  # closed (<&-): no codes
        else:
            text = read_bounded_text(file, CODES_LIMIT, errors="replace")  # never a pipe, a device or a huge file
            numbered = numbered_moves(engine, io.StringIO(text))
    except OSError as error:
        print(f"voicegame replay: {say('cli_path_cannot_read', what='The file', path=shown(file), problem=why(error))}",
              file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"voicegame replay: {error}", file=sys.stderr)
        return 1
    start = state = engine.deal(args.seed)
    for number, move in numbered:
        if not engine.is_legal(state, move):
            print(f"voicegame replay: line {number}: {move.code(engine)} is not legal there.", file=sys.stderr)
            return 1
        state = engine.apply(state, move)[0]
    for line in winning_commands(engine, start, [move for _, move in numbered]):
        print(line)
    print(f"{engine.game.title}, deal {args.seed}: {counted(len(numbered), 'move')}, score {engine.score(state)}, "
          f"{'won' if engine.is_won(state) else 'not won'}.", file=sys.stderr)
    return 0
