"""Moonshine base-en held to the game's grammar: the tokenizer, the automata (pure, no audio), the bounded
grammar cache, the ONNX copies, and real decoding of small clips (real people's digits and yes/no from
tests/data/human, espeak-ng commands) when onnxruntime and the moonshine-cpp wheel are installed."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import numpy as np
import pytest

from speech_fixtures import needs_espeak, pad, speech_pcm
from voicegame.audio.errors import GrammarError, RecogniserUnavailable
from voicegame.audio.grammar_spec import RecogniserGrammar
from voicegame.audio.jsgf import Jsgf
from voicegame.audio.moonshine import model as model_module
from voicegame.audio.moonshine.beam_search import normal_words
from voicegame.audio.moonshine.grammar_cache import GrammarCache
from voicegame.audio.moonshine.onnx_copies import _field, _fields, named_subgraphs
from voicegame.audio.moonshine.token_automaton import DONE, TokenAutomaton, spellings
from voicegame.audio.moonshine.tokenizer import EOS, SPACE, MoonshineTokenizer
from voicegame.audio.moonshine.word_automaton import word_automaton
from voicegame.audio.wavio import read_wav

HUMAN = Path(__file__).resolve().parents[1] / "data" / "human"
HAVE_WHEEL = importlib.util.find_spec("moonshine_cpp") is not None
HAVE_ORT = importlib.util.find_spec("onnxruntime") is not None
needs_tokenizer = pytest.mark.skipif(not HAVE_WHEEL, reason="the moonshine-cpp wheel is not installed (pip install voicegame[moonshine])")
needs_model = pytest.mark.skipif(not (HAVE_WHEEL and HAVE_ORT),
                                 reason="onnxruntime or the moonshine-cpp wheel is not installed (pip install voicegame[moonshine])")

SMALL_JSGF = """#JSGF V1.0;
grammar voicegame;
public <command> = <garbage> | draw | undo | new game | what is score | yes | no | <num> | read pile <num> | <move>;
<move> = [move] <card> (to | on) pile <num>;
<card> = (seven | eight | ace) of (hearts | spades);
<num> = one | two | three | four | five | six | seven | eight | nine;
<garbage> = <garbage_word>+;
<garbage_word> = because | people | something;
"""


def grammar(jsgf: str = SMALL_JSGF, second: str = "") -> RecogniserGrammar:
    return RecogniserGrammar(jsgf, (), Jsgf(jsgf).words, frozenset({"because", "people", "something"}), second_jsgf=second)


@pytest.fixture(scope="module")
def tokenizer() -> MoonshineTokenizer:
    if not HAVE_WHEEL:
        pytest.skip("the moonshine-cpp wheel is not installed (pip install voicegame[moonshine])")
    return MoonshineTokenizer.from_file(model_module.find_model_files().tokenizer)


# ------------------------------------------------------------------ tokenizer
@needs_tokenizer
def test_tokenizer_spells_words_as_the_model_writes_them(tokenizer):
    assert tokenizer.pieces[tokenizer.word_ids("move")[0]] == SPACE + "move"
    assert tokenizer.decode(tokenizer.encode("what's on pile 7 naïve")) == "what's on pile 7 naïve"
    assert tokenizer.decode([1, *tokenizer.encode("Draw."), EOS]) == "Draw."
    assert tokenizer.word_ids("Draw", space=False) != tokenizer.word_ids("Draw")


@needs_tokenizer
def test_tokenizer_agrees_with_the_reference_library(tokenizer):
    """The canonical pieces are those of Hugging Face ``tokenizers`` over useful-moonshine-onnx's tokenizer.json."""
    tokenizers = pytest.importorskip("tokenizers")
    spec = importlib.util.find_spec("moonshine_onnx")
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("useful-moonshine-onnx (its tokenizer.json) is not installed")
    reference = tokenizers.Tokenizer.from_file(str(Path(list(spec.submodule_search_locations)[0]) / "assets" / "tokenizer.json"))
    for word in ("move", "seven", "hearts", "autoplay", "klondike", "what's", "FreeCell", "7", "13", "naïve"):
        assert tokenizer.word_ids(word) == tuple(reference.encode(word, add_special_tokens=False).ids)


