"""Depth-first search for a winning line, generic over any game definition.

Sees face-down cards ("thoughtful" solitaire): for winnability and for making
scripted test games, not for hints. Positions already explored are kept in a
transposition table keyed by the piles; moves are tried in the hint ranking
order, and safe moves to the foundations are played without branching.
"""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine import Engine, Move, Pile, State
from voicegame.engine.auto import safe_foundation_move
from voicegame.hints import ranked_moves


@dataclass
class SearchResult:
    moves: list[Move] | None  # the winning line, or None
    nodes: int
    exhausted: bool  # every line this search considers was tried; not a proof (pointless moves are pruned)


def solve(engine: Engine, start: State, max_nodes: int = 200_000) -> SearchResult:
    seen: set[tuple[Pile, ...]] = set()
    path: list[Move] = []
    nodes = 0

    def key(state: State) -> tuple[Pile, ...]:
        return state.piles

    def dfs(state: State) -> bool:
        nonlocal nodes
        if engine.is_won(state):
            return True
        k = key(state)
        if k in seen or nodes >= max_nodes:
            return False
        seen.add(k)
        nodes += 1
        safe = safe_foundation_move(engine, state)
        options = [safe] if safe is not None else ranked_moves(engine, state)
        for move in options:
            path.append(move)
            if dfs(engine.apply(state, move)[0]):
                return True
            path.pop()
        return False

    import sys

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        won = dfs(start)
    finally:
        sys.setrecursionlimit(limit)
    return SearchResult(list(path) if won else None, nodes, not won and nodes < max_nodes)
