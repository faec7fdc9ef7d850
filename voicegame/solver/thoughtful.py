"""Thoughtful search: sees every card, face down or not, to find a win or prove there is none.

Depth-first over actions (see :mod:`voicegame.solver.core`) with a transposition table
of canonical keys, the game's sound forced moves played without branching and its move
ordering. Exhausting the graph is a proof: the only positions left out are those a
forced move or an equivalent-pile symmetry shows to be no better than one searched.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from voicegame.engine import Engine, State
from voicegame.solver.core import Action, Budget, Outcome, Positions, Solution, expand
from voicegame.solver.hooks import SolverHooks, generic_priority, hooks_for


def solve(
    engine: Engine,
    start: State,
    seconds: float | None = 10.0,
    nodes: int | None = None,
    hooks: SolverHooks | None = None,
    positions: Positions | None = None,
    pruned_share: float = 0.5,
    clock: Callable[[], float] = time.perf_counter,
) -> Solution:
    """Search from ``start`` within the budget; see :class:`~voicegame.solver.core.Solution`.

    With a ``prune`` hook, a first pass prunes heuristically for ``pruned_share`` of the budget
    (it finds most wins fastest); if it finds none, a sound pass spends the rest, and only
    that pass can prove a deal unwinnable. A game's own ``solve`` hook goes first; when it
    declines the position (None), the generic search runs with the whole budget. ``seconds`` are
    read on ``clock``: wall time, the hinting thread's CPU time for a hint, or ``time.process_time``
    for a benchmark on a busy machine."""
    began = clock()
    hooks = hooks or hooks_for(engine)
    if hooks.solve is not None:
        own = hooks.solve(engine, start, Budget(seconds, nodes, clock=clock))
        if own is not None:
            return own
    positions = positions or Positions(engine)
    if hooks.prune is not None and pruned_share > 0:
        first = _search(engine, start, hooks, positions, Budget(seconds and seconds * pruned_share, nodes and int(nodes * pruned_share), clock=clock), True)
        if first.solved:
            return first
        rest = Budget(seconds and max(0.0, seconds - (clock() - began)), nodes and nodes - first.nodes, clock=clock)
        second = _search(engine, start, hooks, positions, rest, False)
        return Solution(second.outcome, second.moves, first.nodes + second.nodes, clock() - began)
    return _search(engine, start, hooks, positions, Budget(seconds, nodes, clock=clock), False)


def _search(engine: Engine, start: State, hooks: SolverHooks, positions: Positions, budget: Budget, pruning: bool) -> Solution:
    began = budget.clock()
    priority = hooks.priority or generic_priority
    forced = hooks.forced
    prune = hooks.prune if pruning else None
    own_key = hooks.key
    key_of = positions.key if own_key is None else (lambda state: own_key(positions, state))

    def children(state: State) -> list[Action]:
        if forced is not None:
            move = forced(positions, state)
            if move is not None:
                return [(move,)]
        actions = positions.actions(state)
        if prune is not None:
            actions = [a for a in actions if not prune(positions, state, a)]
        actions.sort(key=lambda a: priority(positions, state, a))
        return actions

    def done(outcome: Outcome, line: list[Action] | tuple[Action, ...] = ()) -> Solution:
        return Solution(outcome, expand(line), budget.used, budget.clock() - began)

    if engine.is_won(start):
        return done(Outcome.SOLVED)
    seen = {key_of(start)}
    path: list[Action] = []
    stack: list[tuple[State, list[Action], int]] = [(start, children(start), 0)]
    while stack:
        state, actions, index = stack[-1]
        if index == len(actions):
            stack.pop()
            if path:
                path.pop()
            continue
        stack[-1] = (state, actions, index + 1)
        action = actions[index]
        after = positions.play(state, action)
        if engine.is_won(after):
            path.append(action)
            return done(Outcome.SOLVED, path)
        key = key_of(after)
        if key in seen:
            continue
        seen.add(key)
        if not budget.spend():
            return done(Outcome.UNSOLVED)
        path.append(action)
        stack.append((after, children(after), 0))
    return done(Outcome.UNSOLVED if pruning else Outcome.UNWINNABLE)
