"""The hands-free loop tells the player why it keeps mishearing (real PocketSphinx, espeak-ng speech)."""

from __future__ import annotations

import numpy as np
import pytest

from speech_fixtures import have_espeak, speech_pcm
from voicegame.audio.output.earcons import EarconPlayer
from voicegame.audio.output.speakers import RecorderSpeaker
from voicegame.play.loop import PcmSource, run_voice_session
from voicegame.play.session import Session

pytestmark = pytest.mark.skipif(not have_espeak(), reason="espeak-ng is not installed (apt-get install espeak-ng)")

CHATTER = ("can you call my mother", "my dog likes to run in the park", "the weather is nice today")
NOISY_CHATTER = ("can you call my mother", "my dog likes to run in the park", "the cat is sleeping on the sofa")
"""In white noise at 5 dB "the weather is nice today" is now heard as a near tie of two moves and
asked about ("Did you mean ...?": a question, not a miss, and nothing changes), so the noisy tests
use another sentence."""
SORRY = "Sorry, I did not catch that."
NOISY = "It is too noisy here for me to hear you well. Come closer to the microphone, or make the room quieter."
GENERAL = "I keep missing what you say."


@pytest.fixture
def sphinx():
    """A fresh recogniser per test: what pocketsphinx makes of speech in loud noise depends on the
    utterances it decoded before (its cepstral mean), and these tests are about the advice, not that."""
    from voicegame.audio.recognisers import listening_pocketsphinx

    return listening_pocketsphinx()


def _padded(text: str) -> np.ndarray:
    silence = np.zeros(4800, np.int16)
    return np.concatenate([silence, speech_pcm(text, "en", 160), silence])


def _in_white_noise(pcm: np.ndarray, snr_db: float, seed: int) -> np.ndarray:
    x = pcm.astype(np.float64)
    power = float((x[x != 0] ** 2).mean())
    noise = np.random.default_rng(seed).normal(0.0, np.sqrt(power / 10 ** (snr_db / 10)), len(x))
    return np.clip(x + noise, -32768, 32767).astype(np.int16)


def _play(sphinx, utterances: list) -> tuple[list[str], list]:
    speaker = RecorderSpeaker()
    result = run_voice_session(Session("klondike", seed=5), PcmSource(utterances + ["quit"]), sphinx, speaker,
                               EarconPlayer(enabled=False))
    return speaker.said[1:], result  # after the greeting


def test_three_misses_in_a_quiet_room_get_advice_on_how_to_speak(sphinx):
    said, result = _play(sphinx, [_padded(t) for t in CHATTER])
    assert [h.unknown for h in result.heard[:3]] == [True, True, True]  # chatter is refused, not played
    assert said[:3] == [SORRY] * 3
    assert said[3].startswith(GENERAL) and NOISY not in said


def test_three_misses_in_noise_get_advice_about_the_noise_and_typed_lines_do_not_count(sphinx):
    noisy = [_in_white_noise(_padded(t), 5.0, seed) for seed, t in enumerate(NOISY_CHATTER)]
    said, result = _play(sphinx, [noisy[0], "score", noisy[1], noisy[2]])
    # chatter is not played: refused, or (in loud noise) a broken-off sentence, which is a miss too
    assert [h.unknown or h.confidence == 0.0 for h in result.heard[:4]] == [True, False, True, True]
    assert [r.moves for r in result.replies[:4]] == [[], [], [], []]
    assert said[0] == said[2] == said[3] == SORRY and said[1] != SORRY
    assert said[4] == NOISY and not any(s.startswith(GENERAL) for s in said)  # typed "score" did not reset


def test_the_kiosk_gives_the_same_advice(sphinx):
    from voicegame.play.kiosk import Kiosk
    from kiosk_fixtures import FakeClock, ScriptedListener

    clock = FakeClock()
    speaker = RecorderSpeaker()
    noisy = [_in_white_noise(_padded(t), 5.0, seed) for seed, t in enumerate(NOISY_CHATTER)]
    kiosk = Kiosk(Session("klondike", seed=5), ScriptedListener(noisy, clock), recogniser=sphinx, speaker=speaker,
                  clock=clock)
    kiosk.run()
    assert kiosk.counters.commands == 3
    said = speaker.said[1:]
    assert said == [SORRY, SORRY, SORRY, NOISY]
