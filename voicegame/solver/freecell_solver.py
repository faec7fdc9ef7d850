"""Freecell Solver (fc-solve) as a back end: the field's own FreeCell solver, as PySolFC uses it.

Freecell Solver is Debian's ``freecell-solver-bin`` (``run.sh`` installs it). We run its
``fc-solve`` program on the position written in its board format and read its moves back
("Move 3 cards from stack 1 to stack 5", "Move a card from freecell 0 to the foundations"),
each checked against the engine's legal moves, so a disagreement between its rules and ours
can never play an illegal move: the line is refused and our own search answers instead.

Two passes, as its documentation advises: the "looking glass" preset (``-l lg``) finds short
solutions fast but prunes, so when it gives up the default (complete) scan runs, and only its
exhausting the position counts as proof that the game cannot be won. ``--max-iters`` is the
position budget; seconds end the program (a killed run answers nothing).

Missing program: :func:`available` is False and :func:`solve` returns None, so the generic
search answers, and the player hears nothing about it.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import time
from dataclasses import dataclass

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
PASSES = (("-l", "lg"), ())
"""Looking glass (short solutions, incomplete), then the default scan (complete: proofs)."""
FIRST_SHARE = 0.5
"""The looking glass's share of the budget; the complete scan gets what it leaves."""

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


def _run(args: list[str], text: str, seconds: float | None) -> str | None:
    """fc-solve's output, or None when it could not run or ran out of time."""
    path = program()
    if path is None:
        return None
    try:
        done = subprocess.run([path, *args, "-"], input=text, capture_output=True, text=True, timeout=seconds,
                              env={**os.environ, "FREECELL_SOLVER_QUIET": "1"})
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout


def solve(engine: Engine, start: State, budget: Budget) -> Solution | None:
    """Freecell Solver's answer for a game it knows, within ``budget``; None when it cannot answer
    (not installed, a game it has no preset for, a line our rules refuse): the generic search then runs."""
    preset = GAMES.get(engine.game.key)
    if preset is None or not available():
        return None
    began = time.perf_counter()
    layout = Layout.of(engine)
    text = board(engine, start, layout)
    checked = 0
    for n, scan in enumerate(PASSES):
        share = FIRST_SHARE if n == 0 else 1.0  # the first pass leaves the rest of the budget to the proof
        args = [*preset, *scan, "-m", "-p", "-t"]
        limit = None if budget.nodes is None else max(1, int(share * (budget.nodes - checked)))
        if limit is not None:
            args += ["--max-iters", str(limit)]
        left = None if budget.seconds is None else max(0.05, share * (budget.seconds - (time.perf_counter() - began)))
        out = _run(args, text, left)
        if out is None:
            return None
        states = _states_checked(out)
        checked += states
        if "This game is solveable." in out:
            moves = parse_moves(out, engine, start, layout)
            if moves is None:
                return None
            return Solution(Outcome.SOLVED, tuple(moves), checked, time.perf_counter() - began)
        # "I could not solve this game." also ends a run that used up --max-iters: only the complete
        # scan stopping short of its limit has seen every position.
        if "I could not solve this game." in out and not scan and (limit is None or states < limit):
            if engine.game.key in NO_PROOF:
                return None  # no proof here: the engine's own search, which plays cards back, decides
            return Solution(Outcome.UNWINNABLE, (), checked, time.perf_counter() - began)
    return Solution(Outcome.UNSOLVED, (), checked, time.perf_counter() - began)


def _states_checked(out: str) -> int:
    found = re.search(r"Total number of states checked is (\d+)", out)
    return int(found.group(1)) if found else 0