def test_transcripts_are_read_as_grammar_words():
    assert normal_words("Move the 7 of hearts to pile 3.") == ["move", "the", "seven", "of", "hearts", "to", "pile", "three"]
    assert normal_words("What's on auto-play?") == ["what's", "on", "auto", "play"]


# ------------------------------------------------------------------ automata
def test_word_automaton_holds_the_sentences_and_not_the_garbage_loop():
    words = word_automaton(grammar())
    assert words.accepts("draw".split()) and words.accepts("move seven of hearts on pile three".split())
    assert words.accepts("seven of spades to pile one".split())
    assert not words.accepts("move seven of hearts".split())
    assert not words.accepts("because".split()) and not words.accepts("people something".split())
    assert "because" not in words.words


def test_word_automaton_joins_the_second_document():
    second = "#JSGF V1.0;\ngrammar voicegame;\npublic <command> = quit | help me;\n"
    words = word_automaton(grammar(second=second))
    assert words.accepts(["quit"]) and words.accepts(["help", "me"]) and words.accepts(["draw"])


def test_a_grammar_of_nothing_is_refused():
    empty = "#JSGF V1.0;\ngrammar voicegame;\npublic <command> = <garbage>;\n<garbage> = because+;\n"
    with pytest.raises(GrammarError):
        word_automaton(grammar(empty))


def _complete_paths(automaton: TokenAutomaton, limit: int = 12) -> set[tuple[str, ...]]:
    """Every word sequence the automaton lets the decoder end on, walking its tokens (spellings and
    punctuation included) up to ``limit`` tokens."""
    found: set[tuple[str, ...]] = set()
    todo = [(automaton.start, (), 0)]
    while todo:
        node, words, depth = todo.pop()
        ids, targets = automaton.allowed(node)
        for token, target in zip(ids.tolist(), targets.tolist()):
            if target == DONE:
                found.add(words)
            elif depth < limit and token != automaton.comma:
                word = automaton.end_word[target]
                todo.append((target, words + ((word,) if word else ()), depth + 1))
    return found


@needs_tokenizer
def test_token_automaton_allows_only_the_grammar_sentences(tokenizer):
    jsgf = "#JSGF V1.0;\ngrammar voicegame;\npublic <command> = draw | undo | new game | read pile (one | three) | yes;\n"
    automaton = TokenAutomaton(word_automaton(grammar(jsgf)), tokenizer)
    assert _complete_paths(automaton) == {("draw",), ("undo",), ("new", "game"), ("read", "pile", "one"),
                                          ("read", "pile", "three"), ("yes",)}


@needs_tokenizer
def test_token_automaton_takes_the_model_s_spellings_and_refuses_others(tokenizer):
    automaton = TokenAutomaton(word_automaton(grammar()), tokenizer)

    def walk(text: str, first_space: bool = True) -> tuple[str, ...] | None:
        words = text.split()
        ids = [*tokenizer.word_ids(words[0], first_space)]
        for word in words[1:]:
            ids += tokenizer.word_ids(word) if word not in ".,?" else (tokenizer.ids[word],)
        node, heard = automaton.start, []
        for token in [*ids, EOS]:
            allowed, targets = automaton.allowed(node)
            where = np.flatnonzero(allowed == token)
            if not len(where):
                return None
            node = int(targets[where[0]])
            if node == DONE:
                return tuple(heard)
            if automaton.end_word[node]:
                heard.append(automaton.end_word[node])
        return None

    assert walk("Read pile 3 .") == ("read", "pile", "three")
    assert walk("Draw", first_space=False) == ("draw",)
    assert walk("Seven of hearts , to pile nine ?") == ("seven", "of", "hearts", "to", "pile", "nine")
    assert walk("read pile") is None  # not a whole sentence
    assert walk("read pile eleven") is None
    assert walk("because") is None  # the garbage loop is no sentence
    assert spellings("three") == ("three", "Three", "3")


