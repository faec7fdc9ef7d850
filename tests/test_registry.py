"""The registry finds the games as the modules of voicegame.games: nothing to add a new game to."""

from __future__ import annotations

from importlib import import_module

from voicegame.games import LISTED_FIRST, GameEntry, all_games, game_modules


def test_every_module_of_the_games_package_with_an_entry_is_a_game_in_the_listed_order():
    entries = [import_module(f"voicegame.games.{name}") for name in game_modules()]
    found = [module.ENTRY for module in entries if isinstance(getattr(module, "ENTRY", None), GameEntry)]
    assert list(all_games()) == found
    assert [g.key for g in all_games()][:3] == ["klondike", "royal_parade", "freecell"]


def test_the_listed_order_names_only_games_there_are_once_each():
    assert len(set(LISTED_FIRST)) == len(LISTED_FIRST)
    games = {name for name in game_modules() if hasattr(import_module(f"voicegame.games.{name}"), "ENTRY")}
    assert set(LISTED_FIRST) <= games, set(LISTED_FIRST) - games


def test_game_keys_are_unique():
    keys = [g.key for g in all_games()]
    assert len(keys) == len(set(keys))
