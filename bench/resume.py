"""Bench: CPU seconds to resume a saved game of 2,000, 10,000 and 100,000 moves (issue 35, item 5).

    python bench/resume.py [--sizes 2000,10000,100000] [--old]

Each save is Klondike draw 3, deal 5, played by random legal moves (seed 1) with an undo one turn in
five, so that the history has undone branches, a stock gone round thousands of times and a redo
tail of a few moves. It is written as the game writes it (``Persistence.autosave``: version 4, with
checkpoints), into a fresh data folder.

Timed with ``time.process_time`` (CPU, this process), the steps of ``voicegame play klondike --seed 5
--resume --text`` after its imports:

- resume: ``Persistence`` opened, ``unfinished("klondike")`` (reads the save), ``Session(go_on=...)``
  and its greeting: the game ready to answer;
- first turn: "undo" (its autosave writes the whole save again);
- undo x50: fifty undos in a row, past the checkpoint before the cursor (positions worked out from it);
- seen: the set of every position the game has been in, which each "hint" builds to leave out moves
  that lead back (``GameInPlay.moves_forward``); after resuming from checkpoints, the first one works
  out every position of the game. (The hint's own search is not timed: it depends on the position.)

``--old`` also times a version 3 save of the same game (no checkpoints: replayed from the deal as
every save was before), the figure the issue reported.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

from voicegame.engine import History
from voicegame.play.session import Session
from voicegame.storage.autosave import Persistence


def build_session(moves: int, rng_seed: int = 1) -> Session:
    """A Klondike session (no saves) whose history holds ``moves`` moves, played at random with undos."""
    session = Session("klondike", {"draw": 3}, 5)
    engine, rng = session.engine, random.Random(rng_seed)
    history: History = session.history
    while len(history.moves) < moves:
        state = history.current
        legal = engine.legal_moves(state)
        if history.can_undo() and (rng.random() < 0.2 or not legal or engine.is_won(state)):
            history.undo()
            continue
        move = rng.choice(legal)
        history.push(move, engine.apply(state, move)[0])
    for _ in range(3):  # a redo tail
        history.undo()
    return session


def timed(step: Callable[[], object]) -> tuple[float, object]:
    start = time.process_time()
    result = step()
    return time.process_time() - start, result


def measure(folder: Path) -> dict[str, float]:
    figures: dict[str, float] = {}

    def resume() -> Session:
        persistence = Persistence(folder)
        saved = persistence.unfinished("klondike")[0]
        session = Session("klondike", {"draw": 3}, 5, persistence=persistence, go_on=saved)
        session.greeting()
        return session

    figures["resume"], result = timed(resume)
    session = result
    assert isinstance(session, Session)
    figures["first turn"], _ = timed(lambda: session.handle("undo"))
    figures["undo x50"], _ = timed(lambda: [session.handle("undo") for _ in range(50)])
    figures["seen"], _ = timed(lambda: session.played.moves_forward([]))
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="2000,10000,100000")
    parser.add_argument("--old", action="store_true", help="also time the same saves written as version 3")
    args = parser.parse_args()
    sizes = [int(n) for n in args.sizes.split(",")]
    print(f"python {sys.version.split()[0]}; CPU seconds (time.process_time)")
    print(f"{'moves':>8} {'format':>7} {'file KB':>8} {'resume':>7} {'undo':>6} {'undo x50':>9} {'seen':>6}")
    for size in sizes:
        session = build_session(size)
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            writer = Persistence(folder)
            writer.autosave(session)
            path = writer.save_path("klondike")
            written = path.read_text()
            formats = [(f"v{json.loads(written)['version']}", written)]
            if args.old:
                data = json.loads(formats[0][1])
                old = {k: v for k, v in data.items() if k not in ("check", "checkpoints")}
                formats.append(("v3", json.dumps({**old, "version": 3}, indent=1) + "\n"))
            for name, text in formats:
                for leftover in folder.iterdir():  # a fresh folder for each: nothing remembered
                    if leftover.is_file():
                        leftover.unlink()
                path.write_text(text)
                figures = measure(folder)
                print(f"{size:>8} {name:>7} {len(text) // 1024:>8} {figures['resume']:>7.3f} {figures['first turn']:>6.3f} "
                      f"{figures['undo x50']:>9.3f} {figures['seen']:>6.3f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
