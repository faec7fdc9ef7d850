"""A fast thoughtful solver for Klondike (it sees face-down cards), plugged in as a solver hook.

The generic search steps through engine states (about 10,000 positions a second); this one
works on a compact position (:mod:`voicegame.solver.klondike_model`) and is several times faster:

- a card is a small int, ``(rank - 1) * 4 + suit``; a tableau column is a ``bytes`` whose first
  byte is ``64 + face-down count`` and whose other bytes are the cards, bottom first;
- the foundations are four heights (``bytes``);
- stock and waste are one sequence, the *talon* (waste bottom to top, then the stock from its
  top down), with ``pos`` = how many talon cards lie in the waste. A draw moves ``pos`` on by
  the draw count, a redeal sets it back to 0, and playing the waste card removes
  ``talon[pos - 1]``. Waste cards are played by K+ macro actions ("draw k times, then play the
  waste card", see :mod:`voicegame.solver.core`);
- the canonical key sorts the columns (they are interchangeable); the talon is not in the key
  because the columns and the foundations fix which cards are left in it, in its fixed order.

Search: several searches take turns on one node budget (:func:`portfolio`), each resumed where it
stopped (they are generators that yield once per new position), each with its own transposition
table on the canonical key, all playing safe cards up without branching:

- heuristic searches over a pruned move set (:class:`~voicegame.solver.klondike_model.Moves` says
  what the LOOSE and STRICT levels skip), which find the wins (:data:`PORTFOLIOS`, 9/10 of the nodes
  by default). The strongest is weighted A* (:func:`weighted`): order by engine moves made (draws
  included) plus a weight times an estimate of the moves left, KSolve's lower bound
  (:func:`~voicegame.solver.klondike_model.moves_left`: cards not home, draws to show the stock,
  cards blocking a lower card of their suit) plus one per face-down card. Without the face-down term
  it finds almost nothing; the moves-made term keeps it from the dead ends a purely greedy search
  runs into. Different weights win different deals (greedier ones with draw 1, so each draw
  count has its own portfolio). Beam search (:func:`beam`: the best few thousand lines, move by move)
  wins deals that A* misses because their way out looks like no progress for a long stretch;
  depth-first and greedy best-first search still win a few that A* misses, fast. A heuristic
  search that exhausts its graph proves
  nothing and drops out, leaving its turns to the others;
- a sound depth-first search with the rest of the nodes, the only one that may prove a deal
  unwinnable (by exhausting its graph). It leaves out only moves covered by the rules below, each
  with its argument:

1. *Draws only right before a waste play (K+).* Draws touch only stock and waste and commute
   with every other move; a winning line can therefore be reordered so that each run of draws
   directly precedes the waste play it serves, and draws followed by no waste play can be
   dropped (a won position has an empty stock and waste anyway).
2. *Each stock position once, with the fewest redeals.* When passes are limited, reaching the
   same waste position with more redeals used is never better: every line from it is legal from
   the position that has more redeals left.
3. *Safe cards go up without branching* (:func:`~voicegame.solver.klondike_model.safe_card`): a
   table card of rank r whose foundation wants it, when every card of rank below r-1, and the
   other colour's r-1s, are on the foundations. The only cards that could ever lie on it are
   those foundation cards, and they can only ever seat each other; so in any winning line,
   deleting the moves of those cards (and of this one) leaves a legal line from the position
   with this card home, which ends won. Aces and twos always go: nothing lies on an ace, and a
   two can seat only an ace, which has its own free foundation.
4. *No foundation card back down if it is safe* by rule 3: the position with it home is at
   least as good, and that is the position we are in.
5. *Columns are interchangeable*: the key sorts them, a king goes to the first empty column only
   (the others give the same position), and a king with nothing under it never moves to an
   empty column (the same position again).

Foundation-to-table moves are otherwise all searched, so a proof covers playing cards back.
"""

from __future__ import annotations

import heapq
import time
from typing import Callable, Generator, Iterator

