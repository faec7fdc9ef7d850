"""Whisper's words read against a decode: misspellings of the language's words (voicegame/listen/respell.py),
suits it wrote that a decoded move does not name (voicegame/listen/suits_written.py) and places it wrote as
a letter and digits (voicegame/listen/places_written.py)."""

from __future__ import annotations

import doctest

from voicegame.audio.backend import Heard, Transcript, TranscriptOnDemand
from voicegame.listen import places_written, respell, suits_written, whisper_opinion
from voicegame.listen.respell import respelled
from voicegame.listen.understanding import read_transcript
from voicegame.play.session import Session

WORDS = frozenset("is this the game still winnable cancel cell cells column columns hearts".split())


def test_the_doctests_hold():
    assert doctest.testmod(respell).failed == 0
    assert doctest.testmod(suits_written).failed == 0
    assert doctest.testmod(places_written).failed == 0
    assert doctest.testmod(whisper_opinion).failed == 0


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


def test_a_cell_whisper_wrote_as_a_letter_and_digit_is_read_as_the_cell():
    parser = Session("freecell", seed=1).parser
    text, command = read_transcript(parser, "column 5 to l3")
    assert text == "column 5 to cell 3" and command == parser.parse("column five to cell three")
    assert read_transcript(parser, "ll3 and p3")[1] is None  # only the letters of listening.toml's written_places


def test_a_right_decode_whisper_wrote_with_a_cell_as_l3_is_played_not_refused():
    """espeak-ng en-us+f3 200 (a tuning voice), FreeCell 1 in bench/by_voice.py: "column five to cell three"
    decoded word for word with "column five to three" close behind, and written "column 5 to l3" by Whisper
    (sure, -0.42 a token): read as no command, the transcript threw the decode out ("Sorry, I did not catch
    that."); read as the cell, it names the same move and the move is played."""
    session = Session("freecell", seed=1)
    written = Transcript("column 5 to l3", -0.419, 0.0)
    heard = Heard("column five to cell three", 0.4, False, alternatives=("column five to three",),
                  transcript=TranscriptOnDemand(lambda: written))
    reply = session.hear(heard)
    assert len(reply.moves) == 1 and session.history.cursor == 1
    assert session.state.piles[session.engine.layout.index["cell3"]].cards


def test_a_sure_transcript_spelled_like_the_doubtful_decode_does_not_throw_it_out():
    """Flite slt (a tuning voice), FreeCell 2 in bench/by_voice.py: "nine of spades to cell one" decoded word for
    word with "nine of spades to seven" close behind (a doubt), written "9 of spades to sell one" (sure, -0.46):
    no command as written, the transcript threw the right decode out. Spelled like it, it is the decode
    misspelt: the move is asked about, and "yes" plays it. ("sell" itself is now read as the "cell" it sounds like
    (grammars/en/frames.toml ``sounds_like``), so Whisper names the decode's move and vouches for it: played at once.)"""
    def heard(written_as: str) -> Heard:
        written = Transcript(written_as, -0.46, 0.0)
        return Heard("column five to cell three", 0.4, False, alternatives=("column five to three",),
                     transcript=TranscriptOnDemand(lambda: written))
    session = Session("freecell", seed=1)
    reply = session.hear(heard("column 5 to sel 3"))
    assert reply.sentences[0].endswith("?") and not reply.moves and session.history.cursor == 0
    assert session.hear(Heard("yes", 0.9)).moves and session.history.cursor == 1
    session = Session("freecell", seed=1)
    assert session.hear(heard("column 5 to sell 3")).moves and session.history.cursor == 1


def test_a_sure_transcript_spelled_nothing_like_the_doubtful_decode_still_throws_it_out():
    session = Session("freecell", seed=1)
    written = Transcript("what a lovely afternoon", -0.17, 0.0)
    heard = Heard("column five to cell three", 0.4, False, alternatives=("column five to three",),
                  transcript=TranscriptOnDemand(lambda: written))
    assert session.hear(heard).sentences == ["Sorry, I did not catch that."] and session.pending is None


def test_a_clear_draw_whisper_wrote_as_its_first_letter_is_done_at_once():
    """Flite kal16 (a tuning voice), Spider 3 in bench/by_voice.py: "draw" decoded clearly (Moonshine's own free
    transcript "draw" too) and written "d'" by Whisper was asked about ("Draw?"), as if Whisper had written
    another word; one or two letters that begin the decode are Whisper cut short."""
    session = Session("spider", {"suits": 1}, seed=3)
    written = Transcript("d'", -1.2, 0.0)
    reply = session.hear(Heard("draw", 0.6, False, transcript=TranscriptOnDemand(lambda: written)))
    assert reply.moves and session.history.cursor == 1
    other = Session("spider", {"suits": 1}, seed=3)  # another word is still another word: asked first
    door = Transcript("door", -1.2, 0.0)
    assert not other.hear(Heard("draw", 0.6, False, transcript=TranscriptOnDemand(lambda: door))).moves
