"""Saratoga: every rule of the manual, legal and illegal side, and a scripted win through the CLI."""

from helpers import cards, play_script, position, why_not as why
from voicegame.engine import Move

GAME = "saratoga"
DRAW = Move.deal()


def test_piles_build_down_in_alternating_colours(engine):
    state = position(engine, waste="6H", pile1="7C", pile2="7D")
    assert why(engine, state, "waste", "pile1") is None
    assert why(engine, state, "waste", "pile2") == "needs_alternate"


def test_builds_move_and_only_a_king_or_king_run_fills_a_gap(engine):
    state = position(engine, pile1="KS QH JC", pile2="QD JS", pile3="9C 8D")
    assert why(engine, state, "pile1", "pile4", 3) is None
    assert why(engine, state, "pile2", "pile4", 2) == "empty_needs_rank"
    assert why(engine, state, "pile3", "pile4", 2) == "empty_needs_rank"
    assert why(engine, state, "pile2", "pile1", 1) == "needs_rank"


def test_foundations_build_up_in_suit_and_play_back(engine):
    state = position(engine, clubs="AC", pile1="2C", pile2="2D")
    assert why(engine, state, "pile1", "clubs") is None
    assert why(engine, state, "pile2", "clubs") == "wrong_suit"
    assert why(engine, position(engine, hearts="AH 2H 3H", pile1="4S"), "hearts", "pile1") is None


def test_draw_one_and_three_passes(engine):
    state = position(engine, stock="2D 3D", pile1="KS")
    after = engine.apply(state, DRAW)[0]
    assert after.piles[engine.layout.waste].cards == cards("3D")
    turns = 1
    while engine.why_not(after, DRAW) is None:
        after = engine.apply(after, DRAW)[0]
        turns += 1
    assert turns == 8 and after.redeals == 2  # three passes of two cards and two restacks
    assert engine.why_not(after, DRAW).key == "no_redeals_left"


def test_scripted_win_through_the_cli():
    lines = play_script("saratoga", "saratoga_seed2_win.txt", "--seed", "2", then="score")
    assert lines[-2] == "You won! Every card is home." and lines[-1] == "52 of 52 cards home."
    assert not any(line.startswith(("Sorry", "Which", "Where", "Did")) for line in lines)
