"""Whisper's words read against a decode: misspellings of the language's words (voicegame/listen/respell.py)
and suits it wrote that a decoded move does not name (voicegame/listen/suits_written.py)."""

from __future__ import annotations

import doctest

from voicegame.listen import respell, suits_written
from voicegame.listen.respell import respelled
from voicegame.listen.understanding import read_transcript
from voicegame.play.session import Session

WORDS = frozenset("is this the game still winnable cancel cell cells column columns hearts".split())


def test_the_doctests_hold():
    assert doctest.testmod(respell).failed == 0
    assert doctest.testmod(suits_written).failed == 0


def test_a_long_word_one_letter_off_one_word_is_that_word():
    assert respelled(["winable"], WORDS) == ("winnable",)
    assert respelled(["collumn"], WORDS) == ("column",)


def test_short_known_and_ambiguous_words_stay_as_written():
    assert respelled(["call", "cell", "tea"], WORDS) == ("call", "cell", "tea")  # short: left alone
    assert respelled(["hearts", "column"], WORDS) == ("hearts", "column")  # known
    assert respelled(["columnx"], WORDS | {"columna"}) == ("columnx",)  # nearest to two words: left
    assert respelled(["kitchen"], WORDS) == ("kitchen",)  # far from every word


def test_a_transcript_is_read_as_written_first_and_respelled_only_when_that_is_no_command():
    parser = Session("klondike", seed=1).parser
    text, command = read_transcript(parser, "is the game still winable")
    assert text == "is the game still winnable" and command is not None and command.intent == "winnable"
    assert read_transcript(parser, "draw") == ("draw", parser.parse("draw"))
    text, command = read_transcript(parser, "where did i put my kettle")
    assert command is None and text == "where did i put my kettle"