from voicegame.engine import Engine, IllegalMove, Move, MoveKind, Pile, PileKind, State
from voicegame.engine.stock import DrawToWaste
from voicegame.solver.core import Budget, Outcome, Solution
from voicegame.solver.klondike_model import (
    LOOSE, PARENTS, SOUND, STRICT, SUIT, SUITS, TABLE, TO_FOUNDATION, WASTE, WON, Action, Moves, Position, Talon,
    action_cost, card_code, clear_memos, key_of, moves_left, play, with_forced,
)

#: A search that yields once for every new position it reaches (the scheduler counts them against the
#: budget and may stop it there) and returns (SOLVED, line) or (UNWINNABLE, []) when its graph is
#: exhausted (a proof only at level SOUND).
Run = Generator[None, None, "tuple[Outcome, list[Action]]"]
Strategy = Callable[[Position, Moves, bool, int], Run]
#: Position key -> (key of the position it was first reached from, the actions that led there).
Parents = dict[bytes, tuple[bytes | None, list[Action]]]


# ----- searches ----------------------------------------------------------------------------------------
def search(start: Position, moves: Moves, limited: bool, level: int) -> Run:
    """Depth first with a transposition table (first-found order of :class:`Moves`)."""
    head: list[Action] = []
    start = with_forced(start, head)
    if start[1] == WON:
        return Outcome.SOLVED, head
    seen = {key_of(start, limited)}
    path: list[list[Action]] = []
    stack: list[tuple[Position, list[Action], int]] = [(start, moves(start, level), 0)]
    while stack:
        position, actions, index = stack[-1]
        if index == len(actions):
            stack.pop()
            if path:
                path.pop()
            continue
        stack[-1] = (position, actions, index + 1)
        step = [actions[index]]
        after = with_forced(play(position, actions[index]), step)
        if after[1] == WON:
            return Outcome.SOLVED, head + [a for s in path for a in s] + step
        key = key_of(after, limited)
        if key in seen:
            continue
        seen.add(key)
        yield
        path.append(step)
        stack.append((after, moves(after, level), 0))
    return Outcome.UNWINNABLE, []


def greedy(position: Position, draw: int, moves_made: int) -> float:
    """Greedy best-first order, lower first: face-down cards weigh most, then cards not home (the
    moves made do not count)."""
    cols, heights, talon = position[0], position[1], position[2]
    down = 0
    for col in cols:
        down += col[0] - 64
    return WEIGHT_DOWN * down - sum(heights) + WEIGHT_TALON * len(talon)


#: Tuned on deals 1-200: heavier face-down weights drive the greedy search into dead ends.
WEIGHT_DOWN, WEIGHT_TALON = 1.0, 0.2


def weighted(weight: float, down: float = 1.0) -> Callable[[Position, int, int], float]:
    """Weighted A* order: engine moves made + ``weight`` x the estimate of the moves left
    (:func:`moves_left` with ``down`` per face-down card)."""

    def order(position: Position, draw: int, moves_made: int) -> float:
        return moves_made + weight * moves_left(position, draw, down)

    return order


def best_first(order: Callable[[Position, int, int], float]) -> Strategy:
    """Best-first search by ``order`` (ties: the newest first), with parent links for the line."""

    def run(start: Position, moves: Moves, limited: bool, level: int) -> Run:
        draw = moves.talon.draw
        start, head, first = _opening(start, limited)
        if start[1] == WON:
            return Outcome.SOLVED, head
        parents: Parents = {first: (None, head)}
        heap = [(order(start, draw, len(head)), 0, len(head), start, first)]
        count = 0
        while heap:
            _, _, made, position, key = heapq.heappop(heap)
            for action, step, after, child in _new_children(position, key, moves, level, limited, parents):
                if after[1] == WON:
                    return Outcome.SOLVED, _line(parents, child)
                yield
                count -= 1
                cost = made + action_cost(action) + len(step) - 1
                heapq.heappush(heap, (order(after, draw, cost), count, cost, after, child))
        return Outcome.UNWINNABLE, []

    return run


BEAM_WIDTHS = (500, 2000, 8000, 32000)
"""The widths :func:`beam` tries in turn, each from scratch: a narrow beam is fast and wins many deals;
a wider one keeps more of the lines a narrow one cut off too early."""


