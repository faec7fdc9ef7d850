"""The engine's optional vocabulary on small toy games, each rule with a legal and an illegal case;
every rule object of the registered games describes itself in sentences the language can say;
no game keeps its own table of pile indices."""

from __future__ import annotations

import inspect
import string
import tomllib
from pathlib import Path

import pytest

from helpers import cards, laid_out as at, why_not
from voicegame.engine import (
    EMPTY_ANY,
    TOP_CARD,
    Accepts,
    DealOnePerPile,
    Direction,
    DrawToWaste,
    EachStock,
    Engine,
    GameDef,
    GatherAndRedeal,
    Move,
    PairRule,
    Phase,
    Pile,
    PileKind,
    PileSpec,
    Reason,
    Redealt,
    Sequence,
    SuitRule,
    Takes,
)
from voicegame.engine.cards import Card
from voicegame.games import GAMES

MESSAGES = tomllib.loads((Path(__file__).resolve().parent.parent / "grammars" / "en" / "messages.toml").read_text())
DEAL = Move.deal()


def toy(*piles: PileSpec, **declaration: object) -> Engine:
    """A game of just these piles (nothing dealt: tests build their positions)."""
    return Engine(GameDef(key="toy", title="Toy", piles=piles, layout_deal=(), **declaration))  # type: ignore[arg-type]


def column(n: int, accepts: Accepts, takes: Takes = TOP_CARD, group: str = "tableau") -> PileSpec:
    return PileSpec(f"column{n}", PileKind.TABLEAU, (f"column {n}",), accepts=accepts, takes=takes, group=group)


RESERVE = PileSpec("reserve", PileKind.RESERVE, ("the reserve",), takes=TOP_CARD)


# ----- a direction that locks after two cards (Union Square) ---------------------------------
def test_direction_locks_after_two_cards():
    either = Sequence(Direction.EITHER, SuitRule.SAME)
    engine = toy(RESERVE, column(1, Accepts(build=either, locks_direction=True)))
    assert why_not(engine, at(engine, reserve="9H", column1="8H"), "reserve", "column1") is None  # one card: either way
    assert why_not(engine, at(engine, reserve="7H", column1="8H"), "reserve", "column1") is None
    going_up = at(engine, reserve="8H", column1="8H 9H")  # two decks: the other eight of hearts
    assert why_not(engine, going_up, "reserve", "column1") == "direction_locked"
    assert why_not(engine, at(engine, reserve="TH", column1="8H 9H"), "reserve", "column1") is None
    assert Move.cards(0, 1) not in engine.legal_moves(going_up)


def test_direction_stays_free_without_the_lock():
    engine = toy(RESERVE, column(1, Accepts(build=Sequence(Direction.EITHER, SuitRule.SAME))))
    assert why_not(engine, at(engine, reserve="8H", column1="8H 9H"), "reserve", "column1") is None


# ----- builds by a successor function: by twos, round the corner -------------------------------
def test_build_by_twos_turning_the_corner():
    by_twos = Sequence(Direction.UP, SuitRule.ANY, step=2, wrap=True)
    engine = toy(RESERVE, column(1, Accepts(build=by_twos)))
    assert why_not(engine, at(engine, reserve="AS", column1="QH"), "reserve", "column1") is None  # queen, ace: two on
    assert why_not(engine, at(engine, reserve="KS", column1="QH"), "reserve", "column1") == "needs_rank"
    assert [int(r) for r in by_twos.needed_ranks(Card.from_code("QH"))] == [1]


def test_a_closed_rank_takes_nothing():
    engine = toy(RESERVE, column(1, Accepts(build=Sequence(Direction.UP, SuitRule.ANY, wrap=True, closed=frozenset({13})))))
    assert why_not(engine, at(engine, reserve="KS", column1="QH"), "reserve", "column1") is None
    assert why_not(engine, at(engine, reserve="AS", column1="KH"), "reserve", "column1") == "nothing_goes_on"


# ----- gather and redeal (Cruel) ----------------------------------------------------------------
GATHER = (column(1, Accepts(build=None)), column(2, Accepts(build=None)), column(3, Accepts(build=None)))


def test_gather_and_redeal_deals_the_piles_again_in_order():
    engine = toy(*GATHER, stock_rule=GatherAndRedeal(group="tableau", per_pile=2, redeals=1))
    state = at(engine, column1="AS", column2="2S 3S 4S", column3="5S")
    after, events = engine.apply(state, DEAL)
    assert [p.cards for p in after.piles] == [cards("AS 2S"), cards("3S 4S"), cards("5S")]
    assert isinstance(events[0], Redealt) and events[0].count == 5 and events[0].redeals_left == 0
    assert engine.why_not(after, DEAL).key == "no_redeals_left"


def test_gather_and_redeal_refuses_when_nothing_would_change():
    engine = toy(*GATHER, stock_rule=GatherAndRedeal(group="tableau", per_pile=2))
    assert engine.why_not(at(engine, column1="AS 2S", column2="3S"), DEAL).key == "nothing_to_redeal"


