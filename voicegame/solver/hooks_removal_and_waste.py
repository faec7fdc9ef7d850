"""Search hooks of Royal Parade, Golf, the pair-removal games and the builders fed by a stock
(Sir Tommy and its kin). See :mod:`voicegame.solver.hooks` for what a hook is."""

from __future__ import annotations

from voicegame.engine import Move, MoveKind, PileKind, State
from voicegame.solver.core import Action, PositionKey, Positions
from voicegame.solver.hook_base import SolverHooks, generic_priority


# ----- Royal Parade ------------------------------------------------------------------------------
def royal_parade_forced(positions: Positions, state: State) -> Move | None:
    """An ace to the discard pile: aces have no other use in Royal Parade, and
    discarding one only frees its spot."""
    engine = positions.engine
    discard = engine.game.indices(PileKind.DISCARD)
    if not discard:
        return None
    for move in engine.legal_moves(state):
        if move.kind is MoveKind.MOVE and move.dst == discard[0]:
            return move
    return None


ROYAL_PARADE = SolverHooks(forced=royal_parade_forced, priority=generic_priority)


# ----- Golf --------------------------------------------------------------------------------------
def golf_key(positions: Positions, state: State) -> PositionKey:
    """Only the waste's top card matters in Golf: the waste is never taken from and the stock
    never comes round, so the cards under the top can never play again. The columns only
    shrink from the top, so their heights (with the stock's and the waste top) fix the position."""
    engine = positions.engine
    waste = state.piles[positions.waste].cards
    columns = tuple(len(state.piles[i].cards) for i in engine.game.indices(PileKind.TABLEAU))
    return len(state.piles[positions.stock].cards), id(waste[-1]) if waste else 0, columns


def golf_priority(positions: Positions, state: State, action: Action) -> float:
    """Column cards before draws; of those, from the tallest column first (deep cards are the
    hard ones to reach), and a card that the next card down could follow."""
    move = action[-1]
    if move.kind is not MoveKind.MOVE:
        return 100.0
    pile = state.piles[move.src].cards
    follow = 0.5 if len(pile) > 1 and abs(pile[-2].rank - pile[-1].rank) == 1 else 0.0
    return -len(pile) - follow


GOLF = SolverHooks(priority=golf_priority, key=golf_key)


# ----- pair removal ------------------------------------------------------------------------------
def single_forced(positions: Positions, state: State) -> Move | None:
    """A free card that goes alone (Thirteen's kings), removed at once. Safe: such a card never
    pairs with another, and removing it only frees what lay under it (the games using this
    hook put nothing back on their piles, so a gone card can never be needed)."""
    game = positions.engine.game
    rule = game.pairs
    if rule is None or not rule.singles:
        return None
    for place in rule.free_places(game, state):
        if state.piles[place[0]].cards[place[1]].rank in rule.singles and rule.why_not(game, state, place, None) is None:
            return Move.pair(place, None)
    return None


def without_discards_key(positions: Positions, state: State) -> PositionKey:
    """The position without its discard piles: nothing leaves them and every card is somewhere,
    so what they hold follows from the rest; only the order cards were removed in differs, and
    that can never matter again (so two orders of the same removals are searched once)."""
    engine = positions.engine
    discards = set(engine.game.indices(PileKind.DISCARD))
    piles = state.piles
    return (*((piles[i].down, *map(id, piles[i].cards)) for i in range(len(piles)) if i not in discards), state.redeals)


PAIR_REMOVAL = SolverHooks(forced=single_forced, priority=generic_priority, key=without_discards_key)


# ----- Sir Tommy -------------------------------------------------------------------------------------
def first_home_forced(positions: Positions, state: State) -> Move | None:
    """Any card that can go home, at once. Safe where the foundations build up in any suit by one
    and never give back (Sir Tommy): every foundation showing a rank is as good as any other, a
    card home only lets the next rank follow, and in a reserve it only covers the cards below."""
    engine = positions.engine
    for move in engine.legal_moves(state):
        if move.kind is MoveKind.MOVE and engine.specs[move.dst].kind is PileKind.FOUNDATION:
            return move
    return None


def sir_tommy_priority(positions: Positions, state: State, action: Action) -> float:
    """The waste card onto the reserve whose top is lowest above it (it will leave first), an empty
    reserve next, a reserve with a lower top last (the card would bury it)."""
    move = action[-1]
    if move.kind is not MoveKind.MOVE:
        return 50.0
    pile = state.piles[move.dst] if len(action) == 1 else None
    if pile is None or not state.piles[move.src].cards:
        return 10.0
    card = state.piles[move.src].cards[-1]
    if not pile.cards:
        return 20.0
    gap = int(pile.cards[-1].rank) - int(card.rank)
    return gap if gap >= 0 else 30.0 - gap


SIR_TOMMY = SolverHooks(forced=first_home_forced, priority=sir_tommy_priority)

FIRST_HOME = SolverHooks(forced=first_home_forced, priority=generic_priority)
"""Send the first card that may go home; otherwise the generic order (Auld Lang Syne, Scuffle, Carpet,
Clock: in Clock one move at a time, nothing to choose)."""
WASTE_TOP = SolverHooks(priority=generic_priority, key=golf_key)
"""Only the waste top matters, as in Golf (Elevator, Escalator)."""
