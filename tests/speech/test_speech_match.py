"""Matching what was heard against the phrases of this turn's legal moves (voicegame.listen.match)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from helpers import klondike_engine, position  # noqa: E402
from voicegame.audio.recognisers import Heard  # noqa: E402
from voicegame.engine import History, MoveKind  # noqa: E402
from voicegame.play.session import Session  # noqa: E402
from voicegame.listen.match import MoveMatcher, phrase_cost, sound_cost  # noqa: E402

NOT_UNDERSTOOD = "Sorry, I did not catch that."


def test_sound_cost_knows_confusable_words():
    assert sound_cost("seven", "seven") == 0.0
    assert sound_cost("seven", "eleven") < sound_cost("seven", "queen")
    assert sound_cost("to", "two") == pytest.approx(0.25)
    assert sound_cost("clubs", "spades") > 0.8
    assert sound_cost("ace", "eight") < sound_cost("ace", "king")


def test_phrase_cost_gaps():
    assert phrase_cost(("seven", "of", "hearts"), ("seven", "of", "hearts")) == 0
    assert phrase_cost(("seven", "hearts"), ("seven", "of", "hearts")) == pytest.approx(0.2)
    assert phrase_cost(("seven", "of", "hearts", "to"), ("seven", "of", "hearts")) == pytest.approx(0.5)


@pytest.fixture
def table():
    """Two sevens can go on the eight of spades? No: one red seven (hearts) on pile one's black eight,
    a nine of clubs on pile three's ten of hearts, and the ace of diamonds up."""
    engine = klondike_engine()
    state = position(engine, pile1="8S", pile2="7H", pile3="TH", pile4="9C", pile5="AD", stock="2C 3C")
    session = Session("klondike", seed=1)
    session.history = History.start(state)
    return session


def test_confusable_substitution_wins(table):
    # "seven of hearts on eight of spaces" does not parse; "eleven" for "seven" is a near miss
    for heard in ["seven of hearts on eight of spaces", "eleven of hearts on eight of spades",
                  "seven of hearts on eight of", "seven of harts to pile one"]:
        result = table.move_matcher.match(table.state, heard)
        assert result.kind == "play", (heard, result)
        move = result.moves[0]
        assert (table.engine.specs[move.src].id, table.engine.specs[move.dst].id) == ("pile2", "pile1")


def test_hear_confirms_the_matched_move_then_plays_it(table):
    reply = table.hear(Heard("seven of hearts on eight of spaces", 0.0))
    assert not reply.moves and reply.sentences == ["Seven of hearts on eight of spades?"]  # never acts on a guess
    assert reply.command is not None and reply.command.intent == "move"
    reply = table.hear(Heard("yes", 0.5))
    assert reply.moves and reply.moves[0].kind is MoveKind.MOVE
    assert reply.sentences[0] == "Seven of hearts on eight of spades."


def test_illegal_but_clear_command_still_gets_its_reason(table):
    before = table.state
    reply = table.hear(Heard("seven of hearts on ten of hearts", 0.5))
    assert table.state is before and not reply.moves
    assert reply.sentences and reply.sentences[0] != NOT_UNDERSTOOD


def test_near_tie_asks(table):
    engine = klondike_engine()
    state = position(engine, pile1="8S", pile2="7H", pile3="8C", pile4="7D")
    table.history = History.start(state)
    result = table.move_matcher.match(state, "seven on eight")
    assert result.kind == "ask" and len(result.moves) >= 2
    reply = table.hear(Heard("the seven onto the eight of", 0.0))
    assert reply.sentences[0].startswith("Did you mean") and table.question is not None
    assert table.state is state
    reply = table.hear(Heard("yes", 0.9))  # "yes" to several answers picks none (issue 34): which one?
    assert not reply.moves and reply.sentences[0].startswith("Which one:") and table.question is not None
    reply = table.hear(Heard("the first one", 0.9))
    assert reply.moves


@pytest.mark.parametrize("text", ["i would like a cup of tea", "the weather is nice today",
                                  "banana telephone", "what time is it"])
def test_garbage_is_rejected_and_nothing_changes(table, text):
    before = table.state
    result = table.move_matcher.match(before, text)
    assert result.kind == "reject", result
    reply = table.hear(Heard(text, 0.0))
    assert reply.sentences == [NOT_UNDERSTOOD] and not reply.moves and table.state is before


def test_unknown_and_empty_are_not_understood(table):
    before = table.state
    for heard in [Heard("", None, True), Heard("draw", 0.9, True), Heard("   ", None, False)]:
        reply = table.hear(heard)
        assert reply.sentences == [NOT_UNDERSTOOD] and table.state is before


def test_clean_command_takes_the_normal_path(table):
    reply = table.hear(Heard("draw", 0.8))
    assert reply.moves and reply.moves[0].kind is MoveKind.DEAL


def test_candidates_cover_every_legal_move(table):
    matcher = MoveMatcher(table.parser, table.engine)
    moves = {m for m, _, _ in matcher.candidates(table.state)}
    assert moves == set(table.engine.legal_moves(table.state))
