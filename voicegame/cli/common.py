"""What several sub-commands share: the game named on the command line, its options, and the checks
that refuse a bad name, option or path in one sentence before anything starts (exit status 2).

Every refusal is a message key of ``grammars/en/messages.toml``; the language layer is imported only
when there is something to say, so that a command that goes well does not pay for it.
"""

from __future__ import annotations

import argparse
import difflib
import math
import os
import re
import sys
from importlib import import_module
from importlib.util import find_spec
from pathlib import Path
from typing import Any, Callable, Sequence

from voicegame.audio.bounded_file import check_appendable, check_readable, failure_words
from voicegame.games import GameEntry, UnknownGame, all_games, find_game, given

OPTION_HIGH = 1000
"""The largest whole number a game option without a list of choices takes (``--passes``,
``--redeals``): more passes than any game lasts is "unlimited" (say so), and a number of twenty digits
is a slip of the keyboard, not a wish; it would also be read back aloud in the greeting and saved."""


def say(key: str, **params: Any) -> str:
    """The sentence of message ``key`` (``grammars/en/messages.toml``) with ``params`` filled in."""
    from voicegame.engine import Reason
    from voicegame.language.sentences import sentence

    return sentence(Reason(key, params))


def counted(count: int, noun: str) -> str:
    """"1 move", "3 moves": a count and its noun, in agreement."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def refuse(command: str, key: str, **params: Any) -> int:
    """Print the one sentence that says why ``voicegame command`` cannot start; its exit status (2)."""
    print(f"voicegame {command}: {say(key, **params)}", file=sys.stderr)
    return 2


def _plain(name: str) -> str:
    return "".join(c for c in name.lower() if c.isalnum())


def nearest_games(name: str, count: int = 3) -> list[str]:
    """The titles of the games whose names (key, title or alias) are spelled most like ``name``:
    "solitare" -> ["Klondike"], "spidr" -> ["Spider", ...]."""
    titles: dict[str, str] = {}
    for entry in all_games():
        for known in (entry.key, entry.title, *entry.aliases):
            titles.setdefault(_plain(known), entry.title)
    found: list[str] = []
    for close in difflib.get_close_matches(_plain(name), list(titles), n=count * 3, cutoff=0.8):
        if titles[close] not in found:
            found.append(titles[close])
    return found[:count]


def _or(words: Sequence[str], last: str = "or") -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {last} " + words[-1]


def _spelled(name: str) -> str:
    """A name as ``find_game`` compares it (case, spaces, hyphens and underscores ignored)."""
    return name.lower().replace(" ", "").replace("-", "").replace("_", "")


def game_by_module(name: str | Sequence[str]) -> GameEntry | None:
    """The game ``find_game`` finds for ``name`` when its module has that name ("klondike", "bakers game",
    "free cell" -> ``voicegame.games.freecell``), importing that one module and no other; None when no
    module is so named (``find_game`` then looks through every game). A command that runs one game
    (``voicegame solve klondike``) need not import the 88 others; tests/test_cli.py checks that this
    finds the same game as ``find_game`` for every name of every game."""
    name = name if isinstance(name, str) else " ".join(name)
    words = name.lower().replace("-", " ").split()
    wanted = _spelled(name)
    for module in dict.fromkeys(("_".join(words), "".join(words))):
        if not re.fullmatch(r"[a-z][a-z0-9_]*", module) or find_spec(f"voicegame.games.{module}") is None:
            continue
        entry = getattr(import_module(f"voicegame.games.{module}"), "ENTRY", None)
        if isinstance(entry, GameEntry) and wanted in {_spelled(known) for known in (entry.key, entry.title, *entry.aliases)}:
            return entry
    return None


def named_game(name: str | Sequence[str], command: str, seed: int | None = None) -> GameEntry | None:
    """The game called ``name`` (several words are one name: ``free cell``) whose deal ``seed``
    exists, or None once the reason is printed on standard error (``command`` names the sub-command)."""
    if not isinstance(name, str):
        name = " ".join(name)
    try:
        entry = game_by_module(name) or find_game(name)
    except UnknownGame:
        shown = given(name) if name.strip() else "''"
        close = nearest_games(name)
        if close:
            refuse(command, "cli_unknown_game_close", name=shown, close=_or(close))
        else:
            refuse(command, "cli_unknown_game", name=shown)
        return None
    problem = entry.seed_problem(seed) if seed is not None else None
    if problem:
        print(f"voicegame {command}: {problem}", file=sys.stderr)
        return None
    return entry


def flag(name: str) -> str:
    return f"--{name.replace('_', '-')}"


def chosen_options(entry: GameEntry, args: argparse.Namespace) -> dict[str, Any]:
    """The game options given on the command line (``--draw 1``); the rest are left to the game."""
    return {o.name: getattr(args, o.name) for o in entry.options if getattr(args, o.name, None) is not None}


def option_problem(entry: GameEntry, args: argparse.Namespace) -> str | None:
    """None when every game option on the command line is one of ``entry``'s and in range, else the
    sentence that says which is not: the flags exist for every game in the registry, so ``play golf
    --draw 1`` parses, and would otherwise be silently ignored."""
    mine = {o.name for o in entry.options}
    for other in all_games():
        for option in other.options:
            if option.name in mine or getattr(args, option.name, None) is None:
                continue
            if entry.options:
                return say("cli_option_not_in_game", flag=flag(option.name), title=entry.title,
                           options=_or([flag(o.name) for o in entry.options], "and"))
            return say("cli_game_has_no_options", flag=flag(option.name), title=entry.title)
    return option_value_problem(entry, args)


def option_value_problem(entry: GameEntry, args: argparse.Namespace) -> str | None:
    """The sentence that says which of ``entry``'s own options on the command line is out of range,
    or None: ``option_problem`` without the look at the other games' options (for a command line
    parsed knowing only this game's flags, where another game's could not have been given)."""
    for option in entry.options:
        value = getattr(args, option.name, None)
        if option.kind is int and option.choices is None and isinstance(value, int) and value > OPTION_HIGH:
            low = option.low if option.low is not None else 0
            return say("cli_option_too_big", flag=flag(option.name), low=low, high=OPTION_HIGH,
                       unlimited=", or unlimited" if option.allow_none else "", value=given(str(value))[:40])
    return None


def bounded(name: str, kind: Callable[[str], Any], low: float, high: float, what: str) -> Callable[[str], Any]:
    """A flag's ``type=``: a finite number from ``low`` to ``high`` (``what`` says it in words, as
    "a whole number from 1 up"), else argparse's error naming the flag and what was given."""

    def parse(text: str) -> Any:
        try:
            value = kind(text.strip()) if len(text) <= 40 else None
        except ValueError:
            value = None
        if value is None or not math.isfinite(value) or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{name} must be {what}; you gave {given(text)}.")
        return value

    parse.__name__ = getattr(kind, "__name__", "number")
    return parse


