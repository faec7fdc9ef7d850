"""FreeCell: a run of four with every free cell full and two empty columns (new.md, difference 1).

    PYTHONPATH=. python docs/audit/ev_freecell.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / 'tests'))
from helpers import position, why_not
from voicegame.games import find_game
from voicegame.engine import Engine
eng = Engine(find_game('freecell').make())
# every free cell full, columns 7 and 8 empty: a run of four (9H 8S 7H 6S) onto the 10 of spades
st = position(eng, cell1='2C', cell2='2D', cell3='2H', cell4='2S', column1='KD 9H 8S 7H 6S', column2='KC TS',
              column3='KH', column4='KS', column5='QC', column6='QD')
print('4-card run, 0 free cells, 2 empty columns ->', why_not(eng, st, 'column1', 'column2', 4) or 'legal')
print('5-card run ->', why_not(eng, st, 'column1', 'column2', 5))
