"""Engine vocabulary for the Klondike family's later games, on toy games, each rule with a legal and an
illegal case: a deal that waits for gaps to be filled or for a phase of the game, an empty
pile fed from one group first, a foundation built up and back down, a phase that starts with a first
card, points per card, finished pile and ordered pair, and auto-play's safety with a base rank or two
decks."""

from __future__ import annotations

from helpers import cards, laid_out as at
from voicegame.engine import (
    EMPTY_ANY, TOP_CARD, Accepts, DealOnePerPile, Direction, DrawToWaste, Empty, Engine, GameDef, Move, Pile, PileKind,
    PileSpec, Sequence, SuitRule, Takes,
)
from voicegame.engine.cards import Rank
from voicegame.engine.first_card import AfterFirstCard
from voicegame.engine.gap_sources import FirstFrom
from voicegame.engine.safety import BaseSeatsFilled, CopiesHome
from voicegame.engine.scoring import Points
from voicegame.engine.stock_waits import GapsFilledFirst, StockInPhase
from voicegame.engine.there_and_back import UpThenDown

DOWN = Sequence(Direction.DOWN, SuitRule.ALTERNATE)
UP_IN_SUIT = Sequence(Direction.UP, SuitRule.SAME, wrap=True)
DEAL = Move.deal()
STOCK = PileSpec("stock", PileKind.STOCK, ("the stock",))
WASTE = PileSpec("waste", PileKind.WASTE, ("the waste",), takes=TOP_CARD)


def toy(*piles: PileSpec, **declaration: object) -> Engine:
    return Engine(GameDef(key="toy", title="Toy", piles=piles, layout_deal=(), **declaration))  # type: ignore[arg-type]


def column(n: int, accepts: Accepts, group: str = "tableau") -> PileSpec:
    return PileSpec(f"p{n}", PileKind.TABLEAU, (f"pile {n}",), accepts=accepts, takes=Takes(runs=True, sequence=DOWN), group=group)


def test_gaps_filled_first_waits_only_while_a_gap_can_be_filled():
    kings = Accepts(build=DOWN, empty=Empty(rank=Rank.KING))
    engine = toy(STOCK, *(column(n, kings) for n in (1, 2, 3)), stock_rule=GapsFilledFirst(DealOnePerPile("tableau"), gaps="tableau"))
    stock = Pile(cards("2C 3C 4C"), 3)
    blocked = at(engine, stock=stock, p1=Pile(cards("5H KS QH"), 1), p2="9C")
    reason = engine.why_not(blocked, DEAL)
    assert reason is not None and reason.key == "fill_gaps_first" and reason.params["pile"] == "pile 3"
    assert engine.why_not(at(engine, stock=stock, p1=Pile(cards("5H QS"), 1), p2="9C"), DEAL) is None  # no king
    assert engine.why_not(at(engine, stock=stock, p1="KS QH", p2="9C"), DEAL) is None  # the whole pile: the gap moves
    after = engine.apply(at(engine, stock=stock, p1="KS", p2="9C", p3="8D"), DEAL)[0]
    assert after.piles[1].cards == cards("KS 4C")  # the wrapped rule deals as before
    assert engine.game.stock_rule.group == "tableau"  # the solver still sees which piles the stock deals to


def test_stock_in_phase_turns_only_in_its_phase():
    home = PileSpec("home", PileKind.FOUNDATION, ("home",), accepts=Accepts(build=UP_IN_SUIT, empty=EMPTY_ANY, single=True))
    engine = toy(STOCK, WASTE, home, stock_rule=StockInPhase(DrawToWaste(draw=1, redeals=1), AfterFirstCard("home")))
    stock = Pile(cards("2C 3C"), 2)
    assert engine.why_not(at(engine, stock=stock), DEAL).key == "phase_first_card"
    assert engine.why_not(at(engine, stock=stock, home="9D"), DEAL) is None
    assert engine.game.stock_rule.redeals == 1 and engine.game.stock_rule.cycles


def test_after_first_card_opens_a_pile_once_another_holds_a_card():
    home = PileSpec("home", PileKind.FOUNDATION, ("home",), accepts=Accepts(build=UP_IN_SUIT, empty=EMPTY_ANY, single=True))
    late = column(1, Accepts(build=DOWN, empty=EMPTY_ANY, phase=AfterFirstCard("home")))
    engine = toy(WASTE, home, late)
    index = engine.layout.index
    move = Move.cards(index["waste"], index["p1"], 1)
    assert engine.why_not(at(engine, waste="7H"), move).key == "phase_first_card"
    assert engine.why_not(at(engine, waste="7H", home="2C"), move) is None


def test_first_from_feeds_a_gap_from_its_group_then_from_the_waste():
    reserve = PileSpec("r1", PileKind.RESERVE, ("reserve one",), takes=TOP_CARD, group="reserve")
    gap = column(1, Accepts(build=DOWN, empty=EMPTY_ANY, extra=FirstFrom("reserve", then=frozenset({PileKind.WASTE}))))
    other = column(2, Accepts(build=DOWN, empty=EMPTY_ANY))
    engine = toy(WASTE, reserve, gap, other)
    index = engine.layout.index
    from_waste, from_reserve = Move.cards(index["waste"], index["p1"], 1), Move.cards(index["r1"], index["p1"], 1)
    from_pile = Move.cards(index["p2"], index["p1"], 1)
    state = at(engine, waste="QH", r1="5C", p2="9D")
    assert engine.why_not(state, from_reserve) is None
    assert engine.why_not(state, from_waste).key == "empty_from_group_first"
    assert engine.why_not(state, from_pile).key == "empty_from_group_first"
    assert engine.why_not(at(engine, waste="QH", p2="9D"), from_waste) is None  # the reserve is used up
    assert engine.why_not(at(engine, waste="QH", p2="9D"), from_pile).key == "empty_from_group_first"  # not a table pile
    assert engine.why_not(at(engine, waste="8S", r1="5C", p1="9D"), from_waste) is None  # a pile with cards: not its rule


