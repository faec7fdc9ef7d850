"""Kansas: every rule of the manual, legal and illegal side, and a game played through the CLI to
"No moves left" (the solver won none of seeds 1-200)."""

from helpers import cards, play_script, position, why_not as why
from voicegame.engine import Move

GAME = "kansas"
DRAW = Move.deal()


def test_foundations_start_at_the_base_rank_and_build_up_in_suit_round_the_corner(engine):
    state = position(engine, stock="2C", foundation1="QH KH", reserve="QC", pile1="AH", pile2="AS", pile3="5D")
    assert why(engine, state, "pile1", "foundation1") is None  # ace on king
    assert why(engine, state, "pile2", "foundation1") == "needs_same"
    assert why(engine, state, "reserve", "foundation2") is None  # another queen starts a foundation
    assert why(engine, state, "pile3", "foundation2") == "empty_needs_rank"


def test_foundation_cards_are_out_of_play(engine):
    state = position(engine, stock="2C", foundation1="QH KH", pile1="AH", pile2="2S", pile3="5D")
    assert why(engine, state, "foundation1", "pile1") == "cannot_take_from"


def test_piles_build_down_in_any_suit_round_the_corner_and_groups_move(engine):
    state = position(engine, stock="2C", waste="6C", pile1="7H", pile2="8S 7D 6S", pile3="AC", reserve="KH")
    assert why(engine, state, "waste", "pile1") is None
    assert why(engine, state, "reserve", "pile3") is None  # king on ace
    assert why(engine, state, "pile2", "pile1", 3) == "needs_rank"
    assert why(engine, position(engine, pile1="8S 7D 6S", pile2="9C", pile3="KH"), "pile1", "pile2", 3) is None
    assert why(engine, position(engine, pile1="8S 3D 2S", pile2="9C", pile3="KH"), "pile1", "pile2", 3) == "not_a_run"


def test_a_gap_is_filled_from_the_reserve_at_once(engine):
    state = position(engine, stock="2C", foundation1="QH", reserve=("9C 4D", 1), pile1="KH", pile2="8S", pile3="5D")
    after = engine.apply(state, Move.cards(engine.layout.index["pile1"], engine.layout.index["foundation1"]))[0]
    assert after.piles[engine.layout.index["pile1"]].cards == cards("4D")
    assert after.piles[engine.layout.index["reserve"]].face_up == cards("9C")  # the next reserve card turns up


def test_once_the_reserve_is_empty_a_gap_takes_the_waste_card_only(engine):
    state = position(engine, stock="2C", waste="9D", pile1="8S 7H", pile2="4C")
    assert why(engine, state, "waste", "pile3") is None
    assert why(engine, state, "pile1", "pile3") == "empty_not_from"


def test_draw_one_and_no_redeal(engine):
    state = position(engine, stock="9C 8C", pile1="KD", pile2="KC", pile3="KS")
    state = engine.apply(state, DRAW)[0]
    assert state.piles[engine.layout.waste].cards == cards("8C")
    state = engine.apply(state, DRAW)[0]
    assert engine.why_not(state, DRAW).key == "no_redeals_left"


def test_a_game_played_through_the_cli_to_no_moves_left():
    lines = play_script("kansas", "kansas_seed30_stuck.txt", "--seed", "30", then="score")
    assert lines[-2] == "No moves left. Say undo, restart or new game."
    assert lines[-1].endswith(" of 52 cards home.")
    assert not any(line.startswith(("Sorry", "Which", "Where", "Did", "You won")) for line in lines)
