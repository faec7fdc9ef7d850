"""The compact Klondike position of :mod:`voicegame.solver.klondike` and its move generator.

A card is a small int, ``(rank - 1) * 4 + suit``; a tableau column is a ``bytes`` whose first byte is
``64 + face-down count`` and whose other bytes are the cards, bottom first; the foundations are four
heights (``bytes``); stock and waste are one sequence, the *talon* (waste bottom to top, then the
stock from its top down), with ``pos`` = how many talon cards lie in the waste. Positions are
``(columns, heights, talon, pos, redeals)``. The pruning rules named here ("rule 3") are argued in
the docstring of :mod:`voicegame.solver.klondike`.
"""

from __future__ import annotations

from typing import Callable, Iterator

from voicegame.engine.cards import Card, Suit

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
Position = tuple[tuple[bytes, ...], bytes, bytes, int, int]
Action = tuple[int, ...]
#: A run entry of :func:`column_info`: (n, base, under, parents).
RunEntry = tuple[int, int, int, tuple[int, ...]]
#: :func:`column_info` of a column: (face-down count, face-up count, run entries, king waiting).
ColumnInfo = tuple[int, int, tuple[RunEntry, ...], bool]


def card_code(card: Card) -> int:
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


def replace(cols: tuple[bytes, ...], i: int, col: bytes) -> tuple[bytes, ...]:
    out = list(cols)
    out[i] = col
    return tuple(out)


def play(position: Position, action: Action) -> Position:
    """The position after ``action`` (known to be legal)."""
    cols, heights, talon, pos, redeals = position
    kind = action[0]
    if kind == TO_FOUNDATION:
        col = cols[action[1]]
        return replace(cols, action[1], shrink(col, 1)), raise_height(heights, col[-1] & 3, 1), talon, pos, redeals
    if kind == TABLE:
        _, src, dst, n = action
        out = list(cols)
        col = cols[src]
        out[src] = shrink(col, n)
        out[dst] = cols[dst] + col[-n:]
        return tuple(out), heights, talon, pos, redeals
    if kind == WASTE:
        _, _, at, dst, redeals = action
        card = talon[at - 1]
        talon = talon[: at - 1] + talon[at:]
        if dst < 0:
            return cols, raise_height(heights, SUIT[card], 1), talon, at - 1, redeals
        return replace(cols, dst, cols[dst] + bytes((card,))), heights, talon, at - 1, redeals
    _, suit, dst = action
    card = (heights[suit] - 1) * 4 + suit
    return replace(cols, dst, cols[dst] + bytes((card,))), raise_height(heights, suit, -1), talon, pos, redeals


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
    heights = position[1]
    ready = _SAFE.get(heights)
    if ready is None:
        ready = safe_next(heights)
    if ready:
        for i, col in enumerate(position[0]):
            if col[-1] in ready and len(col) > 1 and col[0] - 64 < len(col) - 1:
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
    comes back from a foundation only when a waste card or a column's run could go onto it.

    This is the inner loop of every search (about half the time), so it is written flat: per-column
    facts come from :func:`column_info` (memoised), "goes up" is ``heights[card & 3] == card >> 2``,
    and a king is a card >= 48."""

    def __init__(self, talon: Talon) -> None:
        self.talon = talon

    def __call__(self, position: Position, level: int) -> list[Action]:
        """Each column's top card home and its runs onto other columns, then the waste cards the
        stock can bring up, then cards back from the foundations; best first (ties: in that order)."""
        cols, heights, talon, pos, redeals = position
        seats, empty, infos = _seats(cols)
        scored: list[tuple[float, Action]] = []
        stops = self.talon.stops(pos, len(talon), redeals)
        # STRICT: a whole face-up part on no face-down cards stays, unless a king waits for a column
        bare_runs_stay = level == STRICT and not any(info[3] for info in infos)
        add = scored.append
        for i, (down, up, entries, _) in enumerate(infos):
            if not entries:
                continue
            top = cols[i][-1]
            if heights[top & 3] == top >> 2:
                add((_home_score(up, down), (TO_FOUNDATION, i)))
            _run_actions(i, down, entries, heights, seats, empty, level, bare_runs_stay, add)
        _waste_actions(talon, stops, heights, seats, empty, add)
        _back_actions(heights, infos, talon, stops, seats, empty, level, add)
        scored.sort(key=_first)
        return [a for _, a in scored]


def _home_score(up: int, down: int) -> float:
    """A column's top card home: best when it turns a card over, then when it empties the column."""
    if up == 1:
        return 1.0 if down else 2.5
    return 3.5


def _run_actions(i: int, down: int, entries: tuple[RunEntry, ...], heights: bytes, seats: dict[int, int], empty: int,
                 level: int, bare_runs_stay: bool, add: Callable[[tuple[float, Action]], None]) -> None:
    """The top n cards of column ``i`` onto another column, for each run entry, scored: a move that
    turns a card over best, then one that uncovers a card that goes up, emptying a column, and
    (without pruning) any other."""
    for n, base, under, parents in entries:
        if under < 0:  # the whole face-up part moves
            if bare_runs_stay and not down:
                continue
            score = 2.0 - down / 100 if down else 5.0
        elif heights[under & 3] == under >> 2:  # it uncovers a card that goes up
            score = 5.5
        elif level:
            continue
        else:
            score = 8.0
        if parents:
            dst = seats.get(parents[0])
            if dst is not None:
                add((score, (TABLE, i, dst, n)))
            dst = seats.get(parents[1])
            if dst is not None:
                add((score, (TABLE, i, dst, n)))
        elif empty >= 0 and (down or under >= 0):  # rule 5: a king alone in its column stays there
            add((score, (TABLE, i, empty, n)))