def beam(widths: tuple[int, ...] = BEAM_WIDTHS, down: float = 1.0) -> Strategy:
    """Beam search: move by move, expand every position of the layer and keep the ``width`` children
    with the lowest estimate of the moves left (:func:`moves_left` with ``down`` per face-down card;
    ties in move order), then again with the next width. Unlike best-first search it cannot sink
    into one corner of the graph: every layer keeps ``width`` different lines going, which wins deals
    whose way out lies behind a long stretch of no visible progress (draw 3, seed 213: 1.1 s, where
    the rest of the portfolio failed in 30 s)."""

    def run(start: Position, moves: Moves, limited: bool, level: int) -> Run:
        draw = moves.talon.draw
        start, head, first = _opening(start, limited)
        if start[1] == WON:
            return Outcome.SOLVED, head
        for width in widths:
            parents: Parents = {first: (None, head)}
            layer = [(start, first)]
            while layer:
                children: list[tuple[float, int, Position, bytes]] = []
                for position, key in layer:
                    for _, _, after, child in _new_children(position, key, moves, level, limited, parents):
                        if after[1] == WON:
                            return Outcome.SOLVED, _line(parents, child)
                        yield
                        children.append((moves_left(after, draw, down), len(children), after, child))
                children.sort(key=_estimate_then_order)
                layer = [(after, child) for _, _, after, child in children[:width]]
        return Outcome.UNWINNABLE, []

    return run


def _estimate_then_order(child: tuple[float, int, Position, bytes]) -> tuple[float, int]:
    return child[0], child[1]


def _opening(start: Position, limited: bool) -> tuple[Position, list[Action], bytes]:
    """Where a search starts: ``start`` with its safe cards played up, those moves, and its key."""
    head: list[Action] = []
    start = with_forced(start, head)
    return start, head, key_of(start, limited)


def _new_children(position: Position, key: bytes, moves: Moves, level: int, limited: bool,
                  parents: Parents) -> Iterator[tuple[Action, list[Action], Position, bytes]]:
    """(action, actions with the safe cards that followed it, position after them, its key) for each
    position one action from ``position`` that no search step has reached before; each is entered
    into ``parents`` (the caller checks for a win)."""
    for action in moves(position, level):
        step = [action]
        after = with_forced(play(position, action), step)
        child = key_of(after, limited)
        if child not in parents:
            parents[child] = (key, step)
            yield action, step, after, child


def _line(parents: Parents, key: bytes | None) -> list[Action]:
    steps = []
    while key is not None:
        key, step = parents[key]
        steps.append(step)
    return [a for step in reversed(steps) for a in step]


