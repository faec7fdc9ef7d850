"""Search over the engine's moves: thoughtful solving (sees every card) and fair hints (sees what
the player sees). See :mod:`voicegame.solver.core` for actions, keys and budgets,
:mod:`voicegame.solver.hooks` for what the search knows about particular games, and
:mod:`voicegame.solver.klondike` for Klondike's own fast thoughtful solver."""

from voicegame.solver.core import Budget, Outcome, Positions, Solution
from voicegame.solver.fair import FairSearch, RankedMove, masked, play_fair
from voicegame.solver.hooks import HOOKS, SolverHooks, hooks_for
from voicegame.solver.klondike import solve as solve_klondike
from voicegame.solver.thoughtful import solve as solve_thoughtful

__all__ = [
    "Budget", "FairSearch", "HOOKS", "Outcome", "Positions", "RankedMove", "Solution",
    "SolverHooks", "hooks_for", "masked", "play_fair", "solve_klondike", "solve_thoughtful",
]
