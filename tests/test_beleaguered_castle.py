"""Beleaguered Castle and Streets and Alleys (one rule set, two deals): every rule of the manual on
both sides (the deals: test_deals.py), scores, voice, the solver, and scripted wins through the text CLI."""

import pytest

from helpers import move_of as mv, play_script, position, session_at, why_not as why
from voicegame.engine import Won
from voicegame.play.session import Session
from voicegame.solver import freecell_solver
from voicegame.solver.thoughtful import solve

GAMES = ["beleaguered_castle", "streets_and_alleys"]


# ----- the rules ----------------------------------------------------------------------------------
def test_columns_build_down_regardless_of_suit(engine):
    state = position(engine, column1="8H", column2="7H", column3="7S", column4="6D", column5="9C")
    assert why(engine, state, "column2", "column1") is None
    assert why(engine, state, "column3", "column1") is None
    assert why(engine, state, "column4", "column1") == "needs_rank"
    assert why(engine, state, "column5", "column1") == "needs_rank"  # never up


def test_one_card_at_a_time(engine):
    state = position(engine, column1="AD 8H 7S", column2="9C", column3="KD")
    assert why(engine, state, "column1", "column2") == "needs_rank"
    assert why(engine, state, "column1", "column2", 2) is not None
    assert [m.count for m in engine.legal_moves(state)] == [1] * len(engine.legal_moves(state))


def test_an_empty_column_takes_any_single_card(engine):
    state = position(engine, column1="KD 5S", column2="QH 2C")
    assert why(engine, state, "column1", "column3") is None
    assert why(engine, state, "column2", "column3") is None
    assert why(engine, state, "column2", "column3", 2) is not None


def test_foundations_build_up_in_suit_and_give_their_top_card_back(engine):
    state = position(engine, clubs="AC 2C", hearts="AH", column1="3C", column2="3H", column3="2H", column4="4D")
    assert why(engine, state, "column1", "clubs") is None
    assert why(engine, state, "column2", "hearts") == "needs_rank"
    assert why(engine, state, "column3", "hearts") is None
    assert why(engine, state, "column3", "clubs") == "wrong_suit"
    assert why(engine, state, "clubs", "column2") is None  # 2C back onto 3H
    assert why(engine, state, "clubs", "column4") == "needs_rank"


def test_won_when_every_card_is_home(engine):
    suits = {s: " ".join(r + s[0].upper() for r in "A23456789TJQK") for s in ("clubs", "diamonds", "hearts")}
    state = position(engine, **suits, spades="AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS", column3="KS")
    assert not engine.is_won(state)
    after, events = engine.apply(state, mv(engine, "column3", "spades"))
    assert engine.is_won(after) and isinstance(events[-1], Won)
    assert engine.score(after) == engine.game.max_score == (48 if engine.game.key == "beleaguered_castle" else 52)


def test_no_moves_left(engine):
    stuck = position(engine, **{f"column{n}": c for n, c in enumerate(["KC", "JC", "9C", "7C", "5C", "3C", "KD", "JD"], 1)})
    assert engine.is_stuck(stuck)
    assert not engine.is_stuck(position(engine, **{f"column{n}": c for n, c in enumerate(["KC", "JC", "9C", "7C", "5C", "3C", "KD", "QD"], 1)}))


# ----- voice --------------------------------------------------------------------------------------
def test_voice_commands_and_help():
    s = session_at("beleaguered_castle", clubs="AC", diamonds="AD", hearts="AH", spades="AS", column1="9C 2H", column2="TD", column3="3H")
    assert s.handle("two of hearts up").sentences == ["Column one: nine of clubs."]
    assert s.handle("nine of clubs on ten of diamonds").sentences == ["Column one is empty."]
    assert s.handle("hearts to column one").sentences == ["Hearts: up to ace."]
    assert s.handle("score").sentences == ["0 of 48 cards home on the aces."]
    assert s.handle("help").sentences[0].startswith("Beleaguered Castle. The four aces start")
    assert Session("streets_and_alleys", seed=1).handle("help").sentences[0].startswith("Streets and Alleys. Every card")


# ----- the solver -----------------------------------------------------------------------------------
@pytest.mark.skipif(not freecell_solver.available(), reason="Freecell Solver is not installed")
def test_freecell_solver_lines_are_unpacked_into_single_cards(engine):
    line = solve(engine, engine.deal(1), seconds=30)
    assert line.solved and all(m.count == 1 for m in line.moves)
    state = engine.deal(1)
    for move in line.moves:
        state = engine.apply(state, move)[0]
    assert engine.is_won(state)


def test_a_no_from_freecell_solver_is_no_proof_where_cards_come_back():
    assert {"beleaguered_castle", "streets_and_alleys"} <= freecell_solver.NO_PROOF


@pytest.mark.parametrize("key, max_score, score", [("beleaguered_castle", 48, "48 of 48 cards home on the aces."),
                                                    ("streets_and_alleys", 52, "52 of 52 cards home.")])
def test_scripted_win_through_the_cli(key, max_score, score):
    lines = play_script(key, f"{key}_seed1_win.txt", "--seed", "1", then="score")
    assert "You won! Every card is home." in lines
    assert lines[-1] == score
    assert not any(l.startswith(("Sorry", "Which", "Where", "The ", "Did", "Only")) for l in lines)
