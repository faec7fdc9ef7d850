"""Spider: the suit options, every rule (legal and illegal side), runs lifted off as an event,
voice commands, seeded deals scripted to a win through the text CLI (one and two suits),
undo/redo and card conservation."""

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import cards, move_of as mv, play_actions, player_turns, position, session_at, why_not as why
from voicegame.engine.cards import Suit
from voicegame.engine import DealtRow, Engine, LiftedOff, Move, MoveKind, PileKind, TurnedOver, Won
from voicegame.games import find_game
from voicegame.games.spider import spider_cards
from voicegame.play.session import Session

GAME = "spider"
DATA = Path(__file__).parent / "data"
DEAL = Move(MoveKind.DEAL)
K_TO_A = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"


def full_table(**piles):
    """Every column holds a card unless named."""
    return {**{f"column{n}": "9D" for n in range(1, 11)}, **piles}


@pytest.mark.parametrize("suits,expected", [(1, {Suit.SPADES}), (2, {Suit.HEARTS, Suit.SPADES}), (4, set(Suit))])
def test_suit_options_use_104_cards(suits, expected):
    engine = Engine(find_game("spider").make(suits=suits))
    state = engine.deal(5)
    in_play = engine.cards_in_play(state)
    assert len(in_play) == 104 and {c.suit for c in in_play} == expected
    assert Counter(in_play) == Counter(spider_cards(suits))
    assert max(Counter(in_play).values()) == 8 // len(expected)


def test_bad_suit_option_is_refused():
    with pytest.raises(ValueError):
        find_game("spider").make(suits=3)


def test_build_down_in_any_suit(engine):
    state = position(engine, column1="8H", column2="7S", column3="7H", column4="6C")
    assert why(engine, state, "column2", "column1") is None
    assert why(engine, state, "column3", "column1") is None
    assert why(engine, state, "column4", "column1") == "needs_rank"


def test_only_one_suit_runs_move_together(engine):
    state = position(engine, column1="9S 8S 7S", column2="9H 8S 7S", column3="TD", column4="9D")
    assert why(engine, state, "column1", "column3", 3) is None
    assert why(engine, state, "column2", "column4", 2) is None
    assert why(engine, state, "column2", "column4", 3) == "not_one_suit"  # in sequence, two suits


def test_an_empty_column_takes_any_card_or_run(engine):
    state = position(engine, column1="KH", column2="5C 4C 3C")
    assert why(engine, state, "column1", "column3") is None
    assert why(engine, state, "column2", "column3", 3) is None


def test_face_down_cards_turn_up(engine):
    state = position(engine, column1=("2H 9C", 1), column2="TD")
    after, events = engine.apply(state, mv(engine, "column1", "column2"))
    assert TurnedOver(engine.layout.index["column1"], cards("2H")[0]) in events
    assert after.piles[engine.layout.index["column1"]].down == 0


def test_deal_puts_one_card_on_every_column(engine):
    state = position(engine, stock=" ".join(["2C"] * 10 + ["3C"]), **full_table())
    after, events = engine.apply(state, DEAL)
    assert all(len(after.piles[engine.layout.index[f"column{n}"]].cards) == 2 for n in range(1, 11))
    assert len(after.piles[engine.layout.stock].cards) == 1 and isinstance(events[0], DealtRow)


def test_no_deal_while_a_column_is_empty_or_the_stock_is_empty(engine):
    state = position(engine, stock="2C " * 10, **full_table(column4=""))
    state = state.with_piles({engine.layout.index["column4"]: type(state.piles[0])()})
    assert engine.why_not(state, DEAL).key == "fill_empty_piles_first"
    assert engine.why_not(position(engine, **full_table()), DEAL).key == "stock_empty"


def test_a_finished_run_is_lifted_off_at_once(engine):
    state = position(engine, column1=("4D KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", 1), column2="AS")
    after, events = engine.apply(state, mv(engine, "column2", "column1"))
    lifted = [e for e in events if isinstance(e, LiftedOff)]
    assert len(lifted) == 1 and lifted[0].cards == cards(K_TO_A)
    assert after.piles[engine.layout.index["foundation1"]].cards == cards(K_TO_A)
    assert after.piles[engine.layout.index["column1"]].cards == cards("4D") and after.piles[engine.layout.index["column1"]].down == 0
    assert engine.score(after) == 12


