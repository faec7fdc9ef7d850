"""Doublets: every rule of the manual (legal and illegal side), the kings at the deal, the reserves
refilling, voice, and a solver's win through the text CLI. Conservation, undo/redo and saves:
test_conformance.py."""

from collections import Counter

import pytest

from helpers import cards, move_of as mv, play_script, position, why_not as why
from voicegame.engine.cards import Rank, new_deck
from voicegame.engine import Engine, Move, MoveKind, Won
from voicegame.games import find_game
from voicegame.play.session import Session

GAME = "doublets"
DEAL = Move(MoveKind.DEAL)


FILLERS = dict(zip((f"reserve{n}" for n in range(1, 8)), "KC KD KH KS JC JD JH".split()))


def full(engine, redeals=0, **piles):
    """A position whose reserves not named hold kings and jacks (so nothing refills by itself)."""
    return position(engine, redeals, **{**FILLERS, **piles})


def pile(engine, state, pile_id):
    return state.piles[engine.layout.index[pile_id]].cards


@pytest.mark.parametrize("seed", range(1, 30))
def test_deal_seven_reserves_and_a_foundation_card_none_of_them_kings(engine, seed):
    state = engine.deal(seed)
    dealt = [pile(engine, state, f"reserve{n}") for n in range(1, 8)] + [pile(engine, state, "foundation")]
    assert all(len(p) == 1 and p[0].rank != Rank.KING for p in dealt)
    assert len(state.piles[engine.layout.stock].cards) == 44
    assert Counter(engine.cards_in_play(state)) == Counter(new_deck())


def test_a_king_dealt_to_a_reserve_goes_to_the_bottom_of_the_stock(engine):
    order = [c for c in new_deck() if c.code not in ("KS", "KH")]
    dealt = engine.game.after_deal(engine.game, engine.deal_cards([order[0], *cards("KS KH"), *order[1:]]), 0)
    stock = dealt.piles[engine.layout.stock].cards
    assert stock[0].rank == Rank.KING and stock[1].rank == Rank.KING  # both at the bottom
    assert pile(engine, dealt, "reserve2")[0].rank != Rank.KING and pile(engine, dealt, "reserve3")[0].rank != Rank.KING


def test_the_foundation_builds_by_doubling_less_thirteen_in_any_suit(engine):
    state = full(engine, foundation="8H", reserve1="3S", reserve2="4H", reserve3="KC", waste="5D 6D")
    assert why(engine, state, "reserve1", "foundation") is None  # 16 - 13 = 3
    assert why(engine, state, "reserve2", "foundation") == "needs_rank"
    assert why(engine, state, "reserve3", "foundation") == "needs_rank"  # a king never goes home
    after, _ = engine.apply(state, mv(engine, "reserve1", "foundation"))
    assert why(engine, after, "reserve1", "foundation") is None  # 6 doubles 3 (the waste's six refilled the reserve)
    queen = full(engine, foundation="6H", reserve1="QS", reserve2="JS")
    assert why(engine, queen, "reserve1", "foundation") is None and why(engine, queen, "reserve2", "foundation") == "needs_rank"
    seven = full(engine, foundation="7H", reserve1="AS")
    assert why(engine, seven, "reserve1", "foundation") is None  # 14 - 13 = 1: round again


def test_nothing_goes_into_a_reserve_by_hand(engine):
    state = full(engine, foundation="8H", reserve1="3S", waste="6D")
    assert why(engine, state, "waste", "reserve2") == "takes_no_cards"


def test_an_empty_reserve_fills_from_the_waste_else_the_stock(engine):
    state = full(engine, stock="9C TC", foundation="8H", reserve1="3S", waste="5D 6D")
    after, _ = engine.apply(state, mv(engine, "reserve1", "foundation"))
    assert pile(engine, after, "reserve1") == cards("6D") and pile(engine, after, "waste") == cards("5D")
    state = full(engine, stock="9C TC", foundation="8H", reserve1="3S")
    after, _ = engine.apply(state, mv(engine, "reserve1", "foundation"))
    assert pile(engine, after, "reserve1") == cards("TC") and pile(engine, after, "stock") == cards("9C")
    assert after.piles[engine.layout.stock].down == 1  # the stock's next card stays face down


def test_three_passes_through_the_stock(engine):
    state = full(engine, waste="9C TC", foundation="8H", redeals=1)
    after, _ = engine.apply(state, DEAL)
    assert after.redeals == 2 and engine.why_not(engine.apply(after, DEAL)[0], DEAL) is None  # draw
    spent = full(engine, waste="9C TC", foundation="8H", redeals=2)
    assert engine.why_not(spent, DEAL).key == "no_redeals_left"
    one = Engine(find_game("doublets").make(redeals=0))
    assert one.why_not(full(one, waste="9C TC", foundation="8H"), DEAL).key == "no_redeals_left"


def test_won_with_every_card_but_the_kings_home(engine):
    cycle = "A 2 4 8 3 6 Q J 9 5 T 7".split()
    home = " ".join(f"{r}{s}" for s in "CDHS" for r in cycle)
    state = position(engine, foundation=home.rsplit(" ", 1)[0], reserve1="7S", reserve2="KC KD KH KS")
    assert not engine.is_won(state) and engine.score(state) == 47
    after, events = engine.apply(state, mv(engine, "reserve1", "foundation"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 48


def test_no_moves_left(engine):
    assert engine.is_stuck(position(engine, foundation="8H", reserve1="4S", reserve2="KC", redeals=2))
    assert not engine.is_stuck(position(engine, foundation="8H", reserve1="3S", reserve2="KC", redeals=2))
    assert not engine.is_stuck(position(engine, stock="3C", foundation="8H", reserve1="4S", redeals=2))


def test_voice_commands_read_and_help():
    s = Session("doublets", seed=1)
    s.history.states[0] = full(s.engine, stock="9C TC", foundation="8H", reserve1="3S", waste="5D 6D")
    assert s.handle("three of spades up").sentences
    assert pile(s.engine, s.state, "foundation") == cards("8H 3S")
    assert s.handle("reserve one to the centre").sentences  # the waste's six refilled the reserve, and doubles the three
    assert pile(s.engine, s.state, "foundation") == cards("8H 3S 6D")
    assert s.handle("read reserve one").sentences == ["Reserve one: five of diamonds."]
    assert s.handle("help").sentences[0].startswith("Doublets. Seven reserves")
    assert s.handle("score").sentences == ["3 of 48 cards home."]


def test_scripted_win_through_the_cli():
    lines = play_script("doublets", "doublets_seed2_win.txt", "--seed", "2", then="score")
    assert "You won! Every card but the kings is home." in lines
    assert lines[-1] == "48 of 48 cards home."
    assert not any(l.startswith(("Sorry", "Which", "Where", "The ", "Did")) for l in lines)
