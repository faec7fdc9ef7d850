"""Every test (and every voicegame process a test starts) keeps saves, statistics and settings in a
temporary folder, never in the user's own. Searches in tests stop on positions, never on the clock.

A test module about one game says which with ``GAME = "golf"`` (or several with ``GAMES = [...]``, each
test then runs once a game) and its tests take the ``engine`` fixture: that game's engine, default
options, made once a module."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # tests/helpers.py

from helpers import game_engine  # noqa: E402  (after the path is set)


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path_factory, monkeypatch):
    folder = tmp_path_factory.mktemp("voicegame-data")
    monkeypatch.setenv("VOICEGAME_DATA_DIR", str(folder))
    monkeypatch.setenv("VOICEGAME_CONFIG", str(folder / "config.toml"))
    return folder


@pytest.fixture(autouse=True)
def searches_count_positions(monkeypatch):
    """Hints and "is this game still winnable" search a fixed number of positions in tests, with no
    time limit, so a loaded machine gives the same answers as an idle one."""
    from voicegame.play.session import Session

    monkeypatch.setattr(Session, "hint_seconds", None)
    monkeypatch.setattr(Session, "winnable_seconds", None)
    monkeypatch.setattr(Session, "winnable_nodes", 100_000)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A module with ``GAMES = [...]`` runs each test that uses the engine once per game."""
    games = getattr(metafunc.module, "GAMES", None)
    if games is not None and "engine" in metafunc.fixturenames:
        metafunc.parametrize("game", games, scope="module")


@pytest.fixture(scope="module")
def game(request: pytest.FixtureRequest) -> str:
    """The game the test module is about: its ``GAME``."""
    try:
        return request.module.GAME
    except AttributeError:
        raise pytest.UsageError(f"{request.module.__name__} uses the engine fixture but names no GAME") from None


@pytest.fixture(scope="module")
def engine(game: str):
    """The engine of the module's game, with the game's default options."""
    return game_engine(game)