@needs_tokenizer
def test_grammars_are_compiled_once_and_the_cache_stays_bounded(tokenizer):
    cache = GrammarCache(tokenizer, keep=4)
    first = grammar()
    assert cache.compiled(first) is cache.compiled(grammar())  # an equal grammar is not compiled again
    for n in range(30):  # thirty distinct turns
        jsgf = f"#JSGF V1.0;\ngrammar voicegame;\npublic <command> = draw | read pile {'one two three four five six seven eight nine ten'.split()[n % 10]} | undo{' | yes' * (n // 10)};\n"
        cache.compiled(grammar(jsgf))
    assert len(cache) == 4


# ------------------------------------------------------------------ ONNX copies
def test_unnamed_subgraphs_get_names():
    subgraph = _field(1, b"\x22\x03Add")  # a graph with one node, op_type Add, and no name
    attribute = _field(1, b"then_branch") + _field(6, subgraph)
    node = _field(4, b"If") + _field(5, attribute)
    model = b"\x08\x07" + _field(7, _field(1, node) + _field(2, b"main"))  # ir_version 7, the main graph
    mended = named_subgraphs(model)
    assert mended.startswith(b"\x08\x07")
    graph = next(payload for number, _, _, payload in _fields(mended) if number == 7)
    node = next(payload for number, _, _, payload in _fields(graph) if number == 1)
    attribute = next(payload for number, _, _, payload in _fields(node) if number == 5)
    inner = next(payload for number, _, _, payload in _fields(attribute) if number == 6)
    assert [payload for number, _, _, payload in _fields(inner) if number == 2] == [b"main_1_then_branch"]
    assert [payload for number, _, _, payload in _fields(graph) if number == 2] == [b"main"]


# ------------------------------------------------------------------ the kind and missing pieces
def _message(key: str) -> str:
    """The sentence of ``key`` in this checkout's grammars/en/messages.toml."""
    import tomllib

    return tomllib.loads((HUMAN.parents[2] / "grammars" / "en" / "messages.toml").read_text())[key]


def test_the_kind_is_listed():
    from voicegame.audio.recognisers import KINDS, of_kind

    assert "moonshine" in KINDS and of_kind("moonshine") is not None


def test_a_missing_wheel_is_one_sentence(monkeypatch):
    monkeypatch.setattr(model_module, "_package_dir", lambda name: None)
    with pytest.raises(RecogniserUnavailable) as raised:
        model_module.find_model_files()
    assert raised.value.key == "audio_moonshine_not_installed"
    assert _message(raised.value.key).startswith("Moonshine is not installed")


def test_missing_onnxruntime_is_one_sentence(monkeypatch):
    from voicegame.audio.moonshine import recogniser as recogniser_module

    real = importlib.util.find_spec
    monkeypatch.setattr(recogniser_module.importlib.util, "find_spec",
                        lambda name, *rest: None if name == "onnxruntime" else real(name, *rest))
    with pytest.raises(RecogniserUnavailable) as raised:
        recogniser_module.MoonshineRecogniser()
    assert raised.value.key == "audio_moonshine_no_onnxruntime"
    assert _message(raised.value.key).startswith("onnxruntime is not installed")


# ------------------------------------------------------------------ decoding real audio
@pytest.fixture(scope="module")
def moonshine(tmp_path_factory):
    if not (HAVE_WHEEL and HAVE_ORT):
        pytest.skip("onnxruntime or the moonshine-cpp wheel is not installed (pip install voicegame[moonshine])")
    from voicegame.audio.moonshine.recogniser import MoonshineRecogniser

    recogniser = MoonshineRecogniser(copies=tmp_path_factory.mktemp("moonshine-copies"))
    recogniser.set_grammar(grammar())
    return recogniser


