"""Short printed forms of the rule objects (Sequence, Empty, Accepts, Takes, hooks) for the audit's
*where* column and for dump.py."""

import dataclasses
from voicegame.engine.sequence import Sequence, Empty
from voicegame.engine.rules import Accepts, Takes

def seq(s):
    if s is None: return 'None'
    parts = [s.direction.name, s.suit.name]
    if s.step != 1: parts.append(f'step={s.step}')
    if s.wrap: parts.append('wrap')
    if s.closed: parts.append(f'closed={sorted(s.closed)}')
    return 'Sequence(' + ', '.join(parts) + ')'
def emp(e):
    if not e.allowed: return 'EMPTY_NONE'
    if e.rank is not None: return f'Empty(rank={e.rank.name})'
    return 'EMPTY_ANY'
def fn(f):
    return getattr(f, '__qualname__', None) or repr(f)
def comp(obj):
    out = []
    for f in dataclasses.fields(obj):
        v = getattr(obj, f.name)
        if v == f.default and f.default is not dataclasses.MISSING: continue
        if isinstance(v, Sequence): v = seq(v)
        elif isinstance(v, Empty): v = emp(v)
        elif callable(v): v = fn(v)
        elif isinstance(v, frozenset): v = '{' + ','.join(sorted(getattr(x,'name',str(x)) for x in v)) + '}'
        out.append(f'{f.name}={v}')
    return f'{type(obj).__name__}(' + ', '.join(out) + ')'
