"""The last deal of every stock that deals a row: how many cards and onto which piles.

    PYTHONPATH=. python docs/audit/ev_last.py
"""
from voicegame.games import all_games
from voicegame.engine import Engine, Move
for e in all_games():
    eng = Engine(e.make()); st = eng.deal(1)
    rule = type(eng.game.stock_rule).__name__ if eng.game.stock_rule else None
    inner = getattr(eng.game.stock_rule, 'rule', None)
    if 'DealOnePerPile' not in (rule or '') + type(inner).__name__: continue
    last = None; n = 0
    for _ in range(200):
        # fill nothing: if a deal is refused because of an empty pile, stop and say so
        r = eng.why_not(st, Move.deal())
        if r is not None: break
        st, ev = eng.apply(st, Move.deal()); n += 1
        rows = [x for x in ev if type(x).__name__ == 'DealtRow']
        if rows: last = rows[-1]
    if last is None: print(f'{e.key:20} no row dealt ({r.key})'); continue
    ids = [eng.specs[i].id for i in last.dsts]
    print(f'{e.key:20} {n} deals; the last: {len(last.cards)} card(s) onto {", ".join(ids)}; then {r.key}')
