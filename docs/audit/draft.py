"""The audit's rows before the hand review: every sentence of every game's manual section with its
category, where it lives (check.py), the automatic verdict and the nearest test (gen.py).

``python docs/audit/draft.py [MANUAL]`` prints the verdict counts and every row whose automatic check
disagreed (the rows overrides.py has to settle); build.py calls :func:`draft_rows`.
"""

from __future__ import annotations

import collections
import sys
from pathlib import Path

from check import GAMEDEFS, check
from gen import classify, game_tests, load_manual, pick_test, sentences
from split import MANUAL


def draft_rows(manual: Path = MANUAL) -> dict[str, dict]:
    M = load_manual(manual)
    rows: dict[str, dict] = {}
    for key in GAMEDEFS:
        mod = GAMEDEFS[key][0]
        tests = game_tests(key, mod)
        sec = M.get(key)
        out = []
        for s in sentences(sec['lines']) if sec else []:
            cat = classify(s)
            if cat in ('scoring', 'strategy', 'ui'):
                out.append(dict(s=s, cat=cat))
                continue
            where, verdict = check(key, cat, s)
            t = pick_test(tests, cat, s)
            out.append(dict(s=s, cat=cat, where=where, verdict=verdict, test=f'{t[0]}::{t[1]}' if t else None))
        rows[key] = dict(rows=out, tests=[f'{f}::{n}' for f, n in tests], line=sec['line'] if sec else None,
                         title=sec['manual_title'] if sec else None)
    return rows


if __name__ == "__main__":
    rows = draft_rows(Path(sys.argv[1]) if len(sys.argv) > 1 else MANUAL)
    c = collections.Counter(r.get('verdict') and r['verdict'].split()[0] for v in rows.values() for r in v['rows']
                            if r['cat'] not in ('scoring', 'strategy', 'ui'))
    print(c, sum(len(v['rows']) for v in rows.values()))
    for k, v in rows.items():
        for r in v['rows']:
            if r.get('verdict', '') and r['verdict'].startswith('CHECK'):
                print(k, '|', r['s'][:140], '|', r['verdict'])