def _human(words: str, count: int) -> list[Path]:
    clips = json.loads((HUMAN / "manifest.json").read_text())
    return [HUMAN / c["path"] for c in clips if c["words"] == words][:count]


@needs_model
def test_is_a_recogniser(moonshine):
    from voicegame.audio.backend import Recogniser

    assert isinstance(moonshine, Recogniser) and moonshine.name == "moonshine"
    assert moonshine.missing_words(grammar()) == []


@needs_model
def test_real_people_s_yes_and_no(moonshine):
    heard = [(words, moonshine.recognise(read_wav(path)).text) for words in ("yes", "no") for path in _human(words, 2)]
    assert sum(said == got for said, got in heard) >= 3, heard


@needs_model
def test_real_people_s_digits(moonshine):
    heard = [(words, moonshine.recognise(read_wav(path)).text) for words in ("one", "three", "seven") for path in _human(words, 2)]
    right = sum(said == got for said, got in heard)
    wrong = sum(bool(got) and said != got for said, got in heard)
    assert right >= 4 and wrong <= 1, heard


@needs_model
@needs_espeak
def test_spoken_commands_and_their_scores(moonshine):
    for text in ("new game", "read pile three", "undo"):
        got = moonshine.recognise(pad(speech_pcm(text, "en-us+m3", 150)))
        assert got.text == text and not got.unknown
        assert got.nbest and got.nbest[0][0] == text and got.nbest[0][1] <= 0.0
        assert 0.0 < got.confidence <= 1.0


@needs_model
@needs_espeak
def test_speech_that_is_no_command_stays_no_command(moonshine):
    for text in ("i think it is going to snow", "where are my slippers"):
        got = moonshine.recognise(pad(speech_pcm(text, "en-us+m3", 150)))
        assert got.unknown and got.text == "", (text, got)
        assert got.evidence.rejected_text and got.evidence.rejected_by.startswith("moonshine gap")  # a candidate for Whisper
        assert got.alternatives[-1].split()[:3] == text.split()[:3]  # what it wrote freely, a candidate too
        written = got.transcript() if got.transcript is not None else None
        assert written is not None and written.text.split()[:3] == text.split()[:3]  # the free transcript, for the game


@needs_model
def test_hiss_and_a_blip_are_nothing(moonshine):
    assert moonshine.recognise(np.zeros(800, np.int16)).unknown  # 50 ms: too short to decode
    hiss = np.random.default_rng(0).normal(0.0, 30.0, 16000).astype(np.int16)
    assert moonshine.recognise(hiss).text == ""


@needs_model
def test_memory_of_compiled_grammars_stays_bounded(moonshine):
    from voicegame.audio.moonshine.grammar_cache import KEEP

    for n in range(KEEP * 3):
        moonshine.set_grammar(grammar(SMALL_JSGF.replace("draw |", f"draw | read pile {'one two three four five six seven eight nine'.split()[n % 9]} {'ace ' * (n // 9)}|")))
    assert len(moonshine.grammars) == KEEP
    moonshine.set_grammar(grammar())


