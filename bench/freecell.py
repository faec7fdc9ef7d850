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

``--limits`` (issue 35) measures instead the back end's caps, before and after, in one run:

    python bench/freecell.py --limits [--before 2b64a3b] [--limit-seeds 200] [--budget 30] [--guard 20]

- "before": voicegame.solver.freecell_solver as it was at git revision ``--before`` (read with
  ``git show``): the looking glass to its end, then the complete scan, no iteration cap without
  ``--nodes``; "after": the module as it is now (capped; short looking glass, complete scan, rest).
  Both with ``--budget`` seconds (``voicegame solve``'s default: 30), on deals 194, 11,982 and
  1-``--limit-seeds``, interleaved deal by deal.
- Each deal runs in a fresh worker process, so its fc-solve children's CPU (user + system) and
  largest resident size (``getrusage(RUSAGE_CHILDREN)``) are that deal's alone; our own CPU
  (board, move checks) is added to the CPU.
- fc-solve's default preset alone on deal 194 (the run that grew to 5.7 GB in 55 CPU-s): uncapped
  but for a guard of ``--guard`` CPU-seconds and 3 GiB (this machine is shared), then with the caps
  a ``--budget`` budget gets.
"""

from __future__ import annotations

import argparse
import importlib.util
import multiprocessing
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from voicegame.engine import Engine  # noqa: E402
from voicegame.games import find_game  # noqa: E402
from voicegame.solver import freecell as own_freecell  # noqa: E402
from voicegame.solver import freecell_solver as fcs  # noqa: E402
from voicegame.solver.core import Budget  # noqa: E402
from voicegame.solver.hints import HINT_SECONDS, LINE_NODES, LINE_SHARE  # noqa: E402

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


# ----- --limits (issue 35) ------------------------------------------------------------------------
ROOT = Path(__file__).resolve().parents[1]
VARIANTS: dict[str, ModuleType] = {"after": fcs}


def load_before(revision: str) -> ModuleType:
    """The back end as it was at ``revision``, imported under another name."""
    text = subprocess.run(["git", "show", f"{revision}:voicegame/solver/freecell_solver.py"], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout
    path = Path(tempfile.mkdtemp()) / "freecell_solver_before.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("freecell_solver_before", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def cpu(usage: resource.struct_rusage) -> float:
    return usage.ru_utime + usage.ru_stime


def limited(job: tuple[str, int, float, int | None]) -> tuple[str, int, str, float, int, int]:
    """One deal through one variant, in a fresh worker: outcome, CPU (fc-solve's and ours), largest
    fc-solve resident size in KB (at least the worker's own size: the child is forked from it)."""
    variant, seed, seconds, nodes = job
    before_self, before_children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    result = VARIANTS[variant].solve(ENGINE, ENGINE.deal(seed), Budget(seconds=seconds, nodes=nodes))
    after_self, after_children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    spent = cpu(after_self) - cpu(before_self) + cpu(after_children) - cpu(before_children)
    outcome = "None (declined: the own search would run)" if result is None else result.outcome.name
    return variant, seed, outcome, spent, after_children.ru_maxrss, 0 if result is None else result.nodes


def default_preset(job: tuple[str, float, float]) -> tuple[str, str, float, int]:
    """fc-solve's default preset alone on deal 194: "uncapped" (a guard of ``guard`` CPU-seconds and
    3 GiB) or "capped" (the caps a ``seconds`` budget gets)."""
    how, seconds, guard = job
    text = fcs.board(ENGINE, ENGINE.deal(194), fcs.Layout.of(ENGINE))
    args = ["--game", "freecell", "-m", "-p", "-t"]
    began = resource.getrusage(resource.RUSAGE_CHILDREN)
    if how == "capped":
        run = fcs.run(args, text, fcs.Caps.of(fcs.iteration_budget(Budget(seconds=seconds)), seconds))
        verdict = "missing" if run is None else f"{run.verdict.value}, {run.checked:,} positions"
    else:
        def guarded() -> None:
            resource.setrlimit(resource.RLIMIT_CPU, (int(guard), int(guard) + 1))
            resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))

        done = subprocess.run([fcs.program() or "fc-solve", *args, "-"], input=text, capture_output=True, text=True,
                              preexec_fn=guarded, env={"FREECELL_SOLVER_QUIET": "1"})
        verdict = ("solved" if "This game is solveable." in done.stdout else
                   f"no answer: stopped by the guard (exit {done.returncode})" if done.returncode else "not solved")
    ended = resource.getrusage(resource.RUSAGE_CHILDREN)
    return how, verdict, cpu(ended) - cpu(began), ended.ru_maxrss


def limits(args: argparse.Namespace) -> None:
    VARIANTS["before"] = load_before(args.before)
    seeds = [11982, *range(1, args.limit_seeds + 1), *([194] if args.limit_seeds < 194 else [])]
    jobs: list[tuple[str, int, float, int | None]] = [(variant, seed, args.budget, None) for seed in seeds
                                                      for variant in ("before", "after")]
    hint = (LINE_SHARE * HINT_SECONDS, LINE_NODES)  # what a hint gives Freecell Solver in play
    jobs += [(variant, 11982, *hint) for variant in ("before", "after")]
    print(f"# Freecell Solver's caps: before ({args.before}) and after, {args.budget:g} s budget, deals 194, 11982, "
          f"1-{args.limit_seeds}; {platform.processor() or platform.machine()}, {args.workers} workers, "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    with multiprocessing.Pool(args.workers, maxtasksperchild=1) as pool:
        rows = pool.map(limited, jobs, chunksize=1)
        rows, hint_rows = rows[:-2], rows[-2:]
        preset = pool.map(default_preset, [("uncapped", args.budget, args.guard), ("capped", args.budget, args.guard)],
                          chunksize=1) if args.guard > 0 else []
    print("\n| deal | variant | outcome | positions | CPU | largest fc-solve RSS |\n| --- | --- | --- | --- | --- | --- |")
    for variant, seed, outcome, spent, rss, nodes in rows:
        if seed in (194, 11982):
            print(f"| {seed} | {variant} | {outcome} | {nodes:,} | {spent:.3f} s | {rss / 1024:.1f} MB |")
    for variant, seed, outcome, spent, rss, nodes in hint_rows:
        print(f"| {seed}, a hint's budget ({hint[0]:.3f} s, {hint[1]:,} positions) | {variant} | {outcome} | "
              f"{nodes:,} | {spent:.3f} s | {rss / 1024:.1f} MB |")
    print(f"\n| variant | deals 1-{args.limit_seeds} | proved | CPU median | CPU p95 | CPU max | largest fc-solve RSS |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name in ("before", "after"):
        mine = [r for r in rows if r[0] == name and 1 <= r[1] <= args.limit_seeds]
        times = [r[3] for r in mine]
        solved = sum(r[2] == "SOLVED" for r in mine)
        print(f"| {name} | {solved}/{len(mine)} solved | {sum(r[2] == 'UNWINNABLE' for r in mine)} | "
              f"{1000 * statistics.median(times):.1f} ms | {1000 * percentile(times, 0.95):.1f} ms | "
              f"{1000 * max(times):.1f} ms | {max(r[4] for r in mine) / 1024:.1f} MB |")
    if preset:
        print("\n| fc-solve default preset, deal 194 | answer | CPU | largest RSS |\n| --- | --- | --- | --- |")
        for how, verdict, spent, rss in preset:
            print(f"| {how} | {verdict} | {spent:.2f} s | {rss / 1024:.0f} MB |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--seeds", type=int, default=1000, help="deals for Freecell Solver (from --first)")
    parser.add_argument("--own", type=int, default=1000, help="deals for voicegame's own search (from --first)")
    parser.add_argument("--budget", type=float, default=None,
                        help="seconds per deal: the own search's (default 1), or with --limits the back end's (default 30)")
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default 2; 1 with --limits)")
    parser.add_argument("--limits", action="store_true", help="measure the caps before and after (issue 35) instead")
    parser.add_argument("--before", default="2b64a3b", help="--limits: the git revision of 'before'")
    parser.add_argument("--limit-seeds", type=int, default=200, help="--limits: Microsoft deals 1-N besides 194 and 11982")
    parser.add_argument("--guard", type=float, default=20.0,
                        help="--limits: CPU-seconds allowed the uncapped default preset on deal 194 (0: skip it)")
    args = parser.parse_args()
    if not fcs.available():
        sys.exit("Freecell Solver (fc-solve) is not installed: apt-get install freecell-solver-bin")
    if args.limits:
        args.budget = 30.0 if args.budget is None else args.budget
        args.workers = args.workers or 1
        limits(args)
        return
    args.budget = 1.0 if args.budget is None else args.budget
    args.workers = args.workers or 2
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