# ----- engine bridge ------------------------------------------------------------------------------------
class Bridge:
    """Maps an engine's Klondike piles to the compact position and actions back to engine moves."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.stock, self.waste = engine.layout.stock, engine.layout.waste
        self.tableau = engine.game.indices(PileKind.TABLEAU)
        self.foundation = [next(i for i in engine.game.indices(PileKind.FOUNDATION) if engine.specs[i].suit is s) for s in SUITS]
        self.face_up_deal = engine.game.key in FACE_UP_DEALS
        self.hidden_up = False  # set by position(): face-up cards were modelled as face down

    def position(self, state: State) -> Position | None:
        """The compact position, or None for one this solver does not model (not 52 distinct cards,
        a foundation out of order)."""
        piles = state.piles
        seen: set[int] = set()
        heights = self._heights(state, seen)
        if heights is None:
            return None
        cols = []
        for t in self.tableau:
            col = self._column(piles[t])
            seen.update(col[1:])
            cols.append(col)
        talon = bytes(card_code(c) for c in (*piles[self.waste].cards, *reversed(piles[self.stock].cards)))
        seen.update(talon)
        total = sum(len(p.cards) for p in piles)
        if total != 52 or len(seen) != 52:
            return None
        return tuple(cols), bytes(heights), talon, len(piles[self.waste].cards), state.redeals

    def _heights(self, state: State, seen: set[int]) -> list[int] | None:
        """The foundations' heights in suit order, their cards added to ``seen``; None when one holds
        a card out of its place (not its suit, not in rank order)."""
        heights = []
        for s, f in enumerate(self.foundation):
            cards = state.piles[f].cards
            if any(card_code(c) != r * 4 + s for r, c in enumerate(cards)):
                return None
            heights.append(len(cards))
            seen.update(card_code(c) for c in cards)
        return heights

    def _column(self, pile: Pile) -> bytes:
        """One tableau pile as the model holds it: 64 + its face-down count, then its card codes.
        Face-up cards the model cannot move as face-up ones set :attr:`hidden_up`."""
        codes = bytes(card_code(c) for c in pile.cards)
        down = len(codes) - pile.up_count  # face-up cards under face-down ones (Athena) count as face down
        if pile.hidden:
            self.hidden_up = True
        run = 1 if len(codes) > down else 0
        while run < len(codes) - down and codes[-run - 1] in PARENTS[codes[-run]]:
            run += 1
        # Face-up cards under a break in the top run (Saratoga deals every card face up) can
        # only be uncovered, never moved with the run: the model holds them as face down.
        if len(codes) - run > down and self.face_up_deal:
            self.hidden_up = True
            down = len(codes) - run
        return bytes((64 + down,)) + codes

    def moves(self, actions: list[Action], start: Position) -> tuple[Move, ...]:
        out: list[Move] = []
        position = start
        for action in actions:
            out.extend(self._engine_moves(position, action))
            position = play(position, action)
        return tuple(out)

    def _engine_moves(self, position: Position, action: Action) -> list[Move]:
        kind = action[0]
        if kind == TO_FOUNDATION:
            card = position[0][action[1]][-1]
            return [Move(MoveKind.MOVE, self.tableau[action[1]], self.foundation[SUIT[card]], 1)]
        if kind == TABLE:
            return [Move(MoveKind.MOVE, self.tableau[action[1]], self.tableau[action[2]], action[3])]
        if kind == WASTE:
            _, draws, at, dst, _ = action
            target = self.foundation[SUIT[position[2][at - 1]]] if dst < 0 else self.tableau[dst]
            return [Move(MoveKind.DEAL)] * draws + [Move(MoveKind.MOVE, self.waste, target, 1)]
        return [Move(MoveKind.MOVE, self.foundation[action[1]], self.tableau[action[2]], 1)]

    def replays(self, state: State, moves: tuple[Move, ...]) -> bool:
        try:
            for move in moves:
                state = self.engine.apply(state, move)[0]
        except IllegalMove:
            return False
        return self.engine.is_won(state)


KLONDIKE_RULES = ("klondike", "saratoga", "athena")
"""Games with Klondike's piles and rules, whatever their deal (Saratoga deals every card face up,
Athena rows face down and face up in turn)."""
FACE_UP_DEALS = ("saratoga", "athena")
"""Of those, the games whose columns start face up out of sequence: the model holds the cards under a
break in a column's top run as face down (they can only be uncovered), which searches far better."""


def supported(engine: Engine) -> bool:
    """One-deck Klondike with a draw-to-waste stock and no game hooks that this model leaves out."""
    game = engine.game
    rule = game.stock_rule
    return (game.key in KLONDIKE_RULES and isinstance(rule, DrawToWaste) and rule.waste_limit is None
            and (rule.redeals is None or rule.redeals < 200) and game.decks == 1
            and game.settle is None and game.lift_off is None and game.max_run is None)


