"""Bakers Game, Eight Off and Seahaven (one rule set, three layouts): every rule of the manual on
both sides (the deals: test_deals.py), voice, Freecell Solver's hints, and scripted wins through the text CLI."""

import pytest

from helpers import cards, move_of as mv, play_script, position, session_at, why_not as why
from voicegame.engine import Engine, Won
from voicegame.games import find_game
from voicegame.play.session import Session
from voicegame.solver import freecell_solver
from voicegame.solver.hooks import hooks_for
from voicegame.solver.thoughtful import solve

GAME = "bakers_game"


# ----- the rules (Bakers Game's, shared by Eight Off and Seahaven) ----------------------------------------
def test_columns_build_down_in_suit(engine):
    state = position(engine, column1="8H", column2="7H", column3="7S", column4="6H")
    assert why(engine, state, "column2", "column1") is None
    assert why(engine, state, "column3", "column1") == "needs_same"  # alternate colour is not enough
    assert why(engine, state, "column4", "column1") == "needs_rank"


def test_only_a_king_or_a_king_run_fills_an_empty_column(engine):
    state = position(engine, column1="2C KH QH", column2="3C QS", cell1="KD", cell2="JC")
    assert why(engine, state, "column1", "column3", 2) is None
    assert why(engine, state, "cell1", "column3") is None
    assert why(engine, state, "column1", "column3") == "empty_needs_rank"  # the queen alone
    assert why(engine, state, "column2", "column3") == "empty_needs_rank"
    assert why(engine, state, "cell2", "column3") == "empty_needs_rank"


def test_a_reserve_takes_one_card(engine):
    state = position(engine, column1="9H 8H", cell1="2S")
    assert why(engine, state, "column1", "cell2") is None
    assert why(engine, state, "column1", "cell2", 2) == "single_only"
    assert why(engine, state, "column1", "cell1") == "takes_no_cards"


def test_only_runs_in_suit_move_together(engine):
    state = position(engine, column1="KD 9H 8H 7H", column2="TH", column3="8S 7H", column4="8H")
    assert why(engine, state, "column1", "column2", 3) is None
    assert why(engine, state, "column1", "column2", 4) == "not_a_run"
    assert why(engine, state, "column3", "column4", 2) == "not_one_suit"  # 7H on 8S: not in suit


@pytest.mark.parametrize("filled, limit", [(0, 5), (2, 3), (4, 1)])
def test_a_run_has_at_most_one_card_more_than_the_free_reserves(engine, filled, limit):
    cells = {f"cell{n}": code for n, code in zip(range(1, 5), ("2C", "3C", "4C", "5C")[:filled])}
    for count in (limit, limit + 1):
        run = " ".join(f"{r}S" for r in "QJT98765"[:count])
        state = position(engine, column1="AD " + run, column2="KS", **cells)
        assert why(engine, state, "column1", "column2", count) == (None if count == limit else "run_too_long")


def test_empty_columns_do_not_lengthen_a_run(engine):
    """The manual counts reserves only: two empty columns and no free reserve still move one card."""
    state = position(engine, column1="AD 6S 5S", column2="7S", column3="6S", cell1="2C", cell2="3C", cell3="4C", cell4="5C",
                     **{f"column{n}": "KH" for n in range(4, 7)})
    assert why(engine, state, "column1", "column2", 2) == "run_too_long"
    assert why(engine, state, "column1", "column3", 1) is None


def test_foundations_build_up_in_suit_from_the_ace_and_keep_their_cards(engine):
    state = position(engine, column1="2H", column2="AH", column3="AS", clubs="AC", column4="3C", column5="2C")
    assert why(engine, state, "column2", "hearts") is None
    assert why(engine, state, "column1", "hearts") == "empty_needs_rank"
    assert why(engine, state, "column3", "hearts") == "wrong_suit"
    assert why(engine, state, "column4", "clubs") == "needs_rank"
    assert why(engine, state, "column5", "clubs") is None
    assert why(engine, state, "clubs", "column6") == "cannot_take_from"


