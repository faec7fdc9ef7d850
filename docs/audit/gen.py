"""Helpers that draft the audit's rows: the manual's sections cut into sentences, each sentence's
category (scoring, strategy, empty, stock, foundation, ...), and the nearest test of the game by the
words its name shares with the sentence. Used by draft.py; nothing to run on its own.
"""

from __future__ import annotations

import glob
import re
from pathlib import Path

from split import MANUAL, split_manual

ROOT = Path(__file__).resolve().parents[2]


def load_manual(path: Path = MANUAL) -> dict[str, dict]:
    """split_manual with the seed's two slips mended: Gold Mine's wrapped "Klondike" line (Klondike's
    own title line is missing: its section follows King's Audience), and Zebra's trailing glossary."""
    M = split_manual(path)
    if 'klondike' in M:
        M['gold_mine']['lines'] += ['Klondike'] + M['klondike']['lines']
        ka = M['kings_audience']['lines']; j = ka.index('Written by Jonathan Blandford')
        M['klondike'] = {'manual_title': 'Klondike (title line missing; it follows King\'s Audience)', 'line': M['kings_audience']['line'] + 12, 'lines': ka[j:]}
        M['kings_audience']['lines'] = ka[:j]
    z = M['zebra']['lines']; M['zebra']['lines'] = z[:z.index('Glossary')]
    return M

EXTRA_FILES = {'klondike': ['tests/test_klondike_rules.py'], 'escalator': ['tests/test_elevator.py'],
  'eight_off': ['tests/test_bakers_game.py'], 'seahaven': ['tests/test_bakers_game.py'],
  'streets_and_alleys': ['tests/test_beleaguered_castle.py'], 'will_o_the_wisp': ['tests/test_spiderette.py'],
  'spider_three_decks': ['tests/test_spiderette.py'], 'bristol': ['tests/test_fortress.py'],
  'chessboard': ['tests/test_fortress.py'], 'peek': ['tests/test_osmosis.py']}
def test_files(key: str, mod: str) -> list[str]:
    """The game's own test files (repo-relative), then the shared files that test it."""
    base = mod.rstrip('_')
    found = set(glob.glob(f'tests/test_{base}.py', root_dir=ROOT) + glob.glob(f'tests/test_{base}_*.py', root_dir=ROOT))
    fs = found - {'tests/test_spider_three_decks.py'} if base == 'spider' else found
    return sorted(fs) + EXTRA_FILES.get(key, [])
TESTS: dict[str, list[str]] = {}
def tests_of(path: str) -> list[str]:
    if path not in TESTS:
        TESTS[path] = re.findall(r'^def (test_\w+)', (ROOT / path).read_text(encoding='utf-8'), re.M)
    return TESTS[path]
def game_tests(key: str, mod: str) -> list[tuple[str, str]]:
    """(file, name) pairs; in a shared file keep only tests naming the game."""
    out = []
    for f in test_files(key, mod):
        names = tests_of(f)
        if f in EXTRA_FILES.get(key, []) and key != 'klondike':
            src = (ROOT / f).read_text(encoding='utf-8')
            sel = []
            word = key.split('_')[0]
            for n in names:
                body = src[src.index('def ' + n + '('):]
                body = body[:body.find('\ndef ', 5) if body.find('\ndef ', 5) > 0 else len(body)]
                head = src[:src.index('def ' + n + '(')][-300:]
                if key in body or key in n or word in n or (key in head.split('def ')[-1]):
                    sel.append(n)
            names = sel
        out += [(f, n) for n in names]
    return out
SCORING = re.compile(r'\bscor(e|es|ing)\b|Maximum possible|\bpoints?\b|awarded|deducted|bonus', re.I)
STRATEGY = re.compile(r"^(Try|Be careful|Don't|Never look|You can use|Good luck|Keep |Watch|Plan|Remember|Hidden|Do you|There are very few|Think|It is|It's|This is|If at first|With skill|There is never|Always|Avoid|Concentrate|Use |Look |Play |A great|Sometimes|This game|Although|The key|Most|Patience)|\bstrategy\b|\bluck\b|can be won|is difficult|rarely|very hard|extremely", re.I)
POSITION = re.compile(r'^(Top left pile|Top right|Single pile|Four piles (top|on top|at top|in)|Eight piles (top|on top)|\w+ piles? (to the right|underneath|below|placed|at top|top right|top left|on the top|on top))', re.I)
def sentences(lines: list[str]) -> list[str]:
    out = []
    for l in lines:
        for s in re.split(r'(?<=[.!])\s+(?=[A-Z"(])', l.strip()):
            s = s.strip()
            if s and not s.startswith('Written by') and s not in ('Double Deck', 'Standard Deck', 'Klondike', 'Three Decks', 'Joker Deck'):
                out.append(s)
    return out
