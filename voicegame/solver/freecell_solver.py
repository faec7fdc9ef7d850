"""Freecell Solver (fc-solve) as a back end: the field's own FreeCell solver, as PySolFC uses it.

Freecell Solver is Debian's ``freecell-solver-bin`` (``run.sh`` installs it). We run its
``fc-solve`` program on the position written in its board format and read its moves back
("Move 3 cards from stack 1 to stack 5", "Move a card from freecell 0 to the foundations"),
each checked against the engine's legal moves, so a disagreement between its rules and ours
can never play an illegal move: the line is refused and our own search answers instead.

Three passes (:func:`solve`): the "looking glass" preset (``-l lg``) for a few thousand positions
(short solutions, fast, but it prunes: its giving up proves nothing), then the default, complete
scan (only its exhausting the position proves the game lost), then the looking glass again with
what is left. The complete scan comes second because a lost deal is proved in the scan's time: the
looking glass used to run to its own end first (deal 11,982: 205,000 positions before the 35,000
that prove it).

Every run is capped (:class:`Caps`), so no budget, however large or absent, lets the program
eat the machine (its default scan grew to 5.7 GB on deal 194 in 55 CPU-s): an iteration cap
(``--max-iters``, from the positions and seconds of the budget), a stored-states cap and an
address-space limit (from ``MEMORY_CAP``), a CPU-time limit and a wall-clock timeout. A run that
hits any of them is "unsolved within budget", never an error.

Missing program: :func:`available` is False and :func:`solve` returns None, so the generic
search answers, and the player hears nothing about it.
"""

from __future__ import annotations

import functools
import math
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from enum import Enum

from voicegame.engine import Engine, Move, MoveKind, PileKind, State
from voicegame.solver.core import Budget, Outcome, Solution

PROGRAM = "fc-solve"
GAMES = {
    "freecell": ("--game", "freecell"),
    "bakers_game": ("--game", "ko_bakers_game"),
    "eight_off": ("--game", "eight_off"),
    "seahaven": ("--game", "seahaven"),
    "beleaguered_castle": ("--game", "beleaguered_castle"),
    "streets_and_alleys": ("--game", "streets_and_alleys"),
}
# Bakers Dozen has a preset too, but its thirteen stacks exceed the ten that Debian's build allows
# ("exceeds the maximal number of stacks"): the generic search plays it.
"""Game key -> fc-solve's preset for it (its ``--game`` names, ``fc-solve --help-configs``)."""
NO_PROOF = frozenset({"beleaguered_castle", "streets_and_alleys"})
"""Games whose foundations give cards back: fc-solve never plays a card back down, so its
exhausting a position there proves nothing (the engine's own search decides those)."""
LOOKING_GLASS = ("-l", "lg")
"""fc-solve's preset for short solutions found fast; it prunes, so its giving up proves nothing."""
COMPLETE_SCAN: tuple[str, ...] = ()
"""fc-solve's default scan: slower, longer solutions, but complete: its exhausting a position is a proof."""
PROBE_ITERATIONS = 20_000
"""The looking glass's first try, in positions: it solved each of Microsoft deals 1-1000 within
4,308 (median 84; measured 2026-11-27), about 15 ms of CPU; a deal it has not solved by then is
handed to the complete scan, which proves deal 11,982 lost in 35,000."""
ITERATIONS_PER_SECOND = 300_000
"""fc-solve's positions per CPU-second on one core here (measured 2026-11-27: the complete scan
310,000 on deal 194, the looking glass 330,000 on deal 11,982). A budget's seconds become an
iteration cap of about that length, so on an idle machine the program stops itself, with its
count, before the clock kills it."""
SLOWEST_ITERATIONS_PER_SECOND = 50_000
"""A floor six times below that, for the CPU-time limit and for the wall timeout of a budget with
no seconds: they back the iteration cap up and never cut a run that is on its way."""
BYTES_PER_ITERATION = 1024
"""Memory per position checked, rounded up from the resident sizes measured 2026-11-27: 725 bytes
in the complete scan (deal 194: 725 MB at a million), 540 in the looking glass (11,982)."""
TIME_SHARE = 0.5
"""The most of the budget's remaining seconds a run may take when another may follow. Not the run's
share of the iterations: the looking glass's first 20,000 positions would get 67 ms of a 30 s
budget (9 million positions), and on a busy machine were killed before their cap (deal 194 then
went to the complete scan: 3 CPU-s and 524 MB before the looking glass solved it again)."""
ADDRESS_SLACK = 64 << 20
"""Address space the program needs besides its positions (3.5 MB at start; allocator slack)."""


