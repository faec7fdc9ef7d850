"""``voicegame saves``: the unfinished games saved, newest first, each with the command that goes on with
exactly it (``--id``: two games of one deal, played in two windows, are two entries and two commands),
and whether another window plays it now.

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
from voicegame.language.game_titles import played_title
from voicegame.language.messages import Messages
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
        print(say("cli_saves_none"))
        return 0
    print(say("cli_saves_kept", keep=KEEP))
    messages = Messages()
    for saved in games:
        days = age_days(saved.saved or saved.started)
        when = messages.phrase("cli_saves_when_unknown" if days is None else "cli_saves_today" if days == 0
                               else "cli_saves_yesterday" if days == 1 else "cli_saves_when", days=days)
        print(messages.say("cli_saves_entry", title=played_title(saved.game, saved.options, messages),
                           seed=str(saved.seed), moves=counted(saved.cursor, "move"), score=saved.score, when=when))
        print(f"    voicegame play {saved.game} --resume --id {saved.id}")
        if persistence.open_elsewhere(saved.id):
            print(f"    {say('cli_saves_open_elsewhere')}")
    return 0
