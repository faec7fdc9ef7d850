"""Thieves: every rule (legal and illegal side), its jokers by voice, scoring, a scripted win through
the text CLI. Conservation, undo/redo and saves: test_conformance.py; the joker vocabulary on a toy
game: test_engine_vocabulary_thieves.py."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import cards, move_of, play_actions, play_script, player_turns, position, session_at, why_not
from voicegame.engine import Drew, Move, MoveKind, PileKind, Won
from voicegame.engine.cards import JOKERS, new_deck
from voicegame.games import find_game
from voicegame.play.session import Session

GAME = "thieves"
DRAW = Move(MoveKind.DEAL)


def test_deal_seven_columns_of_five_face_up_and_nineteen_in_the_stock_from_54_cards(engine):
    state = engine.deal(4)
    for n in range(1, 8):
        pile = state.piles[engine.layout.index[f"column{n}"]]
        assert len(pile.cards) == 5 and pile.down == 0
    assert len(state.piles[engine.layout.stock].cards) == 19
    assert not state.piles[engine.layout.waste].cards
    assert Counter(engine.cards_in_play(state)) == Counter(new_deck(jokers=2))
    assert find_game("thieves") is not find_game("forty thieves")


def test_the_stock_turns_one_card_at_any_time_and_never_comes_back(engine):
    state = position(engine, stock="3C 9H", waste="5S", column1="6D")  # a column card fits, and drawing is still allowed
    after, events = engine.apply(state, DRAW)
    assert after.piles[engine.layout.waste].cards == cards("5S 9H") and isinstance(events[0], Drew)
    after = engine.apply(after, DRAW)[0]
    assert after.piles[engine.layout.waste].cards == cards("5S 9H 3C")
    assert engine.why_not(after, DRAW).key == "no_redeals_left"


def test_the_empty_waste_takes_no_column_card(engine):
    state = position(engine, stock="3C", column1="RJ")
    assert why_not(engine, state, "column1", "waste") == "empty_waste_draw_first"  # "say draw to turn a card onto it first"


def test_the_first_move_is_the_draw_that_starts_the_waste_as_aisleriot_deals_it(engine):
    """The module's decision: AisleRiot deals the card after the columns onto the waste; here the first
    draw turns that same card (the stock's top), so the games reach the same positions."""
    for seed in (1, 4, 9):
        dealt = engine.deal(seed)
        assert engine.legal_moves(dealt) == [DRAW]
        after = engine.apply(dealt, DRAW)[0]
        assert after.piles[engine.layout.waste].cards == (dealt.piles[engine.layout.stock].cards[-1],)
        assert engine.score(after) == 0  # a card the stock turns scores nothing


@pytest.mark.parametrize("waste,card", [("7H", "8S"), ("7H", "6H"), ("7H", "6C"), ("AS", "2D"), ("KS", "QD"), ("QD", "KC"), ("2C", "AH")])
def test_one_rank_up_or_down_in_any_suit_and_a_queen_on_a_king(engine, waste, card):
    state = position(engine, waste=waste, column1=card)
    assert why_not(engine, state, "column1", "waste") is None


@pytest.mark.parametrize("waste,card", [("7H", "7S"), ("7H", "9S"), ("7H", "5H"), ("AS", "KD"), ("KS", "AD"), ("JC", "KC")])
def test_no_other_rank_and_no_wrap(engine, waste, card):
    state = position(engine, waste=waste, column1=card)
    assert why_not(engine, state, "column1", "waste") == "needs_rank"


@pytest.mark.parametrize("waste", ["7H", "KS", "AD", "JC", "BJ"])
def test_a_joker_goes_on_any_card(engine, waste):
    state = position(engine, waste=waste, column1="RJ")
    assert why_not(engine, state, "column1", "waste") is None


@pytest.mark.parametrize("card", ["7H", "KS", "AD", "JC", "RJ"])
def test_any_card_goes_on_a_joker(engine, card):
    state = position(engine, waste="BJ", column1=card)
    assert why_not(engine, state, "column1", "waste") is None


def test_only_the_top_card_of_a_column_plays(engine):
    state = position(engine, waste="7H", column1="8S 2C")
    assert engine.why_not(state, Move.cards(engine.layout.index["column1"], engine.layout.waste, 2)).key == "not_on_top"
    assert why_not(engine, state, "column1", "waste") == "needs_rank"
    assert why_not(engine, position(engine, waste="7H", column1="RJ 2C"), "column1", "waste") == "needs_rank"  # a joker under the top waits


def test_cards_go_only_to_the_waste_and_never_come_back(engine):
    state = position(engine, waste="RJ", column1="8S", column2="9D")
    assert why_not(engine, state, "column1", "column2") == "takes_no_cards"
    assert why_not(engine, state, "waste", "column1") == "cannot_take_from"
    assert engine.why_not(state, Move.cards(engine.layout.stock, engine.layout.waste)).key == "cannot_take_from"


def test_scored_by_rank_for_column_cards_only(engine):
    """Ace 8, jack 6 (this module's decision), joker 0; a card the stock turns scores nothing."""
    state = position(engine, stock="KC", waste="2H", column1="QS JD BJ AS")
    points = []
    for _ in range(4):
        state = engine.apply(state, move_of(engine, "column1", "waste"))[0]
        points.append(engine.score(state))
    assert points == [8, 8, 14, 20]
    state = engine.apply(state, DRAW)[0]
    assert engine.score(state) == 20
    values = {r: 0 for r in "A23456789TJQK"}
    for r in values:
        s = engine.apply(position(engine, waste="RJ", column1=f"{r}H"), move_of(engine, "column1", "waste"))[0]
        values[r] = engine.score(s)
    assert list(values.values()) == [8, 6, 6, 4, 4, 2, 2, 2, 4, 4, 6, 6, 8]


def test_won_when_the_columns_are_clear_whatever_the_stock_holds(engine):
    state = position(engine, waste="7H", column1="8S", stock="KC QC")
    assert not engine.is_won(state)
    after, events = engine.apply(state, move_of(engine, "column1", "waste"))
    assert engine.is_won(after) and isinstance(events[-1], Won)
    assert not engine.is_won(position(engine, waste="7H", column2="KS"))


def test_no_moves_left_only_when_the_stock_is_empty_and_nothing_fits(engine):
    assert engine.is_stuck(position(engine, waste="KH", column1="9S"))
    assert not engine.is_stuck(position(engine, waste="KH", column1="9S", stock="9S"))
    assert not engine.is_stuck(position(engine, waste="KH", column1="QS"))
    assert not engine.is_stuck(position(engine, waste="KH", column1="9S BJ"))  # the joker plays


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), actions=player_turns(60))
def test_the_score_is_the_points_of_the_column_cards_played_through_random_play(seed, actions):
    """Counted independently of the running total: the dealt columns' points less the points still on them."""
    table = {**{r: v for r, v in zip("A23456789TJQK", (8, 6, 6, 4, 4, 2, 2, 2, 4, 4, 6, 6, 8))}, "R": 0, "B": 0}
    session = Session("thieves", seed=seed)
    columns = session.engine.game.indices(PileKind.TABLEAU)

    def on_columns(state):
        return sum(table[c.code[0]] for i in columns for c in state.piles[i].cards)

    dealt = on_columns(session.state)

    def check(engine, state):
        assert engine.score(state) == dealt - on_columns(state) <= engine.game.max_score

    play_actions(session, actions, check)


