"""``voicegame stats``: the statistics of every game and options played."""

from __future__ import annotations

import argparse
from typing import Any

from voicegame.language.messages import Messages
from voicegame.play.reading import describe_stats
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
        print(Messages().say("stats_none_at_all"))
    for key, stats in book.entries.items():
        print(describe_stats(Messages(), key_title(key), stats))  # the same sentence, and rounding, as in the game
    return 0
