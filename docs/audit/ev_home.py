"""Play 'cards in foundations are still in play / no longer in play': ask the engine to move a
foundation's top card (the five, on ace to five) onto a tableau pile topped by a six of each suit.

    PYTHONPATH=. python docs/audit/ev_home.py
"""
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / 'tests'))
from helpers import position, why_not
from voicegame.games import find_game
from voicegame.engine import Engine
from draft import draft_rows

D = draft_rows()
for key, v in D.items():
    claims = set()
    for r in v['rows']:
        low = r['s'].lower()
        if re.search(r'no longer in play|may not be moved back|out of play|not in play|cannot be moved', low) and 'foundation' in low: claims.add('no')
        if re.search(r'still in play|played back', low) and 'foundation' in low: claims.add('yes')
    if not claims: continue
    eng = Engine(find_game(key).make())
    fnds = [s for s in eng.specs if s.kind.name == 'FOUNDATION' and s.accepts is not None]
    tabs = [s for s in eng.specs if s.kind.name == 'TABLEAU' and s.accepts is not None]
    if not fnds or not tabs: print(key, 'no foundation/tableau to play'); continue
    f = fnds[0]; s = f.suit.name[0] if f.suit else 'H'
    keys = set()
    for six in ('6S', '6H', '6C', '6D'):
        st = position(eng, **{f.id: ' '.join(r + s for r in 'A2345'), tabs[0].id: six})
        keys.add(why_not(eng, st, f.id, tabs[0].id) or 'legal')
    gives = 'legal' in keys
    print(f"{key:20} manual: {'/'.join(sorted(claims)):6} engine gives back: {gives!s:5} reasons: {sorted(keys)}")
