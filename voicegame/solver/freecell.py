"""FreeCell's own solver: the fallback when Freecell Solver is not installed.

A compact position (cards as small ints, columns as tuples, free cells as a sorted tuple,
foundation heights) searched best first with a FreeCell heuristic, atomic moves plus
supermoves (a run moved as one command, as the engine allows it), cards that can never be
needed played up at once (as :func:`voicegame.solver.hooks.freecell_forced` argues), and a
closed set keyed with the columns sorted (which column holds what does not matter).

The heuristic counts what stands between the position and a win: cards not yet home (3 each),
cards lying on a card that must go up before them or out of sequence, and how deep the next card
of each suit lies; free cells and empty columns count for the position. It is not admissible,
so the search is not optimal, and it proves nothing when it runs out (only exhausting the whole
graph proves a deal lost, which the generic search does).
"""

from __future__ import annotations

import heapq
import itertools
import time

from voicegame.engine.cards import Card, Suit
from voicegame.engine import Engine, Move, MoveKind, PileKind, State
from voicegame.solver.core import Budget, Outcome, Solution

SUITS = list(Suit)
RED = frozenset(i for i, s in enumerate(SUITS) if s.colour.value == "red")

Column = tuple[int, ...]
Position = tuple[tuple[Column, ...], tuple[int, ...], tuple[int, int, int, int]]
"""(columns bottom first, free-cell cards sorted, foundation height per suit)."""
Key = tuple[tuple[Column, ...], tuple[int, ...], tuple[int, int, int, int]]
"""A position with its columns sorted: which column holds what does not matter."""
Step = tuple[str, int, int, int]
"""(kind, source, target, count): kind "cf" column to foundation, "xf" cell to foundation,
"cx" column to cell, "xc" cell to column, "cc" column to column; source/target are column
indices, or the card itself for a cell."""

CELLS = 4


def code(card: Card) -> int:
    return (card.rank - 1) * 4 + SUITS.index(card.suit)


def rank_of(c: int) -> int:
    return c // 4 + 1


def suit_of(c: int) -> int:
    return c % 4


def _fits(card: int, on: int) -> bool:
    return rank_of(on) == rank_of(card) + 1 and ((suit_of(card) in RED) != (suit_of(on) in RED))


FITS = [[_fits(card, on) for on in range(52)] for card in range(52)]
"""``FITS[card][on]``: ``card`` may go on ``on`` in a column (one rank lower, the other colour).
Tables, not calls: the search asks this about half a million times a second."""
RANK = [rank_of(c) for c in range(52)]
SUIT = [suit_of(c) for c in range(52)]


def run_length(col: Column) -> int:
    """Cards at the top of ``col`` that form a run (alternating colours, down by one)."""
    n = 1 if col else 0
    while n < len(col) and FITS[col[-n]][col[-n - 1]]:
        n += 1
    return n


def supermove_limit(free_cells: int, empty_columns: int, to_empty: bool) -> int:
    return (free_cells + 1) << (empty_columns - (1 if to_empty else 0))  # to_empty: one column is the target


def play(pos: Position, step: Step) -> Position:
    cols, cells, found = pos
    kind, src, dst, count = step
    columns = list(cols)
    cell_list = list(cells)
    heights = list(found)
    if kind == "cf":
        card = columns[src][-1]
        columns[src] = columns[src][:-1]
        heights[suit_of(card)] += 1
    elif kind == "xf":
        cell_list.remove(src)
        heights[suit_of(src)] += 1
    elif kind == "cx":
        cell_list.append(columns[src][-1])
        columns[src] = columns[src][:-1]
    elif kind == "xc":
        cell_list.remove(src)
        columns[dst] = columns[dst] + (src,)
    else:
        moving = columns[src][-count:]
        columns[src] = columns[src][:-count]
        columns[dst] = columns[dst] + moving
    return tuple(columns), tuple(sorted(cell_list)), (heights[0], heights[1], heights[2], heights[3])


BLACK_SUITS = tuple(s for s in range(4) if s not in RED)
RED_SUITS = tuple(sorted(RED))


