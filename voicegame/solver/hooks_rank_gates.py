"""Search hooks of games whose piles open by rank or by place: Osmosis and Peek, Napoleon's Tomb,
Maze, Labyrinth, Camelot, King's Audience and Plait."""

from __future__ import annotations

import time
from itertools import permutations

from voicegame.engine import Engine, Move, MoveKind, PileKind, State
from voicegame.engine.cards import Card, Suit
from voicegame.solver.core import Budget, Outcome, PositionKey, Positions, Solution
from voicegame.solver.hook_base import SolverHooks, generic_priority
from voicegame.solver.hooks_removal_and_waste import first_home_forced, single_forced


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
    for order in permutations(left, len(empty)):
        outcome, moves = _greedy_play(engine, start, foundations, dict(zip(empty, order)), budget)
        if outcome is not Outcome.UNWINNABLE:
            return Solution(outcome, moves, budget.used, time.perf_counter() - began)
    if not _one_at_a_time(engine):
        return None
    return Solution(Outcome.UNWINNABLE, (), budget.used, time.perf_counter() - began)


def _greedy_play(engine: Engine, start: State, foundations: tuple[int, ...], chosen: dict[int, Suit],
                 budget: Budget) -> tuple[Outcome, tuple[Move, ...]]:
    """Play from ``start`` every card that can go home (``chosen``: the suit that starts each empty
    foundation), else turn the stock, until the game is won (SOLVED and the line), the stock comes
    round with nothing gone home (UNWINNABLE: this order loses) or the budget is spent (UNSOLVED)."""
    deal = Move.deal()
    state, moves, seen = start, [], set()
    while not engine.is_won(state):
        if not budget.spend():
            return Outcome.UNSOLVED, ()
        legal = engine.legal_moves(state)
        home = _next_home(state, legal, foundations, chosen)
        if home is None:
            if deal not in legal or state.piles in seen:
                return Outcome.UNWINNABLE, ()
            seen.add(state.piles)
            home = deal
        moves.append(home)
        state = engine.apply(state, home)[0]
    return Outcome.SOLVED, tuple(moves)


def _next_home(state: State, legal: list[Move], foundations: tuple[int, ...], chosen: dict[int, Suit]) -> Move | None:
    """The first legal move of a card to a started foundation, or of the chosen suit to an empty one."""
    return next((m for m in legal if m.kind is MoveKind.MOVE and m.dst in foundations
                 and (state.piles[m.dst].cards or state.piles[m.src].cards[-1].suit is chosen.get(m.dst))), None)


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


def line_solve(engine: Engine, start: State, budget: Budget) -> Solution | None:
    """Maze's own search, best first on the score, over the line alone (a tuple of cards, None for a
    gap): from each gap at most two cards can move in, the one after its left neighbour and the one
    before its right neighbour, so a position has at most twice as many moves as gaps. Not
    exhaustive in practice: a deal it cannot finish is "unsolved"."""
    import heapq

    from voicegame.engine.lines import InLine

    began = time.perf_counter()
    rule = engine.specs[engine.layout.index["r1c1"]].accepts if "r1c1" in engine.layout.index else None
    line = rule.extra if rule is not None else None
    if not isinstance(line, InLine):
        return None
    cells = tuple(engine.layout.index[c] for c in line.cells)
    first = tuple(start.piles[i].top for i in cells)
    n = len(first)

    def score(row: tuple[Card | None, ...]) -> int:
        cards = [c for c in row if c is not None]
        return (1 if cards and cards[0].rank == line.low else 0) + sum(1 for a, b in zip(cards, cards[1:]) if line.follows(a, b))

    def moves(row: tuple[Card | None, ...]) -> list[tuple[int, int]]:
        where = {card: k for k, card in enumerate(row) if card is not None}
        out: list[tuple[int, int]] = []
        for g, card in enumerate(row):
            if card is not None:
                continue
            wanted = []
            left = row[g - 1] if g > 0 else None
            right = row[g + 1] if g + 1 < n else None
            for candidate, k in where.items():
                if k == g:
                    continue
                if (left is not None and line.follows(left, candidate)) or (right is not None and line.follows(candidate, right)) \
                        or (g == 0 and candidate.rank == line.low) or (g == n - 1 and candidate.rank == line.high):
                    wanted.append(k)
            out.extend((k, g) for k in wanted)
        return out

    def rank(row: tuple[Card | None, ...]) -> int:
        """The score, then cards directly after the card they follow (no gap between)."""
        direct = sum(1 for a, b in zip(row, row[1:]) if a is not None and b is not None and line.follows(a, b))
        return 2 * score(row) + direct

    def won(row: tuple[Card | None, ...]) -> bool:
        return row[0] is not None and score(row) == sum(1 for c in row if c is not None)

    parents: dict[tuple[Card | None, ...], tuple[tuple[Card | None, ...], tuple[int, int]] | None] = {first: None}
    queue = [(-rank(first), 0, 0, first)]
    tick = 0
    while queue:
        _, minus_depth, _, row = heapq.heappop(queue)
        depth = -minus_depth
        if won(row):
            line_moves = []
            while (parent := parents[row]) is not None:
                row, (k, g) = parent
                line_moves.append(Move.cards(cells[k], cells[g]))
            return Solution(Outcome.SOLVED, tuple(reversed(line_moves)), budget.used, time.perf_counter() - began)
        for k, g in moves(row):
            after = list(row)
            after[g], after[k] = row[k], None
            child = tuple(after)
            if child in parents:
                continue
            if not budget.spend():
                return Solution(Outcome.UNSOLVED, (), budget.used, time.perf_counter() - began)
            parents[child] = (row, (k, g))
            tick += 1
            heapq.heappush(queue, (-rank(child), -(depth + 1), tick, child))
    return Solution(Outcome.UNWINNABLE, (), budget.used, time.perf_counter() - began)


