"""``voicegame stats``: the statistics of every game and options played."""

from __future__ import annotations

import argparse
from typing import Any

from voicegame.language.messages import Messages
from voicegame.play.reading import describe_stats
from voicegame.storage.autosave import Persistence
from voicegame.storage.stats import key_game, key_title


def stats_title(key: str, messages: Messages) -> str:
    """The name of a line of statistics, as the game says it ("Klondike, draw three")."""
    from voicegame.language.game_titles import played_title  # noqa: PLC0415

    game, options = key_game(key)
    return key_title(key) if options is None else played_title(game, options, messages)


def add_parser(subparsers: Any) -> None:
    subparsers.add_parser("stats", help="print the statistics of every game played").set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    book = Persistence().stats
    if book.problem:
        from voicegame.language.sentences import sentence  # only for a problem: the messages cost a start

        print(sentence(book.problem))
    if not book.entries:
        print(Messages().say("stats_none_at_all"))
    messages = Messages()
    for key, stats in book.entries.items():
        print(describe_stats(messages, stats_title(key, messages), stats))  # the same name, sentence and rounding as in the game
    return 0
