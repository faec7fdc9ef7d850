"""CPU time to build a turn's listening grammar (its two JSGF documents, ``listening_jsgf``): done
whenever the turn changes, so it adds to the time before the game listens again.

    PYTHONPATH=$PWD nice .venv/bin/python bench/jsgf_build_cpu.py [game] [seed]
"""

from __future__ import annotations

import sys
import time

from voicegame.listen.listening_grammar import listening_jsgf
from voicegame.play.session import Session

ROUNDS, BUILDS = 8, 10


def main() -> None:
    game, seed = (sys.argv[1:2] or ["klondike"])[0], int((sys.argv[2:3] or ["1"])[0])
    session = Session(game, seed=seed)
    legal = session.words.move_matcher.legal_nouns(session.state)
    listening_jsgf(session.parser, session.engine, session.state, legal)  # the first build of a deal
    per_build = []
    for _ in range(ROUNDS):
        start = time.process_time()
        for _ in range(BUILDS):
            listening_jsgf(session.parser, session.engine, session.state, legal)
        per_build.append((time.process_time() - start) / BUILDS * 1000)
    per_build.sort()
    print(f"{game} deal {seed}: listening grammar built in {per_build[0]:.1f} ms CPU at best, "
          f"{per_build[len(per_build) // 2]:.1f} ms median ({ROUNDS} x {BUILDS} builds)")


if __name__ == "__main__":
    main()