def test_up_then_down_takes_ace_to_king_the_second_king_and_back_to_the_ace():
    home = PileSpec("hearts", PileKind.FOUNDATION, ("hearts",),
                    accepts=Accepts(build=Sequence(Direction.ANY_RANK, SuitRule.SAME), empty=Empty(rank=Rank.ACE), single=True, extra=UpThenDown()))
    engine = toy(WASTE, home)
    up = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    move = Move.cards(0, 1, 1)
    assert engine.why_not(at(engine, waste="3H", hearts="AH 2H"), move) is None
    assert engine.why_not(at(engine, waste="4H", hearts="AH 2H"), move).key == "needs_rank"
    assert engine.why_not(at(engine, waste="KH", hearts=up), move) is None
    assert engine.why_not(at(engine, waste="AH", hearts=up), move).key == "needs_rank"
    assert engine.why_not(at(engine, waste="QH", hearts=up + " KH"), move) is None
    assert engine.why_not(at(engine, waste="AH", hearts=up + " KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"), move) is None
    assert [UpThenDown.next_rank(n) for n in (0, 12, 13, 14, 25, 26)] == [Rank.ACE, Rank.KING, Rank.KING, Rank.QUEEN, Rank.ACE, None]


def test_points_count_cards_finished_piles_and_ordered_pairs():
    home = PileSpec("home", PileKind.FOUNDATION, ("home",))
    table = column(1, Accepts(build=DOWN))
    score = Points(card=5, finished=60, full=3, pair=2, pairs_by=DOWN)
    engine = toy(home, table, score=score)
    assert engine.score(at(engine, home="AH 2H", p1="9S 8H 7C")) == 10 + 4
    assert engine.score(at(engine, home="AH 2H 3H", p1=Pile(cards("9S 8H 7C"), 1))) == 15 + 60 + 2  # face-down cards pair nothing
    assert engine.score(at(engine, p1="9S 8S 7C")) == 0


def test_base_seats_filled_waits_for_the_cards_that_could_lie_on_a_card():
    homes = tuple(PileSpec(f"f{n}", PileKind.FOUNDATION, (f"foundation {n}",)) for n in (1, 2, 3, 4))
    table = column(1, Accepts(build=DOWN))
    engine = toy(*homes, table)
    rule = BaseSeatsFilled(SuitRule.ALTERNATE, "f1")
    p1 = engine.layout.index["p1"]
    assert not rule(engine.game, at(engine, p1="7D"), p1)  # no base yet
    assert rule(engine.game, at(engine, f1="6D", p1="7H"), p1)  # one above the base
    assert not rule(engine.game, at(engine, f1="6D", p1="6H"), p1)  # a base card: a five of clubs could lie on it
    assert BaseSeatsFilled(SuitRule.ALTERNATE, "f1", wraps=False)(engine.game, at(engine, f1="6D", p1="6H"), p1)
    assert not rule(engine.game, at(engine, f1="6D 7D", f2="6S", p1="8D"), p1)  # the clubs' seven could lie on it
    assert rule(engine.game, at(engine, f1="6D 7D", f2="6S 7S", f3="6C 7C", p1="8D"), p1)


def test_copies_home_counts_every_deck():
    homes = tuple(PileSpec(f"f{n}", PileKind.FOUNDATION, (f"foundation {n}",)) for n in range(1, 9))
    table = column(1, Accepts(build=DOWN))
    engine = Engine(GameDef(key="toy", title="Toy", piles=(*homes, table), layout_deal=(), decks=2))
    rule = CopiesHome(SuitRule.ALTERNATE)
    p1 = engine.layout.index["p1"]
    assert rule(engine.game, at(engine, p1="2D"), p1)
    three_of_four = at(engine, f1="AS 2S", f2="AS 2S", f3="AC 2C", p1="3D")
    assert not rule(engine.game, three_of_four, p1)
    assert rule(engine.game, at(engine, f1="AS 2S", f2="AS 2S", f3="AC 2C", f4="AC 2C", p1="3D"), p1)


def test_the_solver_follows_a_stock_that_waits_for_its_phase():
    """The thoughtful search caches a cycling stock's draws by stock and waste alone; a stock that was
    waiting (before the phase began) must not leave an empty cycle cached for the same piles."""
    from voicegame.solver.thoughtful import solve

    reserve = PileSpec("r1", PileKind.RESERVE, ("reserve one",), takes=TOP_CARD, group="reserve")
    homes = tuple(PileSpec(f"f{n}", PileKind.FOUNDATION, (f"foundation {n}",), accepts=Accepts(build=UP_IN_SUIT, empty=EMPTY_ANY, single=True),
                           group="foundations") for n in (1, 2))
    engine = toy(STOCK, WASTE, reserve, *homes, stock_rule=StockInPhase(DrawToWaste(draw=1, redeals=0), AfterFirstCard("f1")))
    engine = Engine(GameDef(key="toy", title="Toy", piles=engine.game.piles, layout_deal=(), stock_rule=engine.game.stock_rule,
                            is_won=lambda game, state: not state.piles[0].cards and not state.piles[1].cards and not state.piles[2].cards))
    start = at(engine, stock=Pile(cards("3H 2H"), 2), r1="AH")
    result = solve(engine, start, seconds=5)
    assert result.solved and len(result.moves) == 5  # the ace from the reserve, then each stock card turned and played
