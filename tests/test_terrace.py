"""Terrace: every rule of the manual, legal and illegal side, its ways to play, and a scripted game
through the CLI."""

from helpers import assert_full_deck, cards, play_script, position, why_not as why
from voicegame.engine import Engine, Move, State
from voicegame.games import find_game

GAME = "terrace"
DRAW = Move.deal()
FULL = {f"pile{n}": "KS" for n in range(2, 10)}  # every pile but pile one holds a card


def at(engine, pile_id):
    return engine.layout.index[pile_id]


def locked(state: State) -> State:
    return State(state.piles, state.redeals, (1,))


def test_the_first_move_chooses_the_base_from_the_four_and_nothing_else_moves(engine):
    state = engine.deal(4)
    assert [m.code(engine.layout) for m in engine.legal_moves(state)] == [f"pile{n}>foundation1" for n in range(1, 5)]
    assert why(engine, state, "reserve", "foundation1") == "empty_not_from"
    assert why(engine, state, "waste", "foundation1") == "empty_not_from"
    assert why(engine, state, "pile1", "foundation2") == "phase_until_empty"
    assert why(engine, state, "pile1", "pile5") == "phase_until_empty"
    assert engine.why_not(state, DRAW).key == "phase_until_empty"


def test_once_the_base_is_chosen_every_empty_pile_gets_a_card(engine):
    state = engine.deal(4)
    base = state.piles[at(engine, "pile2")].top
    after = engine.apply(state, Move.cards(at(engine, "pile2"), at(engine, "foundation1")))[0]
    assert after.piles[at(engine, "foundation1")].cards == (base,)
    assert all(len(after.piles[at(engine, f"pile{n}")].face_up) == 1 for n in range(1, 10))
    assert after.piles[at(engine, "pile1")] == state.piles[at(engine, "pile1")]  # the cards not chosen stay
    assert len(after.piles[engine.layout.stock].cards) == 88 - 6
    assert_full_deck(engine, after, decks=2)


def test_foundations_start_at_the_base_rank_and_build_up_in_alternating_colours_round_the_corner(engine):
    state = position(engine, stock="2C", waste="4D", foundation1="QH KS", reserve="QC", pile1="AH", pile2="AS", pile3="5D",
                     **{f"pile{n}": "KS" for n in range(4, 10)})
    assert why(engine, state, "pile1", "foundation1") is None  # ace on king
    assert why(engine, state, "pile2", "foundation1") == "needs_alternate"
    assert why(engine, state, "reserve", "foundation2") is None  # another queen starts a foundation
    assert why(engine, state, "pile3", "foundation2") == "empty_needs_rank"


def test_foundation_cards_are_out_of_play(engine):
    state = position(engine, stock="2C", waste="4D", foundation1="QH KS", pile1="AH", **FULL)
    assert why(engine, state, "foundation1", "pile1") == "cannot_take_from"


def test_piles_build_down_in_alternating_colours_round_the_corner_one_card_at_a_time(engine):
    state = position(engine, stock="2C", waste="6C", foundation1="5H", pile1="7H", pile2="AC", pile3="KD", pile4="8S 7D 6D",
                     **{f"pile{n}": "KS" for n in range(5, 10)})
    assert why(engine, state, "waste", "pile1") is None
    assert why(engine, state, "pile3", "pile2") is None  # king on ace
    assert why(engine, state, "pile4", "pile1") == "needs_alternate"
    assert why(engine, state, "pile4", "pile9", 2) == "not_on_top"


def test_the_reserve_plays_only_to_the_foundations(engine):
    state = position(engine, stock="2C", waste="4D", foundation1="5H", reserve="9C 6S", pile1="7H", **FULL)
    assert why(engine, state, "reserve", "foundation1") is None
    assert why(engine, state, "reserve", "pile1") == "source_not_allowed"


def test_an_empty_pile_takes_only_the_waste_card(engine):
    state = position(engine, stock="2C", waste="4D", foundation1="5H", pile1="7H", **{f"pile{n}": "KS" for n in range(2, 9)})
    assert why(engine, state, "waste", "pile9") is None
    assert why(engine, state, "pile1", "pile9") == "empty_not_from"


