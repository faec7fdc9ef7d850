"""Print every game's piles (Accepts/Takes), the GameDef fields that differ from the defaults, its
options and its test file: what the reviewer read next to the manual.

    PYTHONPATH=. python docs/audit/dump.py
"""

import dataclasses
import re
from importlib import import_module
from pathlib import Path

from audithelpers import comp, fn
from importlib import import_module

from voicegame.games import GameEntry, all_games, game_modules

GAME_MODULES = [name for name in game_modules()
                if isinstance(getattr(import_module(f"voicegame.games.{name}"), "ENTRY", None), GameEntry)]
"""The modules of the games, in the registry's order (one a game: zipped with ``all_games()``)."""

res = {}
for mod, e in zip(GAME_MODULES, all_games()):
    g = e.make()
    m = import_module(f'voicegame.games.{mod}')
    piles = []
    for p in g.piles:
        piles.append(f"{p.id} [{p.kind.name}]" + (f" accepts={comp(p.accepts)}" if p.accepts else '') + (f" takes={comp(p.takes)}" if p.takes else ''))
    extras = {}
    for f in dataclasses.fields(g):
        if f.name in ('piles','layout','key','title','help_key','layout_deal','group_names'): continue
        v = getattr(g, f.name)
        d = f.default if f.default is not dataclasses.MISSING else (f.default_factory() if f.default_factory is not dataclasses.MISSING else None)
        if v == d: continue
        extras[f.name] = repr(v) if not callable(v) or dataclasses.is_dataclass(v) else fn(v)
    tfile = f'tests/test_{mod.rstrip("_")}.py'
    try:
        tests = re.findall(r'^\s*def (test_\w+)', (Path(__file__).resolve().parents[2] / tfile).read_text(encoding='utf-8'), re.M)
    except FileNotFoundError:
        tests = []
    res[e.key] = dict(module=mod, title=e.title, family=e.family, doc=m.__doc__, piles=piles, extras=extras, options=[(o.name, o.default) for o in e.options], tfile=tfile, tests=tests)
for k, v in res.items():
    print('=====', k, v['family'], v['options'])
    for p in v['piles']: print('  ', p)
    for a, b in v['extras'].items(): print('   +', a, '=', b[:300])
    print('   tests', len(v['tests']), v['tfile'])
