"""``voicegame config``: every setting, its value and what it does, as a settings file.

When the settings file is damaged or cannot be read, the settings are still printed (the defaults,
a file to start again from), the problem is said on standard error too, and the exit status is 1.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from voicegame.storage.config import DAMAGED, UNREADABLE, Config


def add_parser(subparsers: Any) -> None:
    subparsers.add_parser("config", help="print every setting, its value and what it does").set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the settings as a TOML file: its output can be saved as the settings file."""
    config = Config()
    print(f"# Settings file: {config.path}")
    if config.problems:
        from voicegame.language.sentences import sentence  # only for a problem: the messages cost a start

        for problem in config.problems:
            print(f"# {sentence(problem)}")
    print(config.to_toml(defaults=True), end="")
    if config.found in (DAMAGED, UNREADABLE):
        print(f"voicegame config: {sentence(config.problems[0])}", file=sys.stderr)
        return 1
    return 0
