"""A short soak by voice, run in CI: spoken turns through the kiosk as it listens (PocketSphinx, a new
grammar every turn), memory read every ten turns. Each grammar used to keep its whole language in the
second decoder, about 18 MB a turn, until the machine ran out (bench/soak_voice.py is the long run)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np
import pytest
from speech_fixtures import needs_espeak, speech_pcm

from voicegame.audio.output.earcons import EarconPlayer
from voicegame.audio.recognisers import listening_pocketsphinx
from voicegame.engine import MoveKind
from voicegame.play.kiosk import Kiosk, KioskSettings
from voicegame.play.session import Session

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from kiosk_fixtures import FakeClock, ScriptedListener  # noqa: E402

pytestmark = needs_espeak

TURNS = 40


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    pytest.skip("no /proc/self/status here")


class Quiet:
    """A speaker that keeps what it is told to say."""

    name = "quiet"
    output = None

    def __init__(self) -> None:
        self.said: list[str] = []

    def say(self, text: str) -> None:
        self.said.append(text)

    def stop(self) -> None: ...

    def wait(self, timeout: float | None = None) -> None: ...

    def busy(self) -> bool:
        return False

    def render(self, text: str):
        return None

    def step(self, change: str) -> bool:
        return True


def test_memory_stays_flat_over_spoken_turns():
    rng = random.Random(3)
    clock = FakeClock()
    session = Session("klondike", {"draw": 3}, 5)
    gap = np.zeros(4800, dtype=np.int16)
    memory: list[float] = []
    holder: dict = {}

    def spoken(text: str) -> np.ndarray:
        return np.concatenate([gap, speech_pcm(text), gap])

    def player():
        for turn in range(TURNS):
            if turn % 10 == 0:
                memory.append(rss_mb())
            s = holder["kiosk"].session
            moves = [m for m in s.engine.legal_moves(s.state) if m.kind is MoveKind.MOVE]
            if moves and rng.random() < 0.6:
                yield spoken(s.narrator.move_phrase(s.state, rng.choice(moves), by_pile=True))
            else:
                yield spoken(rng.choice(["draw", "read the board", "undo", "score"]))
        memory.append(rss_mb())

    speaker = Quiet()
    kiosk = Kiosk(session, ScriptedListener(player(), clock), recogniser=listening_pocketsphinx(), speaker=speaker,
                  earcons=EarconPlayer(enabled=False), settings=KioskSettings(), clock=clock)
    holder["kiosk"] = kiosk
    counters = kiosk.run(max_turns=TURNS)
    assert counters.turns == TURNS and counters.errors == 0
    assert counters.commands >= TURNS // 2  # most turns were heard as something to answer
    assert len(speaker.said) > TURNS // 2
    growth = memory[-1] - memory[1]  # from turn 10: start-up and the first grammars are not growth
    assert growth < 80, f"RSS grew {growth:.0f} MB over {TURNS - 10} spoken turns: {memory}"
