"""A fast thoughtful solver for Klondike (it sees face-down cards), plugged in as a solver hook.

The generic search steps through engine states (about 10,000 positions a second); this one
works on a compact position and is several times faster:

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

Search, in two passes like :func:`voicegame.solver.thoughtful.solve`, both with a transposition
table on the canonical key and safe cards played up without branching:

- a heuristically pruned pass (:class:`Moves` says what it skips) that finds most wins fast. It
  takes turns between depth-first and greedy best-first search at two pruning levels, restarting
  each with four times the nodes every round (:data:`PORTFOLIO`): the four get stuck on different
  deals, and the restarts cost at most a constant factor. By default it gets 3/4 of the budget;
- a sound depth-first pass with the rest, which alone may prove a deal unwinnable. It leaves
  out only moves covered by the rules below, each with its argument:

1. *Draws only right before a waste play (K+).* Draws touch only stock and waste and commute
   with every other move; a winning line can therefore be reordered so that each run of draws
   directly precedes the waste play it serves, and draws followed by no waste play can be
   dropped (a won position has an empty stock and waste anyway).
2. *Each stock position once, with the fewest redeals.* When passes are limited, reaching the
   same waste position with more redeals used is never better: every line from it is legal from
   the position that has more redeals left.
3. *Safe cards go up without branching* (:func:`safe_card`): a table card of rank r whose
   foundation wants it, when every card of rank below r-1, and the other colour's r-1s, are on
   the foundations. The only cards that could ever lie on it are those foundation cards, and
   they can only ever seat each other; so in any winning line, deleting the moves of those
   cards (and of this one) leaves a legal line from the position with this card home, which
   ends won. Aces and twos always go: nothing lies on an ace, and a two can seat only an ace,
   which has its own free foundation.
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
from typing import Callable, Iterator

from voicegame.cards import Suit
from voicegame.engine import Engine, IllegalMove, Move, MoveKind, PileKind, State
from voicegame.engine.stock import DrawToWaste
from voicegame.solver.core import Budget, Outcome, Solution

SUITS = tuple(Suit)
RANK = tuple(c // 4 + 1 for c in range(52))
SUIT = tuple(c % 4 for c in range(52))
RED = tuple(SUITS[c % 4].colour is SUITS[1].colour for c in range(52))
OTHER_COLOUR = tuple(tuple(t for t in range(4) if RED[t] != RED[s]) for s in range(4))
PARTNER = tuple(next(t for t in range(4) if t != s and RED[t] == RED[s]) for s in range(4))
#: The two cards a card may lie on in the table (rank one higher, other colour); () for kings.
PARENTS = tuple(tuple((RANK[c]) * 4 + t for t in OTHER_COLOUR[SUIT[c]]) if RANK[c] < 13 else () for c in range(52))
KING = 13
WON = bytes((13, 13, 13, 13))
EMPTY = bytes((64,))

# Actions (internal): (TO_FOUNDATION, column) | (TABLE, src, dst, count) | (WASTE, draws, pos, dst, redeals)
# with dst -1 for the foundation | (BACK, suit, dst column). Positions: (columns, heights, talon, pos, redeals).
TO_FOUNDATION, TABLE, WASTE, BACK = 0, 1, 2, 3
#: Pruning levels: SOUND (rules 1-5 only), LOOSE and STRICT (heuristic, see :class:`Moves`).
SOUND, LOOSE, STRICT = 0, 1, 2
Position = tuple
Action = tuple


def card_code(card) -> int:
    return (int(card.rank) - 1) * 4 + SUITS.index(card.suit)


# ----- position arithmetic ---------------------------------------------------------------------------
def shrink(col: bytes, n: int) -> bytes:
    """``col`` without its top ``n`` cards, the new top turned face up."""
    new = col[:-n]
    size = len(new) - 1
    if not size:
        return EMPTY
    if new[0] - 64 >= size:
        return bytes((63 + size,)) + new[1:]
    return new


def raise_height(heights: bytes, suit: int, by: int) -> bytes:
    return heights[:suit] + bytes((heights[suit] + by,)) + heights[suit + 1 :]


def replace(cols: tuple, changes: dict[int, bytes]) -> tuple:
    out = list(cols)
    for i, col in changes.items():
        out[i] = col
    return tuple(out)


def play(position: Position, action: Action) -> Position:
    """The position after ``action`` (known to be legal)."""
    cols, heights, talon, pos, redeals = position
    kind = action[0]
    if kind == TO_FOUNDATION:
        col = cols[action[1]]
        return replace(cols, {action[1]: shrink(col, 1)}), raise_height(heights, SUIT[col[-1]], 1), talon, pos, redeals
    if kind == TABLE:
        _, src, dst, n = action
        return replace(cols, {src: shrink(cols[src], n), dst: cols[dst] + cols[src][-n:]}), heights, talon, pos, redeals
    if kind == WASTE:
        _, _, at, dst, redeals = action
        card = talon[at - 1]
        talon = talon[: at - 1] + talon[at:]
        if dst < 0:
            return cols, raise_height(heights, SUIT[card], 1), talon, at - 1, redeals
        return replace(cols, {dst: cols[dst] + bytes((card,))}), heights, talon, at - 1, redeals
    _, suit, dst = action
    card = (heights[suit] - 1) * 4 + suit
    return replace(cols, {dst: cols[dst] + bytes((card,))}), raise_height(heights, suit, -1), talon, pos, redeals


def safe_card(heights: bytes, card: int) -> bool:
    """Rule 3 of the module docstring: ``card`` may go up and no card could ever need it."""
    rank, suit = RANK[card], SUIT[card]
    if heights[suit] != rank - 1:
        return False
    if rank <= 2:
        return True
    a, b = OTHER_COLOUR[suit]
    return heights[a] >= rank - 1 and heights[b] >= rank - 1 and heights[PARTNER[suit]] >= rank - 2


_SAFE: dict[bytes, frozenset[int]] = {}


def safe_next(heights: bytes) -> frozenset[int]:
    """The cards that rule 3 would send up next (memoised per foundation heights)."""
    hit = _SAFE.get(heights)
    if hit is None:
        hit = _SAFE[heights] = frozenset(c for c in (h * 4 + s for s, h in enumerate(heights) if h < 13) if safe_card(heights, c))
    return hit


def forced(position: Position) -> Action | None:
    """A table card that rule 3 sends up, if any."""
    ready = safe_next(position[1])
    if ready:
        for i, col in enumerate(position[0]):
            if len(col) > 1 and col[-1] in ready and col[0] - 64 < len(col) - 1:
                return (TO_FOUNDATION, i)
    return None


def key_of(position: Position, limited: bool) -> bytes:
    """Canonical key: columns sorted (each starts with its face-down byte >= 64, cards are < 64, so
    the join is unambiguous), heights, waste position, redeals only when they are limited."""
    cols, heights, _, pos, redeals = position
    return b"".join(sorted(cols)) + heights + bytes((pos, redeals if limited else 0))


_RUNS: dict[bytes, int] = {}


def run_length(col: bytes) -> int:
    """How many face-up cards on top of ``col`` form one alternating run (0 if none); memoised,
    columns recur a great deal."""
    n = _RUNS.get(col)
    if n is None:
        if len(_RUNS) > 500_000:
            _RUNS.clear()
        n = _RUNS[col] = _run_length(col)
    return n


def _run_length(col: bytes) -> int:
    up = len(col) - 1 - (col[0] - 64)
    if up <= 0:
        return 0
    n = 1
    while n < up:
        under, over = col[-n - 1], col[-n]
        if RANK[under] != RANK[over] + 1 or RED[under] == RED[over]:
            break
        n += 1
    return n


class Talon:
    """Where the waste can be brought by draws (rules 1 and 2), cached per (pos, length, redeals used)."""

    def __init__(self, draw: int, redeals: int | None) -> None:
        self.draw, self.redeals = draw, redeals
        self._cache: dict[tuple[int, int, int], tuple[tuple[int, int, int], ...]] = {}

    def stops(self, pos: int, length: int, used: int) -> tuple[tuple[int, int, int], ...]:
        """(draws, pos after them, redeals used after them) for each waste position, first reach only."""
        key = (pos, length, used)
        hit = self._cache.get(key)
        if hit is None:
            hit = self._cache[key] = tuple(self._walk(pos, length, used))
        return hit

    def _walk(self, pos: int, length: int, used: int) -> Iterator[tuple[int, int, int]]:
        left = 2 if self.redeals is None else min(2, self.redeals - used)
        seen = {pos}
        if pos:
            yield 0, pos, used
        draws = 0
        while True:
            draws += 1
            if pos < length:
                pos = min(pos + self.draw, length)
            elif length and left > 0:
                pos, left, used = 0, left - 1, used + 1
                continue
            else:
                return
            if pos not in seen:
                seen.add(pos)
                yield draws, pos, used


# ----- move generation -----------------------------------------------------------------------------
class Moves:
    """Actions of a position, ordered best first. With a pruning level (LOOSE or STRICT, heuristic:
    first pass only) a run moves between columns only to turn a card over, to empty a column (STRICT:
    only while a king lies on face-down cards), or to uncover a card that goes up at once; and a card
    comes back from a foundation only when a waste card or a column's run could go onto it."""

    def __init__(self, talon: Talon) -> None:
        self.talon = talon

    def __call__(self, position: Position, level: int) -> list[Action]:
        cols, heights, talon, pos, redeals = position
        scored: list[tuple[float, Action]] = []
        seats: dict[int, int] = {}
        empty = -1
        for i, col in enumerate(cols):
            if len(col) == 1:
                if empty < 0:
                    empty = i
            elif col[0] - 64 < len(col) - 1:
                seats[col[-1]] = i
        waste = [(d, at, r, talon[at - 1]) for d, at, r in self.talon.stops(pos, len(talon), redeals)]
        king_waiting = level == STRICT and any(c[0] > 64 and RANK[c[-run_length(c)]] == KING for c in cols if run_length(c))
        for i, col in enumerate(cols):
            self._table(scored, i, col, heights, seats, empty, level, king_waiting)
        for draws, at, used, card in waste:
            if heights[SUIT[card]] == RANK[card] - 1:
                scored.append((3.0 + draws / 100, (WASTE, draws, at, -1, used)))
            for dst in seats_for(card, seats, empty):
                scored.append((4.0 + draws / 100, (WASTE, draws, at, dst, used)))
        for suit in range(4):
            h = heights[suit]
            if not h:
                continue
            card = (h - 1) * 4 + suit
            if safe_card(raise_height(heights, suit, -1), card) or (level and not useful_back(card, cols, waste)):
                continue
            for dst in seats_for(card, seats, empty):
                scored.append((7.0, (BACK, suit, dst)))
        scored.sort(key=lambda pair: pair[0])
        return [a for _, a in scored]

    @staticmethod
    def _table(scored: list, i: int, col: bytes, heights: bytes, seats: dict[int, int], empty: int, level: int, king_waiting: bool) -> None:
        run = run_length(col)
        if not run:
            return
        down = col[0] - 64
        up = len(col) - 1 - down
        top = col[-1]
        if heights[SUIT[top]] == RANK[top] - 1:
            scored.append(((1.0 if up == 1 and down else 2.5 if up == 1 else 3.5), (TO_FOUNDATION, i)))
        for n in range(1, run + 1):
            base = col[-n]
            if RANK[base] == KING:
                if empty < 0 or n == len(col) - 1:
                    continue  # rule 5: a king alone in its column stays there
                targets = [empty]
            else:
                targets = [seats[p] for p in PARENTS[base] if p in seats]
                if not targets:
                    continue
            if n == up:
                if level == STRICT and not down and not king_waiting:
                    continue
                score = 2.0 - down / 100 if down else 5.0
            else:
                under = col[-n - 1]
                goes_up = heights[SUIT[under]] == RANK[under] - 1
                if level and not goes_up:
                    continue
                score = 5.5 if goes_up else 8.0
            for dst in targets:
                scored.append((score, (TABLE, i, dst, n)))


