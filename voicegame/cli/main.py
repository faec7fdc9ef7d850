"""The console script: ``voicegame play klondike --seed 7 --text``, ``voicegame games``.

Each sub-command is a module of this package with ``add_parser(subparsers)``, which registers it
and sets ``run`` (the function that carries it out); this module only builds the parser from them
and dispatches. No sub-command named means ``play``.
"""

from __future__ import annotations

import argparse
import logging
import re
import sys
from typing import NoReturn, Sequence

from voicegame import __version__
from voicegame.cli import streams
from voicegame.cli import config, games, kiosk, model, play, replay, satellite, saves, solve, stats, transcribe

SUB_COMMANDS = (play, games, stats, config, saves, transcribe, model, solve, replay, kiosk, satellite)
"""The sub-command modules, in the order ``voicegame --help`` lists them."""


class PlayerArgumentParser(argparse.ArgumentParser):
    """Bad options are told in one sentence (no usage block to listen through): the flag, what it
    takes and what was given, then where the full list is."""

    def error(self, message: str) -> NoReturn:
        match = re.fullmatch(r"argument (\S+): (--.*)", message, re.S)
        if match and match.group(2).startswith(match.group(1).split("/")[0]):
            message = match.group(2)  # our own sentence already names the flag
        message = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)  # a typed newline stays one line
        self.exit(2, f"{self.prog}: {message}\n'{self.prog} --help' lists every option.\n")


def build_parser() -> argparse.ArgumentParser:
    parser = PlayerArgumentParser(prog="voicegame", description="Solitaire played by voice and by ear.")
    parser.add_argument("--version", action="version", version=f"voicegame {__version__}")
    subparsers = parser.add_subparsers(dest="command")
    for module in SUB_COMMANDS:
        module.add_parser(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one sub-command; whatever standard output or a signal does, an exit status (streams.py)."""
    stdout = sys.stdout
    try:
        with streams.guarded_run():
            return _main(argv)
    except BrokenPipeError:  # `voicegame solve ... | head`: the reader left; stop quietly, like other tools
        if stdout is sys.__stdout__:
            streams.silence_stdout()  # no second error when Python flushes
        return streams.READER_LEFT
    except streams.OutputLost as error:  # `> /dev/full`, a full disk, a terminal gone
        from voicegame.cli.common import say

        return streams.output_lost_status(error, f"voicegame: {say('cli_stdout_lost', problem=str(error).lower())}", stdout)
    except KeyboardInterrupt:  # Ctrl-C outside a game (a game says goodbye itself): the shell's 130
        return streams.INTERRUPTED


def _main(argv: Sequence[str] | None = None) -> int:
    logging.basicConfig(level=logging.ERROR, format="%(message)s")  # players hear problems; logs stay quiet
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["play", *(argv or [])])
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())
