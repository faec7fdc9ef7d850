"""Gold Mine: every rule of the manual, legal and illegal side, and a scripted game through the CLI."""

from helpers import assert_full_deck, cards, play_script, position, why_not as why
from voicegame.engine import Move

GAME = "gold_mine"
DRAW = Move.deal()


def test_every_card_starts_in_the_stock_and_the_piles_are_empty(engine):
    state = engine.deal(4)
    assert len(state.piles[engine.layout.stock].cards) == 52
    assert all(not state.piles[engine.layout.index[f"pile{n}"]].cards for n in range(1, 8))
    assert engine.legal_moves(state) == [DRAW]
    assert_full_deck(engine, state)


def test_an_empty_pile_takes_any_card_or_run(engine):
    state = position(engine, waste="5D", pile1="9S 8H 7C")
    assert why(engine, state, "waste", "pile2") is None
    assert why(engine, state, "pile1", "pile2", 3) is None


def test_piles_build_down_in_alternating_colours(engine):
    state = position(engine, waste="6H", pile1="7C", pile2="7D", pile3="8C")
    assert why(engine, state, "waste", "pile1") is None
    assert why(engine, state, "waste", "pile2") == "needs_alternate"
    assert why(engine, state, "waste", "pile3") == "needs_rank"


def test_runs_move_together_only_in_sequence(engine):
    state = position(engine, pile1="9S 8H 7C", pile2="TD", pile3="9D 5C", pile4="TC")
    assert why(engine, state, "pile1", "pile2", 3) is None
    assert why(engine, state, "pile3", "pile4", 2) == "not_a_run"


def test_foundations_build_up_in_suit_from_the_ace_and_play_back(engine):
    state = position(engine, clubs="AC", pile1="2C", pile2="2D", pile3="AH", pile4="3D")
    assert why(engine, state, "pile1", "clubs") is None
    assert why(engine, state, "pile2", "clubs") == "wrong_suit"
    assert why(engine, state, "pile3", "hearts") is None
    assert why(engine, state, "pile4", "diamonds") == "empty_needs_rank"
    assert why(engine, position(engine, hearts="AH 2H 3H", pile1="4S"), "hearts", "pile1") is None


def test_draw_three_and_no_second_pass(engine):
    state = position(engine, stock="2D 3D 4D 6D", pile1="KS")
    after = engine.apply(state, DRAW)[0]
    assert after.piles[engine.layout.waste].cards == cards("6D 4D 3D")
    after = engine.apply(after, DRAW)[0]
    assert after.piles[engine.layout.waste].top == cards("2D")[0] and not after.piles[engine.layout.stock].cards
    assert engine.why_not(after, DRAW).key == "no_redeals_left"


def test_game_over_once_the_stock_is_spent_and_nothing_moves(engine):
    assert not engine.is_stuck(position(engine, stock="2D", pile1="KS"))
    assert engine.is_stuck(position(engine, waste="2D", pile1="KS", pile2="KH", pile3="KC", pile4="KD", pile5="3H", pile6="4H", pile7="5H"))


def test_scripted_win_through_the_cli():
    lines = play_script("gold_mine", "gold_mine_seed18_win.txt", "--seed", "18", then="score")
    assert lines[-2] == "You won! Every card is home." and lines[-1] == "52 of 52 cards home."
    assert not any(line.startswith(("Sorry", "Which", "Where", "Did")) for line in lines)