def seats_for(card: int, seats: dict[int, int], empty: int) -> list[int]:
    """The columns ``card`` may go on: a seat of the other colour one rank up, or the first empty column for a king."""
    if RANK[card] == KING:
        return [empty] if empty >= 0 else []
    return [seats[p] for p in PARENTS[card] if p in seats]


def useful_back(card: int, cols: tuple, waste: list) -> bool:
    """A waste card or a column's run could go onto ``card``."""
    for _, _, _, c in waste:
        if card in PARENTS[c]:
            return True
    for col in cols:
        n = run_length(col)
        if n and card in PARENTS[col[-n]]:
            return True
    return False


# ----- search --------------------------------------------------------------------------------------------
def with_forced(position: Position, line: list[Action]) -> Position:
    """Play safe cards up (rule 3) until none is left, appending them to ``line``."""
    while True:
        action = forced(position)
        if action is None:
            return position
        line.append(action)
        position = play(position, action)


def search(start: Position, moves: Moves, limited: bool, budget: Budget, level: int) -> tuple[Outcome, list[Action]]:
    """Depth first with a transposition table. UNWINNABLE means the graph at this pruning ``level``
    is exhausted: a proof only at level SOUND."""
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
        if not budget.spend():
            return Outcome.UNSOLVED, []
        path.append(step)
        stack.append((after, moves(after, level), 0))
    return Outcome.UNWINNABLE, []  # exhausted: a proof only at level SOUND


