"""Solver benchmark: Klondike deals, thoughtful solving and fair hint latency.

    python bench/solver.py [--seeds 1000] [--first 1] [--budget 2.0] [--draw 1 3] [--workers 2]
                           [--solver fast|generic] [--hint-every 10] [--only FILE] [--record FILE]

For each deal and draw count: the thoughtful solver (sees face-down cards) with a time
budget per deal; reports the share solved, the share proved unwinnable, median, 95th
percentile and mean time per deal (published solvers quote the mean), the mean and median
solution length (engine moves, draws included), and the search speed in positions per second. ``--solver generic`` runs the
generic search instead of Klondike's own fast solver (voicegame.solver.klondike). Hint
latency: the fair search (0.9 s / 4000-node budget, as "hint" uses it) timed on the deal and
on positions after 25, 50 and 75 moves of random play; 95th percentile.
Deals run in parallel worker processes (one deal per process at a time; times are per deal).
``--record`` writes one JSON line per deal (seed, draw, outcome, seconds, positions, length), so the
deals left unsolved can be studied; ``--only`` runs just the seeds listed in a file (whitespace
separated, or such a record: its unsolved deals of the same draw).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from voicegame.engine import Engine  # noqa: E402
from voicegame.games import find_game  # noqa: E402
from voicegame.solver.hints import HintService  # noqa: E402
from voicegame.solver.hooks import KLONDIKE  # noqa: E402
from voicegame.solver.thoughtful import solve  # noqa: E402

_engines: dict[int, Engine] = {}


def engine_for(draw: int) -> Engine:
    if draw not in _engines:
        _engines[draw] = Engine(find_game("klondike").make(draw=draw))
    return _engines[draw]


GENERIC = dataclasses.replace(KLONDIKE, solve=None)


def one_deal(job: tuple[int, int, float, bool, str]) -> dict:
    seed, draw, budget, hints, solver = job
    engine = engine_for(draw)
    state = engine.deal(seed)
    result = solve(engine, state, seconds=budget, hooks=GENERIC if solver == "generic" else None)
    out = {"seed": seed, "draw": draw, "outcome": result.outcome.name, "seconds": result.seconds,
           "length": len(result.moves), "nodes": result.nodes, "hint_seconds": []}
    if hints:
        service = HintService(engine)
        rng = random.Random(seed)
        position = state
        for step in range(76):
            if step % 25 == 0:
                started = time.perf_counter()
                service.ranked(position)
                out["hint_seconds"].append(time.perf_counter() - started)
            moves = engine.legal_moves(position)
            if not moves:
                break
            position = engine.apply(position, rng.choice(moves))[0]
    return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def seeds_from(path: Path, draw: int) -> list[int]:
    """The seeds listed in ``path``: a record of an earlier run (its unsolved deals with this draw) or
    plain whitespace-separated numbers."""
    text = path.read_text()
    if text.lstrip().startswith("{"):
        rows = [json.loads(line) for line in text.splitlines() if line.strip()]
        return [r["seed"] for r in rows if r["draw"] == draw and r["outcome"] == "UNSOLVED"]
    return [int(word) for word in text.split()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=1000, help="how many deals (from --first)")
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--budget", type=float, default=2.0, help="seconds per deal")
    parser.add_argument("--draw", type=int, nargs="+", default=[1, 3])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--hint-every", type=int, default=10, help="time hints on every n-th deal (0: never)")
    parser.add_argument("--solver", choices=("fast", "generic"), default="fast",
                        help="fast: Klondike's own solver (the default hook); generic: the engine-driven search")
    parser.add_argument("--only", type=Path, help="run only these seeds (a file of numbers, or a --record file: its unsolved deals)")
    parser.add_argument("--record", type=Path, help="append one JSON line per deal to this file")
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, Python {platform.python_version()}, {args.workers} worker processes; "
          f"deals {f'listed in {args.only}' if args.only else f'{args.first}-{args.first + args.seeds - 1}'}, budget {args.budget} s per deal, {args.solver} solver")
    for draw in args.draw:
        seeds = seeds_from(args.only, draw) if args.only else range(args.first, args.first + args.seeds)
        jobs = [(seed, draw, args.budget, bool(args.hint_every) and (seed - args.first) % args.hint_every == 0, args.solver)
                for seed in seeds]
        started = time.perf_counter()
        with multiprocessing.Pool(args.workers) as pool:
            results = pool.map(one_deal, jobs, chunksize=4)
        wall = time.perf_counter() - started
        if args.record:
            with args.record.open("a") as out:
                for r in results:
                    out.write(json.dumps({k: v for k, v in r.items() if k != "hint_seconds"}) + "\n")
        n = len(results)
        if not n:
            print(f"draw {draw}: no deals to run")
            continue
        solved = [r for r in results if r["outcome"] == "SOLVED"]
        dead = [r for r in results if r["outcome"] == "UNWINNABLE"]
        times = [r["seconds"] for r in results]
        lengths = [r["length"] for r in solved]
        hints = [t for r in results for t in r["hint_seconds"]]
        print(f"draw {draw}: solved {len(solved)}/{n} = {100 * len(solved) / n:.1f}%, "
              f"proved unwinnable {len(dead)}/{n} = {100 * len(dead) / n:.1f}%, "
              f"unsolved {n - len(solved) - len(dead)}; "
              f"time per deal median {statistics.median(times):.2f} s, p95 {percentile(times, 0.95):.2f} s, "
              f"mean {statistics.mean(times):.2f} s; "
              f"solution length mean {statistics.mean(lengths) if lengths else 0:.0f}, median {statistics.median(lengths) if lengths else 0:.0f}; "
              f"{sum(r['nodes'] for r in results) / max(1e-9, sum(times)):,.0f} positions/s; "
              f"hint latency p95 {percentile(hints, 0.95):.3f} s, max {max(hints) if hints else float('nan'):.3f} s over {len(hints)} positions; "
              f"wall {wall:.0f} s", flush=True)


if __name__ == "__main__":
    main()
