"""The console script: ``voicegame play klondike --seed 7 --text``, ``voicegame games``.

Each sub-command is a module of this package with ``add_parser(subparsers)``, which registers it
and sets ``run`` (the function that carries it out); this module only builds the parser from them
and dispatches. No sub-command named means ``play``.

Only the module of the sub-command given is imported (``COMMANDS``): ``voicegame games`` must not
pay for the audio stack, numpy and the recognisers that ``play`` loads (``--help`` cost 1.1 CPU-s
when every module was imported). The other sub-commands appear in ``--help`` through the one-line
help kept here, which tests/test_cli.py checks against each module's own. A sub-command module may
also offer ``quick_args(argv)``, which reads its command line without building the full parser
(``solve``: without importing every game for their flags), or declines with None.
"""

from __future__ import annotations

import argparse
import logging
import re
import sys
from importlib import import_module
from types import ModuleType
from typing import Iterable, NoReturn, Sequence

from voicegame import __version__
from voicegame.cli import streams

COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("voicegame.cli.play", "play a game"),
    "games": ("voicegame.cli.games", "list the games"),
    "stats": ("voicegame.cli.stats", "print the statistics of every game played"),
    "config": ("voicegame.cli.config", "print every setting, its value and what it does"),
    "saves": ("voicegame.cli.saves", "list the unfinished games saved, and how to go on with each"),
    "transcribe": ("voicegame.cli.transcribe", "recognise WAV files and print the commands as JSON lines"),
    "model": ("voicegame.cli.model", "speech models"),
    "setup": ("voicegame.cli.setup", "optional parts that take a while to install (barge-in)"),
    "solve": ("voicegame.cli.solve", "solve a deal; print the commands that win it"),
    "replay": ("voicegame.cli.replay", "play move codes (pile7>pile5, deal) on a deal; print the commands"),
    "kiosk": ("voicegame.cli.kiosk", "run unattended on a screenless device (voice only, never exits)"),
    "satellite": ("voicegame.cli.satellite", "play on a Wyoming satellite's microphone and speaker (like the kiosk)"),
    "train": ("voicegame.cli.train", "learn your voice: say the answer words a couple of times"),
}
"""Sub-command -> (its module, its one-line help), in the order ``voicegame --help`` lists them."""


def command_module(name: str) -> ModuleType:
    """The module of sub-command ``name``, imported now (and only now)."""
    return import_module(COMMANDS[name][0])


class PlayerArgumentParser(argparse.ArgumentParser):
    """Bad options are told in one sentence (no usage block to listen through): the flag, what it
    takes and what was given, then where the full list is."""

    def error(self, message: str) -> NoReturn:
        match = re.fullmatch(r"argument (\S+): (--.*)", message, re.S)
        if match and match.group(2).startswith(match.group(1).split("/")[0]):
            message = match.group(2)  # our own sentence already names the flag
        message = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)  # a typed newline stays one line
        self.exit(2, f"{self.prog}: {message}\n'{self.prog} --help' lists every option.\n")


def build_parser(commands: Iterable[str] | None = None) -> argparse.ArgumentParser:
    """The parser, with the full options of the sub-commands in ``commands`` (None: of every one,
    which imports every module); the others are listed by name and help only."""
    wanted = set(COMMANDS if commands is None else commands)
    parser = PlayerArgumentParser(prog="voicegame", description="Solitaire played by voice and by ear.")
    parser.add_argument("--version", action="version", version=f"voicegame {__version__}")
    subparsers = parser.add_subparsers(dest="command")
    for name, (_, help_text) in COMMANDS.items():
        if name in wanted:
            command_module(name).add_parser(subparsers)
        else:
            subparsers.add_parser(name, help=help_text)
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


def chosen_command(argv: Sequence[str]) -> str | None:
    """The sub-command ``argv`` names: its first word, since the only options before it are
    ``--help`` and ``--version``; None when there is none (then it is ``play``)."""
    return argv[0] if argv and argv[0] in COMMANDS else None


def _main(argv: Sequence[str] | None = None) -> int:
    logging.basicConfig(level=logging.ERROR, format="%(message)s")  # players hear problems; logs stay quiet
    argv = list(sys.argv[1:] if argv is None else argv)
    command = chosen_command(argv)
    if command is None and not argv:
        argv, command = ["play"], "play"
    quick = getattr(command_module(command), "quick_args", None) if command else None
    args = quick(argv[1:]) if quick is not None else None
    if args is None:
        args = build_parser([command] if command else []).parse_args(argv)
    if sys.stdout is None and not _speaks_only(command, args):
        from voicegame.cli.common import say

        streams.tell(f"voicegame: {say('cli_stdout_closed')}")
        return streams.OUTPUT_LOST
    return int(args.run(args))


def _speaks_only(command: str | None, args: argparse.Namespace) -> bool:
    """Whether sub-command ``command`` with ``args`` prints nothing on standard output: the kiosk and
    the satellite by voice (they speak, and log to a file), which may run with it closed."""
    return command in ("kiosk", "satellite") and not getattr(args, "text", False)


if __name__ == "__main__":
    sys.exit(main())