def score(position: Position) -> float:
    """Greedy best-first order, lower first: face-down cards weigh most, then cards not home."""
    cols, heights, talon = position[0], position[1], position[2]
    down = 0
    for col in cols:
        down += col[0] - 64
    return WEIGHT_DOWN * down - sum(heights) + WEIGHT_TALON * len(talon)


#: Tuned on deals 1-200: heavier face-down weights drive the greedy search into dead ends.
WEIGHT_DOWN, WEIGHT_TALON = 1.0, 0.2


def best_first(start: Position, moves: Moves, limited: bool, budget: Budget, level: int) -> tuple[Outcome, list[Action]]:
    """Greedy best-first by :func:`score` (ties: the newest first), with parent links for the line;
    UNWINNABLE as in :func:`search`."""
    head: list[Action] = []
    start = with_forced(start, head)
    if start[1] == WON:
        return Outcome.SOLVED, head
    first = key_of(start, limited)
    parents: dict[bytes, tuple[bytes | None, list[Action]]] = {first: (None, head)}
    heap = [(score(start), 0, start, first)]
    count = 0
    while heap:
        _, _, position, key = heapq.heappop(heap)
        for action in moves(position, level):
            step = [action]
            after = with_forced(play(position, action), step)
            child = key_of(after, limited)
            if child in parents:
                continue
            parents[child] = (key, step)
            if after[1] == WON:
                return Outcome.SOLVED, _line(parents, child)
            if not budget.spend():
                return Outcome.UNSOLVED, []
            count -= 1
            heapq.heappush(heap, (score(after), count, after, child))
    return Outcome.UNWINNABLE, []  # exhausted: a proof only at level SOUND


