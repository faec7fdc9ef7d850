"""Following hints by voice: "hint", then "yes" plays it (real PocketSphinx, espeak-ng speech)."""

from __future__ import annotations

import numpy as np
import pytest

from speech_fixtures import have_espeak, speech_pcm
from voicegame.audio.output.earcons import EarconPlayer
from voicegame.audio.output.speakers import RecorderSpeaker
from voicegame.play.loop import PcmSource, run_voice_session
from voicegame.play.session import Session

pytestmark = pytest.mark.skipif(not have_espeak(), reason="espeak-ng is not installed (apt-get install espeak-ng)")


def _padded(text: str) -> np.ndarray:
    silence = np.zeros(4800, np.int16)
    # en-us: with the two-grammar listening of issue 15 the British "en" voice's "hint" is heard
    # as "the eight" in Klondike deal 5 (an incomplete move, which is asked about, never played)
    return np.concatenate([silence, speech_pcm(text, "en-us", 160), silence])


@pytest.mark.parametrize("game, seed", [("klondike", 5), ("freecell", 3)])
def test_a_spoken_yes_after_a_spoken_hint_plays_the_hint(sphinx, game, seed):
    session = Session(game, seed=seed)
    hinted = session.hints.ranked(session.state)[0]
    speaker = RecorderSpeaker()
    result = run_voice_session(session, PcmSource([_padded("hint"), _padded("yes"), "quit"]), sphinx, speaker,
                               EarconPlayer(enabled=False))
    assert [h.text for h in result.heard[:2]] == ["hint", "yes"]
    assert speaker.said[1].endswith("Say yes to do it.")  # "Put the eight of hearts on the nine of spades. Say yes to do it."
    assert result.replies[1].moves == [hinted]