def test_an_emptied_waste_takes_the_next_stock_card(engine):
    state = position(engine, stock="2C 3D", waste="4D", foundation1="5H", pile1="5C", **{f"pile{n}": "KS" for n in range(2, 10)})
    after = engine.apply(state, Move.cards(engine.layout.waste, at(engine, "pile1")))[0]
    assert after.piles[engine.layout.waste].cards == cards("3D")


def test_while_a_pile_is_empty_only_one_card_turns_until_the_gap_is_filled_or_the_waste_played(engine):
    state = position(engine, stock="2C 3D 9H 8D", waste="4D", foundation1="5H", pile1="5C", **{f"pile{n}": "KS" for n in range(2, 9)})
    assert engine.why_not(state, DRAW) is None
    turned = engine.apply(state, DRAW)[0]
    assert engine.why_not(turned, DRAW).key == "stock_locked"
    played = engine.apply(turned, Move.cards(engine.layout.waste, at(engine, "pile9")))[0]  # the gap filled
    assert engine.why_not(played, DRAW) is None
    gap = position(engine, stock="2C 3D 9H 8D", waste="4D 7D", foundation1="5H", pile1="9C", **{f"pile{n}": "KS" for n in range(2, 9)})
    turned = engine.apply(gap, DRAW)[0]
    assert engine.why_not(turned, DRAW).key == "stock_locked"
    played = engine.apply(turned, Move.cards(engine.layout.waste, at(engine, "pile1")))[0]  # the waste card played elsewhere
    assert engine.why_not(played, DRAW) is None


def test_with_no_pile_empty_the_stock_turns_freely_but_never_comes_round(engine):
    state = locked(position(engine, stock="2C 3D", waste="4D", foundation1="5H", pile1="KC", **FULL))
    state = engine.apply(engine.apply(state, DRAW)[0], DRAW)[0]
    assert len(state.piles[engine.layout.waste].cards) == 3
    assert engine.why_not(state, DRAW).key == "no_redeals_left"


def test_falling_stars_deals_the_base_and_nine_piles():
    engine = Engine(find_game("terrace").make(variant="falling_stars"))
    state = engine.deal(4)
    assert len(state.piles[at(engine, "foundation1")].cards) == 1
    assert [len(state.piles[at(engine, f"pile{n}")].cards) for n in range(1, 10)] == [1] * 9
    assert len(state.piles[at(engine, "reserve")].cards) == 11
    assert engine.why_not(state, DRAW) is None
    assert_full_deck(engine, state, decks=2)


def test_signora_fills_a_gap_from_the_waste_then_the_stock():
    engine = Engine(find_game("terrace").make(variant="signora"))
    state = position(engine, stock="2C 3D 9S", waste="4D", foundation1="5H", pile1="6C", **FULL)
    after = engine.apply(state, Move.cards(at(engine, "pile1"), at(engine, "foundation1")))[0]
    assert after.piles[at(engine, "pile1")].cards == cards("4D")
    assert after.piles[engine.layout.waste].cards == cards("9S")  # the waste took the stock's next card


def test_redheads_has_a_reserve_of_21_on_eight_piles_that_fills_the_gaps():
    engine = Engine(find_game("terrace").make(variant="redheads"))
    state = engine.deal(4)
    assert len(state.piles[at(engine, "reserve")].cards) == 21
    assert "pile9" not in engine.layout.index
    gap = position(engine, stock="2C", waste="4D", foundation1="5H", reserve="8C 9D", pile1="6C",
                   **{f"pile{n}": "KS" for n in range(2, 9)})
    after = engine.apply(gap, Move.cards(at(engine, "pile1"), at(engine, "foundation1")))[0]
    assert after.piles[at(engine, "pile1")].cards == cards("9D")
    empty = position(engine, stock="2C", waste="4D", foundation1="5H", pile1="8S 6C", **{f"pile{n}": "KS" for n in range(3, 9)})
    assert why(engine, empty, "pile1", "pile2") is None  # the reserve is empty: any card


def test_scripted_win_through_the_cli():
    lines = play_script("terrace", "terrace_seed10_win.txt", "--seed", "10", then="score")
    assert lines[-2] == "You won! Every card is home." and lines[-1] == "104 of 104 cards home."
    assert not any(line.startswith(("Sorry", "Which", "Where", "Did")) for line in lines)