# ----- phases (Camelot: place from the stock, then pair) ----------------------------------------
def test_a_phase_opens_and_closes_rules():
    stock = PileSpec("stock", PileKind.STOCK, ("the stock",), takes=TOP_CARD)
    spot = column(1, Accepts(build=None, phase=Phase("stock")))
    spot2 = column(2, Accepts(build=None, phase=Phase("stock")))
    discard = PileSpec("discard", PileKind.DISCARD, ("the discard pile",))
    pairs = PairRule(discard="discard", sums_to=10, phase=Phase("stock", until_empty=False))
    engine = toy(stock, discard, spot, spot2, pairs=pairs)
    assert why_not(engine, at(engine, stock="6H", column1="4S"), "stock", "column2") is None
    placing = at(engine, stock="5H", column1="4S", column2="6H")
    assert engine.why_not(placing, Move.pair((2, 0), (3, 0))).key == "phase_after_empty"
    assert not [m for m in engine.legal_moves(placing) if m.kind.value == "pair"]
    pairing = at(engine, column1="4S", column2="6H")
    assert engine.why_not(pairing, Move.pair((2, 0), (3, 0))) is None
    assert Move.pair((2, 0), (3, 0)) in engine.legal_moves(pairing)
    assert why_not(engine, pairing, "column1", "column2") == "phase_until_empty"


def test_a_placing_phase_refuses_once_its_pile_is_empty():
    engine = toy(RESERVE, column(1, Accepts(build=None, phase=Phase("reserve"))))
    assert why_not(engine, at(engine, reserve="6H"), "reserve", "column1") is None
    spec = engine.specs[1]
    reason = spec.accepts.why_not(engine.layout, at(engine), engine.specs[0], spec, Pile(), cards("6H"))
    assert reason == Reason("phase_until_empty", {"pile": "the reserve"})


# ----- several stocks and wastes ----------------------------------------------------------------
def test_each_stock_deals_from_the_first_that_can():
    piles = (
        PileSpec("stock", PileKind.STOCK, ("the stock",)), PileSpec("waste", PileKind.WASTE, ("the waste",), takes=TOP_CARD),
        PileSpec("stock2", PileKind.STOCK, ("stock two",)), PileSpec("waste2", PileKind.WASTE, ("waste two",), takes=TOP_CARD),
    )
    rule = EachStock((DrawToWaste(draw=1, redeals=0), DrawToWaste(draw=1, redeals=0, stock="stock2", waste="waste2")))
    engine = toy(*piles, stock_rule=rule)
    second_only = at(engine, stock2=Pile(cards("2C 3C"), down=2))
    after, _ = engine.apply(second_only, DEAL)
    assert after.piles[3].cards == cards("3C") and not after.piles[1].cards
    assert engine.why_not(at(engine, waste="AS", waste2="2C"), DEAL).key == "no_redeals_left"


def test_one_card_to_each_of_several_wastes():
    wastes = tuple(PileSpec(f"waste{n}", PileKind.WASTE, (f"waste {n}",), takes=TOP_CARD, group="wastes") for n in (1, 2))
    engine = toy(PileSpec("stock", PileKind.STOCK, ("the stock",)), *wastes, stock_rule=DealOnePerPile(group="wastes"))
    after, _ = engine.apply(at(engine, stock=Pile(cards("2C 3C 4C"), down=3)), DEAL)
    assert (after.piles[1].cards, after.piles[2].cards) == (cards("4C"), cards("3C"))
    assert engine.why_not(at(engine), DEAL).key == "stock_empty"


# ----- both ends of a pile free (Treize's waste), on a toy ---------------------------------------
def test_both_ends_of_a_pile_are_free():
    waste = PileSpec("waste", PileKind.WASTE, ("the waste",))
    discard = PileSpec("discard", PileKind.DISCARD, ("the discard pile",))
    engine = toy(waste, discard, pairs=PairRule(discard="discard", sums_to=13, both_ends=frozenset({"waste"})))
    state = at(engine, waste="6H 9C 7S")
    assert engine.why_not(state, Move.pair((0, 0), (0, 2))) is None  # bottom six with top seven
    assert engine.why_not(state, Move.pair((0, 1), (0, 2))).key == "card_not_free"  # the nine is in the middle


# ----- every rule object describes itself -------------------------------------------------------
def rule_objects(game: GameDef) -> list[object]:
    found: list[object] = [game.stock_rule, game.pairs, game.refill, game.uncover, game.lift_off]
    for spec in game.piles:
        found += [spec.accepts, spec.takes]
    return [rule for rule in found if rule is not None]


def said(reason: Reason) -> str:
    template = MESSAGES[reason.key]
    wanted = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    assert wanted <= set(reason.params), (reason.key, wanted, reason.params)
    return template.format(**{k: str(v) for k, v in reason.params.items()})


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.key)
def test_every_rule_object_describes_itself(entry):
    game = entry.make()
    rules = rule_objects(game)
    assert rules
    for rule in rules:
        parts = rule.describe()  # type: ignore[attr-defined]
        assert parts and all(isinstance(part, Reason) and part.key.startswith("rule_") for part in parts), rule
        assert all(said(part) for part in parts)


def test_descriptions_follow_the_rules():
    accepts = Accepts(build=Sequence(Direction.DOWN, SuitRule.ALTERNATE, wrap=True), empty=EMPTY_ANY, base_from="foundation1")
    assert [p.key for p in accepts.describe()] == ["rule_build_down", "rule_wrap", "rule_empty_any", "rule_base_from"]
    assert [p.key for p in Takes(keep=1).describe()] == ["rule_top_card", "rule_keep"]


# ----- no game keeps its own table of pile indices ----------------------------------------------
@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.key)
def test_no_module_level_pile_index(entry):
    module = inspect.getmodule(entry.factory)
    game = entry.make()
    ids = set(game.layout.index)
    for name, value in vars(module).items():
        if isinstance(value, dict) and value and all(isinstance(v, int) for v in value.values()):
            assert not set(value) & ids, (module.__name__, name)
