"""Freecell Solver as FreeCell's solver back end: its lines replay to wins through our
rules, its proofs stand, hints follow its winning line, and without it the game still works.
Every run is capped: iterations, stored states, memory, CPU and clock, and a capped run
is "unsolved within budget", never an error."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from helpers import hinted

from voicegame.engine import Engine, Move, MoveKind
from voicegame.games import find_game
from voicegame.play.session import Session
from voicegame.solver import freecell as own_freecell
from voicegame.solver import freecell_solver as fcs
from voicegame.solver import solve_thoughtful
from voicegame.solver.core import Budget, Outcome
from voicegame.solver.hints import LINE_NODES

GAME = "freecell"


needs_fcs = pytest.mark.skipif(not fcs.available(), reason="Freecell Solver (fc-solve) is not installed: ./run.sh "
                               "installs Debian's freecell-solver-bin")


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
    assert hinted(said[0]) is not None and not any("solver" in s.lower() for s in said)
    assert session.handle("yes").moves  # the hinted move is legal and played


@needs_fcs
def test_following_the_hints_wins_deal_617_and_never_comes_back_to_a_position() -> None:
    session = Session("freecell", seed=617)
    seen = {session.state.piles}
    for _ in range(300):
        if session.finished:
            break
        hint = session.handle("hint").sentences
        assert hint and hinted(hint[0]) is not None, hint
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


# ----- caps --------------------------------------------------------------------------------------
@pytest.fixture
def commands(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Every fc-solve command line started, as built (the real program still runs)."""
    started: list[list[str]] = []
    real = fcs.command

    def spy(args: list[str], caps: fcs.Caps) -> list[str]:
        line = real(args, caps)
        started.append(line)
        return line

    monkeypatch.setattr(fcs, "command", spy)
    return started


def limit_of(line: list[str], flag: str) -> int:
    assert flag in line, line
    return int(line[line.index(flag) + 1])


def board_of(engine: Engine, seed: int) -> str:
    return fcs.board(engine, engine.deal(seed), fcs.Layout.of(engine))


def test_a_budget_becomes_an_iteration_cap_and_no_budget_still_has_one() -> None:
    assert fcs.iteration_budget(Budget(nodes=5_000, seconds=30.0)) == 5_000
    assert fcs.iteration_budget(Budget(seconds=2.0)) == 2 * fcs.ITERATIONS_PER_SECOND
    assert fcs.iteration_budget(Budget()) is None
    most = fcs.MEMORY_CAP // fcs.BYTES_PER_ITERATION
    assert fcs.Caps.of(None).iterations == most  # no budget at all: as many as memory holds
    assert fcs.Caps.of(10 * most).iterations == most
    assert fcs.MEMORY_CAP <= 1 << 30
    caps = fcs.Caps.of(1_000)
    assert caps.args()[:2] == ["--max-iters", "1000"] and "-sel" in caps.args()
    assert caps.cpu_seconds() >= 1 and caps.wall_seconds() > 0


@needs_fcs
@pytest.mark.parametrize("seconds, nodes", [(30.0, None), (None, None), (None, 100_000)], ids=["seconds", "none", "nodes"])
def test_every_run_is_started_with_an_iteration_and_a_stored_states_cap(engine: Engine, commands: list[list[str]],
                                                                         seconds: float | None, nodes: int | None) -> None:
    """What ``voicegame solve freecell`` (30 s, no --nodes) and a budget-less call start: capped runs."""
    budget = Budget(seconds, nodes)
    result = fcs.solve(engine, engine.deal(11982), budget)
    assert result is not None and result.outcome is Outcome.UNWINNABLE
    assert commands
    for line in commands:
        assert 1 <= limit_of(line, "--max-iters") <= fcs.MEMORY_CAP // fcs.BYTES_PER_ITERATION
        assert limit_of(line, "--max-stored-states") <= fcs.MEMORY_CAP // fcs.BYTES_PER_ITERATION
        assert "-sel" in line  # a capped run says so instead of reading like a proof
    if budget.nodes is not None:
        assert sum(limit_of(line, "--max-iters") for line in commands) <= budget.nodes


