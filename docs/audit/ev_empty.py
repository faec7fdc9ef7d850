"""Play 'an empty pile takes ...' in every game whose manual says it: an empty first tableau pile,
a king and a five offered from another tableau pile (and from the waste where there is one).

    PYTHONPATH=. python docs/audit/ev_empty.py
"""
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / 'tests'))
from helpers import position, why_not
from voicegame.games import find_game
from voicegame.engine import Engine
from check import parse_empty
from draft import draft_rows

D = draft_rows()
out = {}
for key, v in D.items():
    claims = [(r['s'], parse_empty(r['s'])) for r in v['rows'] if r['cat'] == 'empty' and 'tableau' in (r.get('where') or '') or (r['cat'] == 'empty' and re.search(r'pile|slot|space', r['s'], re.I))]
    claims = [(s, c) for s, c in claims if c in ('any', 'king', 'none') and not re.search(r'reserve|foundation|cell', s, re.I)]
    if not claims: continue
    eng = Engine(find_game(key).make())
    tabs = [s for s in eng.specs if s.kind.name == 'TABLEAU' and s.accepts is not None]
    if len(tabs) < 3: continue
    dst, a, b = tabs[0].id, tabs[1].id, tabs[2].id
    res = {}
    for card in ('KS', '5H'):
        st = position(eng, **{a: f'9D {card}', b: '2C 3C'})
        res[card] = why_not(eng, st, a, dst) or 'legal'
    out[key] = res
    print(key, '| manual:', sorted(set(c for _, c in claims)), '| K:', res['KS'], '| 5:', res['5H'])
