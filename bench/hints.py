"""Hint latency in every game: how long "hint" takes to answer, as the player waits for it.

    python bench/hints.py [--deals 5] [--every 15] [--moves 60]

For each game: ``--deals`` deals from seed 1; on each, a random game of up to ``--moves`` moves
(seeded, so the same positions every run), asking "hint" (Session.handle, so masking, the fair
search, ranking and phrasing are all timed) every ``--every`` moves from the deal on. Prints the
median, 95th percentile and maximum per game. Target (issue 6): 95th percentile under 1 s; FreeCell and Golf under 0.5 s (issue 20).
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

from voicegame.games import GAMES  # noqa: E402
from voicegame.solver.hints import HINT_SECONDS  # noqa: E402
from voicegame.play.session import Session  # noqa: E402


def hint_seconds(key: str, deals: int, every: int, moves: int) -> list[float]:
    """Seconds per "hint" over the positions of ``deals`` seeded random games of ``key``."""
    times = []
    for seed in range(1, deals + 1):
        session = Session(key, seed=seed)
        rng = random.Random(seed)
        for step in range(moves):
            if step % every == 0:
                began = time.perf_counter()
                session.handle("hint")
                times.append(time.perf_counter() - began)
            legal = session.engine.legal_moves(session.state)
            if not legal:
                break
            move = rng.choice(legal)
            session.history.push(move, session.engine.apply(session.state, move)[0])
    return sorted(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=5)
    ap.add_argument("--every", type=int, default=15, help="ask for a hint every this many moves")
    ap.add_argument("--moves", type=int, default=60, help="random moves per deal at most")
    ap.add_argument("--games", nargs="+", help="only these games (keys)")
    args = ap.parse_args()
    print(f"machine: {platform.machine()}, Python {platform.python_version()}; hint search budget "
          f"{HINT_SECONDS} s; {args.deals} deals, a hint every {args.every} of up to {args.moves} random moves\n")
    print("| game | hints | median s | p95 s | max s |")
    print("| --- | ---: | ---: | ---: | ---: |")
    worst = 0.0
    for game in GAMES:
        if args.games and game.key not in args.games:
            continue
        times = hint_seconds(game.key, args.deals, args.every, args.moves)
        p95 = times[int(0.95 * (len(times) - 1))]
        worst = max(worst, p95)
        print(f"| {game.key} | {len(times)} | {statistics.median(times):.3f} | {p95:.3f} | {times[-1]:.3f} |", flush=True)
    print(f"\nWorst 95th percentile: {worst:.3f} s (target under 1 s: {'met' if worst < 1.0 else 'NOT met'}).")


if __name__ == "__main__":
    main()
