"""Engine vocabulary that gates piles by rank, each on a toy game: a pile gated by the ranks on another
(RankIn), a rank cycle, only some ranks, a frozen complete set, a gap filled along a line, bottoms open
until the first deal, a group cleared once full, and pairs sent home together."""

from __future__ import annotations

from helpers import cards, laid_out as at
from voicegame.engine import Accepts, Direction, Engine, GameDef, Move, PileKind, PileSpec, Sequence, SuitRule, TOP_CARD
from voicegame.engine.gating import RankIn

ANY_IN_SUIT = Sequence(Direction.ANY_RANK, SuitRule.SAME)


def test_rank_in_lets_a_card_on_only_when_its_rank_lies_on_the_other_pile():
    piles = (PileSpec("upper", PileKind.FOUNDATION, ("upper",), accepts=Accepts(build=ANY_IN_SUIT)),
             PileSpec("lower", PileKind.FOUNDATION, ("lower",), accepts=Accepts(build=ANY_IN_SUIT, extra=RankIn("upper"))),
             PileSpec("hand", PileKind.RESERVE, ("hand",), takes=TOP_CARD))
    engine = Engine(GameDef(key="toy", title="Toy", piles=piles, layout_deal=()))
    index = engine.layout.index
    state = at(engine, upper="5H 9H", lower="5C", hand="9C")
    assert engine.why_not(state, Move.cards(index["hand"], index["lower"])) is None
    assert engine.why_not(state, Move.cards(index["hand"], index["upper"])).key == "needs_same"  # the upper one is not gated
    gated = at(engine, upper="5H", lower="5C", hand="9C")
    assert engine.why_not(gated, Move.cards(index["hand"], index["lower"])).key == "rank_not_in"
    assert engine.why_not(gated, Move.cards(index["hand"], index["upper"])).key == "needs_same"


def test_rank_cycle_takes_its_ranks_round_and_round_in_any_suit():
    from voicegame.engine.rank_cycles import RankCycle

    cycle = RankCycle((6, 5, 4, 3, 2, 1))
    piles = (PileSpec("centre", PileKind.FOUNDATION, ("centre",), accepts=Accepts(build=Sequence(Direction.ANY_RANK, SuitRule.ANY), extra=cycle)),
             PileSpec("hand", PileKind.RESERVE, ("hand",), takes=TOP_CARD))
    engine = Engine(GameDef(key="toy", title="Toy", piles=piles, layout_deal=()))
    index = engine.layout.index
    move = Move.cards(index["hand"], index["centre"])
    assert engine.why_not(at(engine, hand="6D"), move) is None
    assert engine.why_not(at(engine, hand="5D"), move).key == "empty_needs_rank"
    assert engine.why_not(at(engine, centre="6D", hand="5S"), move) is None
    assert engine.why_not(at(engine, centre="6D", hand="4S"), move).key == "needs_rank"
    assert engine.why_not(at(engine, centre="6D 5S 4H 3C 2D AS", hand="6H"), move) is None  # after the ace, six again
    assert engine.why_not(at(engine, centre="KD", hand="QH"), move).key == "nothing_goes_on"  # a rank off the cycle


def test_frozen_keeps_a_complete_set_in_place():
    from voicegame.engine import Takes
    from voicegame.engine.freezing import Frozen

    same_rank = Sequence(Direction.UP, SuitRule.ANY, step=0)
    piles = tuple(PileSpec(f"p{n}", PileKind.TABLEAU, (f"pile {n}",), accepts=Accepts(build=same_rank),
                           takes=Takes(runs=True, sequence=same_rank, extra=Frozen(3))) for n in range(2))
    engine = Engine(GameDef(key="toy", title="Toy", piles=piles, layout_deal=()))
    move = Move.cards(0, 1)
    assert engine.why_not(at(engine, p0="9C 9D 9H", p1="9S"), move).key == "pile_frozen"
    assert engine.why_not(at(engine, p0="8C 9D 9H", p1="9S"), move) is None  # three cards, two ranks
    assert engine.why_not(at(engine, p0="9D 9H", p1="9S"), move) is None  # two of a kind
    assert Move.cards(0, 1, 2) in engine.legal_moves(at(engine, p0="9D 9H", p1="9S"))  # a group of one rank moves together


def test_in_line_fills_a_gap_from_either_neighbour_and_joins_runs_high_to_low():
    from voicegame.engine.cards import Rank
    from voicegame.engine.lines import InLine

    ids = tuple(f"c{n}" for n in range(5))
    line = InLine(ids, Rank.ACE, Rank.QUEEN)
    piles = (*(PileSpec(i, PileKind.TABLEAU, (f"cell {i}",), accepts=Accepts(build=None, single=True, extra=line), takes=TOP_CARD) for i in ids),
             PileSpec("hand", PileKind.RESERVE, ("hand",), takes=TOP_CARD))
    engine = Engine(GameDef(key="toy", title="Toy", piles=piles, layout_deal=()))
    index = engine.layout.index

    def why(state, dst):
        reason = engine.why_not(state, Move.cards(index["hand"], index[dst]))
        return None if reason is None else reason.key

    assert why(at(engine, c1="5H", hand="6H"), "c2") is None  # after its left neighbour
    assert why(at(engine, c3="7H", hand="6H"), "c2") is None  # before its right neighbour
    assert why(at(engine, c1="5H", c3="9S", hand="6C"), "c2") == "line_gap_between"
    assert why(at(engine, c1="QS", hand="AH"), "c2") is None  # a low after any high
    assert why(at(engine, hand="AH"), "c0") is None and why(at(engine, hand="QH"), "c4") is None  # the ends
    assert why(at(engine, hand="2H"), "c0") == "line_gap_alone"
    assert why(at(engine, c0="5H", hand="6H"), "c0") == "takes_no_cards"  # only gaps


