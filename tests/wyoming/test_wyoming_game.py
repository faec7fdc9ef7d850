"""Whole scripted games by voice through real Wyoming servers on 127.0.0.1: the game loop, the
recogniser and the speaker are the game's own; faults mid-game are told in one sentence and the
game goes on."""

from __future__ import annotations

from typing import Iterator

from servers import free_port, stt_subprocess
from speech_fixtures import needs_espeak, pad, speech_pcm

from voicegame.audio.output.earcons import EarconPlayer
from voicegame.audio.recognisers import make_recogniser
from voicegame.audio.output.speakers import RecorderSpeaker
from voicegame.audio.wyoming.stt import said_at_once
from voicegame.games import find_game
from voicegame.play.loop import run_voice_session
from voicegame.play.session import Session

pytestmark = needs_espeak

# Klondike, draw three, seed 5: the first moves of tests/data/klondike_draw3_seed5_win.txt
OPENING = ["seven of spades on eight of hearts", "eight of hearts on nine of spades",
           "eight of diamonds on nine of clubs", "nine of spades on ten of hearts", "draw"]


def klondike() -> Session:
    return Session(find_game("klondike"), {"draw": 3}, 5)


def spoken(commands: list[str]) -> list:
    return [pad(speech_pcm(c), 0.3, 0.3) for c in commands]


def player(session: Session, commands: list[str]) -> Iterator:
    """Says each command; when the game asks back ("Eight of hearts on nine of spades?": a doubtful
    decode is confirmed before it changes the game), says yes, as a player would."""
    for command in commands:
        yield pad(speech_pcm(command), 0.3, 0.3)
        for _ in range(2):
            if session.question is None and session.dialogue.pending is None:
                break
            yield pad(speech_pcm("yes"), 0.3, 0.3)


def commands_heard(heard: list) -> list[str]:
    """What was heard, without the yeses and the optional leading "the"."""
    return [h.text.removeprefix("the ") for h in heard if h.text not in ("yes",)]


def replay_text(commands: list[str]) -> Session:
    """The same commands typed: what the game must look like after them."""
    session = klondike()
    for c in commands:
        session.handle(c)
    return session


def test_a_klondike_opening_by_voice_through_a_wyoming_speech_server(stt, stt_state):
    speaker = RecorderSpeaker()
    recogniser, note = make_recogniser("wyoming", stt=stt.uri, on_note=said_at_once(speaker))
    assert "Listening with" in note
    session = klondike()
    before = len(stt_state.transcripts)
    result = run_voice_session(session, spoken(OPENING), recogniser, speaker, EarconPlayer(enabled=False))
    assert [h.text for h in result.heard] == OPENING
    assert stt_state.transcripts[before:] == OPENING  # every one was the server's
    assert sum(len(r.moves) for r in result.replies) >= len(OPENING)
    assert session.state_json() == replay_text(OPENING).state_json()
    assert getattr(recogniser, "fallback_decodes") == 0


def test_the_server_dies_mid_game_one_sentence_and_the_game_goes_on():
    port = free_port()
    proc = stt_subprocess(port, die_on=3)  # dies in the middle of the third command
    try:
        speaker = RecorderSpeaker()
        recogniser, _ = make_recogniser("wyoming", stt=f"tcp://127.0.0.1:{port}", on_note=said_at_once(speaker))
        session = klondike()
        result = run_voice_session(session, player(session, OPENING), recogniser, speaker, EarconPlayer(enabled=False))
        lost = [s for s in speaker.said if "stopped answering" in s]
        assert len(lost) == 1
        assert speaker.said.index(lost[0]) > speaker.said.index("Pile seven shows eight of diamonds.")  # the second answer
        assert commands_heard(result.heard) == OPENING  # PocketSphinx took over the third and the rest
        assert session.state_json() == replay_text(OPENING).state_json()
    finally:
        proc.kill()
        proc.wait(10)
