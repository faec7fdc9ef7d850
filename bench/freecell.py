"""FreeCell solvers side by side on the same Microsoft deals, in one run (run by hand).

    python bench/freecell.py [--first 1] [--seeds 1000] [--own 100] [--budget 1.0] [--workers 2]

- "Freecell Solver": voicegame's back end (voicegame.solver.freecell_solver: fc-solve's looking
  glass preset, then its complete scan for proofs, each move checked against our rules), as
  "hint", "is this game still winnable" and ``voicegame solve`` use it. Time: wall time per deal,
  program start and our checking included.
- "fc-solve -l lg (bare)": the program alone on the same board, its own CPU time: the peer.
- "voicegame own search": FreeCell's own search (voicegame.solver.freecell, the fallback when
  Freecell Solver is missing), ``--budget`` seconds of CPU per deal, on the first ``--own`` deals.

Per solver: solved, proved unwinnable, median / p90 time per deal, median solution length (moves
as the player says them: one command each, runs counted once).
"""

from __future__ import annotations

import argparse
import multiprocessing
import platform
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from voicegame.engine import Engine  # noqa: E402
from voicegame.games import find_game  # noqa: E402
from voicegame.solver import freecell as own_freecell  # noqa: E402
from voicegame.solver import freecell_solver as fcs  # noqa: E402
from voicegame.solver.core import Budget  # noqa: E402

ENGINE = Engine(find_game("freecell").make())


def with_library(seed: int) -> tuple[int, str, float, int]:
    began = time.perf_counter()
    result = fcs.solve(ENGINE, ENGINE.deal(seed), Budget(seconds=60))
    outcome = "missing" if result is None else result.outcome.name
    return seed, outcome, time.perf_counter() - began, len(result.moves) if result is not None else 0


def bare(seed: int) -> tuple[int, str, float, int]:
    """fc-solve alone: its CPU time (children's rusage) and its move count."""
    text = fcs.board(ENGINE, ENGINE.deal(seed), fcs.Layout.of(ENGINE))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([fcs.program() or "fc-solve", "-l", "lg", "-m", "-p", "-t", "-"], input=text,
                         capture_output=True, text=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    solved = "This game is solveable." in out
    return seed, "SOLVED" if solved else "UNSOLVED", cpu, out.count("\nMove ") + out.startswith("Move ")


def own(job: tuple[int, float]) -> tuple[int, str, float, int]:
    """The own search with a CPU-time budget (a loaded machine does not shorten it)."""
    seed, budget = job
    began = time.process_time()
    result = own_freecell.solve(ENGINE, ENGINE.deal(seed), Budget(seconds=budget, clock=time.process_time))
    outcome = "UNSOLVED" if result is None else result.outcome.name
    return seed, outcome, time.process_time() - began, 0 if result is None else len(result.moves)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def report(name: str, rows: list[tuple[int, str, float, int]]) -> dict[str, float]:
    solved = [r for r in rows if r[1] == "SOLVED"]
    proved = [r for r in rows if r[1] == "UNWINNABLE"]
    times = [r[2] for r in rows]
    median_t = statistics.median(times) if times else float("nan")
    lengths = [r[3] for r in solved]
    median_len = statistics.median(lengths) if lengths else float("nan")
    unsolved = [r[0] for r in rows if r[1] not in ("SOLVED",)]
    print(f"| {name} | {len(solved)}/{len(rows)} | {len(proved)} | {1000 * median_t:.1f} ms | "
          f"{1000 * percentile(times, 0.9):.1f} ms | {median_len:.0f} | "
          f"{', '.join(map(str, unsolved[:8])) + (' ...' if len(unsolved) > 8 else '') or '-'} |")
    return {"median": median_t, "length": median_len}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--seeds", type=int, default=1000, help="deals for Freecell Solver (from --first)")
    parser.add_argument("--own", type=int, default=1000, help="deals for voicegame's own search (from --first)")
    parser.add_argument("--budget", type=float, default=1.0, help="seconds per deal for the own search")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if not fcs.available():
        sys.exit("Freecell Solver (fc-solve) is not installed: apt-get install freecell-solver-bin")
    seeds = list(range(args.first, args.first + args.seeds))
    print(f"# FreeCell, Microsoft deals {seeds[0]}-{seeds[-1]}; {platform.processor() or platform.machine()}, "
          f"{args.workers} workers; own search: deals {seeds[0]}-{seeds[0] + args.own - 1}, {args.budget:g} s each")
    print("| solver | solved | proved unwinnable | median time | p90 time | median moves | not solved |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    with multiprocessing.Pool(args.workers) as pool:
        lib = report("Freecell Solver (voicegame back end)", pool.map(with_library, seeds, chunksize=16))
        peer = report("fc-solve -l lg (bare, CPU)", pool.map(bare, seeds, chunksize=16))
        if args.own:
            jobs = [(s, args.budget) for s in seeds[: args.own]]
            mine = report("voicegame own search (CPU)", pool.map(own, jobs, chunksize=1))
            print(f"\nown search / Freecell Solver: {mine['median'] / lib['median']:.0f}x the median time, "
                  f"{mine['length'] / lib['length']:.2f}x the median length")
    print(f"back end / bare fc-solve: {lib['median'] / peer['median']:.1f}x the median time (program start and checking)")


if __name__ == "__main__":
    main()
