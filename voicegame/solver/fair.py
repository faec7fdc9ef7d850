"""Fair search: only what the player can see, for hints ("what should I do?").

The search runs on a *masked* copy of the position, in which every card the player
has not seen (face-down table cards; the stock until it has been dealt through once)
is replaced by one stand-in object, so no line of this module can read a hidden card.
A move that turns a stand-in face up (a card turned over, a stock card drawn or dealt)
is a chance node: the search stops there and scores the line with a bonus for what
turning the card may bring, instead of looking at it.

Best-first: the open position with the highest evaluation is expanded next, within a
node and/or time budget; each first move is scored by the best position found below
it, and the hint is the first move with the best score ("hint" again: the next one).
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable
from dataclasses import dataclass

from voicegame.engine.cards import Card, Rank, Suit
from voicegame.engine import DealtRow, Drew, Engine, Event, Move, MoveKind, Pile, PileKind, State, TurnedOver, Won
from voicegame.solver.core import Budget, Outcome, Positions, Solution, productive_moves
from voicegame.solver.hooks import generic_priority, hooks_for

UNSEEN = Card(Rank.ACE, Suit.CLUBS)
"""The stand-in for every unseen card; recognised by identity (``is``), never by value."""

WIN = 10_000.0
REVEAL_BONUS = 3.0
STEP_COST = 0.01
"""What each move of a line costs its score, so that of two lines to equally good positions the
shorter wins: without it a pointless move followed by the good one tied with the good one alone,
and the tie went to the pointless move (Spider deal 7: "hint" moved a run back and forth between
two threes instead of dealing). Small against every difference the evaluation makes (0.5 and up)."""


def masked(engine: Engine, state: State) -> State:
    """``state`` with every card the player cannot see replaced by :data:`UNSEEN`.

    Stock cards count as seen once the stock has been turned over at least once
    (every card in it then passed through the waste face up), as in ``Engine.is_stuck``.
    """
    stock = engine.layout.stock
    rule = engine.game.stock_rule
    stock_seen = rule is not None and rule.cycles and state.redeals > 0
    piles = []
    for i, pile in enumerate(state.piles):
        hidden = len(pile.cards) if i == stock and not stock_seen else pile.down
        if hidden:
            pile = Pile((UNSEEN,) * hidden + pile.cards[hidden:], pile.down, pile.hidden)
        if pile.hidden and i != stock:  # face-down cards lying on face-up ones
            pile = Pile(tuple(UNSEEN if j in pile.hidden else c for j, c in enumerate(pile.cards)), pile.down, pile.hidden)
        piles.append(pile)
    return State(tuple(piles), state.redeals, state.counters)


def _reveals(events: list[Event]) -> float:
    """How much a move shows of what was unseen: a table card turned over counts fully
    (the evaluation also gains from one fewer face-down card); turning unseen stock cards
    counts a third, as they can usually be seen again on a later pass."""
    count = 0.0
    for event in events:
        if isinstance(event, TurnedOver) and event.card is UNSEEN:
            count += 1.0
        elif isinstance(event, (Drew, DealtRow)) and any(c is UNSEEN for c in event.cards):
            count += 1 / 3
    return count


def _how_ended(won: bool, open_left: bool, budget: Budget, visits_spent: bool) -> str:
    """Why a ranking search stopped: "won", "searched" (nothing left open), the budget's reason
    ("nodes", "time"), or "visits"."""
    if won:
        return "won"
    if not open_left:
        return "searched"
    return budget.ended_by or ("visits" if visits_spent else "searched")


@dataclass(frozen=True)
class RankedMove:
    move: Move
    score: float


class FairSearch:
    """Ranks the legal moves of a position by a best-first search that never sees hidden cards."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.positions = Positions(engine)
        self.hooks = hooks_for(engine)
        self.tableau = tuple(i for i, s in enumerate(engine.specs) if s.kind in (PileKind.TABLEAU, PileKind.RESERVE, PileKind.CELL))
        self.ended = ""
        """How the last :meth:`rank` ended: "won" (a win found), "searched" (nothing left to search),
        or the budget that stopped it: "nodes" or "visits" (work fixed in advance) or "time" (a hint
        cut short by the clock is a guess that differs from machine to machine; benches count them)."""
        self.nodes = 0
        self.visits = 0

    def evaluate(self, state: State, reveals: float) -> float:
        """Cards home count most; then cards still face down on the table (fewer is better),
        empty table piles, and what a chance node may bring."""
        engine = self.engine
        piles = state.piles
        home = engine.score(state)
        down = sum(piles[i].down_count for i in self.tableau)
        empty = sum(1 for i in self.tableau if not piles[i].cards)
        stock = self.positions.stock
        waiting = len(piles[stock].cards) if stock >= 0 else 0
        waste = self.positions.waste
        waiting += len(piles[waste].cards) if waste >= 0 else 0
        return 10.0 * home - 4.0 * down + 1.0 * empty - 0.5 * waiting + REVEAL_BONUS * reveals

    def rank(self, state: State, seconds: float | None = 1.0, nodes: int | None = 3000,
             clock: Callable[[], float] = time.perf_counter, visits: int | None = None) -> list[RankedMove]:
        """The productive legal moves of ``state``, best first (the deal last among equals).

        ``nodes`` bounds the positions expanded and ``visits`` the moves played to weigh them (what
        the time goes on: about 60 CPU-microseconds each in the slowest positions of Klondike, Lady
        Jane or Scorpion, where an expansion may weigh twenty moves or more); ``clock`` times
        ``seconds`` (a hint passes its thread's CPU clock, so load on the machine does not shorten
        its search)."""
        engine = self.engine
        start = masked(engine, state)
        positions = self.positions
        priority = self.hooks.priority or generic_priority
        moves = list(productive_moves(engine, start))
        if not moves:
            self.ended, self.nodes = "searched", 0
            return []
        budget = Budget(seconds, nodes, clock=clock)
        best = [float("-inf")] * len(moves)
        base = self.evaluate(start, 0)
        seen = {positions.key(start)}
        heap: list[tuple[float, int, int, int, State]] = []
        counter = 0
        visits_made = 0
        won = False
        order = sorted(range(len(moves)), key=lambda k: priority(positions, start, (moves[k],)))

        def visit(root: int, state: State, move: Move, depth: int) -> None:
            nonlocal counter, won, visits_made
            visits_made += 1
            after, events = engine.apply_legal(state, move)
            if any(isinstance(e, Won) for e in events):
                best[root] = max(best[root], WIN - STEP_COST * depth)
                won = True
                return
            reveals = _reveals(events)
            value = self.evaluate(after, reveals)
            best[root] = max(best[root], value - STEP_COST * depth)
            if reveals:
                return  # chance node: what shows next is unknown to the player
            key = positions.key(after)
            if key in seen:
                return
            seen.add(key)
            counter += 1
            heapq.heappush(heap, (-value, counter, root, depth, after))

        for k in order:
            visit(k, start, moves[k], 1)
        most = visits if visits is not None else 1 << 62
        while heap and not won and visits_made < most and budget.spend():
            _, _, root, depth, state = heapq.heappop(heap)
            for move in productive_moves(engine, state):
                visit(root, state, move, depth + 1)
        self.ended = _how_ended(won, bool(heap), budget, visits_made >= most)
        self.nodes = budget.used
        self.visits = visits_made
        ranked = sorted(order, key=lambda k: (-round(best[k] - base, 6), order.index(k)))
        return [RankedMove(moves[k], best[k] - base) for k in ranked]

    def best(self, state: State, seconds: float | None = 1.0, nodes: int | None = 3000) -> Move | None:
        ranked = self.rank(state, seconds, nodes)
        return ranked[0].move if ranked else None


def play_fair(engine: Engine, start: State, seconds: float | None = 30.0, step_nodes: int = 1500) -> Solution:
    """Play the game through by fair hints alone (each from a search that never sees a hidden
    card), never returning to a position already passed. A win found this way is one a
    player could have found; failing proves nothing, so the verdicts are solved or unsolved."""

    budget = Budget(seconds)
    search = FairSearch(engine)
    positions = search.positions
    state = start
    line: list[Move] = []
    passed = {positions.key(state)}
    while not engine.is_won(state):
        if seconds is not None and budget.elapsed() > seconds:
            return Solution(Outcome.UNSOLVED, (), budget.used, budget.elapsed())
        chosen = None
        for ranked in search.rank(state, seconds=None, nodes=step_nodes):
            after = engine.apply(state, ranked.move)[0]
            if positions.key(after) not in passed:
                chosen = ranked.move, after
                break
        if chosen is None:
            return Solution(Outcome.UNSOLVED, (), budget.used, budget.elapsed())
        budget.used += 1
        line.append(chosen[0])
        state = chosen[1]
        passed.add(positions.key(state))
    return Solution(Outcome.SOLVED, tuple(line), budget.used, budget.elapsed())
