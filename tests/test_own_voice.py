"""The player's own recorded voice (``voicegame train``, voicegame/audio/enrolment/voice_templates.py) answering
"Which eight: spades or clubs?" by pile number: the session takes the word the templates matched
(``Heard.enrolled``) as the answer, acts on it when the match is sure and asks otherwise
(voicegame/play/session.py ``_with_own_voice``, policy rule 5)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from voicegame.audio.enrolment import voice_templates as vt
from voicegame.audio.enrolment.enrolled import with_enrolment
from voicegame.audio.recognisers import Heard, make_recogniser
from voicegame.audio.wavio import read_wav
from voicegame.play.session import Session

HUMAN = Path(__file__).resolve().parent / "data" / "human"
SPADES_EIGHT = "Eight of spades on nine of hearts."  # Klondike deal 14: the eights on piles one and three
CLUBS_EIGHT = "Eight of clubs on nine of hearts."


def which_eight() -> Session:
    session = Session("klondike", seed=14)
    assert session.handle("eight on nine").sentences == ["Which eight: spades or clubs?"]
    return session


@pytest.mark.parametrize("heard, said", [
    (Heard("", None, True, enrolled=("three", 0.5)), CLUBS_EIGHT),  # the decode found nothing: their voice did
    (Heard("one", 1.0, enrolled=("three", 0.5)), CLUBS_EIGHT),  # their voice over the decode
    (Heard("one", 1.0, enrolled=("one", 0.5)), SPADES_EIGHT),  # both
    (Heard("three", 0.5, doubt="phone loop", enrolled=("three", 0.2)), CLUBS_EIGHT),  # agreeing lifts the doubt
    (Heard("", None, True, enrolled=("three", 0.2)), "Eight of clubs on nine of hearts?"),  # not sure: asked
    (Heard("one", 1.0, enrolled=("five", 0.5)), "Eight of spades on nine of hearts?"),  # a digit answering nothing
])
def test_the_players_own_voice_answers_which_eight(heard: Heard, said: str) -> None:
    assert which_eight().hear(heard).sentences[0] == said


def test_with_no_question_open_an_enrolled_digit_is_no_command() -> None:
    session = Session("klondike", seed=14)
    reply = session.hear(Heard("", None, True, enrolled=("three", 0.9)))
    assert reply.sentences == ["Sorry, I did not catch that."] and not reply.moves


def test_a_yes_is_left_to_the_decodes() -> None:
    session = Session("klondike", seed=9)
    assert session.hear(Heard("draw", 0.4, doubt="phone loop")).sentences == ["Draw?"]
    reply = session.hear(Heard("", None, True, enrolled=("yes", 0.9)))  # not measured: not taken
    assert not reply.moves and session.dialogue.pending is not None


def test_a_real_speakers_digits_answer_through_the_recogniser() -> None:
    """Jackson (Free Spoken Digit Dataset) enrolled with takes 0 and 1; takes he did not enrol with answer
    "Which eight?" through the recogniser the game builds, wrapped with his templates."""
    templates = vt.VoiceTemplates()
    for path in sorted((HUMAN / "fsdd_enrol").glob("*__jackson__*.wav")):
        assert templates.add(path.name.split("__")[0], read_wav(path))
    recogniser = with_enrolment(make_recogniser("pocketsphinx")[0], templates)
    quiet = np.round(np.random.default_rng(1).normal(0.0, 3.0, 4800)).astype(np.int16)
    for name, right, wrong in (("one__jackson__5.wav", SPADES_EIGHT, CLUBS_EIGHT),
                               ("three__jackson__4.wav", CLUBS_EIGHT, SPADES_EIGHT)):
        session = which_eight()
        recogniser.set_grammar(session.recogniser_grammar())
        heard = recogniser.recognise(np.concatenate([quiet, read_wav(HUMAN / "fsdd" / name), quiet]))
        assert heard.enrolled is not None and heard.enrolled[0] == name.split("__")[0], heard
        said = session.hear(heard).sentences
        assert wrong not in said and said[0] in (right, right.replace("onto", "on").replace(".", "?")), (name, heard, said)