@needs_fcs
def test_hints_in_play_start_capped_runs(commands: list[list[str]]) -> None:
    """A hint (HintService.winning_line, through the game's solve hook) runs fc-solve with the same caps."""
    session = Session("freecell", seed=11982)
    assert session.handle("hint").sentences
    assert commands
    assert all(limit_of(line, "--max-iters") <= LINE_NODES for line in commands)


@needs_fcs
def test_deal_11982_is_proved_by_the_complete_scan_right_after_a_short_looking_glass(engine: Engine,
                                                                                 commands: list[list[str]]) -> None:
    """The looking glass alone checks 204,823 positions before it gives up on 11,982; the complete
    scan proves the deal lost in 35,265. Counted in positions, not seconds."""
    result = fcs.solve(engine, engine.deal(11982), Budget(nodes=LINE_NODES))
    assert result is not None and result.outcome is Outcome.UNWINNABLE
    assert [("-l" in line) for line in commands] == [True, False]
    assert limit_of(commands[0], "--max-iters") == fcs.PROBE_ITERATIONS
    assert result.nodes < fcs.PROBE_ITERATIONS + 50_000


@needs_fcs
def test_a_tiny_cap_leaves_a_hard_deal_unsolved_without_error(engine: Engine) -> None:
    """Deal 617 needs 4,308 positions of the looking glass: 1,000 answer "unsolved within budget"."""
    result = fcs.solve(engine, engine.deal(617), Budget(nodes=1_000))
    assert result is not None and result.outcome is Outcome.UNSOLVED and not result.moves
    assert solve_thoughtful(engine, engine.deal(617), seconds=None, nodes=1_000).outcome is Outcome.UNSOLVED


@needs_fcs
def test_the_default_scan_on_deal_194_stops_at_its_cap(engine: Engine) -> None:
    """fc-solve's default scan on deal 194 ran 55 CPU-s and grew to 5.7 GB uncapped; capped, it stops
    itself and says so (and the looking glass solves the deal as ever)."""
    run = fcs.run(["--game", "freecell", *fcs.COMPLETE_SCAN, "-m", "-p", "-t"], board_of(engine, 194), fcs.Caps.of(20_000))
    assert run is not None and run.verdict is fcs.Verdict.CAPPED and run.checked == 20_000
    result = fcs.solve(engine, engine.deal(194), Budget(nodes=200_000))
    assert result is not None and result.solved and replay(engine, 194, result.moves)


@needs_fcs
@pytest.mark.skipif(sys.platform != "linux", reason="address-space limits of another process: Linux's prlimit")
def test_a_run_that_outgrows_its_memory_is_capped_not_an_error(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    """The address-space limit backs the position caps up: were a position ten times bigger than
    measured, the program would be stopped at the limit (it dies on a failed allocation) and the
    answer is "capped"."""
    monkeypatch.setattr(fcs, "BYTES_PER_ITERATION", 8)  # positions and stored states far beyond 48 MB
    caps = fcs.Caps.of(None, memory=48 << 20)
    assert caps.iterations > 1_000_000
    run = fcs.run(["--game", "freecell", "-m", "-p", "-t"], board_of(engine, 194), caps)
    assert run is not None and run.verdict is fcs.Verdict.CAPPED


@pytest.mark.skipif(sys.platform != "linux", reason="Linux's prlimit")
def test_the_limits_are_set_on_the_started_program() -> None:
    caps = fcs.Caps.of(100_000, 2.0, memory=256 << 20)
    child = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        fcs._limit(child.pid, caps)  # noqa: SLF001
        import resource

        assert resource.prlimit(child.pid, resource.RLIMIT_AS)[0] == (256 << 20) + fcs.ADDRESS_SLACK
        assert resource.prlimit(child.pid, resource.RLIMIT_CPU)[0] == caps.cpu_seconds() == 3
    finally:
        child.communicate(b"")


@needs_fcs
def test_a_run_out_of_time_is_capped_not_an_error(engine: Engine) -> None:
    """Killed by its wall timeout (or stopped by its cap, on a machine fast enough): no answer, no error."""
    run = fcs.run(["--game", "freecell", "-m", "-p", "-t"], board_of(engine, 194), fcs.Caps.of(None, 0.05))
    assert run is not None and run.verdict is fcs.Verdict.CAPPED
