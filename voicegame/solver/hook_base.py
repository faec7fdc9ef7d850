"""What a search hook is (:class:`SolverHooks`) and the generic move ordering every game can use."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from voicegame.engine import Engine, Move, MoveKind, PileKind, State
from voicegame.solver.core import Action, Budget, PositionKey, Positions, Solution

Forced = Callable[[Positions, State], "Move | None"]
Priority = Callable[[Positions, State, Action], float]
Prune = Callable[[Positions, State, Action], bool]
Key = Callable[[Positions, State], PositionKey]
Solve = Callable[[Engine, State, Budget], "Solution | None"]


@dataclass(frozen=True)
class SolverHooks:
    forced: Forced | None = None
    priority: Priority | None = None
    prune: Prune | None = None
    """Heuristic (unsound) pruning for a first, quicker pass: True skips the action.
    A search that prunes can find wins faster but proves nothing by exhausting."""
    key: Key | None = None
    solve: Solve | None = None
    """A game's own thoughtful solver (None: the generic search; it may also return None)."""


# ----- generic ---------------------------------------------------------------------------------
def generic_priority(positions: Positions, state: State, action: Action) -> float:
    """Foundations first, then moves that turn a card over, then the waste, then the rest."""
    move = action[-1]
    if move.kind is MoveKind.DEAL:
        return 6.0
    if move.kind is MoveKind.PAIR:
        return 1.0
    engine = positions.engine
    src_spec, dst_spec = engine.specs[move.src], engine.specs[move.dst]
    draws = (len(action) - 1) * 0.01
    if src_spec.kind is PileKind.FOUNDATION:
        return 8.0
    pile = state.piles[move.src] if len(action) == 1 else None
    if dst_spec.kind in (PileKind.FOUNDATION, PileKind.DISCARD):
        return (0.0 if pile is not None and pile.down_count and move.count == pile.up_count else 1.0) + draws
    if pile is not None and move.count == pile.up_count and pile.down_count:
        return 2.0 - pile.down_count / 100
    if src_spec.kind in (PileKind.WASTE, PileKind.RESERVE, PileKind.CELL):
        return 3.0 + draws
    if pile is not None and move.count == len(pile.cards):
        return 4.0
    return 7.0


GENERIC = SolverHooks(priority=generic_priority)