def forced(pos: Position) -> Step | None:
    """A card that may safely go up now, from a cell or a column: nothing could ever need it on the
    table (aces and twos, or both foundations of the other colour hold its rank less one, so the
    cards that could sit on it are home; as :func:`voicegame.solver.hooks.freecell_forced` argues).
    Written out with tables: this runs after every move of the search."""
    cols, cells, found = pos
    under_red = min(found[s] for s in BLACK_SUITS)  # what a red card of rank r needs: r - 1 or more
    under_black = min(found[s] for s in RED_SUITS)
    for card in cells:
        r, suit = RANK[card], SUIT[card]
        if found[suit] == r - 1 and (r <= 2 or (under_red if suit in RED else under_black) >= r - 1):
            return ("xf", card, -1, 1)
    for i, col in enumerate(cols):
        if col:
            card = col[-1]
            r, suit = RANK[card], SUIT[card]
            if found[suit] == r - 1 and (r <= 2 or (under_red if suit in RED else under_black) >= r - 1):
                return ("cf", i, -1, 1)
    return None


def steps(pos: Position) -> list[Step]:
    """Every useful move of ``pos`` (moving a whole column to an empty one, or a card between
    cells, changes nothing that matters and is left out): cards home, cell cards to columns, then
    each column's moves."""
    cols, cells, found = pos
    out: list[Step] = []
    _home_steps(cols, cells, found, out)
    _cell_steps(cols, cells, out)
    _column_steps(cols, CELLS - len(cells), out)
    return out


def _home_steps(cols: tuple[Column, ...], cells: tuple[int, ...], found: tuple[int, int, int, int], out: list[Step]) -> None:
    """Cards that may go up: from the cells, then from the columns."""
    for card in cells:
        if found[SUIT[card]] == RANK[card] - 1:
            out.append(("xf", card, -1, 1))
    for i, col in enumerate(cols):
        if col and found[SUIT[col[-1]]] == RANK[col[-1]] - 1:
            out.append(("cf", i, -1, 1))


def _cell_steps(cols: tuple[Column, ...], cells: tuple[int, ...], out: list[Step]) -> None:
    """Each cell card onto the columns it fits and onto the first empty column."""
    for card in cells:
        done_empty = False
        for j, col in enumerate(cols):
            if not col:
                if not done_empty:
                    out.append(("xc", card, j, 1))
                    done_empty = True
            elif FITS[card][col[-1]]:
                out.append(("xc", card, j, 1))


def _column_steps(cols: tuple[Column, ...], free: int, out: list[Step]) -> None:
    """Each column's run (or part of it) onto the columns it fits, onto the first empty column
    (the longest part that may go, and its top card alone), and its top card to a free cell."""
    empty = sum(1 for c in cols if not c)
    limit = supermove_limit(free, empty, False)
    for i, col in enumerate(cols):
        if not col:
            continue
        run = run_length(col)
        top_rank = RANK[col[-1]]
        done_empty = False
        for j, target in enumerate(cols):
            if i == j:
                continue
            if target:
                n = RANK[target[-1]] - top_rank  # the card one rank below the target's is this far down
                if 1 <= n <= run and n <= limit and FITS[col[-n]][target[-1]]:
                    out.append(("cc", i, j, n))
            elif not done_empty:
                done_empty = True
                most = min(run, supermove_limit(free, empty, True))
                if most < len(col):  # the whole column to an empty one changes nothing
                    out.append(("cc", i, j, most))
                    if most > 1:
                        out.append(("cc", i, j, 1))
        if free:
            out.append(("cx", i, -1, 1))


def estimate(pos: Position) -> int:
    cols, cells, found = pos
    score = 3 * (52 - found[0] - found[1] - found[2] - found[3])
    wanted = {found[s] * 4 + s for s in range(4) if found[s] < 13}  # the next card of each suit
    empty = 0
    for col in cols:
        if not col:
            empty += 1
            continue
        lowest = 99
        below = -1
        height = len(col)
        for k, card in enumerate(col):
            r = RANK[card]
            if below >= 0 and not FITS[card][below]:
                score += 1  # out of sequence
            if r > lowest:
                score += 1  # lies on a lower card, which must leave first
            elif r < lowest:
                lowest = r
            if card in wanted:
                score += height - 1 - k  # cards above the next card of its suit
            below = card
    return score - (CELLS - len(cells)) - 2 * empty


def key(pos: Position) -> Key:
    return tuple(sorted(pos[0])), pos[1], pos[2]


def advance(pos: Position, step: Step) -> tuple[Position, list[Step]]:
    """``pos`` after ``step`` and every safe card going up after it; the steps taken."""
    taken = [step]
    pos = play(pos, step)
    while (up := forced(pos)) is not None:
        taken.append(up)
        pos = play(pos, up)
    return pos, taken


WEIGHT = 1.5
"""Each move made costs this much against the estimate. Microsoft deals 1-1000 at 12,000 positions
(about a second on one core): 0.5 solved 95%, 1.0 about 96%, 1.5 99.6% (median 90 moves), 3.0 fewer
again; lower weights search greedier and get lost in long lines."""


