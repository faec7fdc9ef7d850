"""The kiosk's wake phrase, spoken: it must be a sentence of what PocketSphinx listens for, not only
a word of the phrase list (where "solitaire" already was, as a game's name)."""

from __future__ import annotations

import numpy as np
import pytest
from speech_fixtures import needs_espeak, speech_pcm

from voicegame.audio.jsgf import Jsgf
from voicegame.play.kiosk import with_phrase
from voicegame.play.session import Session

pytestmark = needs_espeak


@pytest.fixture(scope="module")
def grammar():
    return Session("klondike", {"draw": 3}, 1).recogniser_grammar()


def test_the_wake_phrase_is_a_sentence_of_the_listening_grammar(grammar):
    woken = with_phrase(grammar, "solitaire")
    assert Jsgf(woken.jsgf).matches("solitaire")
    assert not Jsgf(grammar.jsgf).matches("solitaire")
    assert woken.second_jsgf == grammar.second_jsgf and woken.pronunciations == grammar.pronunciations
    assert with_phrase(woken, "solitaire") is woken


def test_spoken_wake_phrase_is_heard(sphinx, grammar):
    sphinx.set_grammar(with_phrase(grammar, "solitaire"))
    gap = np.zeros(4800, dtype=np.int16)
    heard = sphinx.recognise(np.concatenate([gap, speech_pcm("solitaire"), gap]))
    assert heard.text == "solitaire"