Portfolio = tuple[tuple[Strategy, int, float], ...]
#: The heuristic searches per draw count (strategy, pruning level, relative share of the nodes), run
#: side by side: each wins deals the others miss. Weighted A* wins the most hard deals, and draw 1
#: wants a greedier weight than draw 3. Each alone with 250,000 positions, on the deals of seeds
#: 301-1000 that the single draw-independent portfolio left unsolved at 150,000 (every other one):
#: draw 1 (43 deals): weight 1.5 won 1 (loose) and 3 (strict), 2.5 won 6, 3.5 won 8, 5.0 won 6, and
#: 3.5, 2.5 and 1.5 strict together 11; draw 3 (42 deals): 1.5 loose, 1.5 strict and 2.5 loose won 3
#: each, 6 different deals, so draw 3 keeps its three A* runs at equal shares. Depth-first and greedy
#: search still win a few deals that A* misses, quickly. Beam search alone at 15 s on the deals of seeds
#: 1-300 that the session-3 portfolio left unsolved at 5 s: draw 1 won 5 of 25 (3 in 1.4-1.6 s), draw 3
#: 6 of 28 (each in 0.5-1.3 s), among them draw 3 deal 213, which the portfolio without it missed in 30 s.
QUICK: Portfolio = (
    (search, LOOSE, 1.0),
    (best_first(greedy), LOOSE, 1.0),
    (search, STRICT, 1.0),
    (best_first(greedy), STRICT, 1.0),
)
PORTFOLIOS: dict[int, Portfolio] = {
    1: ((best_first(weighted(3.5)), LOOSE, 4.0),
        (best_first(weighted(2.5)), LOOSE, 3.0),
        (best_first(weighted(1.5)), STRICT, 2.0),
        (beam(), LOOSE, 4.0)) + QUICK,
    3: ((best_first(weighted(1.5)), LOOSE, 3.0),
        (best_first(weighted(1.5)), STRICT, 3.0),
        (best_first(weighted(2.5)), LOOSE, 3.0),
        (beam(), LOOSE, 3.0)) + QUICK,
}


def portfolio_for(draw: int) -> Portfolio:
    """The heuristic searches for a draw count: draw 1's for draw 1, draw 3's for every other (the
    stock hides cards, as with draw 3)."""
    return PORTFOLIOS[1] if draw == 1 else PORTFOLIOS[3]


#: Nodes per turn of the scheduler (times a run's share).
SLICE = 2000


def portfolio(start: Position, moves: Moves, limited: bool, budget: Budget, pruned_share: float) -> tuple[Outcome, list[Action]]:
    """Take turns between the :func:`portfolio_for` searches (``pruned_share`` of the nodes) and the sound
    depth-first search (the rest), each resumed where it stopped. A win from any of them ends it; so
    does the sound search exhausting its graph (a proof). A heuristic search that exhausts its own
    graph proves nothing and just drops out."""
    runs: list[tuple[Run, float, bool]] = []
    if pruned_share > 0:
        searches = portfolio_for(moves.talon.draw)
        total = sum(share for _, _, share in searches)
        runs = [(strategy(start, moves, limited, level), pruned_share * share / total, False) for strategy, level, share in searches]
    if pruned_share < 1:
        runs.append((search(start, moves, limited, SOUND), 1 - pruned_share, True))
    while runs:
        for entry in list(runs):
            run, share, sound = entry
            for _ in range(max(1, int(SLICE * share))):
                try:
                    next(run)
                except StopIteration as stop:
                    outcome, line = stop.value
                    if outcome is Outcome.SOLVED or sound:
                        return outcome, line
                    runs.remove(entry)
                    break
                if not budget.spend():
                    return Outcome.UNSOLVED, []
    return Outcome.UNSOLVED, []


def solve(engine: Engine, state: State, budget: Budget, pruned_share: float = 0.9) -> Solution | None:
    """Solve a Klondike position within ``budget`` (``pruned_share`` of its nodes for the heuristic
    searches, the rest for the sound one); None if the position is not one this solver models."""
    if not supported(engine):
        return None
    bridge = Bridge(engine)
    start = bridge.position(state)
    if start is None:
        return None
    began = time.perf_counter()
    rule = engine.game.stock_rule
    assert isinstance(rule, DrawToWaste)  # supported() checked it
    moves = Moves(Talon(rule.draw, rule.redeals))
    limited = rule.redeals is not None
    before = budget.used
    try:
        outcome, line = portfolio(start, moves, limited, budget, pruned_share)
    finally:
        clear_memos()
    if outcome is Outcome.UNWINNABLE and bridge.hidden_up:
        return None  # the model moved fewer cards than the rules allow: no proof (the generic search answers)
    result = bridge.moves(line, start) if outcome is Outcome.SOLVED else ()
    if outcome is Outcome.SOLVED and not bridge.replays(state, result):
        return None  # a bug here must not hand out an illegal line: let the generic search answer
    return Solution(outcome, result, budget.used - before, time.perf_counter() - began)
