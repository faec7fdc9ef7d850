"""Replay the known differences fixed in issue 38 item 1 with the engine: each position the audit
played before the fix (ev_fix.py) and the ones the fix is about, with ``Engine.why_not`` (its reason
key, or "legal") and, where a run goes home, the foundation after the move.

    PYTHONPATH=. python docs/audit/ev_fixed.py

Its output is quoted in new.md ("Differences fixed").
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))

from helpers import move_of, position, why_not  # noqa: E402

from voicegame.engine import Engine, Move, State  # noqa: E402
from voicegame.games import find_game  # noqa: E402


def engine(key: str) -> Engine:
    return Engine(find_game(key).make())


def why(eng: Engine, st: State, src: str, dst: str, count: int = 1) -> str:
    return why_not(eng, st, src, dst, count) or "legal"


def codes(eng: Engine, st: State, pile_id: str) -> str:
    return " ".join(str(c.code) if hasattr(c, "code") else str(c) for c in st.piles[eng.layout.index[pile_id]].cards)


def runs_home() -> None:
    """ev_fix.py's position: a foundation with the ace and two, a pile ending 5-4-3, two cards home."""
    for key in ("forty_thieves", "eagle_wing", "odessa", "zebra", "seahaven"):
        eng = engine(key)
        f = next(s for s in eng.specs if s.kind.name == "FOUNDATION")
        t = next(s.id for s in eng.specs if s.kind.name == "TABLEAU")
        s = f.suit.name[0] if f.suit else "H"
        if key == "zebra":  # builds up in alternate colours
            home, run = "AS 2H", "5H 4D 3C"
        else:
            home, run = f"A{s} 2{s}", f"5{s} 4{s} 3{s}"
        st = position(eng, **{f.id: home, t: run})
        verdict = why(eng, st, t, f.id, 2)
        after = f" -> {f.id}: {codes(eng, eng.apply(st, move_of(eng, t, f.id, 2))[0], f.id)}" if verdict == "legal" else ""
        print(f"{key:13} {f.id:11} {t:7} 2-card run home -> {verdict}{after} | top card -> {why(eng, st, t, f.id)}"
              f" | accepts={type(f.accepts).__name__}")


def eagle_wing_singly() -> None:
    eng = engine("eagle_wing")
    st = position(eng, pile1="9H 8H", pile2="TH", pile3="7H")
    print("eagle_wing    9H 8H onto TH (pile to pile, 2 cards) ->", why(eng, st, "pile1", "pile2", 2),
          "| 7H alone onto 8H ->", why(eng, st, "pile3", "pile1"))


def base_card_comes_back() -> None:
    for key in ("agnes", "lady_jane"):
        eng = engine(key)
        two, ace = ("2H", "AH") if key == "agnes" else ("2S", "AS")  # Agnes builds in one colour, Lady Jane alternates
        st = position(eng, foundation1="KD AD", pile1=two)
        base_only = replace(position(eng, foundation1="KD", pile1=ace, pile2="KC QC"), counters=(13,))
        base = why(eng, base_only, 'foundation1', 'pile1')
        then = ""
        if base == "legal":
            after = eng.apply(base_only, move_of(eng, "foundation1", "pile1"))[0]
            then = f" | then QC to the empty foundation2 -> {why(eng, after, 'pile2', 'foundation2')}"
        print(f"{key:10} AD from foundation1 (KD AD) onto {two} -> {why(eng, st, 'foundation1', 'pile1')}"
              f" | the base KD alone onto {ace} -> {base}{then}"
              f" | foundation1 accepts={type(eng.game.piles[eng.layout.index['foundation1']].accepts).__name__}")
    eng = engine("lady_jane")
    st = position(eng, foundation1="6H", pile1="6D", reserve1="5S", pile2="7C")
    print(f"lady_jane  base rank six: 5S onto 6D -> {why(eng, st, 'reserve1', 'pile1')}"
          f" | 6D onto 7C -> {why(eng, st, 'pile1', 'pile2')}")


def glenwood() -> None:
    eng = engine("glenwood")
    st = position(eng, foundation1="5D", foundation2="8H", pile1="JH TS 9H", pile2="TC", pile3="QC", pile4="4C")
    print("glenwood   pile1 JH TS 9H: 9H onto TC ->", why(eng, st, "pile1", "pile2"),
          "| 9H to foundation2 (8H) ->", why(eng, st, "pile1", "foundation2"),
          "| whole pile (3) onto QC ->", why(eng, st, "pile1", "pile3", 3),
          "| TS 9H (2) onto 4C ->", why(eng, st, "pile1", "pile4", 2))


def straight_up() -> None:
    eng = engine("straight_up")
    st = position(eng, pile1="AS", pile2="KS", pile3="2S", reserve="KD")
    print("straight_up KS onto AS ->", why(eng, st, "pile2", "pile1"), "| AS onto 2S ->", why(eng, st, "pile1", "pile3"))


def whitehead() -> None:
    eng = engine("whitehead")
    st = position(eng, pile1="3S 2S AS", pile2="4H 3S", hearts="AH 2H", stock="9C")
    home = why(eng, st, "pile1", "spades", 2)
    if home == "legal":
        home += " -> spades: " + codes(eng, eng.apply(st, move_of(eng, "pile1", "spades", 2))[0], "spades")
    print("whitehead  2S AS home (2) ->", home,
          "| 3S 2S AS (3) ->", why(eng, st, "pile1", "spades", 3), "| 4H 3S to hearts (2) ->", why(eng, st, "pile2", "hearts", 2))


def thieves() -> None:
    eng = engine("thieves")
    for seed in (1, 4, 9):
        dealt = eng.deal(seed)
        moves = eng.legal_moves(dealt)
        after = eng.apply(dealt, Move.deal())[0]
        same = after.piles[eng.layout.waste].cards == (dealt.piles[eng.layout.stock].cards[-1],)
        print(f"thieves    deal {seed}: legal moves {[m.kind.name for m in moves]}; after the draw the waste holds the stock's top card: {same}"
              f"; a column card onto the empty waste -> {why(eng, dealt, 'column1', 'waste')}")


if __name__ == "__main__":
    runs_home()
    eagle_wing_singly()
    base_card_comes_back()
    glenwood()
    straight_up()
    whitehead()
    thieves()
