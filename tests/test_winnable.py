""""Can I still win this?": the solver's verdict on a position (voicegame.solver.winnable)."""

import time

from voicegame.engine import Engine
from voicegame.games import all_games, find_game
from voicegame.solver.thoughtful import solve
from voicegame.solver.winnable import COMPLETE_SOLVERS, Verdict, has_complete_solver, still_winnable


def klondike(draw: int = 3) -> Engine:
    return Engine(find_game("klondike").make(draw=draw))


def test_the_verdicts_are_yes_no_and_unknown_only():
    assert [v.name for v in Verdict] == ["YES", "NO", "UNKNOWN"]


def test_a_deal_the_solver_wins_is_yes_and_one_it_proves_lost_is_no():
    engine = klondike()
    assert still_winnable(engine, engine.deal(3), clock=time.process_time) is Verdict.YES
    assert still_winnable(engine, engine.deal(2), clock=time.process_time) is Verdict.NO


def test_yes_holds_all_the_way_along_a_winning_line_and_at_the_end():
    engine = klondike()
    state = engine.deal(3)
    line = solve(engine, state, seconds=10, clock=time.process_time).moves
    for index, move in enumerate(line):
        if index % 40 == 0:
            assert still_winnable(engine, state, clock=time.process_time) is Verdict.YES, index
        state = engine.apply(state, move)[0]
    assert engine.is_won(state) and still_winnable(engine, state, seconds=0.0) is Verdict.YES


def test_no_time_to_search_is_unknown_never_a_guess():
    engine = klondike()
    assert still_winnable(engine, engine.deal(1), seconds=0.001, clock=time.process_time) is Verdict.UNKNOWN


def test_freecell_answers_through_its_own_solver():
    engine = Engine(find_game("freecell").make())
    assert has_complete_solver(engine)
    assert still_winnable(engine, engine.deal(617), clock=time.process_time) is Verdict.YES


def test_the_games_with_a_complete_solver_are_games_of_the_registry():
    keys = {entry.key for entry in all_games()}
    assert COMPLETE_SOLVERS <= keys
    assert not has_complete_solver(Engine(find_game("golf").make()))