def _memory_cap() -> int:
    """A quarter of the machine's memory, at most 1 GiB: room for a million positions per run,
    far beyond any Microsoft deal, and still safe on a small kiosk beside the recogniser."""
    try:
        physical = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return 1 << 30
    return max(64 << 20, min(1 << 30, physical // 4))


MEMORY_CAP = _memory_cap()
"""Bytes one fc-solve run may use: its iterations and stored states are capped to fit, and its
address space is limited to this plus ``ADDRESS_SLACK`` (where the system allows it)."""

_MOVE = re.compile(
    r"Move (?:a card|(?P<count>\d+) cards) from (?P<src>stack|freecell) (?P<i>\d+) to "
    r"(?:(?P<dst>stack|freecell) (?P<j>\d+)|the foundations)"
)


@functools.lru_cache(maxsize=1)
def program() -> str | None:
    """The path of fc-solve, or None when Freecell Solver is not installed."""
    return shutil.which(PROGRAM)


def available() -> bool:
    return program() is not None


@dataclass(frozen=True)
class Layout:
    """Where fc-solve's stacks, free cells and foundations are in the engine's piles."""

    stacks: tuple[int, ...]
    cells: tuple[int, ...]
    foundations: dict[str, int]  # suit letter -> pile index

    @classmethod
    def of(cls, engine: Engine) -> "Layout":
        game = engine.game
        foundations = {}
        for i in game.indices(PileKind.FOUNDATION):
            suit = engine.specs[i].suit
            assert suit is not None, "FreeCell's foundations are one per suit"
            foundations[suit.value[0].upper()] = i
        return cls(tuple(game.indices(PileKind.TABLEAU)), tuple(game.indices(PileKind.CELL)), foundations)


def board(engine: Engine, state: State, layout: Layout) -> str:
    """The position in fc-solve's board format (foundations, free cells, then each stack bottom first)."""
    homes = " ".join(f"{suit}-{_rank_code(len(state.piles[i].cards))}" for suit, i in layout.foundations.items())
    cells = " ".join(state.piles[i].cards[-1].code if state.piles[i].cards else "-" for i in layout.cells)
    lines = [f"Foundations: {homes}", f"Freecells: {cells}"]
    lines += [": " + " ".join(card.code for card in state.piles[i].cards) for i in layout.stacks]
    return "\n".join(lines) + "\n"


def _rank_code(height: int) -> str:
    return "0A23456789TJQK"[height]


def parse_moves(text: str, engine: Engine, start: State, layout: Layout) -> list[Move] | None:
    """fc-solve's moves as engine moves, each checked legal in turn; None if one is not."""
    moves: list[Move] = []
    state = start
    for found in _MOVE.finditer(text):
        count = int(found["count"] or 1)
        src = (layout.stacks if found["src"] == "stack" else layout.cells)[int(found["i"])]
        if found["dst"] is None:
            card = state.piles[src].top
            if card is None:
                return None
            dst = layout.foundations[card.suit.value[0].upper()]
        else:
            dst = (layout.stacks if found["dst"] == "stack" else layout.cells)[int(found["j"])]
        move = Move(MoveKind.MOVE, src, dst, count)
        steps = [move] if engine.is_legal(state, move) else unpacked(state, move, layout)
        for step in steps:
            if not engine.is_legal(state, step):
                return None
            moves.append(step)
            state = engine.apply(state, step)[0]
        if not steps:
            return None
    return moves if engine.is_won(state) else None


def unpacked(state: State, move: Move, layout: Layout) -> list[Move]:
    """A run move of ``move.count`` cards as single-card moves through the empty cells and empty
    stacks (other than its own two), for games that move one card at a time (Beleaguered Castle):
    fc-solve counts such a "sequence move" as one. Empty when the free space is too small; the
    caller checks every step."""
    cells = [i for i in layout.cells if not state.piles[i].cards]
    stacks = [i for i in layout.stacks if not state.piles[i].cards and i not in (move.src, move.dst)]
    steps: list[Move] = []

    def capacity(free_stacks: int) -> int:
        return (len(cells) + 1) << free_stacks

    def run(count: int, src: int, dst: int, free: list[int]) -> bool:
        if count <= len(cells) + 1:
            parked = cells[: count - 1]
            steps.extend(Move(MoveKind.MOVE, src, c, 1) for c in parked)
            steps.append(Move(MoveKind.MOVE, src, dst, 1))
            steps.extend(Move(MoveKind.MOVE, c, dst, 1) for c in reversed(parked))
            return True
        if not free:
            return False
        spare, rest = free[0], free[1:]
        part = min(count - 1, capacity(len(rest)))
        return run(part, src, spare, rest) and run(count - part, src, dst, rest) and run(part, spare, dst, rest)

    return steps if move.count <= capacity(len(stacks)) and run(move.count, move.src, move.dst, stacks) else []


class Verdict(Enum):
    """How one fc-solve run ended."""

    SOLVED = "solved"
    EXHAUSTED = "exhausted"  # "I could not solve this game.": the scan saw every position it may
    CAPPED = "capped"  # a cap stopped it: iterations or stored states (it says so), memory, CPU or clock


@dataclass(frozen=True)
class Caps:
    """The limits of one fc-solve run; build it with :meth:`of`, which keeps the iterations within
    what ``memory`` holds."""

    iterations: int
    seconds: float | None = None
    """Wall-clock timeout (None: four times the CPU limit, for a budget counted in positions)."""
    memory: int = MEMORY_CAP

    @classmethod
    def of(cls, iterations: int | None, seconds: float | None = None, memory: int | None = None) -> Caps:
        """Caps for a run of at most ``iterations`` positions (None: as many as memory holds)."""
        memory = MEMORY_CAP if memory is None else memory
        most = max(1, memory // BYTES_PER_ITERATION)
        return cls(most if iterations is None else max(1, min(iterations, most)), seconds, memory)

    def args(self) -> list[str]:
        """fc-solve's own limits: it stops itself and says "Iterations count exceeded." (``-sel``:
        without it a capped run reads like a proof, "I could not solve this game.")."""
        stored = max(1, self.memory // BYTES_PER_ITERATION)
        return ["--max-iters", str(self.iterations), "--max-stored-states", str(stored), "-sel"]

    def cpu_seconds(self) -> int:
        """The CPU-time limit: ends the program even if nobody is left to time it out."""
        slowest = self.iterations / SLOWEST_ITERATIONS_PER_SECOND
        return math.ceil(slowest if self.seconds is None else min(self.seconds, slowest)) + 1

    def wall_seconds(self) -> float:
        return 4.0 * self.cpu_seconds() if self.seconds is None else max(0.05, self.seconds)


@dataclass(frozen=True)
class Run:
    """One fc-solve run: how it ended, what it printed and how many positions it checked."""

    verdict: Verdict
    output: str = ""
    checked: int = 0


def command(args: list[str], caps: Caps) -> list[str]:
    """The command line of one capped run on a board read from standard input."""
    return [program() or PROGRAM, *args, *caps.args(), "-"]


def run(args: list[str], text: str, caps: Caps) -> Run | None:
    """fc-solve on the board ``text`` within ``caps``; None only when the program cannot start.
    Killed (timeout, CPU limit) or out of memory (it segfaults), it has not answered: CAPPED."""
    try:
        child = subprocess.Popen(command(args, caps), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL, text=True,
                                 env={**os.environ, "FREECELL_SOLVER_QUIET": "1"})
    except OSError:
        return None
    try:
        _limit(child.pid, caps)
        out, _ = child.communicate(text, timeout=caps.wall_seconds())
    except subprocess.TimeoutExpired:
        return Run(Verdict.CAPPED)
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    if child.returncode != 0:
        return Run(Verdict.CAPPED, out, _states_checked(out))
    if "This game is solveable." in out:
        verdict = Verdict.SOLVED
    elif "I could not solve this game." in out:
        verdict = Verdict.EXHAUSTED
    else:
        verdict = Verdict.CAPPED  # "Iterations count exceeded."
    return Run(verdict, out, _states_checked(out))


def _limit(pid: int, caps: Caps) -> None:
    """Limit the started program's address space and CPU time (Linux; elsewhere the iteration and
    stored-states caps still hold). Set from here, not in a ``preexec_fn``, which may deadlock a
    program with threads (voice play runs microphone and speaker threads): fc-solve searches only
    once it has read the board, and the board is written after this."""
    if sys.platform != "linux":
        return
    import resource  # noqa: PLC0415 (Unix only: importing the solver must work everywhere)

    wanted = ((resource.RLIMIT_AS, caps.memory + ADDRESS_SLACK), (resource.RLIMIT_CPU, caps.cpu_seconds()))
    for which, value in wanted:
        try:
            _, hard = resource.prlimit(pid, which)
            if hard != resource.RLIM_INFINITY:
                value = min(value, hard)
            resource.prlimit(pid, which, (value, hard if which == resource.RLIMIT_CPU else value))
        except (OSError, ValueError):
            pass  # the program has ended already, or the system refuses: the other caps hold


def iteration_budget(budget: Budget) -> int | None:
    """Positions fc-solve may check in all: the budget's, or its seconds at fc-solve's speed,
    whichever is fewer (None when the budget has neither; each run's memory cap still holds)."""
    limits = [n for n in (budget.nodes, None if budget.seconds is None else int(budget.seconds * ITERATIONS_PER_SECOND))
              if n is not None]
    return max(1, min(limits)) if limits else None


def solve(engine: Engine, start: State, budget: Budget) -> Solution | None:
    """Freecell Solver's answer for a game it knows, within ``budget``; None when it cannot answer
    (not installed, a game it has no preset for, a line our rules refuse, a game where its "no"
    proves nothing): the generic search then runs.

    The looking glass for ``PROBE_ITERATIONS``; then the complete scan for half of what is left
    (all of it when the looking glass has seen its whole pruned graph); then the looking glass
    for the rest. A capped run answers nothing; only the complete scan exhausting is a proof."""
    preset = GAMES.get(engine.game.key)
    if preset is None or not available():
        return None
    began = time.perf_counter()
    layout = Layout.of(engine)
    text = board(engine, start, layout)
    total = iteration_budget(budget)
    checked = 0
    glass_done = False  # the looking glass exhausted its pruned graph: running it again repeats it
    for step, scan in enumerate((LOOKING_GLASS, COMPLETE_SCAN, LOOKING_GLASS)):
        if scan is LOOKING_GLASS and glass_done:
            continue
        last = step == 2 or (scan is COMPLETE_SCAN and glass_done)
        caps = _pass_caps(step, last, None if total is None else total - checked, budget, began)
        if caps is None:
            return _unsolved(checked, began)
        result = run([*preset, *scan, "-m", "-p", "-t"], text, caps)
        if result is None:
            return None
        checked += result.checked
        if result.verdict is Verdict.SOLVED:
            return _solved(result.output, engine, start, layout, checked, began)
        if result.verdict is Verdict.EXHAUSTED:
            if scan is COMPLETE_SCAN:
                return _exhausted(engine, checked, began)
            glass_done = True
        elif result.checked == 0:
            checked += caps.iterations  # killed before it could count: its share is spent
    return _unsolved(checked, began)


def _pass_limit(step: int, last: bool, left: int | None) -> int | None:
    """The positions one pass may check: the probe's share first, then half of what is left (all of
    it in the last pass); None for no limit."""
    if step == 0:
        return PROBE_ITERATIONS if left is None else min(PROBE_ITERATIONS, left)
    return left if left is None or last else left // 2


def _pass_caps(step: int, last: bool, left: int | None, budget: Budget, began: float) -> Caps | None:
    """The caps of pass ``step`` given the positions ``left`` of the budget (None: no limit), or None
    when nothing of the budget is left for it."""
    limit = _pass_limit(step, last, left)
    seconds = None if budget.seconds is None else budget.seconds - (time.perf_counter() - began)
    if (limit is not None and limit < 1) or (seconds is not None and seconds <= 0):
        return None
    if seconds is not None and not last and (limit is None or left is None or limit < left):
        seconds *= TIME_SHARE  # a slow run leaves the later ones time; its iteration cap usually ends it first
    return Caps.of(limit, seconds)


def _unsolved(checked: int, began: float) -> Solution:
    return Solution(Outcome.UNSOLVED, (), checked, time.perf_counter() - began)


def _solved(output: str, engine: Engine, start: State, layout: Layout, checked: int, began: float) -> Solution | None:
    """The line fc-solve printed, as engine moves; None when our rules refuse one of them."""
    moves = parse_moves(output, engine, start, layout)
    if moves is None:
        return None
    return Solution(Outcome.SOLVED, tuple(moves), checked, time.perf_counter() - began)


def _exhausted(engine: Engine, checked: int, began: float) -> Solution | None:
    """The complete scan saw every position: a proof, except where foundations give cards back."""
    if engine.game.key in NO_PROOF:
        return None  # no proof here: the engine's own search, which plays cards back, decides
    return Solution(Outcome.UNWINNABLE, (), checked, time.perf_counter() - began)


def _states_checked(out: str) -> int:
    found = re.search(r"Total number of states checked is (\d+)", out)
    return int(found.group(1)) if found else 0