def readable_input() -> None:
    """Bytes on standard input that are not text in its encoding become U+FFFD, a character that matches
    no command, instead of ending the game with UnicodeDecodeError."""
    try:
        sys.stdin.reconfigure(errors="replace")  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        pass



# ------------------------------------------------------------------------------------ paths
def shown(path: str) -> str:
    """A path as the player typed it (quoted when it has spaces or characters that do not print; cut
    when it is longer than anyone would listen to)."""
    text = path if len(path) <= 200 else path[:200] + "..."
    return text if text and text.isprintable() and " " not in text else repr(text)


def _existing_ancestor(path: Path) -> Path:
    """The nearest folder above ``path`` (or ``path`` itself) that exists."""
    for candidate in (path, *path.parents):
        if os.path.lexists(candidate):
            return candidate
    return Path("/")


def file_to_write_problem(text: str, what: str) -> str | None:
    """See ``_file_to_write_problem``; a path the system cannot even look at (a name too long) is said too."""
    try:
        return _file_to_write_problem(text, what)
    except (OSError, ValueError) as error:
        return say("cli_path_cannot_write", what=what, path=shown(text), problem=why(error))


def _file_to_write_problem(text: str, what: str) -> str | None:
    """None when a file can be written at ``text`` (``what`` names it: "--trace"), else one sentence
    saying why not: a folder that does not exist, a folder given for a file, no permission. The check
    opens the file for appending (creating it, and removing it again when it was not there), so it
    asks the system itself rather than guessing from permission bits."""
    if not text or "\0" in text:
        return say("cli_path_empty", what=what)
    path = Path(text)
    if path.is_dir():
        return say("cli_path_is_folder", what=what, path=shown(text))
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        above = _existing_ancestor(parent)
        if above.is_dir():
            return say("cli_path_no_folder", what=what, path=shown(text), folder=shown(str(parent)))
        return say("cli_path_not_folder", what=what, path=shown(text), folder=shown(str(above)))
    existed = os.path.lexists(path)
    try:
        check_appendable(path, plain_only=False)  # a pipe with no reader is refused, not waited on
    except OSError as error:
        return say("cli_path_cannot_write", what=what, path=shown(text), problem=why(error))
    if not existed:
        try:
            path.unlink()
        except OSError:
            pass
    return None


