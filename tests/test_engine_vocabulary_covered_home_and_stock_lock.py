"""Engine vocabulary on toy games: auto-play's wait until every card that could lie on a card is home
(CoveredHome), a stock locked while a pile is empty or until a phase, and the opening fill of gaps."""

from voicegame.engine import Accepts, GameDef, Pile, PileKind, PileSpec, State, TOP_CARD
from voicegame.engine.cards import Card
from voicegame.engine.safety import CoveredHome
from voicegame.engine.sequence import SuitRule


def toy(decks: int = 1) -> GameDef:
    return GameDef(key="toy", title="Toy", decks=decks, layout_deal=(), piles=(
        PileSpec("home1", PileKind.FOUNDATION, ("home one",), accepts=Accepts(build=None)),
        PileSpec("home2", PileKind.FOUNDATION, ("home two",), accepts=Accepts(build=None)),
        PileSpec("pile1", PileKind.TABLEAU, ("pile one",), takes=TOP_CARD)))


def state(home1: str, home2: str, top: str) -> State:
    return State(tuple(Pile(tuple(Card.from_code(c) for c in codes.split())) for codes in (home1, home2, top)))


def test_covered_home_waits_for_every_card_that_could_lie_on_the_card():
    rule = CoveredHome(SuitRule.ALTERNATE)
    assert rule(toy(), state("6C", "6S", "7H"), 2)  # both black sixes home: no card needs the seven
    assert not rule(toy(), state("6C", "6H", "7H"), 2)  # the six of spades could still lie on it
    assert rule(toy(), state("", "", "AH"), 2)  # an ace always goes


def test_covered_home_counts_every_deck():
    rule = CoveredHome(SuitRule.ALTERNATE)
    assert not rule(toy(decks=2), state("6C", "6S", "7H"), 2)  # the second deck's black sixes are out
    assert rule(toy(decks=2), state("6C 6C", "6S 6S", "7H"), 2)


def test_covered_home_follows_the_suit_rule():
    assert CoveredHome(SuitRule.SAME).covers(Card.from_code("7H")) == (Card.from_code("7H").suit,)
    assert len(CoveredHome(SuitRule.ANY).covers(Card.from_code("7H"))) == 4
    assert not CoveredHome(SuitRule.ANY)(toy(), state("6C", "6S", "7H"), 2)  # the red sixes could lie on it


def test_covered_home_with_wrap_treats_the_ace_as_any_other_card():
    assert CoveredHome(SuitRule.ALTERNATE)(toy(), state("", "", "AH"), 2)
    assert not CoveredHome(SuitRule.ALTERNATE, wrap=True)(toy(), state("", "", "AH"), 2)  # a black king could lie on it
    assert CoveredHome(SuitRule.ALTERNATE, wrap=True)(toy(), state("KC", "KS", "AH"), 2)


# ----- StockLock, OpeningFill, EachSettle, RefillAfter: a toy Terrace ---------------------------------
from voicegame.engine import DrawToWaste, Engine, Move, Phase, Refill  # noqa: E402
from voicegame.engine.locking import StockLock  # noqa: E402
from voicegame.engine.opening import EachSettle, OpeningFill, RefillAfter  # noqa: E402
from voicegame.engine.sequence import EMPTY_ANY, Direction, Sequence  # noqa: E402

DOWN = Sequence(Direction.DOWN, SuitRule.ANY)


def locking_toy(phase: bool = False) -> Engine:
    lock = StockLock(DrawToWaste(draw=1, redeals=0), group="table", phase=Phase("home") if phase else None)
    return Engine(GameDef(key="toy", title="Toy", decks=1, layout_deal=(), stock_rule=lock, piles=(
        PileSpec("stock", PileKind.STOCK, ("stock",)),
        PileSpec("waste", PileKind.WASTE, ("waste",), takes=TOP_CARD, group="wastes"),
        PileSpec("home", PileKind.FOUNDATION, ("home",), accepts=Accepts(build=None, empty=EMPTY_ANY)),
        PileSpec("pile1", PileKind.TABLEAU, ("pile one",), accepts=Accepts(build=DOWN), takes=TOP_CARD, group="table"),
        PileSpec("pile2", PileKind.TABLEAU, ("pile two",), accepts=Accepts(build=DOWN), takes=TOP_CARD, group="table")),
        settle=EachSettle((OpeningFill("home", "table", "stock"), RefillAfter(Refill(group="wastes", source="stock", keep_down=True)), lock))))


def laid(engine: Engine, **piles: str) -> State:
    out = []
    for spec in engine.specs:
        dealt = tuple(Card.from_code(c) for c in piles.get(spec.id, "").split())
        out.append(Pile(dealt, len(dealt) if spec.kind is PileKind.STOCK else 0))
    return State(tuple(out))


def test_stock_lock_allows_one_turn_while_a_pile_is_empty():
    engine = locking_toy()
    state = laid(engine, stock="2C 3C 4C", waste="9D", home="KS", pile1="8S")
    turned = engine.apply(state, Move.deal())[0]
    assert engine.why_not(turned, Move.deal()).key == "stock_locked"
    full = laid(engine, stock="2C 3C 4C", waste="9D", home="KS", pile1="8S", pile2="7H")
    assert engine.why_not(engine.apply(full, Move.deal())[0], Move.deal()) is None  # no gap: no lock


def test_stock_lock_lifts_when_the_gap_is_filled_or_the_waste_card_played():
    engine = locking_toy()
    turned = engine.apply(laid(engine, stock="2C 3C 7C", waste="9D", home="KS", pile1="8S"), Move.deal())[0]
    filled = engine.apply(turned, Move.cards(1, 4))[0]
    assert engine.why_not(filled, Move.deal()) is None
    played = engine.apply(turned, Move.cards(1, 3))[0]  # the seven onto the eight: pile two still empty
    assert not played.piles[4].cards and engine.why_not(played, Move.deal()) is None


def test_stock_lock_phase_keeps_the_stock_still_until_then():
    engine = locking_toy(phase=True)
    assert engine.why_not(laid(engine, stock="2C", waste="9D", pile1="8S", pile2="5D"), Move.deal()).key == "phase_until_empty"
    assert engine.why_not(laid(engine, stock="2C", waste="9D", home="KS", pile1="8S", pile2="5D"), Move.deal()) is None


def test_opening_fill_deals_to_the_gaps_once_and_refill_after_refills_the_waste():
    engine = locking_toy()
    state = laid(engine, stock="2C 3C 4C 5C", waste="9D", pile1="8S")
    after = engine.apply(state, Move.cards(3, 2))[0]  # the eight goes home: both piles were or are empty
    assert [after.piles[i].cards for i in (3, 4)] == [(Card.from_code("5C"),), (Card.from_code("4C"),)]
    assert after.piles[1].cards == (Card.from_code("9D"),) and after.piles[0].cards == (Card.from_code("2C"), Card.from_code("3C"))
    again = engine.apply(after, Move.cards(4, 3))[0]  # the four on the five: home had its card already, no fill
    assert not again.piles[4].cards and again.piles[0] == after.piles[0]
    emptied = engine.apply(laid(engine, stock="2C 3C", waste="9D", home="KS", pile1="TS", pile2="8S"), Move.cards(1, 3))[0]
    assert emptied.piles[1].cards == (Card.from_code("3C"),)  # an emptied waste takes the stock's next card