def test_won_and_scored_by_cards_home(engine):
    suits = {s: " ".join(r + s[0].upper() for r in "A23456789TJQK") for s in ("clubs", "diamonds", "hearts")}
    state = position(engine, **suits, spades="AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS", cell3="KS")
    assert engine.score(state) == 51 and not engine.is_won(state)
    after, events = engine.apply(state, mv(engine, "cell3", "spades"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 52


def test_no_moves_left_when_the_reserves_are_full_and_nothing_fits(engine):
    stuck = position(engine, cell1="KS", cell2="KH", cell3="QD", cell4="KC",
                     **{f"column{n}": c for n, c in enumerate(["2C 9S", "3C 9C", "4C 9D", "6C 9H", "7C 5S", "8C 5C", "TC 5D", "JC 5H"], 1)})
    assert engine.is_stuck(stuck)
    assert not engine.is_stuck(position(engine, cell1="KS", cell2="KH", cell3="KD", column1="2C 9S"))


# ----- voice ----------------------------------------------------------------------------------------
def test_voice_commands_and_help():
    s = session_at(GAME, seed=5, column1="KC 8S", column2="9S", column3="AH", cell2="5C")
    assert s.handle("column one to cell one").sentences == ["King of clubs shows."]
    assert s.handle("eight of spades on nine of spades").sentences == ["Cell one is empty."]
    assert s.handle("ace of hearts up").sentences == ["Column three is empty."]
    assert s.handle("cell two to column three").sentences[0].startswith("Only a king")
    assert s.handle("help").sentences[0].startswith("Bakers Game. Every card is dealt face up")
    eight = Session("eight_off", seed=1)
    assert eight.handle("help").sentences[0].startswith("Eight Off. Eight columns of six")
    assert "Cells: " in " ".join(eight.narrator.read_board(eight.state))


# ----- the solver -------------------------------------------------------------------------------------
needs_fc_solve = pytest.mark.skipif(not freecell_solver.available(), reason="Freecell Solver is not installed")


@needs_fc_solve
@pytest.mark.parametrize("key, won, lost", [("bakers_game", 5, 1), ("seahaven", 1, 3)])
def test_freecell_solver_wins_or_proves_the_deal_lost(key, won, lost):
    engine = Engine(find_game(key).make())
    assert hooks_for(engine).solve is freecell_solver.solve
    line = solve(engine, engine.deal(won), seconds=30)
    assert line.solved
    state = engine.deal(won)
    for move in line.moves:
        state = engine.apply(state, move)[0]
    assert engine.is_won(state)
    assert solve(engine, engine.deal(lost), seconds=30).outcome.name == "UNWINNABLE"


@pytest.mark.parametrize("key, seed", [("bakers_game", 5), ("eight_off", 1), ("seahaven", 1)])
def test_scripted_win_through_the_cli(key, seed):
    lines = play_script(key, f"{key}_seed{seed}_win.txt", "--seed", str(seed), then="score")
    assert "You won! Every card is home." in lines
    assert lines[-1] == "52 of 52 cards home."
    assert not any(l.startswith(("Sorry", "Which", "Where", "The ", "Did", "Only")) for l in lines)


def test_seahaven_sends_a_run_in_one_suit_home_in_one_move():
    """Seahaven's manual: "sequences of the same suit can be moved onto the matching Foundation pile";
    Bakers Game's says nothing of it and keeps one card at a time."""
    seahaven = Engine(find_game("seahaven").make())
    full = {f"cell{n}": "KC" for n in range(1, 5)}  # no free cell: a run between columns moves one card at a time
    state = position(seahaven, column1="4H 3H 2H", column2="3S 2H", hearts="AH", **full)
    assert why(seahaven, state, "column1", "hearts", 2) is None
    assert why(seahaven, state, "column1", "hearts", 3) is None
    assert why(seahaven, state, "column2", "hearts", 2) == "not_one_suit"  # not a sequence in suit
    after = seahaven.apply(state, mv(seahaven, "column1", "hearts", 3))[0]
    assert after.piles[seahaven.layout.index["hearts"]].cards == cards("AH 2H 3H 4H")
    bakers = Engine(find_game("bakers_game").make())
    assert why(bakers, position(bakers, column1="3H 2H", hearts="AH"), "column1", "hearts", 2) == "single_only"
