"""jumbo's engine vocabulary on toy games: ``GameDef.stuck_search`` (:class:`ShuffleSearch`) calls a
position lost when only rearrangements of face-up cards are left, and not when a rearrangement leads
to progress; off by default (the engine's plain check is unchanged)."""

from __future__ import annotations

from dataclasses import replace

from helpers import cards, laid_out as at
from voicegame.engine import (
    TOP_CARD, Accepts, DrawToWaste, Empty, Engine, GameDef, Move, Pile, PileKind, PileSpec, Sequence, ShuffleSearch,
    SuitRule, Takes, Direction,
)
from voicegame.engine.cards import Rank

DOWN = Sequence(Direction.DOWN, SuitRule.ALTERNATE)
UP = Sequence(Direction.UP, SuitRule.SAME)


def pile(n: int) -> PileSpec:
    return PileSpec(f"pile{n}", PileKind.TABLEAU, (f"pile {n}",), accepts=Accepts(build=DOWN, empty=Empty(rank=Rank.KING)),
                    takes=Takes(runs=True, sequence=DOWN), auto_turn=True)


def foundation(n: int) -> PileSpec:
    return PileSpec(f"foundation{n}", PileKind.FOUNDATION, (f"foundation {n}",),
                    accepts=Accepts(build=UP, empty=Empty(rank=Rank.ACE), single=True), takes=TOP_CARD)


PILES = (PileSpec("stock", PileKind.STOCK, ("the stock",)), PileSpec("waste", PileKind.WASTE, ("the waste",), takes=TOP_CARD),
         foundation(1), foundation(2), pile(1), pile(2), pile(3))


def toy(search: ShuffleSearch | None = ShuffleSearch(), redeals: int | None = 0) -> Engine:
    return Engine(GameDef(key="toy", title="Toy", piles=PILES, layout_deal=(), decks=2,
                          stock_rule=DrawToWaste(draw=1, redeals=redeals), stuck_search=search))


# Two sixes of spades (two decks); the five of hearts can go from one to the other and back for ever.
SWAP_ONLY = {"pile1": Pile(cards("2D 6S 5H"), down=1), "pile2": Pile(cards("3C 6S"), down=1), "waste": "9D"}


def test_the_plain_check_counts_a_swap_as_progress():
    engine = toy(search=None)
    state = at(engine, **SWAP_ONLY)
    assert Move.cards(engine.layout.index["pile1"], engine.layout.index["pile2"]) in engine.legal_moves(state)
    assert not engine.is_stuck(state)


def test_a_position_with_only_swaps_left_is_stuck():
    engine = toy()
    state = at(engine, **SWAP_ONLY)
    assert engine.is_stuck(state)
    after = engine.apply(state, Move.cards(engine.layout.index["pile1"], engine.layout.index["pile2"]))[0]
    assert engine.is_stuck(after)  # and after the swap too


def test_a_swap_that_frees_a_card_for_its_foundation_is_not_stuck():
    engine = toy()
    # moving the six and five of pile one onto the seven of hearts leaves the two of spades free to go home
    state = at(engine, foundation1="AS", pile1=Pile(cards("KD 2S 6S 5H"), down=1), pile2=Pile(cards("QC 7H"), down=1), waste="9D")
    assert not engine.is_stuck(state)
    blocked = at(engine, foundation1="AS", pile1=Pile(cards("KD 2S 6S 5H"), down=1), pile2=Pile(cards("QC 8C"), down=1), waste="9D")
    assert engine.is_stuck(blocked)


def test_a_move_that_turns_a_card_up_or_takes_the_waste_card_is_progress():
    engine = toy()
    turns_up = at(engine, pile1=Pile(cards("2D 5H"), down=1), pile2=Pile(cards("3C 6S"), down=1), waste="9D")
    assert not engine.is_stuck(turns_up)
    waste_fits = at(engine, **{**SWAP_ONLY, "waste": "5D"})
    assert not engine.is_stuck(waste_fits)


def test_a_dealt_card_that_fits_only_after_a_rearrangement_is_found_on_the_stock_round():
    engine = toy(redeals=None)  # the stock comes round for ever; after the first redeal every card has been seen
    table = {"pile1": Pile(cards("2D 6S"), down=1), "foundation1": "AH 2H 3H 4H 5H"}
    # the four of clubs fits only on the five of hearts, once it comes back down from its foundation onto the six
    state = at(engine, redeals=1, stock="4C", waste="9D", **table)
    assert not engine.is_stuck(state)
    no_five = at(engine, redeals=1, stock="4C", waste="9D", **{**table, "foundation1": "AH 2H 3H 4H"})
    assert engine.is_stuck(no_five)
    before_the_redeal = at(engine, redeals=0, stock="4C", waste="9D", **{**table, "foundation1": "AH 2H 3H 4H"})
    assert not engine.is_stuck(before_the_redeal)  # the stock's cards are not all seen yet


def test_the_answer_uses_only_what_the_player_sees():
    engine = toy()
    other_hidden = {**SWAP_ONLY, "pile1": Pile(cards("KH 6S 5H"), down=1)}
    assert engine.is_stuck(at(engine, **other_hidden)) == engine.is_stuck(at(engine, **SWAP_ONLY))
    assert engine.is_stuck(at(engine, stock="KS", **SWAP_ONLY)) is False  # an unseen stock card may help: not stuck


def test_past_the_cap_the_answer_is_not_stuck():
    state_piles = {"pile1": Pile(cards("2D 6S 5H"), down=1), "pile2": Pile(cards("3C 6S"), down=1),
                   "pile3": Pile(cards("4C 6C"), down=1), "waste": "9D"}
    assert toy().is_stuck(at(toy(), **state_piles))
    small = toy(search=ShuffleSearch(cap=1))
    assert not small.is_stuck(at(small, **state_piles))


def test_the_search_is_off_unless_a_game_names_it():
    assert GameDef(key="x", title="X", piles=PILES, layout_deal=()).stuck_search is None
    assert replace(ShuffleSearch(), cap=5).kinds == frozenset({PileKind.TABLEAU, PileKind.FOUNDATION})
