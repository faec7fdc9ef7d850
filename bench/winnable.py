""""Can I still win this?": how often the solver answers yes or no in time, per game.

    python bench/winnable.py [--deals 3] [--every 10] [--moves 60] [--seconds 3] [--games klondike freecell ...]
                             [--record FILE]

For each game (by default those with a complete solver: ``voicegame.solver.winnable.COMPLETE_SOLVERS``):
``--deals`` deals from seed 1, on each a seeded random game of up to ``--moves`` moves, and the question
asked every ``--every`` moves from the deal on (so the same positions every run). The budget is
``--seconds`` CPU seconds of this process; the CPU time counted also includes child processes
(Freecell Solver runs as one). Prints per game the share answered (YES or NO) within the budget, the
verdicts, and the median, 95th percentile and maximum CPU seconds per question. Target: 95% answered
within 3 CPU-s in every game with a complete solver.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from voicegame.engine import Engine, State  # noqa: E402
from voicegame.games import find_game  # noqa: E402
from voicegame.solver.winnable import COMPLETE_SOLVERS, Verdict, still_winnable  # noqa: E402


def cpu_seconds() -> float:
    """CPU time of this process and of its children that have ended (Freecell Solver's runs), to the
    microsecond (``os.times`` counts in clock ticks of 10 ms)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def positions(engine: Engine, deals: int, every: int, moves: int) -> list[tuple[int, int, State]]:
    """(seed, moves made, position) every ``every`` moves of a seeded random game of each deal."""
    found = []
    for seed in range(1, deals + 1):
        rng = random.Random(seed)
        state = engine.deal(seed)
        for made in range(moves + 1):
            if made % every == 0:
                found.append((seed, made, state))
            legal = engine.legal_moves(state)
            if not legal or engine.is_won(state):
                break
            state = engine.apply(state, rng.choice(legal))[0]
    return found


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--every", type=int, default=10)
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per question")
    parser.add_argument("--games", nargs="+", default=sorted(COMPLETE_SOLVERS))
    parser.add_argument("--record", type=Path, help="append one JSON line per question to this file")
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, Python {platform.python_version()}; deals 1-{args.deals}, a question every "
          f"{args.every} moves of up to {args.moves} random ones, {args.seconds:g} CPU-s each", flush=True)
    for key in args.games:
        engine = Engine(find_game(key).make())
        spent: list[float] = []
        verdicts: dict[Verdict, int] = dict.fromkeys(Verdict, 0)
        answered = 0
        for seed, made, state in positions(engine, args.deals, args.every, args.moves):
            began = cpu_seconds()
            verdict = still_winnable(engine, state, args.seconds, clock=time.process_time)
            cpu = cpu_seconds() - began
            spent.append(cpu)
            verdicts[verdict] += 1
            answered += verdict is not Verdict.UNKNOWN and cpu <= args.seconds
            if args.record:
                with args.record.open("a") as out:
                    out.write(json.dumps({"game": key, "seed": seed, "moves": made, "verdict": verdict.name, "cpu_seconds": round(cpu, 4)}) + "\n")
        n = len(spent)
        print(f"{key}: answered {answered}/{n} = {100 * answered / n:.0f}% within {args.seconds:g} CPU-s "
              f"(yes {verdicts[Verdict.YES]}, no {verdicts[Verdict.NO]}, unknown {verdicts[Verdict.UNKNOWN]}); CPU per question "
              f"median {statistics.median(spent):.2f} s, p95 {percentile(spent, 0.95):.2f} s, max {max(spent):.2f} s", flush=True)


if __name__ == "__main__":
    main()
