"""``voicegame games``: every game, one line each, with its options."""

from __future__ import annotations

import argparse
from typing import Any

from voicegame.games import GAMES


def add_parser(subparsers: Any) -> None:
    subparsers.add_parser("games", help="list the games").set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    for entry in GAMES:
        options = ", ".join(f"--{o.name}" for o in entry.options)
        print(f"{entry.key}: {entry.summary}" + (f" Options: {options}." if options else ""))
    return 0
