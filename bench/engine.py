"""Engine speed for Klondike: steps (legal moves generated, one applied) per CPU second in random play.

    python bench/engine.py [--games 200] [--max-moves 400]

A playout deals a seed, then plays uniformly random legal moves until the game is won, no move is
left, or --max-moves is reached. A step is one ``legal_moves`` and one ``apply_legal`` (the
searches' loop: a generated move is not checked again); ``apply`` (which checks, as for a move the
player said) is reported beside it. Rates are per CPU second (``time.process_time``: the machine may
be shared) with the wall clock beside them, medians over 5 repeats. Target: 50,000 steps per CPU
second in Klondike.
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


def playouts(engine: Engine, games: int, max_moves: int, seed: int, checked: bool = False) -> tuple[int, float, float]:
    """Steps of random play over ``games`` deals, and the CPU and wall seconds they took."""
    rng = random.Random(seed)
    apply = engine.apply if checked else engine.apply_legal
    steps = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for deal in range(games):
        state = engine.deal(deal)
        for _ in range(max_moves):
            moves = engine.legal_moves(state)
            if not moves:
                break
            state = apply(state, rng.choice(moves))[0]
            steps += 1
    return steps, time.process_time() - cpu, time.perf_counter() - wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--max-moves", type=int, default=400)
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, Python {platform.python_version()}, one core; median of 5")
    for draw in (3, 1):
        engine = Engine(find_game("klondike").make(draw=draw))
        for checked in (False, True):
            runs = [playouts(engine, args.games, args.max_moves, seed, checked) for seed in range(5)]
            per_cpu = statistics.median(n / c for n, c, _ in runs)
            per_wall = statistics.median(n / w for n, _, w in runs)
            how = "apply (checked)" if checked else "apply_legal"
            print(f"klondike draw {draw}, {how}: {per_cpu:,.0f} steps per CPU second ({per_wall:,.0f} per wall second)")


if __name__ == "__main__":
    main()