def search(start: Position, budget: Budget, weight: float = WEIGHT) -> tuple[Outcome, list[Step]]:
    """Best first from ``start``: SOLVED and the steps of a win; UNSOLVED when the budget runs out;
    UNWINNABLE when every position it generates was searched (which proves nothing: it leaves out
    moves, such as part of a run into an empty column, that a complete search would try)."""
    opening: list[Step] = []
    while (up := forced(start)) is not None:
        opening.append(up)
        start = play(start, up)
    counter = itertools.count()
    parents: dict[Key, tuple[Key | None, list[Step]]] = {key(start): (None, opening)}
    frontier: list[tuple[float, int, int, Position]] = [(estimate(start), next(counter), 0, start)]
    while frontier:
        _, _, g, pos = heapq.heappop(frontier)
        here = key(pos)
        if sum(pos[2]) == 52:
            return Outcome.SOLVED, _line(parents, here)
        if not budget.spend():
            return Outcome.UNSOLVED, []
        for step in steps(pos):
            child, taken = advance(pos, step)
            k = key(child)
            if k in parents:
                continue
            parents[k] = (here, taken)
            heapq.heappush(frontier, (estimate(child) + weight * (g + 1), next(counter), g + 1, child))
    return Outcome.UNWINNABLE, []


def _line(parents: dict[Key, tuple[Key | None, list[Step]]], at: Key) -> list[Step]:
    chunks = []
    node: Key | None = at
    while node is not None:
        parent, taken = parents[node]
        chunks.append(taken)
        node = parent
    return [step for chunk in reversed(chunks) for step in chunk]


class Bridge:
    """The engine's FreeCell piles as a compact position, and steps back as engine moves."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        game = engine.game
        self.columns = game.indices(PileKind.TABLEAU)
        self.cells = game.indices(PileKind.CELL)
        self.foundations = {SUITS.index(s): i for i in game.indices(PileKind.FOUNDATION)
                            if (s := engine.specs[i].suit) is not None}

    def position(self, state: State) -> Position | None:
        piles = state.piles
        if len(self.columns) != 8 or len(self.cells) != CELLS or len(self.foundations) != 4:
            return None
        found = tuple(len(piles[self.foundations[s]].cards) for s in range(4))
        cols = tuple(tuple(code(c) for c in piles[i].cards) for i in self.columns)
        cells = tuple(sorted(code(piles[i].cards[-1]) for i in self.cells if piles[i].cards))
        if sum(found) + sum(map(len, cols)) + len(cells) != 52:
            return None
        return cols, cells, (found[0], found[1], found[2], found[3])

    def moves(self, state: State, line: list[Step]) -> tuple[Move, ...] | None:
        """Engine moves of ``line`` from ``state``, each checked legal; None if one is not."""
        out = []
        for kind, src, dst, count in line:
            piles = state.piles
            if kind in ("xf", "xc"):
                source = next(i for i in self.cells if piles[i].cards and code(piles[i].cards[-1]) == src)
            else:
                source = self.columns[src]
            if kind in ("cf", "xf"):
                top = piles[source].cards[-1]
                target = self.foundations[SUITS.index(top.suit)]
            elif kind == "cx":
                target = next(i for i in self.cells if not piles[i].cards)
            else:
                target = self.columns[dst]
            move = Move(MoveKind.MOVE, source, target, count)
            if not self.engine.is_legal(state, move):
                return None
            out.append(move)
            state = self.engine.apply(state, move)[0]
        return tuple(out) if self.engine.is_won(state) else None


def supported(engine: Engine) -> bool:
    return engine.game.key == "freecell"


def solve(engine: Engine, state: State, budget: Budget) -> Solution | None:
    """FreeCell's own search within ``budget``; None for a position it does not model (the generic
    search answers), or a line the engine refuses (never handed out)."""
    if not supported(engine):
        return None
    bridge = Bridge(engine)
    start = bridge.position(state)
    if start is None:
        return None
    began, before = time.perf_counter(), budget.used
    outcome, line = search(start, budget)
    if outcome is Outcome.UNWINNABLE:
        return None  # not a proof: the generic (complete) search may give one
    moves: tuple[Move, ...] = ()
    if outcome is Outcome.SOLVED:
        found = bridge.moves(state, line)
        if found is None:
            return None
        moves = found
    return Solution(outcome, moves, budget.used - before, time.perf_counter() - began)
