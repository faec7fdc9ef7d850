"""Engine vocabulary that shuts or caps a pile, on toy games, each with a legal and an illegal case:
``Accepts.empty_from``, ``Takes.blocked_by``, ``max_cards``, a refill that reveals the source last, a base
that steps; the ``same_suit_ready`` safety rule and the solver's ``safe_home_forced`` hook."""

from __future__ import annotations

from helpers import cards, laid_out as at, move_of, why_not
from voicegame.engine import TOP_CARD, Accepts, Engine, GameDef, Move, MoveKind, Pile, PileKind, PileSpec, State, Takes
from voicegame.engine.auto import same_suit_ready
from voicegame.games.parts import DOWN_IN_SUIT, numbered_foundation
from voicegame.solver.core import Positions
from voicegame.solver.hooks import safe_home_forced


def toy(*piles: PileSpec, **declaration: object) -> Engine:
    return Engine(GameDef(key="toy", title="Toy", piles=piles, layout_deal=(), **declaration))  # type: ignore[arg-type]


RESERVE = PileSpec("reserve", PileKind.RESERVE, ("the reserve",), takes=TOP_CARD)
GAP = PileSpec("gap", PileKind.TABLEAU, ("the gap",), accepts=Accepts(build=DOWN_IN_SUIT, empty_from=frozenset({PileKind.TABLEAU})), takes=TOP_CARD)
OTHER = PileSpec("other", PileKind.TABLEAU, ("the other",), accepts=Accepts(build=DOWN_IN_SUIT), takes=TOP_CARD)


def test_empty_from_limits_only_what_fills_an_empty_pile():
    engine = toy(RESERVE, GAP, OTHER)
    assert why_not(engine, at(engine, reserve="5H"), "reserve", "gap") == "empty_not_from"
    assert why_not(engine, at(engine, other="5H"), "other", "gap") is None
    assert why_not(engine, at(engine, reserve="5H", gap="6H"), "reserve", "gap") is None  # on a card: any source
    assert move_of(engine, "reserve", "gap") not in engine.legal_moves(at(engine, reserve="5H"))
    assert [r.key for r in GAP.accepts.describe()][-1] == "rule_empty_from"  # type: ignore[union-attr]


def test_blocked_by_keeps_a_pile_shut_while_another_holds_a_card():
    cover = PileSpec("cover", PileKind.RESERVE, ("the cover",), takes=TOP_CARD)
    under = PileSpec("under", PileKind.RESERVE, ("the pile under",), takes=Takes(blocked_by=("cover",)))
    engine = toy(cover, under, OTHER)
    shut = at(engine, cover="KD", under="5H", other="6H")
    assert why_not(engine, shut, "under", "other") == "pile_blocked"
    assert move_of(engine, "under", "other") not in engine.legal_moves(shut)
    assert why_not(engine, at(engine, under="5H", other="6H"), "under", "other") is None
    assert under.takes is not None and under.takes.restricted and under.takes.describe()[-1].key == "rule_blocked_by"


def test_same_suit_ready_waits_for_every_deck_s_card_below():
    engine = toy(numbered_foundation(1), numbered_foundation(2), OTHER, decks=2)
    other = engine.layout.index["other"]
    assert same_suit_ready(engine.game, at(engine, other="AH"), other)
    assert not same_suit_ready(engine.game, at(engine, foundation1="AH", other="2H"), other)
    assert same_suit_ready(engine.game, at(engine, foundation1="AH", foundation2="AH", other="2H"), other)
    assert not same_suit_ready(engine.game, at(engine, foundation1="AH", foundation2="AS", other="2H"), other)


def test_safe_home_forced_plays_what_the_safety_rule_allows():
    engine = toy(numbered_foundation(1), OTHER, safe_to_foundation=same_suit_ready)
    positions = Positions(engine)
    forced = safe_home_forced(positions, at(engine, other="AH"))
    assert forced == Move(MoveKind.MOVE, engine.layout.index["other"], engine.layout.index["foundation1"], 1)
    assert safe_home_forced(positions, at(engine, other="2H")) is None
    assert safe_home_forced(Positions(toy(numbered_foundation(1), OTHER)), at(engine, other="AH")) is None  # no rule


def test_greedy_line_returns_a_won_line_or_nothing():
    from voicegame.solver.core import Budget
    from voicegame.solver.hooks import greedy_line

    engine = toy(numbered_foundation(1), OTHER, PileSpec("more", PileKind.TABLEAU, ("more",), accepts=Accepts(build=DOWN_IN_SUIT), takes=TOP_CARD),
                 safe_to_foundation=same_suit_ready, is_won=lambda game, state: len(state.piles[0].cards) == 2)
    found = greedy_line(engine, at(engine, other="AH", more="2H"), Budget(5.0))
    assert found is not None and found.solved and len(found.moves) == 2
    assert greedy_line(engine, at(engine, other="2H", more="3S"), Budget(5.0)) is None  # no ace: nothing wins


def test_max_cards_caps_a_pile():
    capped = PileSpec("capped", PileKind.TABLEAU, ("the capped pile",), accepts=Accepts(build=DOWN_IN_SUIT, max_cards=2), takes=TOP_CARD)
    engine = toy(capped, OTHER)
    assert why_not(engine, at(engine, capped="9S", other="8S"), "other", "capped") is None
    assert why_not(engine, at(engine, capped="9S 8S", other="7S"), "other", "capped") == "pile_full"
    assert capped.accepts is not None and capped.accepts.describe()[-1].key == "rule_max_cards"


def test_refill_reveal_last_keeps_the_source_face_down_until_one_card_is_left():
    from voicegame.engine import Refill

    layout = toy(RESERVE, PileSpec("slot", PileKind.TABLEAU, ("the slot",), group="slots")).layout
    state = State((Pile(cards("2C 5H 9D"), 3), Pile()))
    after = Refill(group="slots", source="reserve", reveal_last=True).apply(layout, state, [])
    assert after.piles[1].cards == cards("9D") and after.piles[0].down == 2  # two left: both still face down
    again = Refill(group="slots", source="reserve", reveal_last=True).apply(layout, State((after.piles[0], Pile())), [])
    assert again.piles[0].cards == cards("2C") and again.piles[0].down == 0  # the last one turned up
    plain = Refill(group="slots", source="reserve").apply(layout, state, [])
    assert plain.piles[0].down == 1  # without it, the next card turns up at once


def test_base_step_moves_the_rank_an_empty_pile_takes():
    base = PileSpec("base", PileKind.FOUNDATION, ("the base",))
    gap = PileSpec("gap", PileKind.TABLEAU, ("the gap",), accepts=Accepts(build=DOWN_IN_SUIT, base_from="base", base_step=-1), takes=TOP_CARD)
    engine = toy(base, gap, RESERVE)
    assert why_not(engine, at(engine, base="5D", reserve="4C"), "reserve", "gap") is None
    assert why_not(engine, at(engine, base="5D", reserve="5C"), "reserve", "gap") == "empty_needs_rank"
    assert why_not(engine, at(engine, base="AD", reserve="KC"), "reserve", "gap") is None  # round the corner
    assert gap.accepts is not None and any(r.key == "rule_base_step" for r in gap.accepts.describe())
