"""Wyoming speech to text as a recogniser, against a real server (PocketSphinx behind the Wyoming
protocol) on 127.0.0.1: transcripts, the description read at start, and every fault told in one
sentence with the utterance decoded by the embedded recogniser instead."""

from __future__ import annotations

import pytest
from servers import SttState, command_grammar, free_port, stt_server, stt_subprocess
from speech_fixtures import needs_espeak, pad, speech_pcm

from voicegame.audio.recognisers import WyomingRecogniser, listening_pocketsphinx, make_recogniser
from voicegame.audio.errors import RecogniserUnavailable
from voicegame.audio.wyoming.stt import transcript_text

pytestmark = needs_espeak


def said(text: str):
    return pad(speech_pcm(text), 0.3, 0.3)


def recogniser(uri: str, notes: list[str], timeout_s: float = 10.0) -> WyomingRecogniser:
    r = WyomingRecogniser(uri, listening_pocketsphinx, notes.append, timeout_s=timeout_s, retry_s=3600.0)
    r.set_grammar(command_grammar())
    return r


def test_transcript_text_is_the_games_words():
    assert transcript_text(" Seven of spades on 8 of hearts. [BLANK_AUDIO]") == "seven of spades on 8 of hearts"
    assert transcript_text("(music)") == ""
    assert transcript_text("Draw!") == "draw"


def test_the_server_transcribes_and_its_model_is_named(stt, stt_state):
    notes: list[str] = []
    r = recogniser(stt.uri, notes)
    note = r.start()
    assert "pocketsphinx en-us klondike" in note and stt.uri in note
    before = len(stt_state.transcripts)
    heard = r.recognise(said("seven of spades on eight of hearts"))
    assert heard.text == "seven of spades on eight of hearts"
    assert not heard.unknown
    assert stt_state.transcripts[before:] == ["seven of spades on eight of hearts"]  # the server did it
    assert r.fallback_decodes == 0 and notes == []


def test_make_recogniser_builds_it_and_rejects_bad_addresses(stt):
    r, note = make_recogniser("wyoming", stt=stt.uri.removeprefix("tcp://"))
    assert r.name == "wyoming" and "Listening with" in note
    with pytest.raises(RecogniserUnavailable, match="not a Wyoming address"):
        make_recogniser("wyoming", stt="http://example.invalid")
    with pytest.raises(RecogniserUnavailable, match="address"):
        make_recogniser("wyoming", stt=None)


def test_a_missing_server_is_one_sentence_and_pocketsphinx_hears():
    notes: list[str] = []
    uri = f"tcp://127.0.0.1:{free_port()}"
    r = recogniser(uri, notes)
    note = r.start()
    assert "does not answer" in note and "PocketSphinx" in note
    assert r.recognise(said("draw")).text == "draw"
    assert r.recognise(said("undo")).text == "undo"
    assert r.fallback_decodes == 2 and notes == []  # said at start, not again per utterance


def test_a_slow_server_times_out_once_and_the_command_is_not_lost():
    state = SttState(delay_s=5.0)
    server = stt_server(state)
    try:
        notes: list[str] = []
        r = recogniser(server.uri, notes, timeout_s=1.0)
        assert "Listening with" in r.start()
        assert r.recognise(said("draw")).text == "draw"
        assert r.recognise(said("undo")).text == "undo"  # still down: not asked again before retry_s
        assert len(notes) == 1 and "stopped answering" in notes[0]
        assert r.failures == 1 and r.fallback_decodes == 2
    finally:
        server.stop()


def test_garbage_frames_are_a_failure_not_a_crash():
    server = stt_server(SttState(garbage=True))
    try:
        notes: list[str] = []
        r = recogniser(server.uri, notes, timeout_s=3.0)
        assert r.recognise(said("seven of spades on eight of hearts")).text == "seven of spades on eight of hearts"
        assert len(notes) == 1 and r.failures == 1
    finally:
        server.stop()


def test_a_server_killed_mid_utterance_then_back():
    port = free_port()
    proc = stt_subprocess(port, die_on=2)
    try:
        notes: list[str] = []
        r = recogniser(f"tcp://127.0.0.1:{port}", notes, timeout_s=5.0)
        r.retry_s = 0.0  # try the server again at every utterance
        assert r.recognise(said("draw")).text == "draw" and r.fallback_decodes == 0
        assert r.recognise(said("undo")).text == "undo"  # the server died in the middle of this one
        assert proc.wait(10) == 3
        assert r.fallback_decodes == 1 and len(notes) == 1
        assert r.recognise(said("draw")).text == "draw" and r.fallback_decodes == 2  # still gone: no new sentence
        assert len(notes) == 1
        proc = stt_subprocess(port)  # back
        assert r.recognise(said("undo")).text == "undo"
        assert r.fallback_decodes == 2 and notes[-1] == "The speech server answers again."
    finally:
        proc.kill()
        proc.wait(10)
