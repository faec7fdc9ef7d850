"""Where each sentence lives, and the automatic checks against the rule objects.

:func:`check` names the rule object a sentence is about (the first pile of the kind, its Accepts and
Takes as the engine holds them, or the stock_rule / is_won / pairs / refill hook) and, where the
sentence can be parsed (build direction and suit, what an empty pile takes, singly or in groups,
foundations giving cards back, wrap, redeal counts against probe.py's play), says 'agrees' or
'CHECK ...' for the hand review in overrides.py. Used by draft.py.
"""

from __future__ import annotations

import re
from importlib import import_module

from voicegame.games import GameEntry, all_games, game_modules

GAME_MODULES = [name for name in game_modules()
                if isinstance(getattr(import_module(f"voicegame.games.{name}"), "ENTRY", None), GameEntry)]
"""The modules of the games, in the registry's order (one a game: zipped with ``all_games()``)."""
from voicegame.engine.piles import PileKind
from voicegame.engine.sequence import Direction, SuitRule
from audithelpers import seq, emp, comp, fn

from probe import probe_stocks

PROBE = probe_stocks()
GAMEDEFS = {e.key: (mod, e, e.make()) for mod, e in zip(GAME_MODULES, all_games())}

def piles_of(g, kinds):
    return [p for p in g.piles if p.kind in kinds]

def short(p, part='accepts'):
    obj = getattr(p, part)
    return comp(obj) if obj is not None else 'None'

TAB = (PileKind.TABLEAU,)
FND = (PileKind.FOUNDATION,)
RES = tuple(k for k in PileKind if k.name in ('RESERVE', 'CELL', 'FREECELL'))
def kinds_named(*names):
    return tuple(k for k in PileKind if k.name in names)

def parse_build(s):
    low = s.lower()
    d = None
    if re.search(r'up or down|up and down|higher or (one )?lower|one higher or one lower', low): d = Direction.EITHER
    elif re.search(r'\bdown\b|descending|one lower|lower than', low): d = Direction.DOWN
    elif re.search(r'\bup\b|ascending', low): d = Direction.UP
    su = None
    if re.search(r'any suit but|but own|other than its own|different suit', low): su = SuitRule.DIFFERENT
    elif re.search(r'alternat', low): su = SuitRule.ALTERNATE
    elif re.search(r'regardless of (suit|colou?r)|any suit|suit is not relevant|irrespective', low): su = SuitRule.ANY
    elif re.search(r'same colou?r|by colou?r', low): su = SuitRule.SAME_COLOUR
    elif re.search(r'in suit|by suit|same suit|matching suit|\bsuit\b', low): su = SuitRule.SAME
    return d, su

def parse_empty(s):
    low = s.lower()
    if re.search(r'can ?not be filled|cannot be filled|may not be filled|can not have|cannot have|cannot|can not|never', low) and 'except' not in low and 'only' not in low: return 'none'
    if re.search(r'only be filled by the next deal|except with the next deal|automatically|filled from the (waste|stock|reserve)|by the (waste|stock|reserve)', low): return 'auto'
    if re.search(r'\bkings?\b', low) and re.search(r'only|with a king|by kings', low): return 'king'
    if re.search(r'any card|any single card|any card or|any available|any group|with any', low): return 'any'
    return None

