"""Whisper's written choice answering "Which eight: spades or clubs?" where the decode answers nothing
(voicegame/listen/choice_written.py): played when the decode's own n-best holds the same choice, asked
about otherwise, never played on Whisper alone or on Moonshine agreeing with itself."""

from __future__ import annotations

import pytest

from test_own_voice import CLUBS_EIGHT, SPADES_EIGHT, which_eight
from voicegame.audio.backend import DecodeEvidence, Heard, Transcript, TranscriptOnDemand
from voicegame.play.session import Session


def written(text: str, own: bool = False) -> TranscriptOnDemand:
    return TranscriptOnDemand(lambda: Transcript(text, -0.5, 0.1, own=own))


@pytest.mark.parametrize("heard, said, played", [
    # a person's "one" (FSDD yweweler): Moonshine "what", "one" second; Whisper "1": both ears, played
    (Heard("what", 0.87, alternatives=("one",), nbest=(("what", -0.13), ("one", -0.69)), transcript=written("1")),
     SPADES_EIGHT, True),
    # a person's "three" (FSDD jackson): Moonshine "yeah", nothing like three; Whisper "three": asked
    (Heard("yeah", 0.37, alternatives=("alright",), nbest=(("yeah", -1.0), ("no", -1.7)), transcript=written("three")),
     CLUBS_EIGHT[:-1] + "?", False),
    # rejected by the grammar, Whisper wrote "three" and nothing of the decode's said so: asked
    (Heard("", None, True, transcript=written("three")), CLUBS_EIGHT[:-1] + "?", False),
    # Moonshine's own free pass is no second ear: its "one" beside its own n-best is asked about
    (Heard("what", 0.87, nbest=(("what", -0.13), ("one", -0.69)), transcript=written("one", own=True)),
     SPADES_EIGHT[:-1] + "?", False),
    # a person's "three" (FSDD nicolas): rejected by Moonshine's gap, its likeliest reading "three", written
    # "street" (spelled alike): asked
    (Heard("", 0.09, True, nbest=(("three", -2.4),), evidence=DecodeEvidence(rejected_by="moonshine gap 1.81: three",
                                                                              rejected_text="three"),
           transcript=written("street")), CLUBS_EIGHT[:-1] + "?", False),
    # the same rejected "three" written "what a day": nothing like it, refused
    (Heard("", 0.09, True, evidence=DecodeEvidence(rejected_by="moonshine gap 1.81: three", rejected_text="three"),
           transcript=written("what a day")), "Sorry, I did not catch that.", False),
    # a decoded "nine" (another number) with "one" second, written "1": the pair the ears confuse, asked
    (Heard("nine", 0.9, nbest=(("nine", -0.2), ("one", -0.5)), transcript=written("1")), SPADES_EIGHT[:-1] + "?", False),
])
def test_a_written_choice_stands_for_a_decode_that_answers_nothing(heard: Heard, said: str, played: bool) -> None:
    reply = which_eight().hear(heard)
    assert reply.sentences[0] == said
    assert bool(reply.moves) is played


def test_two_choices_that_differ_stay_the_policys() -> None:
    """A decoded "one" that Whisper wrote "3": not replaced by the transcript's choice (rule 3 refuses it)."""
    reply = which_eight().hear(Heard("one", 0.9, nbest=(("one", -0.2), ("three", -0.9)), transcript=written("3")))
    assert not reply.moves and CLUBS_EIGHT not in reply.sentences


def test_a_written_choice_that_answers_nothing_changes_nothing() -> None:
    """Whisper's "5" is no choice of "Which eight?": the decode is left as it was."""
    reply = which_eight().hear(Heard("what", 0.87, nbest=(("what", -0.1), ("five", -0.7)), transcript=written("5")))
    assert not reply.moves and not any(s.endswith("hearts?") for s in reply.sentences)


def test_with_no_question_open_a_written_digit_is_no_command() -> None:
    session = Session("klondike", seed=14)
    reply = session.hear(Heard("what", 0.87, nbest=(("what", -0.1), ("one", -0.7)), transcript=written("1")))
    assert not reply.moves and session.dialogue.pending is None