LINE = SolverHooks(priority=generic_priority, solve=line_solve)


def with_counters_key(positions: Positions, state: State) -> PositionKey:
    """The usual key and the game's counters (Labyrinth's "dealt": empty piles stop refilling)."""
    return (positions.key(state), state.counters)


OPEN_ENDS = SolverHooks(forced=first_home_forced, priority=generic_priority, key=with_counters_key)


def suitless_spots_key(positions: Positions, state: State) -> PositionKey:
    """Camelot: suits never count and any two grid cards pair wherever they lie, so spots that take
    the same ranks are alike: each such class is kept as its sorted ranks (0 for a gap); the stock
    and waste card by card; and the phase (``State.counters``)."""
    engine = positions.engine
    piles = state.piles
    classes: dict[object, list[int]] = {}
    for i in engine.game.indices(PileKind.TABLEAU):
        top = piles[i].top
        classes.setdefault(engine.specs[i].accepts, []).append(int(top.rank) if top is not None else 0)
    spots = tuple(tuple(sorted(ranks)) for ranks in classes.values())
    return (tuple(map(id, piles[positions.stock].cards)), tuple(map(id, piles[positions.waste].cards)), spots, state.counters)




def clear_first_prune(positions: Positions, state: State, action: tuple[Move, ...]) -> bool:
    """Camelot, a first (unsound) pass: while cards can be removed, remove them rather than turn the
    next card."""
    if action[0].kind is not MoveKind.DEAL:
        return False
    return bool(positions.engine.pair_moves(state))


def middle_first_priority(positions: Positions, state: State, action: tuple[Move, ...]) -> float:
    """Camelot: removals first (pairs before the draw), then a card placed where fewest other ranks
    may go (the middle: "it is always safest in the middle"), the draw last."""
    move = action[-1]
    if move.kind is MoveKind.PAIR:
        return 0.0
    if move.kind is MoveKind.DEAL:
        return 50.0
    accepts = positions.engine.specs[move.dst].accepts
    extra = getattr(accepts, "extra", None)
    return 1.0 + len(getattr(extra, "ranks", ()))


FILL_AND_CLEAR = SolverHooks(forced=single_forced, priority=middle_first_priority, prune=clear_first_prune, key=suitless_spots_key)


def in_at_once_forced(positions: Positions, state: State) -> Move | None:
    """King's Audience: any pair or card that can go into the audience chamber, at once. Safe: each
    suit has its own throne and foundation (four of each), cards there never leave, and a card
    left in the antechamber or the waste only waits."""
    engine = positions.engine
    for move in engine.legal_moves(state):
        if move.kind is MoveKind.PAIR or (move.kind is MoveKind.MOVE and engine.specs[move.dst].kind is PileKind.FOUNDATION):
            return move
    return None


AUDIENCE = SolverHooks(forced=in_at_once_forced, priority=generic_priority)


HOME_FIRST = SolverHooks(forced=first_home_forced, priority=generic_priority)
"""Plait: any card that can go to a foundation goes at once. Safe: nothing is built on the table,
foundations never give back, and a card fitting two foundations finds them alike (same suit, same
top: the two decks' twin foundations)."""