def test_a_mixed_suit_king_to_ace_stays(engine):
    state = position(engine, column1="KS QS JS TS 9S 8H 7S 6S 5S 4S 3S 2S", column2="AS")
    after, events = engine.apply(state, mv(engine, "column2", "column1"))
    assert not any(isinstance(e, LiftedOff) for e in events)
    assert len(after.piles[engine.layout.index["column1"]].cards) == 13


def test_a_deal_can_finish_a_run(engine):
    stock = "5C 5C 5C 5C 5C 5C 5C 5C 5C AS"  # the last card listed is dealt first: onto column one
    state = position(engine, stock=stock, **full_table(column1="KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"))
    after, events = engine.apply(state, DEAL)
    assert any(isinstance(e, LiftedOff) for e in events)
    assert not after.piles[engine.layout.index["column1"]].cards


def test_nothing_is_moved_to_or_from_the_foundations(engine):
    state = position(engine, foundation1=K_TO_A, column1="AH")
    assert why(engine, state, "column1", "foundation2") == "takes_no_cards"
    assert why(engine, state, "foundation1", "column2") == "cannot_take_from"


def test_won_when_eight_runs_are_off(engine):
    state = position(engine, **{f"foundation{n}": K_TO_A for n in range(1, 8)}, column1=K_TO_A.rsplit(" ", 1)[0], column2="AS")
    assert not engine.is_won(state) and engine.score(state) == 7 * 12 + 11
    after, events = engine.apply(state, mv(engine, "column2", "column1"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 96


def test_no_moves_left_only_with_an_empty_stock(engine):
    assert engine.is_stuck(position(engine, **full_table(column1="KD", column2="KH")))
    assert not engine.is_stuck(position(engine, stock="2C " * 10, **full_table()))


# ----- voice -------------------------------------------------------------------------------------------
def test_voice_commands_and_lift_off_narration():
    s = session_at(GAME, stock="2C " * 10, column1=("4D KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", 1), column3="AS", column4="8H 7H", column5="9C")
    assert s.handle("column four to column five").sentences == ["Eight of hearts and 1 more moved.", "Column four is empty."]
    assert s.handle("deal").sentences == ["Fill every empty pile before dealing."]
    assert s.handle("ace of spades on two of spades").sentences == [
        "Column three is empty.", "Run of spades complete and lifted off.", "Column one shows four of diamonds."]
    assert s.narrator.read_board(s.state)[:2] == ["Stock: 10 cards.", "Completed runs: 1 of 8."]
    assert s.handle("help").sentences[0].startswith("Spider, two decks on ten columns.")


# ----- scripted wins -----------------------------------------------------------------------------------
@pytest.mark.parametrize("suits", [1, 2])
def test_scripted_win_through_the_cli(suits):
    """The solver's winning line for seed 1 (tests/data/make_scripts.py), spoken command by command."""
    script = DATA / f"spider_suits{suits}_seed1_win.txt"
    commands = [l for l in script.read_text().splitlines() if l and not l.startswith("#")]
    result = subprocess.run([sys.executable, "-m", "voicegame", "play", "spider", "--seed", "1", "--suits", str(suits), "--text", "--no-save"],
                            input="\n".join(commands) + "\nscore\n", capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[-2] == "You won! Every card is home."
    assert lines[-1] == "Score 96 of 96: a point for each card on the next higher card of its suit, twelve for each run lifted off."
    assert sum(l.startswith("Run of") and l.endswith("complete and lifted off.") for l in lines) == 8
    assert not any(l.startswith(("Sorry", "Which", "Where", "The ", "Did")) for l in lines)


# ----- random play (cards kept, undo and redo: test_conformance.py) ---------------------------------
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), suits=st.sampled_from([1, 2, 4]),
       actions=player_turns(60))
def test_column_tops_face_up_and_only_whole_runs_home_through_random_play(seed, suits, actions):
    def check(engine, state):
        for i, pile in enumerate(state.piles):
            kind = engine.specs[i].kind
            if kind is PileKind.TABLEAU and pile.cards:
                assert pile.top_face_up
            if kind is PileKind.FOUNDATION:
                assert len(pile.cards) in (0, 13) and pile.down == 0

    play_actions(Session("spider", {"suits": suits}, seed=seed), actions, check)
