"""Search hooks of the FreeCell family: FreeCell (Freecell Solver, else its own search), the suit
cell games (Bakers Game, Eight Off, Seahaven), the open packers (Beleaguered Castle, Streets and
Alleys), Bakers Dozen, Cruel and Bear River. See :mod:`voicegame.solver.hooks` for what a hook is."""

from __future__ import annotations

from voicegame.engine.cards import Rank
from voicegame.engine import Engine, Move, MoveKind, PileKind, State
from voicegame.solver import freecell as own_freecell
from voicegame.solver import freecell_solver
from voicegame.solver.core import Action, Budget, Positions, Solution
from voicegame.solver.hook_base import SolverHooks, Solve, generic_priority


# ----- FreeCell ----------------------------------------------------------------------------------
def freecell_forced(positions: Positions, state: State) -> Move | None:
    """A cell or column card that may go up and that no card could ever need as a seat.

    Aces and twos always. A card of rank r once both foundations of the other colour hold
    r-1: the only cards that could sit on it (the r-1s of the other colour) are home, and
    FreeCell's foundations never give cards back, so playing it up loses no winning line."""
    engine = positions.engine
    heights = {engine.specs[i].suit: (i, len(state.piles[i].cards)) for i in positions.foundations}
    for src in (*engine.game.indices(PileKind.CELL), *engine.game.indices(PileKind.TABLEAU)):
        card = state.piles[src].top
        if card is None:
            continue
        foundation, height = heights[card.suit]
        if height != card.rank - 1:
            continue
        if card.rank <= Rank.TWO or all(h >= card.rank - 1 for s, (_, h) in heights.items() if s is not None and s.colour is not card.colour):
            return Move(MoveKind.MOVE, src, foundation, 1)
    return None


def first_answer(*solvers: Solve) -> Solve:
    """A solver that asks each of ``solvers`` in turn and keeps the first answer (not None)."""
    def solve(engine: Engine, state: State, budget: Budget) -> Solution | None:
        for solver in solvers:
            answer = solver(engine, state, budget)
            if answer is not None:
                return answer
        return None

    return solve


FREECELL = SolverHooks(forced=freecell_forced, priority=generic_priority,
                       solve=first_answer(freecell_solver.solve, own_freecell.solve))
"""Freecell Solver answers when it is installed; else FreeCell's own search; the generic search
(complete, so it can prove a deal lost) when neither answers."""


# ----- the rest of the FreeCell family ----------------------------------------------------------
def home_forced(positions: Positions, state: State) -> Move | None:
    """Any card that may go up, in games built down in suit whose foundations never give a card
    back (Bakers Game, Eight Off, Seahaven): the only card that could ever sit on it, one rank lower
    in its suit, is home already, so playing it up loses no winning line."""
    engine = positions.engine
    for src in (*engine.game.indices(PileKind.CELL), *engine.game.indices(PileKind.TABLEAU)):
        card = state.piles[src].top
        if card is None:
            continue
        for f in positions.foundations:
            if engine.specs[f].suit is card.suit and len(state.piles[f].cards) == card.rank - 1:
                return Move(MoveKind.MOVE, src, f, 1)
    return None


SUIT_CELLS = SolverHooks(forced=home_forced, priority=generic_priority, solve=freecell_solver.solve)
"""Freecell Solver answers when it is installed (its presets ko_bakers_game, eight_off, seahaven);
else the generic search, with the sound forced rule above."""
def low_cards_forced(positions: Positions, state: State) -> Move | None:
    """A card that may go up once every card one rank lower is home (aces and twos always), in games
    whose piles build down regardless of suit: only those cards could ever sit on it, and the only
    cards that could sit on one of them played back are lower still and home too; so playing it up
    loses no winning line."""
    engine = positions.engine
    heights = {engine.specs[f].suit: (f, len(state.piles[f].cards)) for f in positions.foundations}
    lowest = min(h for _, h in heights.values())
    for src in engine.game.indices(PileKind.TABLEAU):
        card = state.piles[src].top
        if card is None:
            continue
        f, height = heights[card.suit]
        if height == card.rank - 1 and (card.rank <= Rank.TWO or lowest >= card.rank - 1):
            return Move(MoveKind.MOVE, src, f, 1)
    return None


def digging_priority(positions: Positions, state: State, action: Action) -> float:
    """Foundation moves first; then table moves that lift a card off the pile whose lowest card
    is lowest (digging towards the cards the foundations need next); cards played back last."""
    move = action[-1]
    engine = positions.engine
    if move.kind is not MoveKind.MOVE:
        return 50.0
    if engine.specs[move.src].kind is PileKind.FOUNDATION:
        return 40.0
    if engine.specs[move.dst].kind is PileKind.FOUNDATION:
        return 0.0
    below = state.piles[move.src].cards[:-move.count]
    return 1.0 + (min(c.rank for c in below) if below else 14)


def seated_prune(positions: Positions, state: State, action: Action) -> bool:
    """Skip (first pass only; unsound) a card moved off a card one rank higher onto another (it was
    seated already), and cards played back from the foundations."""
    move = action[-1]
    if move.kind is not MoveKind.MOVE:
        return False
    engine = positions.engine
    if engine.specs[move.src].kind is PileKind.FOUNDATION:
        return True
    if engine.specs[move.dst].kind is PileKind.FOUNDATION:
        return False
    cards = state.piles[move.src].cards
    return len(cards) > move.count and cards[-move.count - 1].rank == cards[-move.count].rank + 1


def any_home_forced(positions: Positions, state: State) -> Move | None:
    """Any card that may go home, in games whose foundations build in suit, never give a card back,
    and whose piles build in suit (Bear River): the only card that could still want to sit on it,
    the next one up in its suit, can then go home itself."""
    engine = positions.engine
    for move in engine.legal_moves(state):
        if move.kind is MoveKind.MOVE and engine.specs[move.dst].kind is PileKind.FOUNDATION:
            return move
    return None


OPEN_PACKER = SolverHooks(forced=low_cards_forced, priority=generic_priority, solve=freecell_solver.solve)
"""Beleaguered Castle, Streets and Alleys: Freecell Solver finds wins (its run moves unpacked into
single cards); its "no solution" proves nothing where foundations give cards back, so then the
generic search (which plays them back) decides."""

HOME_FORCED = SolverHooks(forced=home_forced, priority=generic_priority)
"""Cruel's: a card that may go home goes (``home_forced`` says why that is safe)."""
ANY_HOME_FORCED = SolverHooks(forced=any_home_forced, priority=generic_priority)
"""Bear River's."""
DIGGING = SolverHooks(forced=low_cards_forced, priority=digging_priority, prune=seated_prune)
"""Baker's Dozen's."""
