"""``voicegame saves``: the unfinished games saved, newest first, each with the command that goes on with it.

A save that turns out damaged while the list is read is put aside (renamed ``*.bad-<time>.json``,
as everywhere), and said in one sentence, instead of silently missing from the list.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from voicegame.audio.bounded_file import read_bounded_text
from voicegame.cli.common import counted, say, why
from voicegame.engine import Reason
from voicegame.games import find_game
from voicegame.storage.autosave import KEEP, Persistence, age_days
from voicegame.storage.savefile import MAX_BYTES, SaveError, parse


def add_parser(subparsers: Any) -> None:
    subparsers.add_parser("saves", help="list the unfinished games saved, and how to go on with each").set_defaults(run=run)


def put_aside(persistence: Persistence) -> set[Path]:
    """The save files put aside so far (``*.bad-*.json`` in ``saves/`` and ``saves/kept/``)."""
    found: set[Path] = set()
    for folder in (persistence.folder / "saves", persistence.kept_dir):
        try:
            found.update(p for p in folder.glob("*.bad-*.json"))
        except OSError:
            continue
    return found


def why_damaged(path: Path) -> Reason:
    """Why a save put aside could not be used: its message key, read again from the renamed file."""
    try:
        parse(read_bounded_text(path, MAX_BYTES))
    except SaveError as error:
        return error.reason
    except (OSError, UnicodeDecodeError, ValueError):
        return Reason("save_unreadable")
    return Reason("save_damaged")  # readable now: it changed after it was put aside


def unlisted_folder(persistence: Persistence) -> str | None:
    """The sentence saying that a folder of saves exists but cannot be listed (no permission...), or
    None: "No unfinished games are saved" would not be true then."""
    for folder in (persistence.folder / "saves", persistence.kept_dir):
        try:
            with os.scandir(folder):
                pass
        except FileNotFoundError:
            continue
        except OSError as error:
            return say("cli_saves_unlisted", folder=str(folder), problem=why(error))
    return None


def run(args: argparse.Namespace) -> int:
    persistence = Persistence()
    problem = unlisted_folder(persistence)
    if problem:
        print(f"voicegame saves: {problem}", file=sys.stderr)
        return 1
    before = put_aside(persistence)
    games = persistence.unfinished()
    for path in sorted(put_aside(persistence) - before):
        print(say("cli_save_put_aside", problem=why_damaged(path), file=path.name))
    if not games:
        print("No unfinished games are saved.")
        return 0
    print(say("cli_saves_kept", keep=KEEP))
    for saved in games:
        title = find_game(saved.game).make(**saved.options).title
        days = age_days(saved.saved or saved.started)
        when = "at an unknown time" if days is None else {0: "today", 1: "yesterday"}.get(days, f"{days} days ago")
        moves = counted(saved.cursor, "move")
        print(f"{title}, deal {saved.seed}: {moves}, score {saved.score}, last played {when}.")
        print(f"    voicegame play {saved.game} --seed {saved.seed} --resume")
    return 0
