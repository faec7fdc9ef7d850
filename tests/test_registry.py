"""The registry finds the games as the modules of voicegame.games: nothing to add a new game to."""

from __future__ import annotations

from dataclasses import replace
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


def test_every_game_has_its_words_and_every_words_file_is_a_game():
    from importlib import resources

    from voicegame.games.words import game_words

    folder = resources.files("voicegame.grammars").joinpath("en", "games")
    files = {path.name.removesuffix(".toml") for path in folder.iterdir() if path.name.endswith(".toml")}
    assert files == {g.key for g in all_games()}
    for entry in all_games():
        words = game_words(entry.key)
        assert (entry.title, entry.aliases, entry.summary, entry.family) == (words.title, words.aliases, words.summary, words.family)


def test_a_words_file_holds_only_its_own_games_messages():
    import tomllib
    from importlib import resources

    for entry in all_games():
        path = resources.files("voicegame.grammars").joinpath("en", "games", f"{entry.key}.toml")
        with path.open("rb") as handle:
            messages = tomllib.load(handle).get("messages", {})
        for key in messages:
            kind, _, rest = key.partition("_")
            assert kind in ("help", "say", "moves") and (rest == entry.key or rest.startswith(entry.key + "_")), (entry.key, key)


def test_a_game_without_words_is_told_which_file_to_write():
    import pytest

    from voicegame.games.words import game_words

    with pytest.raises(FileNotFoundError, match="write grammars/en/games/new_game.toml"):
        game_words("new_game")


def test_no_pile_name_is_written_in_python():
    """Pile names are data (grammars/en/piles.toml and a game's [piles]): an f-string that starts with a
    word and a space ("column {word}"), or a pile's names or a group's written out as strings, in
    voicegame/games is a name the words files should hold."""
    import ast
    from pathlib import Path

    import voicegame.games

    spoken = []
    for path in sorted(Path(voicegame.games.__file__).parent.glob("*.py")):
        tree = ast.parse(path.read_text())
        raised = {id(node) for r in ast.walk(tree) if isinstance(r, ast.Raise) for node in ast.walk(r)}
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr) and id(node) not in raised and node.values:
                first = node.values[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str) and first.value[:1].islower() and first.value.endswith(" "):
                    spoken.append(f"{path.name}:{node.lineno}")
            named = []
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "PileSpec":
                named = [node.args[2]] if len(node.args) > 2 else [k.value for k in node.keywords if k.arg == "names"]
            elif isinstance(node, ast.keyword) and node.arg == "group_names" and isinstance(node.value, ast.Dict):
                named = list(node.value.values)
            spoken += [f"{path.name}:{n.lineno}" for n in named if isinstance(n, ast.Tuple) and any(isinstance(e, (ast.Constant, ast.JoinedStr)) for e in n.elts)]
    assert not spoken, spoken


def test_every_game_declares_its_search_and_the_solver_has_the_hooks_it_names():
    """A game says in its ENTRY which shared hooks its search uses (``search`` has no default, so the
    generic search too is a decision written there); every set a game may name has its hooks."""
    import inspect

    from voicegame.games.search import Search
    from voicegame.solver.hook_base import GENERIC, SolverHooks
    from voicegame.solver.hooks import HOOKS, HOOKS_MODULE, hooks_of

    assert inspect.signature(GameEntry.from_words).parameters["search"].default is inspect.Parameter.empty
    assert set(HOOKS_MODULE) == set(Search) - {Search.GENERIC}
    for search in Search:
        assert isinstance(hooks_of(search), SolverHooks) and (hooks_of(search) is GENERIC) == (search is Search.GENERIC), search
    assert set(HOOKS) == {entry.key for entry in all_games() if entry.search is not Search.GENERIC}


def test_the_solver_reads_each_game_s_declared_hooks_and_hint_budget():
    from voicegame.engine import Engine
    from voicegame.games.search import HintBudget
    from voicegame.solver.hook_base import GENERIC
    from voicegame.solver.hooks import hint_budget_for, hooks_for, hooks_of

    for entry in all_games():
        engine = Engine(entry.make())
        assert hooks_for(engine) is hooks_of(entry.search), entry.key
        assert hint_budget_for(engine) == entry.hint_budget, entry.key
    stranger = Engine(replace(all_games()[0].make(), key="not_a_game"))
    assert hooks_for(stranger) is GENERIC and hint_budget_for(stranger) == HintBudget()
