"""The compact Klondike position of :mod:`voicegame.solver.klondike` and its move generator.

A card is a small int, ``(rank - 1) * 4 + suit``; a tableau column is a ``bytes`` whose first byte is
``64 + face-down count`` and whose other bytes are the cards, bottom first; the foundations are four
heights (``bytes``); stock and waste are one sequence, the *talon* (waste bottom to top, then the
stock from its top down), with ``pos`` = how many talon cards lie in the waste. Positions are
``(columns, heights, talon, pos, redeals)``. The pruning rules named here ("rule 3") are argued in
the docstring of :mod:`voicegame.solver.klondike`.
"""

from __future__ import annotations

from typing import Iterator

from voicegame.cards import Suit

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
    for the win-finding searches only) a run moves between columns only to turn a card over, to empty a column (STRICT:
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


# ----- a lower bound on the moves left (the A* heuristic) ----------------------------------------------
_COST: dict[bytes, tuple[int, int]] = {}


def column_cost(col: bytes) -> tuple[int, int]:
    """(face-down cards, *blockers*) of a column, memoised. A blocker is a face-down card, or the
    lowest face-up one, that lies over a lower card of its own suit: that card can only come out
    from under it once it has left the column to somewhere else than its foundation, so every
    blocker costs one table move more than its foundation move. Two blockers never leave in one
    move: a face-down card turns up only once everything above it has gone."""
    hit = _COST.get(col)
    if hit is None:
        if len(_COST) > 500_000:
            _COST.clear()
        down = col[0] - 64
        fixed = col[1 : down + 2]
        blockers = sum(1 for i, card in enumerate(fixed) if any(SUIT[b] == SUIT[card] and b < card for b in fixed[:i]))
        hit = _COST[col] = (down, blockers)
    return hit


def moves_left(position: Position, draw: int, down_weight: float = 0.0) -> float:
    """A lower bound on the engine moves still needed: one per card not home, the draws that show
    the rest of the stock, one per blocker (:func:`column_cost`); after KSolve's MinimumMovesLeft.
    ``down_weight`` per face-down card on top makes it a (no longer admissible) search estimate."""
    cols, heights, talon, pos = position[0], position[1], position[2], position[3]
    n = 52 - sum(heights) + (len(talon) - pos + draw - 1) // draw
    down = 0
    for col in cols:
        d, b = column_cost(col)
        down += d
        n += b
    return n + down_weight * down


def action_cost(action: Action) -> int:
    """Engine moves an action stands for (draws included)."""
    return action[1] + 1 if action[0] == WASTE else 1