@needs_model
@needs_espeak
def test_streamed_audio_is_decoded_in_the_pause_and_as_a_whole(moonshine):
    """As the microphone feeds it: the decode begins at the player's pause, before the end of speech is
    decided, and hears what the whole utterance heard; speech after the pause is decoded at the end."""
    from voicegame.audio.backend import StreamingRecogniser

    assert isinstance(moonshine, StreamingRecogniser)
    silence = np.zeros(16000 * 3 // 10, np.int16)  # 300 ms, as the endpointer's wait
    speech = speech_pcm("read pile three", "en-us+m3", 150)

    def streamed(audio: np.ndarray) -> tuple[bool, str]:
        moonshine.begin()
        for i in range(0, len(audio), 480):  # 30 ms blocks
            moonshine.feed(audio[i : i + 480])
        early = moonshine._early.begun_early
        return early, moonshine.finish().text

    assert streamed(np.concatenate([silence, speech, silence])) == (True, "read pile three")
    first = speech_pcm("undo", "en-us+m3", 150)
    cut = speech[: int(np.flatnonzero(np.abs(speech) > 1000)[-1]) + 1]  # ends on its last loud sample
    early, text = streamed(np.concatenate([silence, first, silence, cut]))
    assert not early and text != "undo"  # the decode of the first word alone was not used


@needs_model
@needs_espeak
def test_a_whole_command_ends_the_utterance_at_the_short_pause(moonshine, monkeypatch):
    """The endpointer asks at 200 ms of silence whether the words make a whole command (``sounds_complete``):
    the decode begun at the pause says "undo" is one, so the utterance ends there instead of after 400 ms;
    "seven of hearts" may go on ("... to pile two"), so it waits. The wait for the decode is lifted here, so
    that a busy machine does not decide the outcome."""
    from voicegame.audio.capture.endpointer import DEFAULT_EARLY_SILENCE_MS, DEFAULT_TRAILING_SILENCE_MS, Endpointer
    from voicegame.audio.moonshine import recogniser as recogniser_module

    monkeypatch.setattr(recogniser_module, "COMPLETE_WAIT", 60.0)

    def ended_after_ms(text: str) -> tuple[float, str]:
        speech = speech_pcm(text, "en-us+m3", 150)
        end = int(np.flatnonzero(np.abs(speech) > 64)[-1]) + 1
        audio = np.concatenate([np.zeros(8000, np.int16), speech, np.zeros(16000, np.int16)])
        endpointer = Endpointer(stream=moonshine)
        for i in range(0, len(audio), 480):
            for utterance in endpointer.feed(audio[i : i + 480]):
                return (utterance.detected_at - 8000 - end) / 16, moonshine.finish().text
        raise AssertionError(f"{text!r} never ended")

    early, heard = ended_after_ms("undo")
    assert heard == "undo" and early < (DEFAULT_EARLY_SILENCE_MS + DEFAULT_TRAILING_SILENCE_MS) / 2, early
    late, heard = ended_after_ms("seven of hearts")
    assert late >= DEFAULT_TRAILING_SILENCE_MS, (late, heard)


@needs_tokenizer
def test_two_decodes_walking_one_grammar_at_once_make_each_state_once(tokenizer):
    """An early decode gone stale may walk a cached grammar beside the decode at the end: states and nodes
    made by both at once must each stand for one set of words (``WordAutomaton.lock``)."""
    import sys
    import threading

    from voicegame.audio.moonshine.token_automaton import DONE, TokenAutomaton
    from voicegame.audio.moonshine.word_automaton import word_automaton

    def walk_everything(automaton: TokenAutomaton) -> dict[int, tuple[tuple[int, ...], tuple[int, ...]]]:
        seen: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        todo = [automaton.start]
        while todo:
            node = todo.pop()
            if node in seen or node == DONE:
                continue
            ids, targets = automaton.allowed(node)
            seen[node] = (tuple(int(i) for i in ids), tuple(int(t) for t in targets))
            todo.extend(int(t) for t in targets)
        return seen

    one = TokenAutomaton(word_automaton(grammar()), tokenizer)
    alone = walk_everything(one)
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads change places as often as they can: a race shows
    try:
        for _ in range(25):
            shared = TokenAutomaton(word_automaton(grammar()), tokenizer)
            walks: list[dict] = []
            threads = [threading.Thread(target=lambda: walks.append(walk_everything(shared))) for _ in range(4)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert len(walks) == 4 and all(len(walk) == len(alone) for walk in walks)
            assert (shared.nodes, shared.words.states) == (one.nodes, one.words.states)
    finally:
        sys.setswitchinterval(before)
    assert sorted(shared.words.complete(s.split()) for s in ("undo", "seven of hearts")) == [False, True]
