"""Aunt Mary: every rule of the manual, legal and illegal side, and a scripted game through the CLI."""

from helpers import cards, play_script, position, why_not as why
from voicegame.engine import Move

GAME = "aunt_mary"
DRAW = Move.deal()


def test_the_deal_goes_a_row_at_a_time(engine):
    order = list(cards("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"
                       " AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"))
    state = engine.deal_cards(order)
    assert state.piles[engine.layout.index["pile1"]].cards == cards("AC 7C KC 6D QD 5H")
    assert state.piles[engine.layout.index["pile6"]].face_up == cards("TH")  # the last card of the last row


def test_piles_build_down_in_alternating_colours_and_built_groups_move(engine):
    state = position(engine, pile1="7C", pile2="6H", pile3="6S", pile4="9H 5C 4D 3C", pile5="5S")
    assert why(engine, state, "pile2", "pile1") is None
    assert why(engine, state, "pile3", "pile1") == "needs_alternate"
    assert why(engine, state, "pile4", "pile5", 2) is None  # four of diamonds and three of clubs: a built group
    assert why(engine, state, "pile4", "pile6", 4) == "not_a_run"  # face-up cards dealt out of sequence stay


def test_an_empty_pile_takes_only_a_king_or_a_group_headed_by_one(engine):
    state = position(engine, pile1="KD QS", pile2="QH")
    assert why(engine, state, "pile1", "pile3", 2) is None
    assert why(engine, state, "pile2", "pile3") == "empty_needs_rank"


def test_a_face_down_card_left_on_top_turns_up(engine):
    state = position(engine, pile1=("5C 9D", 1), pile2="TS")
    after = engine.apply(state, Move.cards(engine.layout.index["pile1"], engine.layout.index["pile2"]))[0]
    assert after.piles[engine.layout.index["pile1"]].top_face_up


def test_foundations_build_up_in_suit_from_the_ace_and_give_cards_back(engine):
    state = position(engine, clubs="AC", pile1="2C", pile2="2D", pile3="3H")
    assert why(engine, state, "pile1", "clubs") is None
    assert why(engine, state, "pile2", "clubs") == "wrong_suit"
    assert why(engine, state, "pile3", "hearts") == "empty_needs_rank"
    assert why(engine, position(engine, hearts="AH 2H 3H 4H 5H 6H 7H", pile1="8S"), "hearts", "pile1") is None


def test_draw_one_and_two_redeals(engine):
    state = position(engine, stock="9C", pile1="KD")
    for _ in range(2):
        state = engine.apply(engine.apply(state, DRAW)[0], DRAW)[0]  # the card, then a redeal
    assert state.redeals == 2 and state.piles[engine.layout.stock].cards == cards("9C")
    state = engine.apply(state, DRAW)[0]
    assert engine.why_not(state, DRAW).key == "no_redeals_left"


def test_scripted_win_through_the_cli():
    lines = play_script("aunt_mary", "aunt_mary_seed23_win.txt", "--seed", "23", then="score")
    assert lines[-2] == "You won! Every card is home." and lines[-1] == "52 of 52 cards home."
    assert not any(line.startswith(("Sorry", "Which", "Where", "Did")) for line in lines)