def test_open_bottoms_keeps_the_bottom_card_playable_and_refills_until_the_first_deal():
    from voicegame.engine import DealOnePerPile, MoveKind
    from voicegame.engine.ends import OpenBottoms

    piles = (PileSpec("stock", PileKind.STOCK, ("stock",)),
             PileSpec("home", PileKind.FOUNDATION, ("home",), accepts=Accepts(build=Sequence(Direction.ANY_RANK, SuitRule.ANY))),
             PileSpec("col", PileKind.TABLEAU, ("column",), takes=TOP_CARD, group="cols"),
             PileSpec("foot", PileKind.RESERVE, ("foot",), takes=TOP_CARD))
    engine = Engine(GameDef(key="toy", title="Toy", piles=piles, layout_deal=(), stock_rule=DealOnePerPile("cols"),
                            settle=OpenBottoms((("col", "foot"),), refill_from="stock", until_dealt=True)))
    index = engine.layout.index
    home = lambda src: Move.cards(index[src], index["home"])  # noqa: E731
    state = at(engine, stock="4C 3C 2C", col="9H")
    state = engine.apply(state, home("col"))[0]
    assert state.piles[index["col"]].cards == cards("2C")  # refilled from the stock
    state = engine.apply(state, Move(MoveKind.DEAL))[0]
    assert state.piles[index["foot"]].cards == cards("2C") and state.piles[index["col"]].cards == cards("3C")  # the bottom card apart
    assert engine.why_not(state, home("foot")) is None and engine.why_not(state, home("col")) is None
    state = engine.apply(state, home("col"))[0]
    assert state.piles[index["col"]].cards == cards("2C") and not state.piles[index["foot"]].cards  # a lone card lives on the column
    state = engine.apply(state, home("col"))[0]
    assert not state.piles[index["col"]].cards and state.piles[index["stock"]].cards == cards("4C")  # dealt once: no refill


def test_ranks_only_keeps_other_ranks_off_the_pile():
    from voicegame.engine.gating import RanksOnly

    piles = (PileSpec("spot", PileKind.TABLEAU, ("spot",), accepts=Accepts(build=None, extra=RanksOnly(frozenset({1, 2, 13})))),
             PileSpec("hand", PileKind.RESERVE, ("hand",), takes=TOP_CARD))
    engine = Engine(GameDef(key="toy", title="Toy", piles=piles, layout_deal=()))
    move = Move.cards(1, 0)
    assert engine.why_not(at(engine, hand="KD"), move) is None
    assert engine.why_not(at(engine, hand="QD"), move).key == "rank_not_here"


def test_fill_then_clear_removes_only_after_the_group_was_full_and_until_the_next_deal():
    from voicegame.engine import DrawToWaste, EMPTY_ANY, MoveKind, PairRule
    from voicegame.engine.rounds import FillThenClear

    rounds = FillThenClear("grid", ("stock", "waste"))
    piles = (PileSpec("stock", PileKind.STOCK, ("stock",)), PileSpec("waste", PileKind.WASTE, ("waste",), takes=TOP_CARD),
             PileSpec("discard", PileKind.DISCARD, ("discard",)),
             *(PileSpec(f"c{n}", PileKind.TABLEAU, (f"cell {n}",), accepts=Accepts(build=None, empty=EMPTY_ANY), group="grid") for n in range(2)))
    engine = Engine(GameDef(key="toy", title="Toy", piles=piles, layout_deal=(), stock_rule=DrawToWaste(draw=1, redeals=0),
                            pairs=PairRule(discard="discard", sums_to=10, free=rounds.free_places), settle=rounds))
    index = engine.layout.index
    pair = Move.pair((index["c0"], -1), (index["c1"], -1))
    state = at(engine, stock="2C 9S", waste="6D", c0="4H")
    assert engine.why_not(state, Move.pair((index["c0"], -1))) is not None and not engine.pair_moves(state)  # not full yet
    state = engine.apply(state, Move.cards(index["waste"], index["c1"]))[0]
    assert engine.why_not(state, pair) is None  # full: clearing
    state = engine.apply(state, Move(MoveKind.DEAL))[0]
    assert engine.why_not(state, pair) is not None  # a card turned: back to filling
    assert engine.why_not(at(engine, c0="4H", c1="6D"), pair) is None  # stock and waste empty: clearing any time


def test_pairs_home_sends_two_cards_of_one_suit_to_an_empty_pile_of_their_group():
    from voicegame.engine import PairRule
    from voicegame.engine.cards import Rank
    from voicegame.engine.pair_homes import PairsHome

    homes = PairsHome(((Rank.ACE, Rank.JACK, "homes"),))
    piles = (*(PileSpec(f"r{n}", PileKind.RESERVE, (f"reserve {n}",), takes=TOP_CARD) for n in range(3)),
             *(PileSpec(f"h{n}", PileKind.FOUNDATION, (f"home {n}",), group="homes") for n in range(1)))
    engine = Engine(GameDef(key="toy", title="Toy", piles=piles, layout_deal=(),
                            pairs=PairRule(discard="h0", together=homes.together, send=homes.send)))
    index = engine.layout.index
    state = at(engine, r0="JC", r1="AC", r2="AD")
    move = Move.pair((index["r0"], -1), (index["r1"], -1))
    assert engine.why_not(state, move) is None
    assert engine.why_not(state, Move.pair((index["r0"], -1), (index["r2"], -1))).key == "pair_not_one_suit"
    after = engine.apply(state, move)[0]
    assert after.piles[index["h0"]].cards == cards("AC JC")  # the ace underneath
    assert engine.why_not(at(engine, r0="JD", r1="AD", h0="AC JC"), move).key == "no_empty_home"
