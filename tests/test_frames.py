"""Understanding by composition (voicegame/language/frames.py, grammars/en/frames.toml): words no template holds
read as concepts, places and fillers that fit one frame; a word of anything else, or two frames that fit
alike, and nothing is understood. Typed text acts on a frame; a transcript's frame is asked about first."""

from __future__ import annotations

import pytest

from voicegame.audio.backend import Heard, Transcript, TranscriptOnDemand
from voicegame.language.command import Intent
from voicegame.language.frames import load_frames, read_frame
from voicegame.language.lexicon import grammar_file
from voicegame.play.session import Session


def _parser(game: str = "klondike"):  # noqa: ANN202
    return Session(game, seed=5).words.parser


def _read(text: str, game: str = "klondike") -> dict | None:
    command = read_frame(_parser(game), text)
    return None if command is None else command.to_json()


def test_the_lexicon_names_only_concepts_and_intents_it_has() -> None:
    data = grammar_file("en", "frames.toml")
    concepts = set(data["concepts"]) | {"game_name"}
    for name, frame in data["frames"].items():
        assert set(frame.get("needs", [])) <= concepts, name
        assert set(frame.get("allows", [])) <= concepts, name
        assert frame.get("intent", name) in Intent._value2member_map_, name
    lexicon = load_frames()
    assert all(frame.needs for frame in lexicon.frames), "a frame that needs nothing would read any place alone"


@pytest.mark.parametrize("game, text, meant", [
    ("klondike", "the sixth pile over to the ninth", None),  # Klondike has seven piles: no pile nine
    ("spider", "the sixth pile over to the ninth", {"intent": "move", "source": {"pile": "column6"}, "target": {"pile": "column9"}}),
    ("klondike", "second to the fifth", {"intent": "move", "source": {"pile": "pile2"}, "target": {"pile": "pile5"}}),
    ("freecell", "move the rightmost column onto the leftmost one",
     {"intent": "move", "source": {"pile": "column8"}, "target": {"pile": "column1"}}),
    ("klondike", "could you shove the king over onto pile five for me mate",
     {"intent": "move", "source": {"card": "king"}, "target": {"pile": "pile5"}}),
    ("klondike", "move the king to the empty column", {"intent": "move", "source": {"card": "king"}}),
    ("klondike", "oops wrong one", {"intent": "undo"}),
    ("klondike", "ah no undo that", {"intent": "undo"}),
    ("freecell", "do i have any free cells", {"intent": "read_cells"}),
    ("klondike", "how many more times can i go through the deck", {"intent": "redeals_left"}),
    ("klondike", "can this deal be solved", {"intent": "winnable"}),
    ("klondike", "send up whatever's safe", {"intent": "auto"}),
    ("klondike", "what's on the foundations so far", {"intent": "read_foundations"}),
    ("klondike", "can you make it a little quieter", {"intent": "quieter"}),
    ("klondike", "how do you play klondike", {"intent": "help"}),
])
def test_words_no_template_holds_are_read_as_a_frame(game: str, text: str, meant: dict | None) -> None:
    assert _parser(game).parse(text) is None, "a template holds this: it tests nothing here"
    assert _read(text, game) == meant


@pytest.mark.parametrize("text", [
    "where are my slippers",  # an unknown word
    "what deal is this",  # "what" asks: no action frame allows it
    "i do not know",  # not "no"
    "i need to get up at seven am",  # "up" with no verb is no move
    "so close",
    "uh hold on",
    "take the jack and put it up and draw",  # two frames' concepts: nothing
    "",
])
def test_ordinary_talk_is_no_frame(text: str) -> None:
    assert read_frame(_parser(), text) is None


def test_a_bare_number_after_a_numbered_pile_is_a_pile_of_the_same_noun() -> None:
    parser = _parser()
    assert parser.parse("pile three to five").to_json()["target"] == {"pile": "pile5"}
    assert parser.parse("pile three to the five").to_json()["target"] == {"card": "five"}
    assert parser.parse("the seven to five").to_json()["target"] == {"card": "five"}  # no pile named first


def test_typed_text_acts_on_a_frame() -> None:
    session = Session("klondike", seed=5)
    reply = session.handle("turn one over please")
    assert reply.command is not None and reply.command.intent == Intent.DRAW


def _written(text: str, logprob: float = -0.3) -> TranscriptOnDemand:
    return TranscriptOnDemand(lambda: Transcript(text, logprob, 0.1))


def test_a_transcripts_frame_that_changes_the_game_is_asked_about_first() -> None:
    session = Session("klondike", seed=5)
    session.handle("draw")
    reply = session.hear(Heard("", None, True, transcript=_written("Oops, wrong one.")))
    assert reply.sentences == ["Undo?"]
    assert session.hear(Heard("yes", 0.95)).sentences[0] == "Took back the draw."


