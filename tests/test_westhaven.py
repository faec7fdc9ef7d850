"""Westhaven: every rule of the manual, legal and illegal side, and a scripted game through the CLI."""

from helpers import cards, play_script, move_of as mv, position, why_not as why
from voicegame.engine import Move

GAME = "westhaven"
DRAW = Move.deal()


def test_piles_build_down_in_alternating_colours(engine):
    state = position(engine, waste="6H", pile1="7C", pile2="7D")
    assert why(engine, state, "waste", "pile1") is None
    assert why(engine, state, "waste", "pile2") == "needs_alternate"


def test_only_the_top_card_or_the_whole_face_up_part_moves(engine):
    state = position(engine, pile1=("2C 9S 8H 7C", 1), pile2="TD", pile3="9D", pile4="8D")
    assert why(engine, state, "pile1", "pile2", 3) is None
    assert why(engine, state, "pile1", "pile4", 1) is None
    assert why(engine, state, "pile1", "pile3", 2) == "top_or_all_face_up"


def test_an_empty_pile_takes_any_card_or_group(engine):
    state = position(engine, waste="5D", pile1=("2C 9S 8H", 1))
    assert why(engine, state, "waste", "pile5") is None
    assert why(engine, state, "pile1", "pile5", 2) is None
    after = engine.apply(state, mv(engine, "pile1", "pile5", 2))[0]
    assert after.piles[engine.layout.index["pile1"]].top_face_up  # the card below turns up


def test_foundations_build_up_in_suit_and_keep_their_cards(engine):
    state = position(engine, clubs="AC", hearts="AH 2H 3H", pile1="2C", pile2="2S", pile3="4S")
    assert why(engine, state, "pile1", "clubs") is None
    assert why(engine, state, "pile2", "clubs") == "wrong_suit"
    assert why(engine, state, "hearts", "pile3") is not None
    assert not any(m.src == engine.layout.index["hearts"] for m in engine.legal_moves(state))


def test_draw_one_and_one_pass(engine):
    state = position(engine, stock="2D 3D", pile1="KS")
    after = engine.apply(state, DRAW)[0]
    assert after.piles[engine.layout.waste].cards == cards("3D")
    after = engine.apply(after, DRAW)[0]
    assert engine.why_not(after, DRAW).key == "no_redeals_left"


def test_scripted_win_through_the_cli():
    lines = play_script("westhaven", "westhaven_seed1_win.txt", "--seed", "1", then="score")
    assert lines[-2] == "You won! Every card is home." and lines[-1] == "52 of 52 cards home."
    assert not any(line.startswith(("Sorry", "Which", "Where", "Did")) for line in lines)
