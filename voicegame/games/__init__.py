"""The registry: every playable game, found as the modules of this package that end with an ``ENTRY``
(a :class:`~voicegame.games.entry.GameEntry`); adding a game is its module, its words file and its
scripted game, nothing more (docs/development.md, "Adding a game")."""

from __future__ import annotations

import argparse
import pkgutil
import re
from importlib import import_module
from importlib.util import find_spec
from typing import Callable

from voicegame.games.entry import MAX_SEED, GameEntry, Option, allowed, given

__all__ = ["GAMES", "MAX_SEED", "GameEntry", "Option", "UnknownGame", "add_option_arguments", "all_games", "allowed", "entry_of",
           "find_game", "unlisted_games", "game_modules", "given", "seed_number"]

LISTED_FIRST: tuple[str, ...] = (
    "klondike", "royal_parade", "freecell", "golf", "spider", "treize", "monte_carlo", "scorpion",
    "canfield", "triple_peaks", "hopscotch", "gaps", "gold_mine", "westhaven", "whitehead",
    "thumb_and_pouch", "saratoga", "yukon", "odessa", "forty_thieves", "backbone", "eagle_wing",
    "straight_up", "lady_jane", "thirteen", "yield_", "fourteen", "block_ten", "gay_gordons", "helsinki",
    "jamestown", "isabel", "neighbor", "quatorze", "elevator", "escalator", "sir_tommy", "auld_lang_syne",
    "scuffle", "carpet", "clock", "bakers_game", "eight_off", "seahaven", "beleaguered_castle",
    "streets_and_alleys", "bakers_dozen", "spiderette", "will_o_the_wisp", "spider_three_decks", "bristol",
    "fortress", "chessboard", "bear_river", "cruel",
    "ten_across", "diamond_mine", "accordion", "cover", "first_law", "fortunes", "doublets", "valentine", "poker",
    "agnes", "easthaven", "gypsy", "glenwood", "royal_east", "king_albert", "union_square",
    "giant", "zebra", "kansas", "terrace", "aunt_mary",
    "osmosis", "peek", "napoleons_tomb", "pileon", "maze", "labyrinth", "camelot", "kings_audience", "plait",
    "athena", "jumbo", "thieves",
)
"""The order of the games found so far, which the player hears: the spoken games list (families in the
order their first game comes), ``voicegame games``, docs/games.md, and which game a shared name means
first all follow it. Not a list to keep up: a game not named here (a new one) comes after these, in
module name order."""


def game_modules() -> tuple[str, ...]:
    """The modules of this package, in the order the games list says them (shared ones such as
    ``parts`` among them: :func:`all_games` keeps those with an ``ENTRY``)."""
    found = {info.name for info in pkgutil.iter_modules(__path__)}
    return (*(name for name in LISTED_FIRST if name in found), *sorted(found.difference(LISTED_FIRST)))


GAMES: tuple[GameEntry, ...]
"""Every game, in the order the games list says them: made on first use (``all_games``), so that what
needs no game (``voicegame config``, ``stats``, a settings check) does not import 88 modules."""


def all_games() -> tuple[GameEntry, ...]:
    """``GAMES``, importing every game's module the first time."""
    games: tuple[GameEntry, ...] | None = globals().get("GAMES")
    if games is None:
        modules = [import_module(f"voicegame.games.{name}") for name in game_modules()]
        games = tuple(module.ENTRY for module in modules if isinstance(getattr(module, "ENTRY", None), GameEntry))
        globals()["GAMES"] = games
    return games


def unlisted_games() -> tuple[GameEntry, ...]:
    """The games whose module ``LISTED_FIRST`` does not name yet: new ones. A game is added by its three
    files; until it is listed, the generated documents (docs/games.md, docs/rules-audit.md) and the deals
    table may lack it (their tests warn, naming the command that adds it), never a listed game."""
    found = set(game_modules()) - set(LISTED_FIRST)
    return tuple(module.ENTRY for name in sorted(found)
                 if isinstance(getattr(module := import_module(f"{__name__}.{name}"), "ENTRY", None), GameEntry))


def __getattr__(name: str) -> object:
    if name == "GAMES":
        return all_games()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def entry_of(key: str) -> GameEntry | None:
    """The registry's game whose key is ``key``, or None (a test's own game). Before the registry is made
    this imports only the game's module (``key``, or ``key_`` where the key is a Python word: ``yield_``),
    so that searching one game (``voicegame solve``) reads that game's declarations and loads no other."""
    games: tuple[GameEntry, ...] | None = globals().get("GAMES")
    if games is None:
        for name in (key, key + "_"):
            if re.fullmatch(r"[a-z][a-z0-9_]*", name) and find_spec(f"{__name__}.{name}") is not None:
                entry = getattr(import_module(f"{__name__}.{name}"), "ENTRY", None)
                if isinstance(entry, GameEntry) and entry.key == key:
                    return entry
        games = all_games()
    return next((entry for entry in games if entry.key == key), None)


class UnknownGame(LookupError):
    pass


def find_game(name: str) -> GameEntry:
    """Look a game up by key, title or alias (case and spaces ignored)."""
    wanted = name.lower().replace(" ", "").replace("-", "").replace("_", "")
    for entry in all_games():
        names = (entry.key, entry.title, *entry.aliases)
        if wanted in {n.lower().replace(" ", "").replace("-", "").replace("_", "") for n in names}:
            return entry
    raise UnknownGame(name)


def seed_number(text: str) -> int:
    """``--seed``'s ``type=``: a whole number (whether it is one of the game's deals is checked once the
    game is known: ``GameEntry.seed_problem``)."""
    try:
        if len(text) > 40:
            raise ValueError(text)
        return int(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"--seed must be a whole number, the number of a deal; you gave {given(text)}.") from None


def add_option_arguments(parser: "argparse.ArgumentParser") -> None:
    """One command-line flag per game option in the registry ("--draw", "--suits", "--redeal-gaps"),
    so a new game's options reach ``play`` and ``solve`` without touching the CLI."""
    seen: dict[str, list[str]] = {}
    for entry in all_games():
        for option in entry.options:
            seen.setdefault(option.name, []).append(entry.title)
    for entry in all_games():
        for option in entry.options:
            if option.name not in seen:
                continue
            titles = seen.pop(option.name)
            metavar = "{" + ",".join(map(str, option.choices)) + "}" if option.choices else option.name.upper()
            parser.add_argument(f"--{option.name.replace('_', '-')}", dest=option.name, type=_parser_for(option),
                                metavar=metavar,
                                help=f"{', '.join(titles)}: {option.help} (default {option.default if option.default is not None else 'unlimited'})")


def _parser_for(option: Option) -> Callable[[str], object]:
    """The flag's ``type=``: its value, or argparse.ArgumentTypeError naming the flag, what it takes
    and what was given."""
    flag = f"--{option.name.replace('_', '-')}"

    def parse(text: str) -> object:
        if option.allow_none and text.strip().lower() in ("none", "unlimited"):
            return None
        try:
            value = option.kind(text.strip())
            if option.choices is not None and value not in option.choices:
                raise ValueError(text)
            if option.low is not None and value < option.low:
                raise ValueError(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{flag} must be {allowed(option)}; you gave {given(text)}.") from None
        return value

    parse.__name__ = option.kind.__name__
    return parse