def _line(parents: dict, key: bytes | None) -> list[Action]:
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

    def position(self, state: State) -> Position | None:
        """The compact position, or None for one this solver does not model (not 52 distinct cards,
        a foundation out of order)."""
        piles = state.piles
        seen: set[int] = set()
        heights = []
        for s, f in enumerate(self.foundation):
            cards = piles[f].cards
            if any(card_code(c) != r * 4 + s for r, c in enumerate(cards)):
                return None
            heights.append(len(cards))
            seen.update(card_code(c) for c in cards)
        cols = []
        for t in self.tableau:
            pile = piles[t]
            codes = bytes(card_code(c) for c in pile.cards)
            seen.update(codes)
            cols.append(bytes((64 + min(pile.down, len(codes)),)) + codes)
        talon = bytes(card_code(c) for c in (*piles[self.waste].cards, *reversed(piles[self.stock].cards)))
        seen.update(talon)
        total = sum(len(p.cards) for p in piles)
        if total != 52 or len(seen) != 52:
            return None
        return tuple(cols), bytes(heights), talon, len(piles[self.waste].cards), state.redeals

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


def supported(engine: Engine) -> bool:
    """One-deck Klondike with a draw-to-waste stock and no game hooks that this model leaves out."""
    game = engine.game
    rule = game.stock_rule
    return (game.key == "klondike" and isinstance(rule, DrawToWaste) and rule.waste_limit is None
            and (rule.redeals is None or rule.redeals < 200) and game.decks == 1
            and game.settle is None and game.lift_off is None and game.max_run is None)


