"""Zebra: every rule of the manual, legal and illegal side, and a scripted game through the CLI."""

from helpers import cards, play_script, position, why_not as why
from voicegame.engine import Move

GAME = "zebra"
DRAW = Move.deal()
OTHERS = {f"pile{n}": "KH" for n in range(3, 9)}  # the other piles full, so that no gap takes the cards a test watches


def test_foundations_build_up_in_alternating_colours_of_any_suit(engine):
    state = position(engine, foundation1="AS", foundation2="AC 2H", stock="9C", pile1="2D", pile2="2C", pile3="3S", pile4="3D")
    assert why(engine, state, "pile1", "foundation1") is None
    assert why(engine, state, "pile2", "foundation1") == "needs_alternate"
    assert why(engine, state, "pile3", "foundation2") is None
    assert why(engine, state, "pile4", "foundation2") == "needs_alternate"
    assert why(engine, state, "pile3", "foundation1") == "needs_rank"


def test_foundation_cards_are_out_of_play(engine):
    state = position(engine, foundation1="AS 2H", stock="9C", pile1="3C", pile2="KD")
    assert why(engine, state, "foundation1", "pile1") == "cannot_take_from"


def test_piles_build_down_in_alternating_colours_one_card_at_a_time(engine):
    state = position(engine, foundation1="AS", stock="9C", pile1="7C", pile2="6H", pile3="6S", pile4="8D 7S 6D")
    assert why(engine, state, "pile2", "pile1") is None
    assert why(engine, state, "pile3", "pile1") == "needs_alternate"
    assert why(engine, state, "pile4", "pile1", 2) == "single_only"


def test_a_whole_pile_goes_to_a_foundation_in_one_move(engine):
    """The manual: "a whole pile can be moved to an appropriate Foundation with one drag"."""
    state = position(engine, foundation1="AS", stock="9C", pile1="4D 3C 2H", pile2="KH", **OTHERS)
    assert why(engine, state, "pile1", "foundation1", 3) is None
    assert why(engine, state, "pile1", "pile2", 2) == "single_only"  # only the top card to another pile
    after = engine.apply(state, Move.cards(engine.layout.index["pile1"], engine.layout.index["foundation1"], 3))[0]
    assert after.piles[engine.layout.index["foundation1"]].cards == cards("AS 2H 3C 4D")
    assert engine.score(after) == 3


def test_a_gap_is_filled_from_the_waste_else_from_the_stock(engine):
    state = position(engine, foundation1="AS", stock="9C KC", waste="5H", pile1="2D", pile2="6C", **OTHERS)
    after = engine.apply(state, Move.cards(engine.layout.index["pile1"], engine.layout.index["foundation1"]))[0]
    assert after.piles[engine.layout.index["pile1"]].cards == cards("5H")
    assert not after.piles[engine.layout.waste].cards
    after = engine.apply(after, Move.cards(engine.layout.index["pile1"], engine.layout.index["pile2"]))[0]
    assert after.piles[engine.layout.index["pile1"]].cards == cards("KC")  # the stock's top card, face up
    assert after.piles[engine.layout.index["pile1"]].top_face_up
    assert after.piles[engine.layout.stock].cards == cards("9C")


def test_an_empty_pile_takes_any_card_once_waste_and_stock_are_empty(engine):
    state = position(engine, foundation1="AS", pile1="9D", pile3="4C 8H", redeals=1)
    assert why(engine, state, "pile1", "pile2") is None
    assert why(engine, state, "pile3", "pile2") is None


def test_draw_one_and_one_redeal(engine):
    state = position(engine, foundation1="AS", stock="9C 8C", pile1="KD", pile2="KC", **OTHERS)
    state = engine.apply(state, DRAW)[0]
    assert state.piles[engine.layout.waste].cards == cards("8C")
    state = engine.apply(engine.apply(state, DRAW)[0], DRAW)[0]  # the second card, then the redeal
    assert state.piles[engine.layout.stock].cards == cards("9C 8C") and state.redeals == 1
    state = engine.apply(engine.apply(state, DRAW)[0], DRAW)[0]
    assert engine.why_not(state, DRAW).key == "no_redeals_left"


def test_scripted_win_through_the_cli():
    lines = play_script("zebra", "zebra_seed1_win.txt", "--seed", "1", then="score")
    assert lines[-2] == "You won! Every card is home." and lines[-1] == "Score 96 of 96."
    assert not any(line.startswith(("Sorry", "Which", "Where", "Did")) for line in lines)
