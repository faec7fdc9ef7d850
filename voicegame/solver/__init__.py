"""Search over the engine's moves: thoughtful solving (sees every card) and fair hints (sees what
the player sees). See :mod:`voicegame.solver.core` for actions, keys and budgets,
:mod:`voicegame.solver.hooks` for what the search knows about particular games, and
:mod:`voicegame.solver.klondike` for Klondike's own fast thoughtful solver.

The names below are imported on first use: importing one module of this package
(``voicegame.solver.core``, say, for ``voicegame solve``) runs this file first, and it should
not pay for the fair search and every game's hooks it does not use."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from voicegame.solver.core import Budget, Outcome, Positions, Solution
    from voicegame.solver.fair import FairSearch, RankedMove, masked, play_fair
    from voicegame.solver.hooks import HOOKS, SolverHooks, hooks_for
    from voicegame.solver.klondike import solve as solve_klondike
    from voicegame.solver.thoughtful import solve as solve_thoughtful

_WHERE: dict[str, tuple[str, str]] = {
    "Budget": ("core", "Budget"), "Outcome": ("core", "Outcome"), "Positions": ("core", "Positions"),
    "Solution": ("core", "Solution"), "FairSearch": ("fair", "FairSearch"), "RankedMove": ("fair", "RankedMove"),
    "masked": ("fair", "masked"), "play_fair": ("fair", "play_fair"), "HOOKS": ("hooks", "HOOKS"),
    "SolverHooks": ("hooks", "SolverHooks"), "hooks_for": ("hooks", "hooks_for"),
    "solve_klondike": ("klondike", "solve"), "solve_thoughtful": ("thoughtful", "solve"),
}
"""Each name this package offers -> (its module in this package, its name there)."""

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> object:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, attribute = _WHERE[name]
    value = getattr(import_module(f"{__name__}.{module}"), attribute)
    globals()[name] = value
    return value
