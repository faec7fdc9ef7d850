"""The engine vocabulary kfam4 added (issue 21), each piece on a toy game."""

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
