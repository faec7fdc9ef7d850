"""Search hooks for games whose stock deals a row onto open piles that take any card or run
(Giant). See :mod:`voicegame.solver.hooks` for what a hook is."""

from __future__ import annotations

from voicegame.engine import Move, MoveKind, PileKind, State
from voicegame.solver.core import Action, Positions
from voicegame.solver.hook_base import SolverHooks
from voicegame.solver.hooks_klondike import safe_home_forced


def run_keeping_prune(positions: Positions, state: State, action: Action) -> bool:
    """Skip (first pass only: unsound) a table card or run moved off a card it follows by the
    pile's own run rule (breaking a run) unless the card it leaves on top can go home at once; a
    whole pile moved to an empty pile or cell; a card taken back from a foundation."""
    move = action[-1]
    if move.kind is not MoveKind.MOVE or len(action) != 1:
        return False
    engine = positions.engine
    src, dst = engine.specs[move.src], engine.specs[move.dst]
    if src.kind is PileKind.FOUNDATION:
        return True
    if src.kind is not PileKind.TABLEAU or dst.kind is PileKind.FOUNDATION:
        return False
    pile = state.piles[move.src]
    if move.count == len(pile.cards):
        return not state.piles[move.dst].cards or dst.kind is PileKind.CELL
    takes = src.takes
    below, first = pile.cards[-move.count - 1], pile.cards[-move.count]
    if takes is None or takes.sequence is None or not takes.sequence.follows(below, first):
        return False
    lifted = state.with_piles({move.src: pile.without_top(move.count)})
    return not any(engine.is_legal(lifted, Move.cards(move.src, f)) for f in positions.foundations)


def rows_priority(positions: Positions, state: State, action: Action) -> float:
    """Home first; then moves onto a card (whole piles first, freeing a pile); the reserve back onto
    a card; then the next row; moves into an empty pile or the reserve last."""
    move = action[-1]
    if move.kind is not MoveKind.MOVE:
        return 6.0
    engine = positions.engine
    src, dst = engine.specs[move.src], engine.specs[move.dst]
    if dst.kind is PileKind.FOUNDATION:
        return 0.0
    if src.kind is PileKind.FOUNDATION:
        return 9.0
    target = state.piles[move.dst]
    if not target.cards or dst.kind is PileKind.CELL:
        return 8.0
    if src.kind is PileKind.CELL:
        return 1.5
    return 1.0 if move.count == len(state.piles[move.src].cards) else 2.0


ROWS = SolverHooks(forced=safe_home_forced, priority=rows_priority, prune=run_keeping_prune)
"""Giant: safe cards home without branching, runs kept together, the next row dealt before filling
gaps (unsound pruning in the first pass only)."""
