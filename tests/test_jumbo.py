"""Jumbo: every rule of the manual, legal and illegal side; a seeded deal won through the CLI, and one
played to "No moves left" (a lost game, told from the endless swaps two decks allow)."""

from helpers import cards, play_script, position, why_not as why
from voicegame.engine import Move

GAME = "jumbo"
DRAW = Move.deal()


def test_the_deal_goes_round_the_piles_a_row_at_a_time(engine):
    order = list(cards("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC")) * 8
    state = engine.deal_cards(order)
    assert state.piles[engine.layout.index["pile9"]].cards == cards("9C")  # the first row's last card
    assert state.piles[engine.layout.index["pile1"]].cards[:2] == cards("AC TC")  # row two starts again at pile one


def test_piles_build_down_in_alternating_colours_and_runs_move(engine):
    state = position(engine, pile1="7C", pile2="6H", pile3="6S", pile4="8D 7S 6D", pile5="9H", pile6="9C 5D 4D")
    assert why(engine, state, "pile2", "pile1") is None
    assert why(engine, state, "pile3", "pile1") == "needs_alternate"
    assert why(engine, state, "pile4", "pile5", 3) == "needs_alternate"
    assert why(engine, position(engine, pile1="8D 7S 6D", pile2="9S"), "pile1", "pile2", 3) is None
    assert why(engine, state, "pile6", "pile1", 2) == "not_a_run"


def test_an_empty_pile_takes_only_a_king_or_a_run_headed_by_one(engine):
    state = position(engine, pile1="KD QS", pile2="QH", pile3=("5C 9D", 1))
    assert why(engine, state, "pile1", "pile4", 2) is None
    assert why(engine, state, "pile2", "pile4") == "empty_needs_rank"


def test_a_card_left_face_down_on_top_turns_up(engine):
    state = position(engine, pile1=("5C 9D", 1), pile2="TS")
    after = engine.apply(state, Move.cards(engine.layout.index["pile1"], engine.layout.index["pile2"]))[0]
    assert after.piles[engine.layout.index["pile1"]].top_face_up


def test_foundations_build_up_in_suit_from_the_ace_and_give_cards_back(engine):
    state = position(engine, foundation1="AC", pile1="2C", pile2="2D", pile3="3H")
    assert why(engine, state, "pile1", "foundation1") is None
    assert why(engine, state, "pile2", "foundation1") == "needs_same"
    assert why(engine, state, "pile3", "foundation2") == "empty_needs_rank"
    back = position(engine, foundation1="AH 2H 3H 4H 5H 6H 7H", pile1="8S")
    assert why(engine, back, "foundation1", "pile1") is None


def test_draw_one_and_one_redeal(engine):
    state = position(engine, stock="9C 8C", pile1="KD")
    state = engine.apply(state, DRAW)[0]
    assert state.piles[engine.layout.waste].cards == cards("8C")
    state = engine.apply(engine.apply(state, DRAW)[0], DRAW)[0]  # the second card, then the redeal
    assert state.piles[engine.layout.stock].cards == cards("9C 8C") and state.redeals == 1
    state = engine.apply(engine.apply(state, DRAW)[0], DRAW)[0]
    assert engine.why_not(state, DRAW).key == "no_redeals_left"


def test_only_the_waste_top_card_plays_and_foundations_take_one_card_at_a_time(engine):
    state = position(engine, waste="5D 9H", pile1="TS", pile2="6C", foundation1="AH 2H 3H", pile3="5S 4H")
    assert why(engine, state, "waste", "pile1") is None
    assert why(engine, state, "waste", "pile2", 2) is not None  # the five of diamonds under it (it fits the six) waits its turn
    assert why(engine, state, "pile3", "foundation1") is None
    assert why(engine, position(engine, foundation1="AH 2H", pile3="4H 3H"), "pile3", "foundation1", 2) is not None


def test_the_stock_goes_round_once_more_in_the_same_order(engine):
    state = position(engine, stock="9C 8C 7C")
    for _ in range(3):
        state = engine.apply(state, DRAW)[0]
    assert state.piles[engine.layout.waste].cards == cards("7C 8C 9C")
    state = engine.apply(state, DRAW)[0]  # the redeal
    assert state.piles[engine.layout.stock].cards == cards("9C 8C 7C") and not state.piles[engine.layout.waste].cards


def test_a_game_played_through_the_cli_to_no_moves_left():
    lines = play_script("jumbo", "jumbo_seed1_stuck.txt", "--seed", "1", then="score")
    # said once, after the last command: the stock is spent and only swaps between equal cards are left
    assert lines[-2] == "No moves left. Say undo, restart or new game." and lines[-1] == "32 of 104 cards home."
    assert sum(line.startswith("No moves left") for line in lines) == 1
    assert not any(line.startswith(("Sorry", "Which", "Where", "Did", "You won")) for line in lines)


def test_a_seeded_deal_won_through_the_cli():
    lines = play_script("jumbo", "jumbo_seed6_win.txt", "--seed", "6", then="score")
    assert lines[-2] == "You won! Every card is home." and lines[-1] == "104 of 104 cards home."
    assert not any(line.startswith(("Sorry", "Which", "Where", "Did")) for line in lines)


def test_swaps_between_equal_cards_do_not_keep_a_lost_game_going(engine):
    # the five of hearts can go from one six of spades to the other for ever; nothing else can move
    state = position(engine, redeals=1, waste="9D", pile1=("2D 6S 5H", 1), pile2=("3C 6S", 1))  # the redeal used
    assert engine.is_productive(state, Move.cards(engine.layout.index["pile1"], engine.layout.index["pile2"]))
    assert engine.is_stuck(state)
    freed = position(engine, redeals=1, waste="9D", foundation1="AS", pile1=("KD 2S 6S 5H", 1), pile2=("QC 7H", 1))
    assert not engine.is_stuck(freed)  # the six and five go onto the seven: the two of spades goes home
