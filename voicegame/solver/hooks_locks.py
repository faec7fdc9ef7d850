"""Search hooks for games whose rules keep a lock in the state's counters (Terrace's stock). See :mod:`voicegame.solver.hooks` for what a hook is."""

from __future__ import annotations

from voicegame.engine import State
from voicegame.solver.core import PositionKey, Positions
from voicegame.solver.hook_base import SolverHooks, generic_priority
from voicegame.solver.hooks_klondike import safe_home_forced


def with_counters_key(positions: Positions, state: State) -> PositionKey:
    """The usual key and the state's counters: two positions with the same cards but the stock
    locked in one and free in the other are different positions."""
    return (*positions.key(state), state.counters)


LOCKED_STOCK = SolverHooks(forced=safe_home_forced, priority=generic_priority, key=with_counters_key)
"""Terrace: safe cards home without branching (its foundations never give cards back), and the
stock's lock kept apart in the transposition table."""
