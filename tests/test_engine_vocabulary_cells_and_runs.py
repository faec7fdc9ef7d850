"""Engine vocabulary for the FreeCell family, on toy games: the cells-only run limit, Freecell Solver's
run moves unpacked into single-card moves, a rank sunk to the bottom of its group, one base rank for a
group's empty piles, and a cap on a pile."""

from __future__ import annotations

from helpers import cards, laid_out as at
from voicegame.engine import (
    TOP_CARD, Accepts, Direction, Engine, GameDef, Move, MoveKind, Pile, PileKind, PileSpec, Sequence, SuitRule,
    Takes, free_cells_run_limit,
)
from voicegame.solver.freecell_solver import Layout, unpacked

DOWN = Sequence(Direction.DOWN, SuitRule.ANY)


def toy(takes_runs: bool, cells: int = 2, columns: int = 4) -> Engine:
    piles = (*(PileSpec(f"cell{n}", PileKind.CELL, (f"cell {n}",), accepts=Accepts(build=None, single=True), takes=TOP_CARD) for n in range(cells)),
             *(PileSpec(f"c{n}", PileKind.TABLEAU, (f"column {n}",), accepts=Accepts(build=DOWN, single=not takes_runs),
                        takes=Takes(runs=True, sequence=DOWN) if takes_runs else TOP_CARD) for n in range(columns)))
    return Engine(GameDef(key="toy", title="Toy", piles=piles, layout_deal=(), max_run=free_cells_run_limit))


def test_free_cells_run_limit_counts_the_empty_cells_only():
    engine = toy(True)
    index = engine.layout.index
    state = at(engine, c0="9S 8H 7C", c1="TD")  # two empty cells, two empty columns
    assert free_cells_run_limit(engine.game, state, index["c1"]) == 3
    assert engine.why_not(state, Move.cards(index["c0"], index["c1"], 3)) is None
    one_cell = at(engine, c0="9S 8H 7C", c1="TD", cell0="2C")
    assert free_cells_run_limit(engine.game, one_cell, index["c1"]) == 2  # empty columns add nothing
    assert engine.why_not(one_cell, Move.cards(index["c0"], index["c1"], 3)).key == "run_too_long"
    assert engine.why_not(one_cell, Move.cards(index["c0"], index["c1"], 2)).key == "needs_rank"  # limit passed, rank checked


def test_a_run_move_unpacks_into_single_cards_through_cells_and_empty_columns():
    engine = toy(False, cells=1, columns=4)
    index = engine.layout.index
    state = at(engine, c0="5S 9S 8H 7C 6D", c1="TD")  # one cell and two empty columns: up to 2 * 4 cards
    move = Move.cards(index["c0"], index["c1"], 4)
    assert engine.why_not(state, move) is not None  # one card at a time
    steps = unpacked(state, move, Layout.of(engine))
    assert steps and all(step.count == 1 for step in steps)
    for step in steps:
        state = engine.apply(state, step)[0]
    assert state.piles[index["c1"]].cards == cards("TD 9S 8H 7C 6D") and state.piles[index["c0"]].cards == cards("5S")
    too_long = at(engine, c0="KS QS JS TS 9S 8H 7C 6D 5S", c1="", c2="AH", c3="AD")
    assert unpacked(too_long, Move(MoveKind.MOVE, index["c0"], index["c1"], 3), Layout.of(engine)) == []  # one cell, no spare column


def test_rank_to_bottom_sinks_one_rank_in_its_group_only():
    from voicegame.engine import DealSpec, RankToBottom
    from voicegame.engine.cards import Rank

    piles = (PileSpec("p1", PileKind.TABLEAU, ("pile one",), group="tableau"),
             PileSpec("p2", PileKind.TABLEAU, ("pile two",), group="tableau"),
             PileSpec("r1", PileKind.RESERVE, ("reserve",), group="reserve"))
    game = GameDef(key="toy", title="Toy", piles=piles, deal_by_rows=False,
                   layout_deal=(DealSpec("p1", down=1, up=3), DealSpec("p2", up=2), DealSpec("r1", up=2)))
    dealt = Engine(game).deal_cards(list(cards("5H KS 2C KD 7S 3D 8C KH")))
    sunk = RankToBottom(Rank.KING, "tableau")(game, dealt, 0)
    assert sunk.piles[0] == Pile(cards("KS KD 5H 2C"), 1)  # kings first, in dealt order; one still face down
    assert sunk.piles[1] == dealt.piles[1] == Pile(cards("7S 3D"))  # no king: unchanged
    assert sunk.piles[2] == Pile(cards("8C KH"))  # not in the group: its king stays on top


def test_same_base_lets_the_first_card_choose_the_rank_of_every_empty_pile_of_its_group():
    from voicegame.engine import SameBase

    up = Sequence(Direction.UP, SuitRule.SAME, wrap=True)
    homes = tuple(PileSpec(f"f{n}", PileKind.FOUNDATION, (f"foundation {n}",), group="foundations",
                           accepts=Accepts(build=up, single=True, extra=SameBase("foundations"))) for n in (1, 2))
    engine = Engine(GameDef(key="toy", title="Toy", piles=(*homes, PileSpec("c1", PileKind.TABLEAU, ("column",), takes=TOP_CARD)),
                            layout_deal=()))
    index = engine.layout.index
    empty = at(engine, c1="QH 9C")
    assert engine.why_not(empty, Move.cards(index["c1"], index["f2"], 1)) is None  # nothing set: any rank
    based = at(engine, f1="9D", c1="QH 9C")
    assert engine.why_not(based, Move.cards(index["c1"], index["f2"], 1)) is None  # the base rank
    other = at(engine, f1="9D", c1="9C QH")
    assert engine.why_not(other, Move.cards(index["c1"], index["f2"], 1)).key == "empty_needs_rank"
    assert engine.why_not(at(engine, f1="KH", c1="AH"), Move.cards(index["c1"], index["f1"], 1)) is None  # a built pile: its own rule


def test_at_most_caps_a_pile_and_leaves_its_other_rules():
    from voicegame.engine import AtMost

    capped = PileSpec("c0", PileKind.TABLEAU, ("column",), takes=TOP_CARD, accepts=Accepts(build=DOWN, extra=AtMost(2)))
    free = PileSpec("c1", PileKind.TABLEAU, ("other",), takes=TOP_CARD, accepts=Accepts(build=DOWN))
    engine = Engine(GameDef(key="toy", title="Toy", piles=(capped, free), layout_deal=()))
    assert engine.why_not(at(engine, c0="9S", c1="8H"), Move.cards(1, 0, 1)) is None  # two cards: allowed
    assert engine.why_not(at(engine, c0="TD 9S", c1="8H"), Move.cards(1, 0, 1)).key == "pile_full"
    assert engine.why_not(at(engine, c0="9S", c1="7H"), Move.cards(1, 0, 1)).key == "needs_rank"
    assert engine.why_not(at(engine, c0="8H", c1="TD 9S"), Move.cards(0, 1, 1)) is None  # uncapped pile
