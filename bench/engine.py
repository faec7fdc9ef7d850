"""Engine speed for Klondike: legal-move generations per second and random playouts per second.

    python bench/engine.py [--games 300] [--max-moves 400]

A playout deals a seed, then plays uniformly random legal moves until the game is won,
no move is left, or --max-moves is reached. Prints medians over 5 repeats.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from voicegame.engine import Engine  # noqa: E402
from voicegame.games import find_game  # noqa: E402


def playouts(engine: Engine, games: int, max_moves: int, seed: int) -> tuple[int, int, float]:
    rng = random.Random(seed)
    generations = 0
    start = time.perf_counter()
    for deal in range(games):
        state = engine.deal(deal)
        for _ in range(max_moves):
            moves = engine.legal_moves(state)
            generations += 1
            if not moves:
                break
            state = engine.apply(state, rng.choice(moves))[0]
    return games, generations, time.perf_counter() - start


def generation_rate(engine: Engine, positions: int = 2000) -> float:
    rng = random.Random(1)
    states = []
    state = engine.deal(0)
    while len(states) < positions:
        moves = engine.legal_moves(state)
        states.append(state)
        state = engine.apply(state, rng.choice(moves))[0] if moves else engine.deal(len(states))
    start = time.perf_counter()
    for s in states:
        engine.legal_moves(s)
    return positions / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--max-moves", type=int, default=400)
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, Python {platform.python_version()}, one core")
    for draw in (3, 1):
        engine = Engine(find_game("klondike").make(draw=draw))
        gens = [generation_rate(engine) for _ in range(5)]
        runs = [playouts(engine, args.games, args.max_moves, seed) for seed in range(5)]
        games_per_s = statistics.median(g / t for g, _, t in runs)
        moves_per_game = statistics.median(n / g for g, n, _ in runs)
        print(f"klondike draw {draw}: legal-move generations/s (median of 5): {statistics.median(gens):,.0f}; "
              f"random playouts/s: {games_per_s:,.1f} ({moves_per_game:.0f} moves each, cap {args.max_moves})")


if __name__ == "__main__":
    main()
