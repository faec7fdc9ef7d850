"""Hopscotch: every rule (legal and illegal side), voice commands, a scripted win through the text CLI,
undo/redo and card conservation."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import cards, move_of as mv, play_actions, play_script, player_turns, position, why_not as why
from voicegame.engine.cards import new_deck
from voicegame.engine import Drew, Move, MoveKind, PileKind, Won
from voicegame.games.hopscotch import step_of
from voicegame.play.session import Session

GAME = "hopscotch"
DRAW = Move(MoveKind.DEAL)
BASES = dict(foundation1="AC", foundation2="2C", foundation3="3C", foundation4="4C")


def at(engine, **piles):
    return position(engine, **{**BASES, **piles})


@pytest.mark.parametrize("n,order", [
    (1, "A 2 3 4 5 6 7 8 9 T J Q K"),
    (2, "2 4 6 8 T Q A 3 5 7 9 J K"),
    (3, "3 6 9 Q 2 5 8 J A 4 7 T K"),
    (4, "4 8 Q 3 7 J 2 6 T A 5 9 K"),
])
def test_each_foundation_counts_by_its_number_and_ends_on_the_king(n, order):
    rule = step_of(n)
    ranks = order.split()
    for under, over in zip(ranks, ranks[1:]):
        assert rule.follows(cards(under + "H")[0], cards(over + "D")[0])
        assert not rule.follows(cards(over + "D")[0], cards(under + "H")[0])
    assert all(not rule.follows(cards("KH")[0], c) for c in new_deck())


@pytest.mark.parametrize("dst,under,card", [("foundation1", "AC", "2H"), ("foundation2", "2C", "4S"), ("foundation3", "3C", "6D"),
                                            ("foundation4", "4C", "8C"), ("foundation2", "QD", "AH"), ("foundation4", "QD", "3S")])
def test_the_waste_card_goes_home_by_the_foundations_step_in_any_suit(engine, dst, under, card):
    state = at(engine, **{dst: BASES[dst] + ("" if under == BASES[dst] else " " + under)}, waste=card)
    assert why(engine, state, "waste", dst) is None


@pytest.mark.parametrize("dst,card,key", [("foundation1", "3H", "needs_rank"), ("foundation2", "3H", "needs_rank"),
                                          ("foundation3", "4H", "needs_rank"), ("foundation4", "5H", "needs_rank")])
def test_a_wrong_step_is_refused(engine, dst, card, key):
    state = at(engine, waste=card)
    assert why(engine, state, "waste", dst) == key


def test_a_foundation_is_complete_at_its_king(engine):
    state = at(engine, foundation1="AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD", waste="AH")
    assert why(engine, state, "waste", "foundation1") == "nothing_goes_on"


def test_the_waste_card_may_go_onto_any_reserve_on_any_card(engine):
    state = at(engine, waste="9H", reserve1="KS", reserve2="2D 9S")
    for n in range(1, 5):
        assert why(engine, state, "waste", f"reserve{n}") is None
    after = engine.apply(state, mv(engine, "waste", "reserve2"))[0]
    assert after.piles[engine.layout.index["reserve2"]].cards == cards("2D 9S 9H")


def test_reserve_tops_go_only_to_foundations(engine):
    state = at(engine, reserve1="KS 2H", reserve2="5D", waste="7C")
    assert why(engine, state, "reserve1", "foundation1") is None
    assert why(engine, state, "reserve1", "reserve2") == "source_not_allowed"
    assert why(engine, state, "reserve1", "waste") == "takes_no_cards"
    assert engine.why_not(state, Move.cards(engine.layout.index["reserve1"], engine.layout.index["foundation1"], 2)).key == "not_on_top"


def test_the_reserves_play_while_the_waste_card_waits(engine):
    state = at(engine, reserve1="2H", waste="3S", stock="9D")
    assert engine.why_not(state, DRAW).key == "play_waste_first"
    state = engine.apply(state, mv(engine, "reserve1", "foundation1"))[0]
    state = engine.apply(state, mv(engine, "waste", "foundation1"))[0]
    assert engine.why_not(state, DRAW) is None


def test_foundations_and_the_stock_give_nothing_back(engine):
    state = at(engine, foundation1="AC 2D", stock="9D 8D")
    assert why(engine, state, "foundation1", "reserve1") == "cannot_take_from"
    assert why(engine, state, "stock", "reserve1") == "cannot_take_from"
    assert why(engine, state, "stock", "foundation2") == "cannot_take_from"


def test_the_stock_turns_one_card_once_through(engine):
    state = at(engine, stock="3C 9H")
    after, events = engine.apply(state, DRAW)
    assert after.piles[engine.layout.waste].cards == cards("9H") and isinstance(events[0], Drew)
    after = engine.apply(after, mv(engine, "waste", "reserve1"))[0]
    after = engine.apply(engine.apply(after, DRAW)[0], mv(engine, "waste", "reserve1"))[0]
    assert engine.why_not(after, DRAW).key == "stock_and_waste_empty"


def test_score_counts_played_cards_and_all_52_home_wins(engine):
    full = {f"foundation{n}": " ".join(c + "HDSC"[k % 4] for k, c in enumerate(order.split()))
            for n, order in ((1, "A 2 3 4 5 6 7 8 9 T J Q K"), (2, "2 4 6 8 T Q A 3 5 7 9 J K"),
                             (3, "3 6 9 Q 2 5 8 J A 4 7 T K"), (4, "4 8 Q 3 7 J 2 6 T A 5 9 K"))}
    last = full["foundation4"].split()
    state = position(engine, **{**full, "foundation4": " ".join(last[:-1])}, waste=last[-1])
    assert engine.score(state) == 47 and not engine.is_won(state)
    after, events = engine.apply(state, mv(engine, "waste", "foundation4"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 48


def test_no_moves_left_only_when_stock_and_waste_are_empty(engine):
    assert engine.is_stuck(at(engine, reserve1="9H"))
    assert not engine.is_stuck(at(engine, reserve1="9H", waste="KS"))
    assert not engine.is_stuck(at(engine, reserve1="9H", stock="KS"))
    assert not engine.is_stuck(at(engine, reserve1="9H 2S"))


# ----- voice -------------------------------------------------------------------------------------------
def session_at(**piles):
    session = Session("hopscotch", seed=1)
    session.history.states[0] = at(session.engine, **piles)
    return session


def test_voice_commands():
    s = session_at(stock="5S 6H 7H 2S")
    assert s.handle("draw").sentences == ["Two of spades."]
    assert s.handle("draw").sentences == ["Play the two of spades first: onto a foundation or a reserve."]
    assert s.handle("waste to foundation one").sentences == ["Two of spades up."]
    assert s.handle("draw").sentences == ["Seven of hearts."]
    assert s.handle("seven of hearts to reserve two").sentences == ["Done."]  # the player said it all
    assert s.handle("draw").sentences == ["Six of hearts."]
    assert s.handle("waste to foundation three").sentences == ["Six of hearts up."]
    assert s.handle("reserve two to three foundation").sentences[0].startswith("The seven of hearts cannot go on the six of hearts")
    assert s.handle("draw").sentences == ["Five of spades.", "Stock empty."]
    assert s.handle("five of spades to pile one").sentences == ["Done.", "No moves left. Say undo, restart or new game."]


def test_read_the_board_and_help():
    s = session_at(stock="3C 9H", waste="4H", reserve2="KS 8S")
    assert s.narrator.read_board(s.state) == ["Stock: 2 cards. Waste: four of hearts.",
                                                    "Foundations: foundation one ace, needs a two; foundation two two, needs a four; "
                                                    "foundation three three, needs a six; foundation four four, needs an eight.",
                                                    "Reserve one: empty.", "Reserve two: king of spades, eight of spades.", "Reserve three: empty.", "Reserve four: empty."]
    assert s.handle("read two foundation").sentences == ["Foundation two: up to two, needs a four."]
    assert s.handle("help").sentences[0].startswith("Hopscotch. The ace, two, three and four of clubs start four foundations.")
    assert s.handle("score").sentences == ["0 of 48 cards home."]


def test_scripted_win_through_the_cli():
    lines = play_script("hopscotch", "hopscotch_seed10_win.txt", "--seed", "10", then="score")
    assert lines[-2] == "You won! Every card is home." and lines[-1] == "48 of 48 cards home."
    assert not any(l.startswith(("Sorry", "Which", "Where", "Did", "Play the")) for l in lines)


def test_readings_say_what_each_foundation_needs():
    s = Session("hopscotch", seed=1)
    board = s.narrator.read_board(s.state)
    assert "Foundations: foundation one ace, needs a two; foundation two two, needs a four; " \
           "foundation three three, needs a six; foundation four four, needs an eight." in board
    assert s.handle("read foundation four").sentences == ["Foundation four: up to four, needs an eight."]


def test_klondike_foundations_do_not_say_the_obvious():
    s = Session("klondike", seed=1)
    assert "Foundations: clubs empty, diamonds empty, hearts empty, spades empty." in s.narrator.read_board(s.state)


# ----- random play (cards kept, undo and redo: test_conformance.py) ---------------------------------
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), actions=player_turns(80))
def test_cards_face_up_one_waste_card_and_score_is_cards_home_through_random_play(seed, actions):
    def check(engine, state):
        assert all(p.down == 0 for i, p in enumerate(state.piles) if engine.specs[i].kind is not PileKind.STOCK)
        assert len(state.piles[engine.layout.waste].cards) <= 1
        assert engine.score(state) == 48 - len(state.piles[engine.layout.stock].cards) - sum(
            len(state.piles[i].cards) for i in engine.game.indices(PileKind.RESERVE)) - len(state.piles[engine.layout.waste].cards)

    play_actions(Session("hopscotch", seed=seed), actions, check)