def test_a_transcripts_frame_that_only_tells_is_answered() -> None:
    session = Session("freecell", seed=5)
    reply = session.hear(Heard("", None, True, transcript=_written("Do I have any free cells?")))
    assert reply.command is not None and reply.command.intent == Intent.READ_CELLS


def test_a_frame_agreeing_with_the_decode_vouches_for_it() -> None:
    """Whisper's "do I have any free cells" is the decoded "read cells": not counted as disagreeing."""
    reply = Session("freecell", seed=5).hear(Heard("read cells", 0.6, transcript=_written("do i have any free cells")))
    assert reply.sentences == ["Cells: all 4 free."]


def test_a_clear_decode_gives_way_to_a_frame_only_when_whisper_is_sure() -> None:
    """A clear "hint" written surely as "oops wrong one" (a sentence out of the grammar forced onto it) is asked
    about as the frame; written unsurely, the frame changes nothing: it fares as beside any other talk."""
    def heard(text: str, logprob: float) -> list[str]:
        session = Session("klondike", seed=5)
        session.handle("draw")
        return session.hear(Heard("hint", 0.95, transcript=_written(text, logprob))).sentences
    assert heard("oops wrong one", -0.3) == ["Undo?"]
    assert heard("oops wrong one", -1.5) == heard("what a lovely day", -1.5) != ["Undo?"]


# ----- "Did you mean ...?": one word away from a command -----------------------------------------------
def test_typed_words_one_unknown_word_from_a_command_are_asked_about_never_done() -> None:
    session = Session("klondike", seed=5)
    session.handle("draw")
    reply = session.handle("undo the blasted move")
    assert reply.sentences == ["Did you mean undo?"] and reply.command is None
    assert session.handle("yes").sentences[0] == "Took back the draw."


def test_no_to_did_you_mean_does_nothing() -> None:
    session = Session("klondike", seed=5)
    before = session.state
    session.handle("undo the blasted move")
    assert session.handle("no").sentences == ["Cancelled."]
    assert session.state == before


@pytest.mark.parametrize("text", [
    "lower the lights",  # one known word beside the unknown one: no sign of what was meant
    "move the sevn of hearts to pile two",  # the unknown word may belong to the place beside it
    "what time is it",  # no frame without the unknown word
    "where are my slippers",
])
def test_talk_not_near_one_command_is_not_asked_about(text: str) -> None:
    reply = Session("klondike", seed=5).handle(text)
    assert reply.sentences == ["Sorry, I did not catch that."]


@pytest.mark.parametrize("text, said", [
    ("oops wrong one", "undo"),
    ("read the third pile", "read pile three"),
    ("second to the fifth", "pile two to pile five"),
    ("how many more times can i go through the deck", "how many redeals"),
])
def test_a_command_is_named_in_words_the_game_understands(text: str, said: str) -> None:
    from voicegame.language.spoken_command import spoken_command
    parser = _parser()
    command = parser.parse(text) or read_frame(parser, text)
    assert spoken_command(parser, command) == said
    assert parser.parse(said) == command


def test_moonshines_free_transcript_is_read_as_a_frame_where_whisper_misspelt_it() -> None:
    """Moonshine rejected the sentence (no template holds it) but wrote it freely; Whisper wrote "pal" for "pile":
    the free transcript's frame is asked about. Where Whisper surely wrote other words, it is not."""
    said = "could you move the fourth pile to the seventh pile please"

    def heard(whisper: str) -> list[str]:
        return Session("klondike", seed=5).hear(Heard("", None, True, alternatives=(said,),
                                                      transcript=_written(whisper, -0.14))).sentences
    assert heard("could you move the fourth pal to the seventh pal please") == ["Seven of spades on eight of hearts?"]
    assert heard("what a lovely afternoon it is today") == ["Sorry, I did not catch that."]


@pytest.mark.parametrize("text, meant", [
    ("d-draw", "draw"),
    ("dr- dr- draw", "draw"),
    ("the the seven of of spades on the eight of hearts", "the seven of spades on the eight of hearts"),
    ("um move, move the king to pile, to pile one", "um move the king to pile one"),
    ("Move column 3 to sell 1.", "move column three to cell one"),
    ("Put the for of clubs up.", "put the four of clubs up"),
    ("louder pleeease", "louder please"),
    ("what is in the cell number three", "what is in the cell three"),
    ("bye bye", "bye"),
])
def test_words_are_read_as_meant(text: str, meant: str) -> None:
    from voicegame.language.frames import fluent_text
    assert fluent_text(_parser("freecell"), text) == meant


def test_typed_false_starts_and_repeats_reach_the_templates() -> None:
    session = Session("klondike", seed=5)
    assert session.handle("d-draw").command.intent == Intent.DRAW
    assert session.handle("the the seven of of spades on the eight of hearts").command.to_json() == {
        "intent": "move", "source": {"card": "seven of spades"}, "target": {"card": "eight of hearts"}}
