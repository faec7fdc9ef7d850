"""Golf: every rule (legal and illegal side), voice commands, scripted games through the text CLI
(one won, one to "No moves left"), undo/redo and card conservation."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import cards, move_of, play_actions, play_script, player_turns, position, session_at, why_not
from voicegame.engine import Drew, Move, MoveKind, PileKind, Won
from voicegame.play.session import Session

GAME = "golf"
DRAW = Move(MoveKind.DEAL)


def test_the_stock_turns_one_card_and_never_comes_back(engine):
    state = position(engine, stock="3C 9H", column1="5D")
    after, events = engine.apply(state, DRAW)
    assert after.piles[engine.layout.waste].cards == cards("9H") and isinstance(events[0], Drew)
    after = engine.apply(after, DRAW)[0]
    assert after.piles[engine.layout.waste].cards == cards("9H 3C")
    assert engine.why_not(after, DRAW).key == "no_redeals_left"


def test_the_empty_waste_takes_no_column_card(engine):
    state = position(engine, stock="3C", column1="5D")
    assert why_not(engine, state, "column1", "waste") == "empty_waste_draw_first"  # "say draw to turn a card onto it first"


@pytest.mark.parametrize("waste,card", [("7H", "8S"), ("7H", "6H"), ("7H", "6C"), ("AS", "2D"), ("QD", "KC"), ("2C", "AH")])
def test_one_rank_up_or_down_in_any_suit(engine, waste, card):
    state = position(engine, waste=waste, column1=card)
    assert why_not(engine, state, "column1", "waste") is None


@pytest.mark.parametrize("waste,card,key", [("7H", "7S", "needs_rank"), ("7H", "9S", "needs_rank"), ("AS", "KD", "needs_rank"),
                                            ("KS", "QD", "nothing_goes_on"), ("KS", "AD", "nothing_goes_on")])
def test_no_wrap_and_nothing_on_a_king(engine, waste, card, key):
    state = position(engine, waste=waste, column1=card)
    assert why_not(engine, state, "column1", "waste") == key


def test_only_the_top_card_of_a_column_plays(engine):
    state = position(engine, waste="7H", column1="8S 2C")
    assert engine.why_not(state, Move.cards(engine.layout.index["column1"], engine.layout.waste, 2)).key == "not_on_top"
    assert why_not(engine, state, "column1", "waste") == "needs_rank"


def test_cards_go_only_to_the_waste_and_never_come_back(engine):
    state = position(engine, waste="7H", column1="8S", column2="9D")
    assert why_not(engine, state, "column1", "column2") == "takes_no_cards"
    assert why_not(engine, state, "waste", "column1") == "cannot_take_from"
    assert engine.why_not(state, Move.cards(engine.layout.stock, engine.layout.waste)).key == "cannot_take_from"


def test_won_when_the_columns_are_clear_and_scored_per_card_played(engine):
    state = position(engine, waste="7H", column1="8S", stock="KC QC")
    assert engine.score(state) == 34 and not engine.is_won(state)
    after, events = engine.apply(state, move_of(engine, "column1", "waste"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 35


def test_no_moves_left_only_when_the_stock_is_empty(engine):
    assert engine.is_stuck(position(engine, waste="KH", column1="8S"))
    assert not engine.is_stuck(position(engine, waste="KH", column1="8S", stock="9S"))
    assert not engine.is_stuck(position(engine, waste="9H", column1="8S"))


# ----- voice -------------------------------------------------------------------------------------------
def test_voice_commands():
    s = session_at(GAME, stock="3C 9H", column1="KS 8S", column2="7D", column3="TD")
    assert s.handle("draw").sentences == ["Nine of hearts."]
    assert s.handle("eight of spades to waste").sentences == ["Column one: king of spades."]  # the column's next card
    assert s.handle("play seven of diamonds").sentences == ["Seven of diamonds on eight of spades."]  # a Golf column stays empty: not a gap
    assert s.handle("column one to the waste").sentences == ["The king of spades cannot go on the seven of diamonds: it needs a six or an eight."]
    assert s.handle("deal").sentences == ["Three of clubs.", "Stock empty.", "No moves left. Say undo, restart or new game."]
    assert s.handle("ten of diamonds to waste").sentences == ["The ten of diamonds cannot go on the three of clubs: it needs a two or a four."]


def test_read_the_board_and_help():
    s = session_at(GAME, stock="3C 9H", waste="4H", column1="KS 8S", column2="7D")
    assert s.narrator.read_board(s.state) == ["Stock: 2 cards. Waste: four of hearts.", "Column one: king of spades, eight of spades.",
                                                    "Column two: seven of diamonds.", "Column three: empty.", "Column four: empty.",
                                                    "Column five: empty.", "Column six: empty.", "Column seven: empty."]
    assert s.handle("help").sentences[0].startswith("Golf. Seven columns of five cards.")
    assert s.handle("score").sentences == ["32 of 35 cards cleared."]


def test_scripted_game_to_no_moves_left_through_the_cli():
    lines = play_script("golf", "golf_seed2_stuck.txt", "--seed", "2", then="how many cards left")
    assert lines[-2] == "No moves left. Say undo, restart or new game."
    assert lines[-1] == "0 cards in the stock, 40 in the waste."
    assert not any(l.startswith(("Sorry", "Which", "Where", "The ", "Did")) for l in lines)


def test_scripted_win_through_the_cli():
    """The solver's winning line for seed 13 (tests/data/make_scripts.py)."""
    lines = play_script("golf", "golf_seed13_win.txt", "--seed", "13", then="score")
    assert lines[-2] == "You won! The table is clear."
    assert lines[-1] == "35 of 35 cards cleared."
    assert not any(l.startswith(("Sorry", "Which", "Where", "The ", "Did")) for l in lines)


# ----- random play (cards kept, undo and redo: test_conformance.py) ---------------------------------
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), actions=player_turns(60))
def test_cards_face_up_and_score_is_cards_played_through_random_play(seed, actions):
    def check(engine, state):
        assert all(p.down == 0 for i, p in enumerate(state.piles) if engine.specs[i].kind is not PileKind.STOCK)
        assert engine.score(state) == len(state.piles[engine.layout.waste].cards) - (17 - len(state.piles[engine.layout.stock].cards))

    play_actions(Session("golf", seed=seed), actions, check)
