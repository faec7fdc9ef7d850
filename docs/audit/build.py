"""Write docs/rules-audit.md: the drafted rows (draft.py), the hand review (overrides.py) and the
text around them (intro.md, new.md), printed from the live game definitions.

Run from the repository root:

    PYTHONPATH=. python docs/audit/build.py > docs/rules-audit.md
    PYTHONPATH=. python docs/audit/build.py --manual /path/to/aisleriot-manual.txt > docs/rules-audit.md

The manual defaults to the AisleRiot 2.12 seed (split.MANUAL). The totals go to stderr.
"""

from __future__ import annotations

import argparse
import collections
import re
import sys
from pathlib import Path

from draft import draft_rows
from overrides import DOCUMENTED, FIXED, FIXED_MORE, INTRO, NEW, NOTES, OVR
from split import MANUAL
from voicegame.games import all_games

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument('--manual', type=Path, default=MANUAL, help=f'the AisleRiot manual as text (default {MANUAL})')
args = parser.parse_args()
D = draft_rows(args.manual)
G = {e.key: e for e in all_games()}
def esc(s: str) -> str: return s.replace('|', '\\|').replace('\n', ' ')
def quote(s: str, n: int = 120) -> str: return esc(s if len(s) <= n else s[:n - 1].rstrip() + '…')
VERB = re.compile(r'built|build|moved?|filled?|deal|dealt|flip|turn|remove|redeal|play|placed|hold|take|won|win|end the game|lost|over|\\d+ cards|go through|redeal|cannot|suits?\\b|rank|base card|above|below|face (down|up)|repeat|starts|sequence|empty', re.I)
rows_out = {}
stats = collections.defaultdict(collections.Counter)
for key, v in D.items():
    e = G[key]; fam = e.family.split(':')[0]
    out = []; notrule = collections.Counter()
    for i, r in enumerate(v['rows']):
        s = r['s']; cat = r['cat']
        ov = next((o for (k2, sub), o in OVR.items() if k2 == key and sub in s), None)
        if cat in ('scoring', 'strategy', 'ui') and (ov is None or ov[0] == 'skip'):
            notrule[cat] += 1; continue
        if ov is not None and ov[0] == 'skip':
            notrule['other'] += 1; continue
        if ov is None and cat in ('layout', 'other', 'stock', 'foundation', 'reserve', 'moves') and len(s) < 60 and not VERB.search(s) or re.fullmatch(r'[\w\s,\'"-]+', s) and len(s.split()) <= 3:
            notrule['position'] += 1; continue
        where = r.get('where') or f"games/{key}.py"
        test = r.get('test') or 'none'
        v_ = r.get('verdict')
        if v_ == 'agrees':
            status = 'agrees'
        elif cat in ('layout',):
            status = 'agrees (deal test)' if test != 'none' else 'not checked'
        elif cat == 'other' and re.search(r'available for play|in play\.|is in play', s) and len(s) < 70:
            status = 'agrees (read)'
        elif cat == 'other':
            status = 'not checked'
        else:
            status = 'agrees (read)'
        fixed = next((f for f in (FIXED.get(key), FIXED_MORE.get(key)) if f and re.search(f[0], s, re.I)), None)
        if fixed is not None:
            status, test = 'agrees (fixed in issue 38 item 1): ' + fixed[1], fixed[2]
        if ov is not None:
            o = ov
            status = o[0]
            if len(o) > 1 and o[1] is not None: test = o[1]
            if len(o) > 2 and o[2] is not None: where = o[2]
        if status.startswith('CHECK') or (v_ and v_.startswith('CHECK') and ov is None):
            status = 'not checked (automatic check disagreed; not reviewed): ' + v_
        out.append((quote(s), esc(where), esc(test), esc(status)))
        k = next((p for p in ('agrees (read)', 'agrees (deal test)') if status.startswith(p)), None) or status.split(' (')[0].split(':')[0]
        stats[fam][k] += 1
        stats[fam]['untested'] += test == 'none'
        stats[fam]['fixed'] += 'fixed in issue 38 item 1' in status
        stats[fam]['sentences'] += 1
    rows_out[key] = (out, notrule)
lines = [INTRO]
# summary
lines.append('## Summary\n')
lines.append('| family | games | sentences mapped | agrees | agrees (read) | agrees (deal test) | fixed in issue 38 item 1 (counted in agrees) | differs | cannot express | not checked | untested (test: none) |')
lines.append('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |')
famgames = collections.Counter(G[k].family.split(':')[0] for k in D)
tot = collections.Counter()
for fam in sorted(stats):
    c = stats[fam]
    for k_, n in c.items(): tot[k_] += n
    lines.append(f"| {fam} | {famgames[fam]} | {c['sentences']} | {c['agrees']} | {c['agrees (read)'] if 'agrees (read)' in c else 0} | {c['agrees (deal test)'] if 'agrees (deal test)' in c else 0} | {c['fixed']} | {c['differs']} | {c['cannot express']} | {c['not checked']} | {c['untested']} |")
lines.append(f"| **all** | {len(D)} | {tot['sentences']} | {tot['agrees']} | {tot['agrees (read)']} | {tot['agrees (deal test)']} | {tot['fixed']} | {tot['differs']} | {tot['cannot express']} | {tot['not checked']} | {tot['untested']} |")
allnr = collections.Counter()
for out_, nr_ in rows_out.values(): allnr.update(nr_)
lines.append('')
lines.append(f"Sentences that are not rules, left out of the tables: {sum(allnr.values())} ({', '.join(f'{n} {k}' for k, n in sorted(allnr.items()))}). "
             "Royal Parade has no section in the manual; Poker is the one game of the family \"Others\".")
lines.append('')
lines.append(NEW)
lines.append(DOCUMENTED)
lines.append('## The games\n')
for e in all_games():
    key = e.key; v = D[key]; out, notrule = rows_out[key]
    lines.append(f"### {e.title} (`{key}`)\n")
    src = f"manual line {v['line']}" if v['line'] else 'no section in the manual seed'
    tfiles = sorted({t.split('::')[0] for t in v['tests']})
    lines.append(f"Family: {e.family}. Manual: {src}. Module: `voicegame/games/{key if key != 'yield' else 'yield_'}.py`. Test files: {', '.join('`'+t+'`' for t in tfiles) or 'none of its own'}.")
    if key in NOTES: lines.append('\n' + NOTES[key])
    lines.append('')
    if out:
        lines.append('| game | manual sentence | where | test | status |')
        lines.append('| --- | --- | --- | --- | --- |')
        for s, w, t, st in out:
            lines.append(f"| {e.title} | {s} | `{w}` | {('`'+t+'`') if t != 'none' else 'none'} | {st} |")
    nr = ', '.join(f'{n} {k}' for k, n in sorted(notrule.items()))
    if nr: lines.append(f"\nNot rules: {nr} sentence(s) (scoring, strategy, mouse use, or where a pile lies on screen).")
    lines.append('')
sys.stdout.write('\n'.join(lines) + '\n')
print(dict(tot), file=sys.stderr)