def _waste_actions(talon: bytes, stops: tuple[tuple[int, int, int], ...], heights: bytes, seats: dict[int, int], empty: int,
                   add: Callable[[tuple[float, Action]], None]) -> None:
    """Each waste card the stock can bring up (after ``draws`` draws) home, and onto a column."""
    for draws, at, used in stops:
        card = talon[at - 1]
        if heights[card & 3] == card >> 2:
            add((3.0 + draws / 100, (WASTE, draws, at, -1, used)))
        if card >= 48:
            if empty >= 0:
                add((4.0 + draws / 100, (WASTE, draws, at, empty, used)))
            continue
        a, b = PARENTS[card]
        dst = seats.get(a)
        if dst is not None:
            add((4.0 + draws / 100, (WASTE, draws, at, dst, used)))
        dst = seats.get(b)
        if dst is not None:
            add((4.0 + draws / 100, (WASTE, draws, at, dst, used)))


def _back_actions(heights: bytes, infos: list[ColumnInfo], talon: bytes, stops: tuple[tuple[int, int, int], ...],
                  seats: dict[int, int], empty: int, level: int, add: Callable[[tuple[float, Action]], None]) -> None:
    """Cards back from the foundations onto the columns (pruned: only when something could then go on them)."""
    for suit, card in back_candidates(heights):
        if level and not useful_back(card, infos, talon, stops):
            continue
        for dst in seats_for(card, seats, empty):
            add((7.0, (BACK, suit, dst)))


def _first(pair: tuple[float, Action]) -> float:
    return pair[0]


def _seats(cols: tuple[bytes, ...]) -> tuple[dict[int, int], int, list[ColumnInfo]]:
    """The face-up top cards (card -> column), the first empty column (-1: none), and the
    :func:`column_info` of every column."""
    seats: dict[int, int] = {}
    empty = -1
    infos = []
    for i, col in enumerate(cols):
        info = _INFO.get(col)
        if info is None:
            info = column_info(col)
        infos.append(info)
        if len(col) == 1:
            if empty < 0:
                empty = i
        elif info[1]:
            seats[col[-1]] = i
    return seats, empty, infos


_INFO: dict[bytes, ColumnInfo] = {}


def column_info(col: bytes) -> ColumnInfo:
    """(face-down count, face-up count, run entries, a king heads the run over face-down cards) of a
    column, memoised (columns recur a great deal). A run entry ``(n, base, under, parents)`` is the
    move of the top ``n`` cards: ``base`` is the lowest card moved, ``under`` the card it uncovers
    (-1 when the whole face-up part moves), ``parents`` the cards ``base`` may go on (() for a king)."""
    if len(_INFO) > 500_000:
        _INFO.clear()
    down = col[0] - 64
    up = len(col) - 1 - down
    run = run_length(col)
    entries = tuple((n, col[-n], col[-n - 1] if n < up else -1, PARENTS[col[-n]]) for n in range(1, run + 1))
    king_waiting = bool(run) and down > 0 and col[-run] >= 48
    info = _INFO[col] = (down, up, entries, king_waiting)
    return info


def seats_for(card: int, seats: dict[int, int], empty: int) -> list[int]:
    """The columns ``card`` may go on: a seat of the other colour one rank up, or the first empty column for a king."""
    if card >= 48:
        return [empty] if empty >= 0 else []
    return [seats[p] for p in PARENTS[card] if p in seats]


_BACK: dict[bytes, tuple[tuple[int, int], ...]] = {}


def clear_memos() -> None:
    """Forget the memoised column facts, safe cards and foundation cards: :data:`_INFO` may hold
    500,000 columns (about 150 MB), which a long-running game or kiosk should not keep after a solve."""
    _INFO.clear()
    _SAFE.clear()
    _BACK.clear()


def back_candidates(heights: bytes) -> tuple[tuple[int, int], ...]:
    """(suit, card) of the foundation top cards that may come back down (rule 4: not a safe one), memoised."""
    hit = _BACK.get(heights)
    if hit is None:
        hit = _BACK[heights] = tuple(
            (suit, (h - 1) * 4 + suit) for suit, h in enumerate(heights)
            if h and not safe_card(raise_height(heights, suit, -1), (h - 1) * 4 + suit))
    return hit


def useful_back(card: int, infos: list[ColumnInfo], talon: bytes, stops: tuple[tuple[int, int, int], ...]) -> bool:
    """A waste card or a column's run could go onto ``card``."""
    for _, at, _ in stops:
        if card in PARENTS[talon[at - 1]]:
            return True
    for info in infos:
        entries = info[2]
        if entries and card in entries[-1][3]:
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
        hit = _COST.get(col)
        d, b = column_cost(col) if hit is None else hit
        down += d
        n += b
    return n + down_weight * down


def action_cost(action: Action) -> int:
    """Engine moves an action stands for (draws included)."""
    return action[1] + 1 if action[0] == WASTE else 1
