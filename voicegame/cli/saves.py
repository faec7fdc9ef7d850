"""``voicegame saves``: the unfinished games saved, newest first, each with the command that goes on with it."""

from __future__ import annotations

import argparse
from typing import Any

from voicegame.games import find_game
from voicegame.storage.autosave import KEEP, Persistence, age_days


def add_parser(subparsers: Any) -> None:
    subparsers.add_parser("saves", help="list the unfinished games saved, and how to go on with each").set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    games = Persistence().unfinished()
    if not games:
        print("No unfinished games are saved.")
        return 0
    print(f"Unfinished games saved, the newest first (at most {KEEP + 1} of each game are kept):")
    for saved in games:
        title = find_game(saved.game).make(**saved.options).title
        days = age_days(saved.saved or saved.started)
        when = "at an unknown time" if days is None else {0: "today", 1: "yesterday"}.get(days, f"{days} days ago")
        moves = "1 move" if saved.cursor == 1 else f"{saved.cursor} moves"
        print(f"{title}, deal {saved.seed}: {moves}, score {saved.score}, last played {when}.")
        print(f"    voicegame play {saved.game} --seed {saved.seed} --resume")
    return 0