def check(key: str, cat: str, s: str) -> tuple[str, str | None]:
    """(where, automatic verdict or None)."""
    mod, e, g = GAMEDEFS[key]
    f = f'games/{mod}.py'
    low = s.lower()
    tabs = piles_of(g, TAB); fnds = piles_of(g, FND); res = piles_of(g, kinds_named('RESERVE', 'CELL', 'FREE_CELL', 'FREECELL'))
    if cat == 'stock':
        sr = g.stock_rule
        where = f'{f}: stock_rule={type(sr).__name__}' + (f'(draw={getattr(sr, "draw", "?")}, redeals={getattr(sr, "redeals", "?")})' if hasattr(sr, 'redeals') else '') if sr else f'{f}: no stock_rule'
        want = None
        m = re.search(r'\b(no|one|two|three|1|2|3) redeals?\b', low)
        if m: want = {'no': 0, 'one': 1, 'two': 2, 'three': 3, '1': 1, '2': 2, '3': 3}[m.group(1)]
        elif re.search(r'go through the deck (twice|two times)', low): want = 1
        elif re.search(r'go through the deck (three|3) times|three times', low): want = 2
        elif re.search(r'go through the deck once|only one chance|there are no redeals|when stock is empty, game over', low): want = 0
        elif re.search(r'unlimited redeals|as many times', low): want = None; 
        verdict = None
        pr = PROBE.get(key, '')
        mm = re.search(r'redeals used=(\d+), then: (\w+)', pr)
        unlimited = pr.startswith('3000')
        if re.search(r'unlimited redeals|redeals are unlimited|as many times as you like', low):
            verdict = 'agrees' if unlimited else f'CHECK manual=unlimited engine probe: {pr}'
            where += f'; probe: {pr}'
        elif want is not None and mm:
            got = None if unlimited else int(mm.group(1))
            verdict = 'agrees' if got == want else f'CHECK redeals manual={want} engine probe: {pr}'
            where += f'; probe: {pr}'
        m = re.search(r'(one|three|1|3) (cards? )?at a time', low)
        if m and sr is not None and hasattr(sr, 'draw') and 'waste' in low:
            want_d = {'one': 1, 'three': 3, '1': 1, '3': 3}[m.group(1)]
            v2 = 'agrees' if sr.draw == want_d else f'CHECK draw manual={want_d} engine={sr.draw}'
            verdict = v2 if verdict in (None, 'agrees') else verdict
        return where, verdict
    if cat == 'empty':
        targets = tabs or res
        if res and re.search(r'empty reserve|reserve (piles? )?(can|cannot|are|is)|reserves? cannot', low): targets = res
        if not targets: return f'{f}: (no tableau piles)', None
        p = targets[0]
        a = p.accepts
        where = f'{f}: {p.id}.. accepts.empty={emp(a.empty) if a else "None"}' + (f', base_from={a.base_from}' + (f', base_step={a.base_step}' if a.base_step else '') if a and a.base_from else '') + (f', empty_from={{{",".join(sorted(k.name for k in a.empty_from))}}}' if a and a.empty_from else '') + (f', extra={fn(a.extra)}' if a and a.extra else '')
        if g.refill is not None: where += f'; refill={type(g.refill).__name__}'
        if g.settle is not None: where += f'; settle={fn(g.settle)}'
        want = parse_empty(s)
        verdict = None
        if a is not None and want is not None:
            got = 'none' if not a.empty.allowed else ('king' if a.empty.rank is not None and a.empty.rank.name == 'KING' else ('any' if a.empty.rank is None else 'rank'))
            if want == 'auto':
                verdict = 'agrees' if (g.refill is not None or g.settle is not None or g.stock_rule is not None) else None
            elif want == got or (want == 'none' and got == 'none'):
                verdict = 'agrees'
            elif got == 'any' and a.base_from: verdict = None
            else:
                verdict = f'CHECK empty manual={want} engine={got}'
        elif a is None and want == 'none': verdict = 'agrees'
        return where, verdict
    if cat == 'foundation' or (cat in ('tableau', 'moves') and 'foundation' in low):
        if not fnds: return f'{f}: (no foundation piles)', None
        p = fnds[0]; a = p.accepts
        where = f'{f}: {p.id}.. accepts={short(p)}' + (f' takes={short(p, "takes")}' if p.takes else ' takes=None')
        d, su = parse_build(s)
        verdict = None
        if a is not None and a.build is not None and (d or su) and re.search(r'built|build', low):
            ok = (d is None or a.build.direction == d or (a.build.direction == Direction.EITHER)) and (su is None or a.build.suit == su or (su == SuitRule.SAME and a.suit is not None))
            verdict = 'agrees' if ok else f'CHECK foundation build manual=({d},{su}) engine=({a.build.direction.name},{a.build.suit.name})'
        if re.search(r'no longer in play|may not be moved back|cannot be moved|not in play', low):
            verdict = 'agrees' if p.takes is None else 'CHECK foundation gives back cards, manual says no longer in play'
        if re.search(r'still in play|can be played back|played back|back on to the tableau', low):
            verdict = 'agrees' if p.takes is not None else 'CHECK foundation takes=None, manual says still in play'
        if re.search(r'wrap', low) and a is not None and a.build is not None:
            verdict = 'agrees' if a.build.wrap else 'CHECK foundation wrap manual=yes engine=no'
        return where, verdict
    if cat in ('tableau', 'moves', 'layout'):
        if cat == 'layout':
            return f'{f}: layout_deal', None
        if not tabs:
            if g.pairs is not None: return f'{f}: pairs={type(g.pairs).__name__}', None
            return f'{f}: (no tableau piles)', None
        p = tabs[0]; a = p.accepts
        where = f'{f}: {p.id}.. accepts={short(p)} takes={short(p, "takes")}'
        if g.max_run is not None: where += f'; max_run={fn(g.max_run)}'
        if g.pairs is not None: where = f'{f}: pairs={type(g.pairs).__name__}'
        verdict = None
        d, su = parse_build(s)
        if a is not None and a.build is not None and (d or su) and re.search(r'built|build', low):
            ok = (d is None or a.build.direction == d) and (su is None or a.build.suit == su)
            verdict = 'agrees' if ok else f'CHECK tableau build manual=({d and d.name},{su and su.name}) engine=({a.build.direction.name},{a.build.suit.name})'
        t = p.takes
        if re.search(r'singly|one card at a time|only one card|only the top card|cards are moved singly|one at a time', low) and 'stock' not in low:
            if t is not None:
                single = (not t.runs) or (g.max_run is not None)
                verdict = 'agrees' if not t.runs else (verdict or None)
                if t.runs and g.max_run is None: verdict = 'CHECK manual=singly engine=runs'
        if re.search(r'groups? of cards|builds of cards|can be moved as a unit|sequences? .* moved|whole pile|any (face.up )?card', low) and 'cannot' not in low and 'not be' not in low:
            if t is not None:
                verdict = 'agrees' if t.runs else 'CHECK manual=groups engine=top card only'
        return where, verdict
    if cat == 'reserve':
        if not res: return f'{f}: (no reserve/cell piles)', None
        p = res[0]
        return f'{f}: {p.id}.. accepts={short(p)} takes={short(p, "takes")}', None
    if cat == 'win':
        return f'{f}: is_won={fn(g.is_won)}', None
    return f'{f}', None
