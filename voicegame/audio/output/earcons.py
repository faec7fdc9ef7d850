"""Earcons: short sounds that mark events faster than words (sounds/*.wav, made by scripts/make_earcons.py).

``EarconPlayer.play(name)`` queues a sound on the shared ``SoundOutput`` (sounddevice, imported only
when something is played). Without a device it disables itself, reports once through ``note`` /
``on_note``, and never raises. ``enabled=False`` (``--no-sounds``) plays nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Callable

import numpy as np

from ..errors import message_text
from .sound_output import SoundOutput

EARCON_RATE = 22050
MAX_EARCON_S = 0.4


@dataclass(frozen=True)
class Earcon:
    name: str
    event: str
    sound: str


EARCONS: dict[str, Earcon] = {e.name: e for e in (
    Earcon("listening", "the game is ready for a command (after the greeting)", "one soft sweep up, 600 to 1200 Hz"),
    Earcon("move", "command understood, a card moved", "one short wooden tock at 1400 Hz"),
    Earcon("turn", "a face-down card turned over", "a swish of noise and a high tick"),
    Earcon("foundation", "a card went to a foundation", "two bright chimes rising a fifth (E6, B6)"),
    Earcon("deal", "cards dealt from the stock (draw, new game, restart)", "three quick low swishes"),
    Earcon("undo", "a move taken back", "one sweep down, 1000 to 450 Hz"),
    Earcon("illegal", "the move is not allowed", "two low buzzes at 170 Hz"),
    Earcon("unknown", "the command was not understood", "a wobbling mid tone, like 'hm?'"),
    Earcon("question", "the game asks back (which seven?)", "two notes rising, the second gliding up"),
    Earcon("win", "the game is won", "a major arpeggio up (C, E, G, C)"),
    Earcon("game_over", "no moves are left", "a slow minor triad down (G, E flat, C)"),
    Earcon("working", "still thinking: every few seconds of a long search", "two soft low ticks, like a clock"),
)}


def sounds_dir() -> Path:
    """Where the WAVs are: the installed ``voicegame.sounds`` package, else the repository's sounds/."""
    try:
        path = Path(str(resources.files("voicegame.sounds")))
        if (path / "move.wav").is_file():
            return path
    except (ModuleNotFoundError, TypeError):
        pass
    return Path(__file__).resolve().parents[3] / "sounds"


@lru_cache(maxsize=None)
def _load(path: str) -> np.ndarray:
    from ..wavio import read_wav

    pcm = read_wav(path, EARCON_RATE)
    pcm.setflags(write=False)
    return pcm


def load(name: str, folder: Path | None = None) -> np.ndarray:
    """The earcon ``name`` as int16 mono samples at ``EARCON_RATE``. KeyError for an unknown name."""
    if name not in EARCONS:
        raise KeyError(f"no earcon named {name!r}")
    return _load(str((folder or sounds_dir()) / f"{name}.wav"))


class EarconPlayer:
    """Plays earcons by name. ``played`` lists every name asked for while enabled (also without a device)."""

    def __init__(self, output: SoundOutput | None = None, enabled: bool = True, folder: Path | None = None,
                 on_note: Callable[[str], None] | None = None) -> None:
        self.output = output if output is not None else SoundOutput()
        if on_note is not None and self.output.on_note is None:
            self.output.on_note = on_note
        self.enabled = enabled
        self.folder = folder
        self.played: list[str] = []
        self.note: str | None = None

    def load(self, name: str) -> np.ndarray:
        return load(name, self.folder)

    def play(self, name: str) -> bool:
        """Queue ``name``; True when it went to a device. Unknown names and missing files are ignored
        (noted once): a sound must never stop the game."""
        if not self.enabled:
            return False
        self.played.append(name)
        try:
            pcm = self.load(name)
        except Exception as e:  # KeyError, WavError
            if self.note is None:
                self.note = message_text("audio_earcon_missing", {"name": name, "reason": str(e).strip(chr(39))})
            return False
        ok = self.output.play(pcm, EARCON_RATE)
        if not ok and self.note is None:
            self.note = self.output.note
        return ok

    def stop(self) -> None:
        self.output.stop()

    def wait(self, timeout: float | None = None) -> None:
        self.output.wait(timeout)
