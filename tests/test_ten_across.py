"""Ten Across: every rule of the manual (legal and illegal side), the temporary spots and their option,
voice, and a solver's win through the text CLI. Conservation, undo/redo and saves: test_conformance.py."""

import pytest

from helpers import cards, move_of as mv, play_script, position, session_at, why_not as why
from voicegame.engine import Engine, TurnedOver, Won
from voicegame.games import find_game

GAME = "ten_across"
SPADES = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"


@pytest.fixture(scope="module")
def once():
    return Engine(find_game("ten_across").make(spots="once"))


def test_build_down_in_suit_only(engine):
    state = position(engine, column1="8H", column2="7H", column3="7S", column4="9H")
    assert why(engine, state, "column2", "column1") is None
    assert why(engine, state, "column3", "column1") == "needs_same"
    assert why(engine, state, "column4", "column1") == "needs_rank"


def test_a_group_in_any_order_moves_when_its_base_card_fits(engine):
    state = position(engine, column1=("2C 7H KD 3S", 1), column2="8H", column3="8C")
    assert why(engine, state, "column1", "column2", 3) is None  # 7H with KD 3S on it, out of order
    assert why(engine, state, "column1", "column3", 3) == "needs_same"  # the base card must fit
    after, events = engine.apply(state, mv(engine, "column1", "column2", 3))
    assert after.piles[engine.layout.index["column2"]].cards == cards("8H 7H KD 3S")
    assert TurnedOver(engine.layout.index["column1"], cards("2C")[0]) in events
    assert why(engine, state, "column1", "column2", 4) == "card_face_down"


def test_only_a_king_goes_to_an_empty_column(engine):
    state = position(engine, column1="5D KC 4H", column2="QS 2D", spot1="KH", spot2="QH")
    assert why(engine, state, "column1", "column3", 2) is None
    assert why(engine, state, "spot1", "column3") is None
    assert why(engine, state, "column2", "column3", 2) == "empty_needs_rank"
    assert why(engine, state, "spot2", "column3") == "empty_needs_rank"


def test_a_spot_holds_one_card_and_its_card_plays_back(engine):
    state = position(engine, column1="9C 4H", column2="5H 8D", spot1="3H")
    assert why(engine, state, "column1", "spot2") is None
    assert why(engine, state, "column2", "spot2", 2) == "single_only"
    assert why(engine, state, "column1", "spot1") == "takes_no_cards"  # the spot is taken
    assert why(engine, state, "spot1", "column1") is None  # 3H on 4H


def test_spots_used_once_take_no_card_again(once):
    state = position(once, column1="9C 4H", spot1="3H")
    assert why(once, state, "column1", "spot2") == "empty_takes_nothing"
    assert why(once, state, "spot1", "column1") is None


def test_won_with_four_whole_suits_and_no_score_but_winning(engine):
    full = {f"column{n}": SPADES.replace("S", s) for n, s in zip(range(1, 4), "HDC")}
    state = position(engine, **full, column4=SPADES.rsplit(" ", 1)[0], spot2="AS")
    assert not engine.is_won(state) and engine.score(state) == 0
    after, events = engine.apply(state, mv(engine, "spot2", "column4"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 1
    assert not engine.is_won(position(engine, **full, column4=SPADES.rsplit(" ", 1)[0] + " AS 2H"))


def test_no_moves_left(engine):
    assert engine.is_stuck(position(engine, column1="5D 9C", column2="4S", spot1="2H", spot2="3H"))
    assert not engine.is_stuck(position(engine, column1="5D 9C", column2="4S", spot1="2H"))  # a spot is free
    assert not engine.is_stuck(position(engine, column1="5D 9C", column2="8C", spot1="2H", spot2="3H"))


def test_voice_commands_read_and_help():
    s = session_at(GAME, column1=("2C 7H KD 3S", 1), column2="8H", spot1="9S")
    assert s.handle("seven of hearts on eight of hearts").sentences == ["Column one shows two of clubs."]
    assert s.handle("column two to spot two").sentences  # the three of spades to the empty spot
    assert s.state.piles[s.engine.layout.index["spot2"]].cards == cards("3S")
    assert s.handle("read spot one").sentences == ["Cell one: nine of spades."]
    assert s.handle("help").sentences[0].startswith("Ten Across. Ten columns")
    assert s.handle("score").sentences == ["Score 0."]


def test_scripted_win_through_the_cli():
    lines = play_script("ten_across", "ten_across_seed2_win.txt", "--seed", "2", then="score")
    assert "You won! Every suit is in order." in lines
    assert lines[-1] == "Score 1."
    assert not any(l.startswith(("Sorry", "Which", "Where", "The ", "Did")) for l in lines)