Strategy = Callable[[Position, Moves, bool, Budget, int], "tuple[Outcome, list[Action]]"]
#: The pruned pass takes turns with these (search, pruning level), each with a node allowance that
#: grows by ROUND_GROWTH a round: they get stuck on different deals, and restarting costs little.
PORTFOLIO: tuple[tuple[Strategy, int], ...] = ((search, LOOSE), (best_first, LOOSE), (search, STRICT), (best_first, STRICT))
FIRST_ROUND, ROUND_GROWTH = 4000, 4


def pruned_pass(start: Position, moves: Moves, limited: bool, budget: Budget) -> tuple[Outcome, list[Action], int]:
    """The heuristic pass in rounds: (SOLVED, line, nodes) or (UNSOLVED, [], nodes) when the budget is
    gone or every pruned graph is exhausted (which proves nothing)."""
    allowance, nodes = FIRST_ROUND, 0
    exhausted: set[int] = set()
    while True:
        for strategy, level in PORTFOLIO:
            if level in exhausted:
                continue
            seconds = None if budget.seconds is None else budget.seconds - budget.elapsed()
            cap = allowance if budget.nodes is None else min(allowance, budget.nodes - nodes)
            if (seconds is not None and seconds <= 0) or cap <= 0:
                return Outcome.UNSOLVED, [], nodes
            part = Budget(seconds, cap)
            outcome, line = strategy(start, moves, limited, part, level)
            nodes += part.used
            if outcome is Outcome.SOLVED:
                return outcome, line, nodes
            if outcome is Outcome.UNWINNABLE:  # this pruned graph is exhausted: more rounds find nothing there
                exhausted.add(level)
        if len(exhausted) == len({level for _, level in PORTFOLIO}):
            return Outcome.UNSOLVED, [], nodes
        allowance *= ROUND_GROWTH


def solve(engine: Engine, state: State, budget: Budget, pruned_share: float = 0.75) -> Solution | None:
    """Solve a Klondike position within ``budget`` (``pruned_share`` of it for the heuristic pass,
    the rest for the sound one); None if the position is not one this solver models."""
    if not supported(engine):
        return None
    bridge = Bridge(engine)
    start = bridge.position(state)
    if start is None:
        return None
    began = time.perf_counter()
    rule: DrawToWaste = engine.game.stock_rule  # type: ignore[assignment]
    moves = Moves(Talon(rule.draw, rule.redeals))
    limited = rule.redeals is not None
    first = Budget(budget.seconds and budget.seconds * pruned_share, budget.nodes and int(budget.nodes * pruned_share))
    outcome, line, nodes = pruned_pass(start, moves, limited, first)
    if outcome is not Outcome.SOLVED:
        rest = Budget(budget.seconds and max(0.0, budget.seconds - (time.perf_counter() - began)),
                      budget.nodes and budget.nodes - nodes)
        outcome, line = search(start, moves, limited, rest, SOUND)
        nodes += rest.used
    budget.used += nodes
    result = bridge.moves(line, start) if outcome is Outcome.SOLVED else ()
    if outcome is Outcome.SOLVED and not bridge.replays(state, result):
        return None  # a bug here must not hand out an illegal line: let the generic search answer
    return Solution(outcome, result, nodes, time.perf_counter() - began)
