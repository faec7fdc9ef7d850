"""Freecell Solver as FreeCell's solver back end (issue 20): its lines replay to wins through our
rules, its proofs stand, hints follow its winning line, and without it the game still works."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from voicegame.engine import Engine, Move, MoveKind
from voicegame.games import find_game
from voicegame.play.session import Session
from voicegame.solver import freecell as own_freecell
from voicegame.solver import freecell_solver as fcs
from voicegame.solver import solve_thoughtful
from voicegame.solver.core import Budget, Outcome

needs_fcs = pytest.mark.skipif(not fcs.available(), reason="Freecell Solver (fc-solve) is not installed: ./run.sh "
                               "installs Debian's freecell-solver-bin")


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine(find_game("freecell").make())


def replay(engine: Engine, seed: int, moves: tuple[Move, ...]) -> bool:
    state = engine.deal(seed)
    for move in moves:
        assert move in engine.legal_moves(state)
        state = engine.apply(state, move)[0]
    return engine.is_won(state)


@needs_fcs
@pytest.mark.parametrize("seed", [1, 617, 1941, 31465])
def test_its_lines_win_under_our_rules(engine: Engine, seed: int) -> None:
    result = fcs.solve(engine, engine.deal(seed), Budget(nodes=200_000))
    assert result is not None and result.outcome is Outcome.SOLVED
    assert replay(engine, seed, result.moves)
    assert len(result.moves) < 200  # our own search took 8,411 moves on deal 617


@needs_fcs
def test_deal_11982_is_proved_unwinnable_and_a_short_budget_proves_nothing(engine: Engine) -> None:
    assert fcs.solve(engine, engine.deal(11982), Budget(nodes=1_000_000)).outcome is Outcome.UNWINNABLE
    assert fcs.solve(engine, engine.deal(11982), Budget(nodes=1_000)).outcome is Outcome.UNSOLVED
    assert solve_thoughtful(engine, engine.deal(11982), seconds=None, nodes=1_000_000).outcome is Outcome.UNWINNABLE


@needs_fcs
def test_our_board_is_the_microsoft_deal_freecell_solver_knows(engine: Engine) -> None:
    """fc-solve's own dealer (make-microsoft-freecell-board) and our deal agree, card for card."""
    dealer = shutil.which("make-microsoft-freecell-board")
    if dealer is None:
        pytest.skip("make-microsoft-freecell-board is not installed")
    for seed in (1, 617, 1000000):
        theirs = subprocess.run([dealer, "-t", str(seed)], capture_output=True, text=True, check=True).stdout.split("\n")
        ours = fcs.board(engine, engine.deal(seed), fcs.Layout.of(engine)).split("\n")[2:]
        assert [line.removeprefix(": ").strip() for line in ours if line] == [line.strip() for line in theirs if line]


def test_a_line_our_rules_refuse_is_not_played(engine: Engine) -> None:
    layout = fcs.Layout.of(engine)
    bogus = "Move a card from stack 0 to the foundations\n"  # deal 1's first column ends in a five, not an ace
    assert fcs.parse_moves(bogus, engine, engine.deal(1), layout) is None


def test_without_freecell_solver_the_own_search_answers_quietly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fcs, "program", lambda: None)
    engine = Engine(find_game("freecell").make())
    assert fcs.solve(engine, engine.deal(1), Budget(nodes=100)) is None
    result = solve_thoughtful(engine, engine.deal(1), seconds=None, nodes=12_000)
    assert result.solved and replay(engine, 1, result.moves)  # FreeCell's own search answered
    assert "Say hint to follow" in " ".join(Session("freecell", seed=617).handle("is this game still winnable").sentences)
    session = Session("freecell", seed=1)
    said = session.handle("hint").sentences
    assert said[0].startswith("Try ") and not any("solver" in s.lower() for s in said)
    assert session.handle("yes").moves  # the hinted move is legal and played


@needs_fcs
def test_following_the_hints_wins_deal_617_and_never_comes_back_to_a_position() -> None:
    session = Session("freecell", seed=617)
    seen = {session.state.piles}
    for _ in range(300):
        if session.finished:
            break
        hint = session.handle("hint").sentences
        assert hint and hint[0].startswith("Try "), hint
        assert session.handle("yes").moves
        assert session.state.piles not in seen
        seen.add(session.state.piles)
    assert session.engine.is_won(session.state)
    assert session.history.cursor < 200


@needs_fcs
def test_winnable_answers_from_freecell_solver() -> None:
    assert Session("freecell", seed=617).handle("is this game still winnable").sentences == [
        "Yes, this game can still be won.", "Say hint to follow the winning line."]
    lost = Session("freecell", seed=11982).handle("is this game still winnable").sentences[0]
    assert lost.startswith("No, this game can no longer be won")


def test_hints_follow_no_line_where_cards_are_hidden() -> None:
    """Klondike at the deal hides cards: a hint there never comes from a solver that sees them."""
    from voicegame.solver.hints import open_position

    session = Session("klondike", seed=5)
    assert not open_position(session.engine, session.state)
    assert session.hints.winning_line(session.state) is None
    engine = Engine(find_game("freecell").make())
    assert open_position(engine, engine.deal(5))
    assert all(m.kind is MoveKind.MOVE for m in engine.legal_moves(engine.deal(5)))


@pytest.mark.parametrize("seed", range(1, 21))
def test_the_own_search_solves_deals_within_a_second_of_positions(engine: Engine, seed: int) -> None:
    """FreeCell's own search (the fallback): 12,000 positions is about a second on one core; its
    lines win under our rules and are no longer than twice Freecell Solver's."""
    result = own_freecell.solve(engine, engine.deal(seed), Budget(nodes=12_000))
    assert result is not None and result.solved and replay(engine, seed, result.moves)
    if fcs.available():
        theirs = fcs.solve(engine, engine.deal(seed), Budget(nodes=200_000))
        assert theirs is not None and len(result.moves) <= 2 * len(theirs.moves)
