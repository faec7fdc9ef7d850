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


GENERIC_SEARCH = {
    "treize", "monte_carlo", "scorpion", "canfield", "triple_peaks", "hopscotch", "gaps", "yukon", "odessa", "eagle_wing",
    "straight_up", "lady_jane", "bristol", "fortress", "chessboard", "ten_across", "doublets", "king_albert", "zebra", "kansas",
    "pileon",
}
"""The games the solver searches with the generic hooks only (voicegame.solver.hook_base.GENERIC): no forced moves,
ordering, pruning or key of their own. A game leaves this list when it gets hooks in voicegame/solver/hooks.py, and a
new game joins it only by a decision written here (Kansas, whose scripted game is a loss because the solver won none
of seeds 1-200, is a candidate for hooks of its own)."""


def test_every_game_has_solver_hooks_or_is_listed_as_searched_generically():
    """A new game gets the generic search by default; it must be listed above (or given hooks in
    voicegame/solver/hooks.py) so that falling back is a decision, not an accident."""
    from voicegame.solver.hooks import HOOKS

    keys = {g.key for g in all_games()}
    generic = keys - set(HOOKS)
    assert generic == GENERIC_SEARCH, (f"searched generically but not listed: {sorted(generic - GENERIC_SEARCH)}; "
                                       f"listed but with hooks of their own (or not a game): {sorted(GENERIC_SEARCH - generic)}")