# ----- voice -------------------------------------------------------------------------------------------
def test_the_jokers_by_voice():
    s = session_at(GAME, stock="3C 9H", column1="KS RJ", column2="7D BJ", column3="TD")
    assert s.handle("draw").sentences == ["Nine of hearts."]
    assert s.handle("joker to waste").sentences == ["Which joker: red joker or black joker?"]  # both fit: by colour, never a suit
    assert s.handle("black joker").sentences == ["Black joker on nine of hearts.", "Column two: seven of diamonds."]
    assert s.handle("undo").sentences == ["Took back black joker on nine of hearts."]
    assert s.handle("joker to waste").sentences == ["Which joker: red joker or black joker?"]
    assert s.handle("red").sentences == ["Red joker on nine of hearts.", "Column one: king of spades."]  # the colour alone answers
    assert s.state.piles[s.engine.layout.waste].cards[-1] == JOKERS[0]
    assert s.handle("play the black joker").sentences == ["Black joker on red joker.", "Column two: seven of diamonds."]
    assert s.handle("joker").sentences[0] != "Black joker on red joker."  # no joker left on the table
    assert s.handle("play seven of diamonds").sentences == ["Seven of diamonds on black joker."]
    assert s.handle("score").sentences == ["Score 2."]


def test_a_bare_joker_plays_the_only_joker_that_can_move():
    s = session_at(GAME, stock="3C", waste="9H", column1="KS RJ", column2="7D 5C")
    assert s.handle("joker to waste").sentences == ["Red joker on nine of hearts.", "Column one: king of spades."]  # which one, said
    assert s.state.piles[s.engine.layout.waste].cards[-1] == JOKERS[0]


def test_read_the_board_names_the_jokers_and_help():
    s = session_at(GAME, stock="3C 9H", waste="BJ", column1="KS RJ", column2="7D")
    assert s.narrator.read_board(s.state)[:3] == ["Stock: 2 cards. Waste: black joker.", "Column one: king of spades, red joker.",
                                                  "Column two: seven of diamonds."]
    assert s.handle("where is the red joker").sentences == ["The red joker is on column one, on top."]
    assert s.handle("help").sentences[0].startswith("Thieves. Golf with two jokers")
    assert s.handle("red joker to column two").sentences == ["Nothing can go on column two."]


def test_scripted_win_through_the_cli():
    """The solver's winning line for seed 9 (tests/data/make_scripts.py), jokers played by name."""
    lines = play_script("thieves", "thieves_seed9_win.txt", "--seed", "9", then="score")
    assert lines[-2] == "You won! The table is clear."
    assert lines[-1].startswith("Score ")
    assert not any(l.startswith(("Sorry", "Which", "Where", "The ", "Did")) for l in lines)


def test_play_thieves_by_name_and_every_word_has_a_pronunciation():
    from voicegame.listen.grammar import build_grammar, missing_words

    s = Session("klondike", seed=1)
    s.handle("play thieves")
    s.handle("yes")
    assert s.engine.game.key == "thieves"
    grammar = build_grammar(s.parser)
    assert {"thieves", "joker", "red", "black"} <= set(grammar.words)
    assert missing_words(grammar) == []  # "thieves" and "joker" are in the CMU dictionary
