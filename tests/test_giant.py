"""Giant: every rule of the manual, legal and illegal side, both ways to play, and a scripted game
through the CLI."""

import pytest

from helpers import cards, play_script, position, why_not as why
from voicegame.engine import Engine, Move
from voicegame.games import find_game

GAME = "giant"
DEAL = Move.deal()


@pytest.fixture(scope="module")
def in_suit():
    return Engine(find_game("giant").make(build="suit"))


def test_piles_build_down_in_alternating_colours_and_runs_move(engine):
    state = position(engine, stock="2C", pile1="7C", pile2="6H", pile3="6S", pile4="8D 7S 6D", pile5="9H 5C 4C")
    assert why(engine, state, "pile2", "pile1") is None
    assert why(engine, state, "pile3", "pile1") == "needs_alternate"
    assert why(engine, state, "pile4", "pile5", 2) == "needs_rank"
    assert why(engine, position(engine, pile1="8D 7S 6D", pile2="9S"), "pile1", "pile2", 3) is None
    assert why(engine, state, "pile5", "pile1", 2) == "not_a_run"


def test_the_same_suit_way_builds_and_moves_only_in_suit(in_suit):
    state = position(in_suit, stock="2C", pile1="7C", pile2="6C", pile3="6S", pile4="8D 7D 6D", pile5="9D", pile6="8H 7C")
    assert why(in_suit, state, "pile2", "pile1") is None
    assert why(in_suit, state, "pile3", "pile1") == "needs_same"
    assert why(in_suit, state, "pile4", "pile5", 3) is None
    assert why(in_suit, state, "pile6", "pile5", 2) == "not_one_suit"


def test_an_empty_pile_takes_any_card_or_run(engine):
    state = position(engine, stock="2C", pile1="5D", pile2="9S 8H 7C")
    assert why(engine, state, "pile1", "pile3") is None
    assert why(engine, state, "pile2", "pile3", 3) is None


def test_the_reserve_holds_any_one_card(engine):
    state = position(engine, stock="2C", pile1="QD", pile2="9S 8H")
    assert why(engine, state, "pile1", "reserve") is None
    assert why(engine, state, "pile2", "reserve", 2) == "single_only"
    full = position(engine, stock="2C", reserve="KS", pile1="QD")
    assert why(engine, full, "pile1", "reserve") == "takes_no_cards"
    assert why(engine, full, "reserve", "pile2") is None


def test_foundations_build_up_in_suit_from_the_ace_and_give_cards_back(engine):
    state = position(engine, stock="2C", foundation1="AC", pile1="2C", pile2="2D", pile3="3H", pile4="8S")
    assert why(engine, state, "pile1", "foundation1") is None
    assert why(engine, state, "pile2", "foundation1") == "needs_same"
    assert why(engine, state, "pile3", "foundation2") == "empty_needs_rank"
    back = position(engine, stock="2C", foundation1="AH 2H 3H 4H 5H 6H 7H", pile1="8S")
    assert why(engine, back, "foundation1", "pile1") is None


def test_each_deal_puts_a_card_on_every_pile_empty_or_not_and_there_is_no_redeal(engine):
    state = position(engine, stock="2C 3C 4C 5C 6C 7C 8C 9C", pile1="KD")
    after = engine.apply(state, DEAL)[0]
    assert [after.piles[engine.layout.index[f"pile{n}"]].top for n in range(1, 9)] == list(cards("9C 8C 7C 6C 5C 4C 3C 2C"))
    assert after.piles[engine.layout.index["pile1"]].cards == cards("KD 9C")
    assert engine.why_not(after, DEAL).key == "stock_empty"


def test_scripted_win_through_the_cli():
    lines = play_script("giant", "giant_seed1_win.txt", "--seed", "1", then="score")
    assert lines[-2] == "You won! Every card is home." and lines[-1] == "104 of 104 cards home."
    assert not any(line.startswith(("Sorry", "Which", "Where", "Did")) for line in lines)
