"""Play the stock to its end in every game: how many redeals the engine allows, and why it stops.

Deal 1 of each game; ``Move.deal()`` again and again until ``Engine.why_not`` refuses it (or 3000
times: never refused). ``python docs/audit/probe.py`` prints one line a game; :func:`probe_stocks`
gives them to check.py, which quotes them in the *where* column of redeal sentences.
"""

from __future__ import annotations

from functools import cache

from voicegame.engine import Engine, Move
from voicegame.games import all_games


@cache
def probe_stocks() -> dict[str, str]:
    res: dict[str, str] = {}
    for e in all_games():
        g = e.make()
        eng = Engine(g)
        if g.stock_rule is None:
            res[e.key] = "no stock rule"
            continue
        st = eng.deal(1)
        n = 0
        reason = None
        for _ in range(3000):
            r = eng.why_not(st, Move.deal())
            if r is not None:
                reason = r.key
                break
            st, _ = eng.apply(st, Move.deal())
            n += 1
        res[e.key] = f"{n} stock moves, redeals used={st.redeals}, then: {reason}"
    return res


if __name__ == "__main__":
    for key, line in probe_stocks().items():
        print(key, line)
