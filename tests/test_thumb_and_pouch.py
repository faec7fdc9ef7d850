"""Thumb and Pouch: every rule of the manual, legal and illegal side, and a scripted win through the CLI."""

from helpers import cards, play_script, position, why_not as why
from voicegame.engine import Move

GAME = "thumb_and_pouch"
DRAW = Move.deal()


def test_piles_build_down_in_any_suit_but_the_cards_own(engine):
    state = position(engine, waste="6H", pile1="7D", pile2="7H", pile3="7S")
    assert why(engine, state, "waste", "pile1") is None  # red on red is fine
    assert why(engine, state, "waste", "pile3") is None
    assert why(engine, state, "waste", "pile2") == "needs_different"


def test_runs_move_and_any_run_fills_a_gap(engine):
    state = position(engine, pile1="9S 8C 7D", pile2="TH", pile3="9H 8H")
    assert why(engine, state, "pile1", "pile2", 3) is None
    assert why(engine, state, "pile1", "pile4", 3) is None  # not only a king
    assert why(engine, state, "pile3", "pile4", 2) == "not_a_run"


def test_a_turned_card_turns_up(engine):
    state = position(engine, pile1=("2C 9S", 1), pile2="TH")
    after = engine.apply(state, Move.cards(engine.layout.index["pile1"], engine.layout.index["pile2"]))[0]
    assert after.piles[engine.layout.index["pile1"]].top_face_up


def test_foundations_build_up_in_suit_and_play_back(engine):
    state = position(engine, clubs="AC", pile1="2C", pile2="2S")
    assert why(engine, state, "pile1", "clubs") is None
    assert why(engine, state, "pile2", "clubs") == "wrong_suit"
    assert why(engine, position(engine, hearts="AH 2H 3H", pile1="4D"), "hearts", "pile1") is None


def test_draw_one_and_three_passes(engine):
    state = position(engine, stock="2D", pile1="KS")
    after = engine.apply(state, DRAW)[0]
    assert after.piles[engine.layout.waste].cards == cards("2D")
    for _ in range(2):
        after = engine.apply(engine.apply(after, DRAW)[0], DRAW)[0]
    assert after.redeals == 2 and engine.why_not(after, DRAW).key == "no_redeals_left"


def test_scripted_win_through_the_cli():
    lines = play_script("thumb_and_pouch", "thumb_and_pouch_seed1_win.txt", "--seed", "1", then="score")
    assert lines[-2] == "You won! Every card is home." and lines[-1] == "52 of 52 cards home."
    assert not any(line.startswith(("Sorry", "Which", "Where", "Did")) for line in lines)
