"""Search hooks for the games of pair4 (issue 23): Osmosis and Peek, Napoleon's Tomb, Pileon, Maze."""

from __future__ import annotations

import time
from itertools import permutations

from voicegame.engine import Engine, Move, MoveKind, PileKind, State
from voicegame.solver.core import Budget, Outcome, PositionKey, Positions, Solution
from voicegame.solver.hook_base import SolverHooks, generic_priority
from voicegame.solver.hooks_others import first_home_forced


def started_home_forced(positions: Positions, state: State) -> Move | None:
    """A card to a foundation that already holds cards, at once. Safe in Osmosis and Peek: each
    started foundation holds one suit, so the card has no other foundation; foundation cards never
    leave, and one there only opens ranks for the foundation below; the reserves and the waste take
    nothing, so leaving the card would only cover the cards under it. (Starting a foundation
    chooses its suit, and is searched.) Only when one card is turned at a time: with three, what
    leaves the waste changes which cards show later (see :func:`home_first_prune`)."""
    if not _one_at_a_time(positions.engine):
        return None
    return _started_home(positions, state)


def _one_at_a_time(engine: Engine) -> bool:
    return getattr(engine.game.stock_rule, "draw", 0) == 1


def _started_home(positions: Positions, state: State) -> Move | None:
    engine = positions.engine
    for move in engine.legal_moves(state):
        if move.kind is MoveKind.MOVE and engine.specs[move.dst].kind is PileKind.FOUNDATION and state.piles[move.dst].cards:
            return move
    return None


def home_first_prune(positions: Positions, state: State, action: tuple[Move, ...]) -> bool:
    """With three cards turned at a time, a first (unsound) pass that plays a card to a started
    foundation whenever one can go, as :func:`started_home_forced` does with one."""
    if _one_at_a_time(positions.engine):
        return False
    home = _started_home(positions, state)
    return home is not None and action != (home,)


def rank_gated_solve(engine: Engine, start: State, budget: Budget) -> Solution | None:
    """Osmosis's and Peek's whole search: the only choice is which suit starts each empty
    foundation, so each order of the base-rank suits left is played out greedily (every card that
    can go home goes, the designated suit starting each empty foundation; else the stock turns).
    With one card turned at a time that greedy play is exact: a card home never hurts, a card left
    in the waste or a reserve only waits (see :func:`started_home_forced`), so when no order wins
    the deal is proved lost. With three at a time which cards show depends on what left the waste,
    so when greedy play wins with no order the generic search takes over (None)."""
    began = time.perf_counter()
    foundations = engine.game.indices(PileKind.FOUNDATION)
    first = start.piles[foundations[0]].cards
    if not first:
        return None
    base = first[0].rank
    used = {start.piles[i].cards[0].suit for i in foundations if start.piles[i].cards}
    empty = [i for i in foundations if not start.piles[i].cards]
    left = sorted({card.suit for card in engine.cards_in_play(start) if card.rank == base} - used, key=lambda suit: suit.value)
    deal = Move.deal()
    for order in permutations(left, len(empty)):
        chosen = dict(zip(empty, order))
        state, moves, seen = start, [], set()
        while not engine.is_won(state):
            if not budget.spend():
                return Solution(Outcome.UNSOLVED, (), budget.used, time.perf_counter() - began)
            legal = engine.legal_moves(state)
            home = next((m for m in legal if m.kind is MoveKind.MOVE and m.dst in foundations
                         and (state.piles[m.dst].cards or state.piles[m.src].cards[-1].suit is chosen.get(m.dst))), None)
            if home is None:
                if deal not in legal or state.piles in seen:
                    break
                seen.add(state.piles)
                home = deal
            moves.append(home)
            state = engine.apply(state, home)[0]
        if engine.is_won(state):
            return Solution(Outcome.SOLVED, tuple(moves), budget.used, time.perf_counter() - began)
    if not _one_at_a_time(engine):
        return None
    return Solution(Outcome.UNWINNABLE, (), budget.used, time.perf_counter() - began)


RANK_GATED = SolverHooks(forced=started_home_forced, priority=generic_priority, prune=home_first_prune, solve=rank_gated_solve)


def interchangeable_foundations_key(positions: Positions, state: State) -> PositionKey:
    """Napoleon's Tomb: suits do not count on the foundations, so a foundation matters only by its
    top rank and its height, and the corners are alike (sorted); the one-card reserves are alike
    too (sorted); the stock and waste are kept card by card."""
    engine = positions.engine
    piles = state.piles
    foundations = tuple(sorted((len(piles[i].cards), int(piles[i].cards[-1].rank) if piles[i].cards else 0)
                               for i in engine.game.indices(PileKind.FOUNDATION)))
    cells = tuple(sorted(id(piles[i].cards[-1]) if piles[i].cards else 0 for i in engine.game.indices(PileKind.CELL)))
    return (tuple(map(id, piles[positions.stock].cards)), tuple(map(id, piles[positions.waste].cards)), foundations, cells, state.redeals)


SUITLESS_FOUNDATIONS = SolverHooks(forced=first_home_forced, priority=generic_priority, key=interchangeable_foundations_key)
