"""Every test (and every voicegame process a test starts) keeps saves, statistics and settings in a
temporary folder, never in the user's own. Searches in tests stop on positions, never on the clock."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # tests/helpers.py


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
