"""Earcons: the committed WAVs are short, distinct, remakeable; the player never raises."""

from __future__ import annotations

import importlib.util
import wave

import numpy as np
import pytest

from conftest import ROOT, FakeSoundDevice
from voicegame.audio.output.earcons import EARCON_RATE, EARCONS, EarconPlayer, load, sounds_dir
from voicegame.audio.output.speakers import SoundOutput

SESSION_EARCONS = {"listening", "move", "illegal", "question", "turn", "foundation", "deal", "undo", "win",
                   "game_over", "unknown", "working"}


def _make_earcons():
    spec = importlib.util.spec_from_file_location("make_earcons", ROOT / "scripts" / "make_earcons.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_session_earcon_has_a_short_16_bit_wav():
    assert set(EARCONS) == SESSION_EARCONS
    for name in EARCONS:
        with wave.open(str(sounds_dir() / f"{name}.wav")) as w:
            assert (w.getframerate(), w.getsampwidth(), w.getnchannels()) == (EARCON_RATE, 2, 1)
            assert 0.05 <= w.getnframes() / EARCON_RATE <= 0.4, name
        pcm = load(name)
        assert np.abs(pcm).max() > 8000, name  # audible


def test_committed_files_are_what_the_script_makes():
    make = _make_earcons()
    for name in EARCONS:
        assert np.array_equal(make.synthesise(name), load(name)), f"{name}.wav is stale: run scripts/make_earcons.py"


def _ncc_max(a: np.ndarray, b: np.ndarray) -> float:
    a, b = a.astype(float), b.astype(float)
    size = 1 << (len(a) + len(b)).bit_length()
    c = np.fft.irfft(np.fft.rfft(a, size) * np.conj(np.fft.rfft(b, size)), size)
    return float(np.abs(c).max() / np.sqrt((a @ a) * (b @ b)))


def test_earcons_are_distinct():
    names = sorted(EARCONS)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert _ncc_max(load(a), load(b)) < 0.5, (a, b)


def test_readme_documents_every_earcon():
    text = (ROOT / "sounds" / "README.md").read_text()
    for name in EARCONS:
        assert f"| `{name}` |" in text


def test_player_plays_by_name_through_the_output(fake_sd):
    player = EarconPlayer(SoundOutput(sd=fake_sd))
    assert player.play("move") and player.play("turn")
    player.wait(60)
    assert [n for n, _ in fake_sd.clips] == [len(load("move")), len(load("turn"))]
    assert player.played == ["move", "turn"]


def test_no_sounds_plays_nothing(fake_sd):
    player = EarconPlayer(SoundOutput(sd=fake_sd), enabled=False)
    assert not player.play("win")
    player.wait(1)
    assert fake_sd.clips == [] and player.played == []


def test_player_without_sound_card_reports_once_and_never_raises():
    notes = []
    player = EarconPlayer(SoundOutput(sd=FakeSoundDevice(fail=True)), on_note=notes.append)
    for name in ("move", "win", "no_such_sound"):
        assert not player.play(name)
    player.stop()
    player.wait(1)
    assert notes == ["I cannot play sound: no audio output was found."]
    assert player.note == notes[0]


def test_real_device_path_without_sound_card_never_raises():
    player = EarconPlayer()  # real sounddevice; no sound card on this machine
    ok = player.play("move")
    player.wait(1)
    if ok:
        pytest.skip("this machine has an audio output")
    assert player.note and not player.play("turn")


def test_unknown_earcon_is_ignored(fake_sd):
    player = EarconPlayer(SoundOutput(sd=fake_sd))
    assert not player.play("fanfare")
    assert "fanfare" in (player.note or "")
    with pytest.raises(KeyError):
        load("fanfare")
