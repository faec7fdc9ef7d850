"""Search hooks of games played along a line or into sets: Diamond Mine, Accordion, First Law,
Valentine, Fortunes and Poker (the engine vocabulary they share is tested in
tests/test_engine_vocabulary_lines_and_sets.py)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from voicegame.engine import Engine, Layout, Move, MoveKind, PileKind, State
from voicegame.engine.cards import Card
from voicegame.solver.core import Action, Budget, Outcome, PositionKey, Positions, Solution
from voicegame.solver.hook_base import SolverHooks, generic_priority
from voicegame.solver.hooks_removal_and_waste import without_discards_key


# ----- Diamond Mine ----------------------------------------------------------------------------------
def diamond_home_forced(positions: Positions, state: State) -> Move | None:
    """A diamond that fits on the foundation once the foundation is started. Sound: a diamond in the
    tableau can never move but home and nothing may go on it, so it only blocks the cards under it;
    and once the foundation has a card, the next diamond has no other place."""
    engine = positions.engine
    if not state.piles[positions.foundations[0]].cards:
        return None
    for move in engine.legal_moves(state):
        if move.kind is MoveKind.MOVE and move.dst in positions.foundations:
            return move
    return None


def tableau_sorted_key(positions: Positions, state: State) -> PositionKey:
    """The tableau piles are all alike (their one hook, diamonds kept out, does not depend on where a
    pile lies), so which pile holds what does not matter: searched once."""
    engine = positions.engine
    tableau = engine.game.indices(PileKind.TABLEAU)
    piles = state.piles
    rest = tuple((piles[i].down, *map(id, piles[i].cards)) for i in range(len(piles)) if i not in tableau)
    return (rest, tuple(sorted((piles[i].down, *map(id, piles[i].cards)) for i in tableau)))


def in_suit_priority(positions: Positions, state: State, action: Action) -> float:
    """Home first; then moves that uncover a face-down card; then a card onto its own suit's next
    rank up; then the rest, moves into an empty pile and moves that break a suit run last."""
    move = action[-1]
    if move.kind is not MoveKind.MOVE:
        return 9.0
    engine = positions.engine
    if engine.specs[move.dst].kind is PileKind.FOUNDATION:
        return 0.0
    src = state.piles[move.src]
    base = src.cards[-move.count]
    under = src.cards[-move.count - 1] if move.count < len(src.cards) else None
    target = state.piles[move.dst].top
    breaks = under is not None and len(src.cards) - move.count >= src.down + 1 and under.suit is base.suit and under.rank == base.rank + 1
    if move.count == src.up_count and src.down:
        return 1.0 - src.down / 100
    if target is not None and target.suit is base.suit:
        return 2.0 + (3.0 if breaks else 0.0)
    if target is None:
        return 7.0 if under is not None else 8.0
    return 4.0 + (3.0 if breaks else 0.0)


def in_suit_prune(positions: Positions, state: State, action: Action) -> bool:
    """First pass only (unsound): skip moves that break a run in suit without uncovering a card, and a
    whole pile moved into an empty one."""
    move = action[-1]
    if move.kind is not MoveKind.MOVE or positions.engine.specs[move.dst].kind is PileKind.FOUNDATION:
        return False
    src = state.piles[move.src]
    if move.count == len(src.cards) and not state.piles[move.dst].cards:
        return True
    if move.count < src.up_count:
        base, under = src.cards[-move.count], src.cards[-move.count - 1]
        return under.suit is base.suit and under.rank == base.rank + 1
    return False


DIAMOND_MINE = SolverHooks(forced=diamond_home_forced, priority=in_suit_priority, prune=in_suit_prune, key=tableau_sorted_key)


# ----- Accordion -------------------------------------------------------------------------------------
ACCORDION = SolverHooks(priority=generic_priority, key=without_discards_key)  # the order of removals never matters


# ----- First Law -------------------------------------------------------------------------------------
def moves_before_deals(positions: Positions, state: State, action: Action) -> float:
    """A like card onto the leftmost before another deal (the cards it uncovers may make a set)."""
    return 9.0 if action[-1].kind is MoveKind.DEAL else 1.0


FIRST_LAW = SolverHooks(priority=moves_before_deals)


# ----- Fortunes ---------------------------------------------------------------------------------------
def discards_first(positions: Positions, state: State, action: Action) -> float:
    """Discards first; then a group into an empty pile, the fewer cards left behind the later; the deal last."""
    move = action[-1]
    if move.kind is MoveKind.DEAL:
        return 9.0
    if move.kind is not MoveKind.MOVE:
        return 5.0
    if positions.engine.specs[move.dst].kind is PileKind.DISCARD:
        return 0.0
    left = len(state.piles[move.src].cards) - move.count
    return 2.0 + 1.0 / (1 + left)


FORTUNES = SolverHooks(priority=discards_first, key=without_discards_key)


# ----- Poker ------------------------------------------------------------------------------------------
def poker_solve(engine: Engine, start: State, budget: Budget) -> Solution | None:
    """Poker squares with the cards to come known (the thoughtful solver sees the stock): any cell may
    take any turned card, so every arrangement of the coming cards in the empty cells can be played.
    Search arrangements by swapping pairs of cards (hill climbing with restarts) until the grid scores
    the winning total; then play them: draw, place, in stock order. Shuffle mode: None (the generic
    search)."""
    from voicegame.games.poker import TO_WIN

    game = engine.game
    if game.options.get("shuffle", "off") != "off":
        return None
    began = time.perf_counter()
    layout = game.layout
    grid = layout.groups["grid"]
    empty = [i for i in grid if not start.piles[i].cards]
    waste = start.piles[layout.waste].cards
    coming: list[Card] = list(waste[-1:]) + list(reversed(start.piles[layout.stock].cards))
    coming = coming[: len(empty)]
    if len(coming) < len(empty):
        return Solution(Outcome.UNWINNABLE, (), 0, time.perf_counter() - began)
    target = TO_WIN["off"]
    placed = {i: start.piles[i].cards[-1] for i in grid if start.piles[i].cards}
    score = _grid_score(layout)
    if not empty:
        return Solution(Outcome.SOLVED if score(placed) >= target else Outcome.UNWINNABLE, (), 0, time.perf_counter() - began)
    best, nodes = _climb(score, target, placed, empty, coming, budget)
    if best is None:
        return Solution(Outcome.UNSOLVED, (), nodes, time.perf_counter() - began)
    return Solution(Outcome.SOLVED, _placing(best, empty, coming, bool(waste), layout), nodes, time.perf_counter() - began)


def _placing(grid: dict[int, Card], empty: list[int], coming: list[Card], turned: bool, layout: Layout) -> tuple[Move, ...]:
    """The moves that build ``grid``: each coming card drawn (the first is already turned when
    ``turned``) and placed in its cell, in stock order."""
    where = {id(card): i for i, card in grid.items() if i in empty}
    moves: list[Move] = []
    for k, card in enumerate(coming):
        if k or not turned:
            moves.append(Move.deal())
        moves.append(Move.cards(layout.waste, where[id(card)]))
    return tuple(moves)


def _grid_score(layout: Layout) -> Callable[[dict[int, Card]], int]:
    """The poker squares score of a grid (cell index -> card; cells left out are empty)."""
    from voicegame.engine.poker import hand_name
    from voicegame.games.poker import SCORES

    lines = [tuple(layout.index[p] for p in ids) for ids in SCORES.lines.values()]
    points = SCORES.points

    def score(cells: dict[int, Card]) -> int:
        return sum(points[hand_name(tuple(cells[i] for i in line if i in cells))] for line in lines)

    return score


def _climb(score: Callable[[dict[int, Card]], int], target: int, placed: dict[int, Card], empty: list[int],
           coming: list[Card], budget: Budget) -> tuple[dict[int, Card] | None, int]:
    """Hill climbing with restarts: the coming cards shuffled into the empty cells (seeded by the
    cards, so the same deal gives the same search), pairs swapped while the score does not fall,
    a restart after 400 swaps without a gain. The first grid scoring ``target`` (None when the
    budget runs out first), and the swaps tried."""
    rng = random.Random(" ".join(c.code for c in coming))
    nodes = 0
    spent = False

    def more() -> bool:
        """One more step, while the budget lasts (once spent, it stays spent: Budget reads its clock
        only every 16 steps)."""
        nonlocal spent
        spent = spent or not budget.spend()
        return not spent

    while more():
        order = list(coming)
        rng.shuffle(order)
        cells = {**placed, **dict(zip(empty, order))}
        value = score(cells)
        stale = 0
        while value < target and stale < 400 and more():
            nodes += 1
            a, b = rng.sample(empty, 2) if len(empty) > 1 else (empty[0], empty[0])
            cells[a], cells[b] = cells[b], cells[a]
            new = score(cells)
            if new >= value:
                stale = stale + 1 if new == value else 0
                value = new
            else:
                cells[a], cells[b] = cells[b], cells[a]
                stale += 1
        if value >= target:
            return cells, nodes
    return None, nodes


POKER = SolverHooks(solve=poker_solve)

__all__ = ["ACCORDION", "FIRST_LAW", "FORTUNES", "POKER", "poker_solve", "discards_first", "moves_before_deals", "DIAMOND_MINE", "diamond_home_forced", "in_suit_priority", "in_suit_prune", "tableau_sorted_key"]
