"""Whitehead: every rule of the manual, legal and illegal side, and a scripted win through the CLI."""

from helpers import cards, play_script, position, why_not as why
from voicegame.engine import Move

GAME = "whitehead"
DRAW = Move.deal()


def test_piles_build_down_by_colour(engine):
    state = position(engine, waste="6H", pile1="7D", pile2="7C", pile3="8H")
    assert why(engine, state, "waste", "pile1") is None
    assert why(engine, state, "waste", "pile2") == "needs_same_colour"
    assert why(engine, state, "waste", "pile3") == "needs_rank"


def test_only_runs_in_one_suit_move_together(engine):
    state = position(engine, pile1="9H 8H 7H", pile2="9D 8H 7D", pile3="TD", pile4="TH")
    assert why(engine, state, "pile1", "pile3", 3) is None
    assert why(engine, state, "pile2", "pile4", 3) == "not_one_suit"
    assert why(engine, state, "pile2", "pile1", 1) == "needs_rank"


def test_an_empty_pile_takes_any_card_or_one_suit_run(engine):
    state = position(engine, waste="5D", pile1="9S 8S 7S", pile2="KS")
    assert why(engine, state, "waste", "pile3") is None
    assert why(engine, state, "pile1", "pile3", 3) is None


def test_foundations_build_up_in_suit_and_play_back(engine):
    state = position(engine, clubs="AC", pile1="2C", pile2="2S")
    assert why(engine, state, "pile1", "clubs") is None
    assert why(engine, state, "pile2", "clubs") == "wrong_suit"
    assert why(engine, position(engine, hearts="AH 2H 3H", pile1="4D"), "hearts", "pile1") is None


def test_a_run_in_one_suit_goes_up_in_one_move(engine):
    """The manual is silent; AisleRiot lets a run in suit be dragged onto its foundation (this module's decision)."""
    state = position(engine, pile1="3S 2S AS", pile2="4H 3S", hearts="AH 2H", stock="9C")
    assert why(engine, state, "pile1", "spades", 2) is None
    assert why(engine, state, "pile1", "spades", 3) is None  # the ace, then the two, then the three
    assert why(engine, state, "pile2", "hearts", 2) == "not_one_suit"
    after = engine.apply(state, Move.cards(engine.layout.index["pile1"], engine.layout.index["spades"], 2))[0]
    assert after.piles[engine.layout.index["spades"]].cards == cards("AS 2S")
    assert why(engine, after, "pile1", "spades", 1) is None  # and the three after them


def test_draw_one_and_one_pass(engine):
    state = position(engine, stock="2D 3D", pile1="KS")
    after = engine.apply(state, DRAW)[0]
    assert after.piles[engine.layout.waste].cards == cards("3D")
    after = engine.apply(after, DRAW)[0]
    assert engine.why_not(after, DRAW).key == "no_redeals_left"


def test_scripted_win_through_the_cli():
    lines = play_script("whitehead", "whitehead_seed24_win.txt", "--seed", "24", then="score")
    assert lines[-2] == "You won! Every card is home." and lines[-1] == "52 of 52 cards home."
    assert not any(line.startswith(("Sorry", "Which", "Where", "Did")) for line in lines)