def file_to_read_problem(text: str, what: str) -> str | None:
    """See ``_file_to_read_problem``; a path the system cannot even look at (a name too long) is said too."""
    try:
        return _file_to_read_problem(text, what)
    except (OSError, ValueError) as error:
        return say("cli_path_cannot_read", what=what, path=shown(text), problem=why(error))


def _file_to_read_problem(text: str, what: str) -> str | None:
    """None when ``text`` is a file that can be read, else one sentence saying why not."""
    if not text or "\0" in text:
        return say("cli_path_empty", what=what)
    path = Path(text)
    if path.is_dir():
        return say("cli_path_is_folder", what=what, path=shown(text))
    try:
        check_readable(path)  # opened without blocking: a pipe or a device is refused, not waited on
    except OSError as error:
        return say("cli_path_cannot_read", what=what, path=shown(text), problem=why(error))
    return None


def folder_problem(text: str, what: str, must_exist: bool) -> str | None:
    """See ``_folder_problem``; a path the system cannot even look at (a name too long) is said too."""
    try:
        return _folder_problem(text, what, must_exist)
    except (OSError, ValueError) as error:
        return say("cli_path_cannot_read", what=what, path=shown(text), problem=why(error))


def why(error: Exception) -> str:
    """What went wrong, as words that go inside a sentence ("no such file or directory")."""
    return failure_words(error)


def _folder_problem(text: str, what: str, must_exist: bool) -> str | None:
    """None when ``text`` is a folder (or, unless ``must_exist``, one that can be made: nothing but
    folders above it), else one sentence saying why not."""
    if not text or "\0" in text:
        return say("cli_path_empty", what=what)
    path = Path(text)
    if path.is_dir():
        return None
    if os.path.lexists(path):
        return say("cli_path_not_a_folder", what=what, path=shown(text))
    if must_exist:
        return say("cli_folder_missing", what=what, path=shown(text))
    above = _existing_ancestor(path)
    if not above.is_dir():
        return say("cli_path_not_folder", what=what, path=shown(text), folder=shown(str(above)))
    return None


def storage_problem(no_save: bool = False) -> str | None:
    """One sentence when the settings file or the data folder (``VOICEGAME_CONFIG``,
    ``VOICEGAME_DATA_DIR``) names something that can never work: a folder given for the settings
    file, a file given for the data folder. A folder that cannot be written is not refused here:
    the game says once that it cannot save and tries again after every move (a kiosk's SD card)."""
    config = os.environ.get("VOICEGAME_CONFIG")
    if config:
        try:
            if Path(config).is_dir():
                return say("cli_path_is_folder", what="VOICEGAME_CONFIG", path=shown(config))
        except (OSError, ValueError) as error:
            return say("cli_path_cannot_read", what="VOICEGAME_CONFIG", path=shown(config), problem=why(error))
    data = os.environ.get("VOICEGAME_DATA_DIR")
    if data and not no_save:
        return folder_problem(data, "VOICEGAME_DATA_DIR", must_exist=False)
    return None