def classify(s: str) -> str:
    low = s.lower()
    if SCORING.search(s) and not re.search(r'scores? (one|1) point', low) is None or SCORING.search(s): return 'scoring'
    if STRATEGY.search(s) or re.search(r'^(To this end|Move any card you (can|possibly)|Just put|Move cards up to the Foundation when|Move as many|Move cards to Foundation piles whenever|Leaving them|Make any moves|Remove pairs of cards as fast|Remove cards higher up|Build evenly|Build in suit whenever|Every pyramid|Once a card is buried|The deeper|No point|Safeguard|Choose your|Caution|Live dangerously|Unknotting|Space is|Brute force|Refrain|Then balance|Oftentimes|Chances are|Multiple adjacent|Beware|This has no impact|Being able to see|The more you can hold|Removing the bottom|Get rid of the lower|When given a choice|Cards that are locked|A quick short game|However, when you have an empty slot, try|Hopefully|A string of beads|The real challenge|Get plenty of sleep|Pick the cards|Then pick the cards|During Phase One of play, deal in the middle|For all the people|Only one chance to get it right|Essentially|If you see a possible pair|Cards that have a rank one lower than the Base|Consider saving|The trick is|Once that is achieved|Once the Stock is exhausted, there is much more)', s): return 'strategy'
    if re.search(r'empty foundation|foundations? (are|is) (to be )?built|new foundations|foundation piles? (are|is|must)', low): return 'foundation'
    if 'double click' in low or 'double-click' in low or 'right-click' in low: return 'ui'
    if re.search(r'empty|space|gap|slot', low) and re.search(r'fill|placed|put|take|moved? (in|on)to|filled|can be|cannot|can not|only', low): return 'empty'
    if re.search(r'redeal|times through|go through the deck|turned over|flipped|dealt? .*(stock|waste)|stock|waste', low): return 'stock'
    if re.search(r'to (remove|move) all|move all cards|goal|win|remove all', low) and len(s) < 140: return 'win'
    if re.search(r'foundation', low): return 'foundation'
    if re.search(r'^(to be built|built (up|from|in|by)|build up|start(ed)? with)', low): return 'foundation'
    if re.search(r'reserve|free ?cell|cell', low): return 'reserve'
    if re.search(r'built|build|placed on|on top of|one (higher|lower)|pair|add up|remove', low): return 'tableau'
    if re.search(r'moved|move|singly|groups? of cards|one card at a time|sequence', low): return 'moves'
    if re.search(r'deal|face (up|down)|piles?\b|rows?\b', low): return 'layout'
    return 'other'
KW = {'empty': ['empty', 'gap', 'space', 'king', 'fill', 'filled'], 'stock': ['redeal', 'pass', 'stock', 'draw', 'deal', 'waste', 'turn', 'recycle', 'once'],
      'win': ['won', 'win', 'wins', 'cleared', 'clear'], 'foundation': ['foundation', 'foundations', 'home', 'ace', 'base', 'wrap', 'corner'],
      'reserve': ['reserve', 'reserves', 'cell', 'cells'], 'tableau': ['build', 'builds', 'suit', 'colour', 'colours', 'alternate', 'pair', 'pairs', 'sum', 'rank', 'down', 'up'],
      'moves': ['run', 'runs', 'group', 'single', 'one', 'move', 'moves', 'sequence', 'lift'], 'layout': ['deal', 'dealt', 'layout', 'face', 'starts']}
CARDWORDS = ['king', 'ace', 'queen', 'jack', 'joker', 'ten', 'tens', 'kings', 'aces', 'three', 'two', 'thirteen', 'fourteen', 'eleven']
STOP = set('the a an of to on in is are be can by and or with from for each any all card cards pile piles only one two this that there when as at it its their your tableau'.split())
def pick_test(tests, cat, s):
    if cat not in KW: return None
    words = set(w for w in re.findall(r'[a-z]+', s.lower()) if w not in STOP and len(w) > 2)
    words |= {w.rstrip('s') for w in words}
    best, bs = None, 0
    for f, n in tests:
        parts = n[5:].split('_')
        sc = sum(1.5 for p in set(parts) if p in KW[cat]) + sum(1 for p in set(parts) if p in words or p.rstrip('s') in words)
        if cat == 'stock' and set(parts) & {'draw', 'redeal', 'redeals', 'pass', 'passes', 'turns', 'turn', 'once', 'round', 'restacks'}: sc += 2
        if cat == 'stock' and 'deal' in parts and not set(parts) & {'draw', 'turns', 'redeal', 'pass'} and re.search(r'waste|redeal|flip|turn', s, re.I): sc -= 2
        if sc > bs: best, bs = (f, n), sc
    return best if bs >= 3 else None

STRONG = {'empty', 'redeal', 'redeals', 'won', 'win', 'gap', 'gaps', 'pass', 'passes', 'lifted', 'stuck', 'home', 'foundations', 'runs', 'run', 'group', 'groups', 'reserve', 'reserves', 'waste', 'draw', 'deal'}
_pick = pick_test
def pick_test(tests, cat, s):
    words = set(re.findall(r'[a-z]+', s.lower()))
    words |= {w.rstrip('s') for w in words}
    boosted = [(f, n) for f, n in tests if any(p in STRONG and (p in words or p.rstrip('s') in words) for p in n[5:].split('_'))]
    return _pick(tests, cat, s) if not boosted else (_pick(boosted, cat, s) or _pick(tests, cat, s) or _pick_loose(boosted, cat, s))
def _pick_loose(tests, cat, s):
    if cat not in KW: return None
    words = set(w for w in re.findall(r'[a-z]+', s.lower()) if w not in STOP and len(w) > 2)
    words |= {w.rstrip('s') for w in words}
    best, bs = None, 0
    for f, n in tests:
        parts = set(n[5:].split('_'))
        sc = sum(1.5 for p in parts if p in KW[cat]) + sum(1 for p in parts if p in words or p.rstrip('s') in words)
        if sc > bs: best, bs = (f, n), sc
    return best if bs >= 2.5 else None
