"""Canfield: every rule (legal and illegal side), the reserve filling gaps, voice, a solver's win
through the text CLI, undo/redo and card conservation."""

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import cards, move_of as mv, play_actions, play_script, player_turns, position, session_at, why_not as why
from voicegame.engine import Move, MoveKind, Moved, PileKind, TurnedOver, Won
from voicegame.engine.auto import safe_foundation_move
from voicegame.play.session import Session

GAME = "canfield"
DRAW = Move(MoveKind.DEAL)


def test_foundations_start_at_the_base_rank_and_turn_the_corner(engine):
    state = position(engine, foundation1="JH QH KH", pile1="JC", pile2="5D", pile3="AH", reserve="2C")
    assert why(engine, state, "pile1", "foundation2") is None
    assert why(engine, state, "pile2", "foundation2") == "empty_needs_rank"
    assert why(engine, state, "pile3", "foundation1") is None  # ace on king
    after = engine.apply(state, mv(engine, "pile3", "foundation1"))[0]
    assert why(engine, after, "pile3", "foundation1") == "needs_same"  # the reserve's two of clubs filled the gap


def test_foundation_cards_play_back_but_the_base_stays(engine):
    state = position(engine, foundation1="9S TS", foundation2="9H", pile1="JD", pile2="TH", reserve="2C")
    assert why(engine, state, "foundation1", "pile1") is None
    assert why(engine, state, "foundation2", "pile1") == "base_card_stays"


def test_piles_build_down_in_alternating_colours_king_on_ace(engine):
    state = position(engine, foundation1="5C", pile1="AH", pile2="KS", pile3="KD", pile4="QH JS", reserve="2C")
    assert why(engine, state, "pile2", "pile1") is None
    assert why(engine, state, "pile3", "pile1") == "needs_alternate"
    assert why(engine, state, "pile4", "pile2", 2) is None  # a run moves together
    assert why(engine, state, "pile4", "pile2", 1) == "needs_rank"


def test_a_gap_is_filled_from_the_reserve_at_once(engine):
    state = position(engine, foundation1="5C", pile1="6C", pile2="9D", pile3="9S", pile4="8H", reserve=("3D 4S", 1))
    after, events = engine.apply(state, mv(engine, "pile1", "foundation1"))
    reserve, pile1 = engine.layout.index["reserve"], engine.layout.index["pile1"]
    assert after.piles[pile1].cards == cards("4S") and after.piles[reserve].cards == cards("3D") and after.piles[reserve].down == 0
    assert Moved(cards("4S"), reserve, pile1) in events and TurnedOver(reserve, cards("3D")[0]) in events


def test_once_the_reserve_is_gone_a_gap_takes_any_card(engine):
    state = position(engine, foundation1="5C", pile1="6C", pile2="9D 8S", waste="4H")
    after = engine.apply(state, mv(engine, "pile1", "foundation1"))[0]
    assert not after.piles[engine.layout.index["pile1"]].cards
    assert why(engine, after, "waste", "pile1") is None and why(engine, after, "pile2", "pile1", 2) is None


def test_reserve_and_waste_feed_but_take_nothing(engine):
    state = position(engine, foundation1="5C", pile1="7C", waste="6H", reserve="6D")
    assert why(engine, state, "waste", "pile1") is None and why(engine, state, "reserve", "pile1") is None
    assert why(engine, state, "pile1", "reserve") == "takes_no_cards"
    assert why(engine, state, "pile1", "waste") == "takes_no_cards"


def test_draw_three_and_unlimited_redeals(engine):
    state = position(engine, foundation1="5C", stock="2D 3D 4D 6D", reserve="9S")
    after = engine.apply(state, DRAW)[0]
    assert after.piles[engine.layout.waste].cards == cards("6D 4D 3D")
    after = engine.apply(after, DRAW)[0]
    assert after.piles[engine.layout.waste].top == cards("2D")[0]
    for _ in range(5):  # round and round
        after = engine.apply(engine.apply(engine.apply(after, DRAW)[0], DRAW)[0], DRAW)[0]
    assert engine.why_not(after, DRAW) is None


def test_auto_play_knows_the_base(engine):
    state = position(engine, foundation1="9S", pile1="TS", pile2="QS", reserve="2C")
    move = safe_foundation_move(engine, state)
    assert move == mv(engine, "pile1", "foundation1")
    assert safe_foundation_move(engine, position(engine, foundation1="9S TS", pile2="JS", reserve="2C")) is None


def test_won_with_every_card_home(engine):
    suits = {"foundation1": "TS JS QS KS AS 2S 3S 4S 5S 6S 7S 8S 9S", "foundation2": "TH JH QH KH AH 2H 3H 4H 5H 6H 7H 8H 9H",
             "foundation3": "TD JD QD KD AD 2D 3D 4D 5D 6D 7D 8D 9D", "foundation4": "TC JC QC KC AC 2C 3C 4C 5C 6C 7C 8C"}
    state = position(engine, **suits, pile1="9C")
    after, events = engine.apply(state, mv(engine, "pile1", "foundation4"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 52


def test_no_moves_left_only_once_the_stock_has_been_seen(engine):
    state = position(engine, foundation1="5C", pile1="9D", pile2="9H", pile3="9S", pile4="9C", stock="2D 3D")
    assert not engine.is_stuck(state)
    assert engine.is_stuck(position(engine, redeals=1, foundation1="5C", pile1="9D", pile2="9H", pile3="9S", pile4="9C", stock="2D 3D"))


# ----- voice -------------------------------------------------------------------------------------------
def test_voice_commands_read_and_help():
    s = session_at(GAME, foundation1="5C", pile1="6C", pile2="9D", pile3="9S", pile4="8H", reserve=("3D 4S", 1), stock="2D 3H 7C")
    assert s.handle("six of clubs up").sentences == ["Four of spades to pile one.", "The reserve shows three of diamonds."]  # the player named the move
    assert s.handle("draw").sentences == ["Two of diamonds.", "Stock empty."]
    assert s.narrator.read_board(s.state)[:3] == ["Stock: 0 cards. Waste: two of diamonds.", "Foundations: foundation one six, foundation two empty, foundation three empty, foundation four empty.", "The reserve: three of diamonds."]
    assert s.handle("help").sentences[0].startswith("Canfield. The first card dealt")
    assert s.handle("score").sentences == ["2 of 52 cards home."]


def test_scripted_win_through_the_cli():
    lines = play_script("canfield", "canfield_seed8_win.txt", "--seed", "8", then="score")
    assert lines[-2] == "You won! Every card is home." and lines[-1] == "52 of 52 cards home."
    assert not any(l.startswith(("Sorry", "Which", "Where", "Did")) for l in lines)


# ----- random play (cards kept, undo and redo: test_conformance.py) ---------------------------------
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), actions=player_turns(80))
def test_reserve_top_face_up_gaps_filled_and_a_base_home_through_random_play(seed, actions):
    def check(engine, state):
        reserve = state.piles[engine.layout.index["reserve"]]
        if reserve.cards:
            assert reserve.top_face_up
            assert all(state.piles[i].cards for i in engine.game.indices(PileKind.TABLEAU))
        assert state.piles[engine.layout.index["foundation1"]].cards

    play_actions(Session("canfield", seed=seed), actions, check)
