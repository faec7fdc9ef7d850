"""Union Square: the foundation's second king and its way down again (new.md, "Checked and found to agree").

    PYTHONPATH=. python docs/audit/ev_union.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / 'tests'))
from helpers import position, why_not
from voicegame.games import find_game
from voicegame.engine import Engine
eng = Engine(find_game('union_square').make())
ids = [s.id for s in eng.specs]; print(ids[:8])
f = 'hearts'
t = [s.id for s in eng.specs if s.kind.name == 'TABLEAU'][:3]
up = ' '.join(r + 'H' for r in 'A23456789TJQK')
for label, home, card in [('first king done, second king', up, 'KH'), ('first king done, queen at once', up, 'QH'),
                          ('after second king, queen', up + ' KH', 'QH'), ('after second king, ace', up + ' KH', 'AH')]:
    st = position(eng, **{f: home, t[0]: card})
    print(label, '->', why_not(eng, st, t[0], f) or 'legal')
