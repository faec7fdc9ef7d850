"""Every test (and every voicegame process a test starts) keeps saves, statistics and settings in a
temporary folder, never in the user's own."""

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
