"""``voicegame stats``: the statistics of every game and options played."""

from __future__ import annotations

import argparse
from typing import Any

from voicegame.storage.autosave import Persistence
from voicegame.storage.stats import key_title


def add_parser(subparsers: Any) -> None:
    subparsers.add_parser("stats", help="print the statistics of every game played").set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    book = Persistence().stats
    if book.problem:
        from voicegame.language.sentences import sentence  # only for a problem: the messages cost a start

        print(sentence(book.problem))
    if not book.entries:
        print("No games played yet.")
    for key, stats in book.entries.items():
        fastest = "-" if stats.fastest_seconds is None else f"{stats.fastest_seconds:.0f} s"
        print(f"{key_title(key)}: played {stats.played}, won {stats.won} ({100 * stats.win_rate:.0f}%), "
              f"streak {stats.current_streak} (best {stats.best_streak}), "
              f"fewest moves {stats.fewest_moves if stats.fewest_moves is not None else '-'}, fastest win {fastest}")
    return 0
