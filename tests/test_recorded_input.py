"""Recordings given with --input are heard or refused, never silently turned into typing: a player who
sends recordings and gets "Sorry, I did not catch that." to each, with exit status 0, learns nothing."""

from __future__ import annotations

import io
import sys

import numpy as np
import pytest

from voicegame.audio.wavio import write_wav


def cli(argv, capsys, monkeypatch):
    from voicegame.cli import main as cli_main

    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    status = cli_main.main(argv)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("ear, problem", [
    (["--recogniser", "vosk"], "No Vosk model was found"),
    (["--recogniser", "wyoming"], "Wyoming server's address"),
])
def test_recordings_with_an_ear_that_cannot_start_are_refused(ear, problem, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("VOICEGAME_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("VOICEGAME_CONFIG", str(tmp_path / "config.toml"))
    monkeypatch.delenv("VOICEGAME_VOSK_MODEL", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    wav = tmp_path / "draw.wav"
    write_wav(wav, np.zeros(8000, dtype=np.int16), 16000)
    status, out, err = cli(["play", "klondike", "--seed", "5", "--speaker", "print", "--no-sounds", *ear,
                            "--input", str(wav)], capsys, monkeypatch)
    assert status == 2
    assert err.startswith("voicegame play: The recordings given with --input cannot be heard: ") and problem in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "type your commands" not in out + err and "did not catch" not in out
