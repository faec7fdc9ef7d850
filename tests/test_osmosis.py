"""Osmosis and Peek: reserves that play only their top card home, foundation one taking its suit in
any order, the others starting with the base rank and gated by the ranks on the one above; the
stock's passes; the solver's exact search; the win through the CLI."""

from collections import Counter

import pytest

from helpers import play_script, position, why_not
from voicegame.engine.cards import new_deck
from voicegame.engine import Engine, Move, MoveKind, Won
from voicegame.games import find_game
from voicegame.solver import solve_thoughtful
from voicegame.play.session import Session

E = Engine(find_game("osmosis").make())
P = Engine(find_game("peek").make())
I = E.layout.index
DRAW = Move(MoveKind.DEAL)


def test_the_deal_reserves_base_card_and_stock():
    state = E.deal(1)
    assert Counter(E.cards_in_play(state)) == Counter(new_deck())
    for n in range(1, 5):
        pile = state.piles[I[f"reserve{n}"]]
        assert len(pile.cards) == 4 and pile.down == 3
    assert len(state.piles[I["foundation1"]].cards) == 1 and len(state.piles[I["stock"]].cards) == 35
    peek = P.deal(1)
    assert all(peek.piles[I[f"reserve{n}"]].down == 0 and len(peek.piles[I[f"reserve{n}"]].cards) == 4 for n in range(1, 5))
    assert [p.cards for p in peek.piles] == [p.cards for p in state.piles]  # the same cards, all face up


def test_foundation_one_takes_its_suit_in_any_order():
    state = position(E, foundation1="5H", reserve1="KH", reserve2="KS", waste="2H")
    assert why_not(E, state, "reserve1", "foundation1") is None
    assert why_not(E, state, "waste", "foundation1") is None
    assert why_not(E, state, "reserve2", "foundation1") == "needs_same"


def test_other_foundations_start_with_the_base_rank_and_in_order():
    state = position(E, foundation1="5H", reserve1="5C", reserve2="6C", reserve3="5S")
    assert why_not(E, state, "reserve1", "foundation2") is None
    assert why_not(E, state, "reserve2", "foundation2") == "empty_needs_rank"
    assert why_not(E, state, "reserve3", "foundation3") == "rank_not_in"  # foundation two not started yet


def test_a_card_goes_on_only_when_its_rank_lies_on_the_foundation_above():
    state = position(E, foundation1="5H 9H", foundation2="5C", reserve1="9C", reserve2="8C", reserve3="9S")
    assert why_not(E, state, "reserve1", "foundation2") is None
    assert why_not(E, state, "reserve2", "foundation2") == "rank_not_in"
    assert why_not(E, state, "reserve3", "foundation2") == "needs_same"


def test_reserves_play_only_their_top_card_only_home_and_turn_up_the_next():
    state = position(E, foundation1="5H", reserve1=("2C 3C 4C 6H", 3), reserve2="7D")
    assert why_not(E, state, "reserve2", "reserve1") == "takes_no_cards"
    assert why_not(E, state, "reserve1", "waste") == "takes_no_cards"
    after = E.apply(state, Move.cards(I["reserve1"], I["foundation1"]))[0]
    assert after.piles[I["reserve1"]].top_face_up and after.piles[I["reserve1"]].top.code == "4C"
    assert why_not(E, after, "foundation1", "reserve2") is not None  # foundation cards stay


def test_one_card_at_a_time_with_two_redeals_or_three_with_unlimited():
    state = position(E, foundation1="5H", stock="2C 3C")
    state = E.apply(state, DRAW)[0]
    assert len(state.piles[I["waste"]].cards) == 1
    for _ in range(7):
        state = E.apply(state, DRAW)[0]  # a restack and the second pass, again and the third
    assert E.why_not(state, DRAW) is not None and state.redeals == 2
    three = Engine(find_game("osmosis").make(cards_per_deal=3))
    state = position(three, foundation1="5H", stock="2C 3C 4C", redeals=40)
    state = three.apply(state, DRAW)[0]
    assert len(state.piles[I["waste"]].cards) == 3 and three.why_not(state, DRAW) is None


def test_won_with_every_card_home_and_stuck_when_nothing_can_go():
    suits = {s: " ".join(f"{r}{s}" for r in "A23456789TJQK") for s in "HCDS"}
    state = position(E, foundation1=suits["H"], foundation2=suits["C"], foundation3=suits["D"],
                     foundation4=" ".join(f"{r}S" for r in "A23456789TJQ"), reserve1="KS")
    after, events = E.apply(state, Move.cards(I["reserve1"], I["foundation4"]))
    assert E.is_won(after) and isinstance(events[-1], Won) and E.score(after) == 52 and not E.is_won(state)
    assert E.is_stuck(position(E, foundation1="5H", foundation2="5C", reserve1="9C"))
    assert not E.is_stuck(position(E, foundation1="5H 9H", foundation2="5C", reserve1="9C"))


@pytest.mark.parametrize("seed, outcome", [(2, "solved"), (1, "proved unwinnable")])
def test_the_solver_tries_every_order_of_suits(seed, outcome):
    result = solve_thoughtful(E, E.deal(seed), seconds=30)
    assert result.outcome.value == outcome
    if result.solved:
        state = E.deal(seed)
        for move in result.moves:
            state = E.apply(state, move)[0]
        assert E.is_won(state)


def test_voice_commands_and_names():
    s = Session("osmosis", seed=2)
    assert s.handle("help").sentences[0].startswith("Osmosis.")
    assert s.handle("play peek").sentences == ["New game. Peek, deal 3."] and s.engine.game.key == "peek"


@pytest.mark.parametrize("key", ["osmosis", "peek"])
def test_scripted_seed_to_a_win_through_the_cli(key):
    lines = play_script(key, f"{key}_seed2_win.txt", "--seed", "2", then="score")
    assert any(l.startswith("You won") for l in lines) and lines[-1] == "52 of 52 cards home."
    assert not any(l.startswith(("Sorry", "Which", "Did")) or "not" in l for l in lines)
