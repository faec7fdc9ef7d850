"""Engine vocabulary for pairing games, each piece on a toy game: which cards may pair (under the top,
rank mates), refills (face down, from a second source, compacting the gaps), a pile held by another,
gathering to the stock, and feeding the bottom card back up."""

from __future__ import annotations

from helpers import cards, laid_out as at
from voicegame.engine import Engine, GameDef, Move, MoveKind, PairRule, Pile, PileKind, PileSpec, Refill, State
from voicegame.engine.cards import Rank

WASTE = PileSpec("waste", PileKind.WASTE, ("the waste",))
DISCARD = PileSpec("discard", PileKind.DISCARD, ("the discard pile",))


def toy(*piles: PileSpec, **declaration: object) -> Engine:
    """A game of just these piles (nothing dealt: tests build their positions)."""
    return Engine(GameDef(key="toy", title="Toy", piles=piles, layout_deal=(), **declaration))  # type: ignore[arg-type]


# ----- the card under the top of a two-card pile, without both ends free (Thirteen's waste) ------
def test_the_card_under_the_top_goes_only_with_the_top_even_when_it_is_the_bottom():
    kings = frozenset({Rank.KING})
    engine = toy(WASTE, DISCARD, pairs=PairRule(discard="discard", sums_to=13, singles=kings, under_top=frozenset({"waste"})))
    two = at(engine, waste="6H 7S")
    assert engine.why_not(two, Move.pair((0, 1), (0, 0))) is None  # top with the card under it
    assert engine.why_not(at(engine, waste="KH 2S"), Move.pair((0, 0), None)).key == "waste_second_with_top"
    both = toy(WASTE, DISCARD, pairs=PairRule(discard="discard", sums_to=13, singles=kings, under_top=frozenset({"waste"}),
                                            both_ends=frozenset({"waste"})))
    assert both.why_not(at(both, waste="KH 2S"), Move.pair((0, 0), None)) is None  # the bottom is free by itself


# ----- ranks that go together besides a sum (Block Ten's courts, Gay Gordons' king and queen) ------------------------
def test_rank_mates_go_together_besides_the_sum():
    a, b = PileSpec("a", PileKind.TABLEAU, ("a",)), PileSpec("b", PileKind.TABLEAU, ("b",))
    plain = toy(a, b, DISCARD, pairs=PairRule(discard="discard", sums_to=10))
    courts = toy(a, b, DISCARD, pairs=PairRule(discard="discard", sums_to=10, rank_mates=frozenset({(Rank.JACK, Rank.JACK), (Rank.KING, Rank.QUEEN)})))
    assert plain.why_not(at(plain, a="JH", b="JC"), Move.pair((0, 0), (1, 0))).key == "not_a_sum"
    assert courts.why_not(at(courts, a="JH", b="JC"), Move.pair((0, 0), (1, 0))) is None
    assert courts.why_not(at(courts, a="JH", b="QC"), Move.pair((0, 0), (1, 0))).key == "not_a_sum"
    assert courts.why_not(at(courts, a="KH", b="KC"), Move.pair((0, 0), (1, 0))).key == "not_a_sum"  # not two kings
    assert courts.why_not(at(courts, a="QH", b="KC"), Move.pair((0, 0), (1, 0))) is None  # either order
    assert courts.why_not(at(courts, a="KH", b="QC"), Move.pair((0, 0), (1, 0))) is None
    assert courts.why_not(at(courts, a="QH", b="QC"), Move.pair((0, 0), (1, 0))).key == "not_a_sum"
    assert courts.why_not(at(courts, a="3H", b="7C"), Move.pair((0, 0), (1, 0))) is None  # the sum still goes


# ----- a refill that keeps its source face down (Block Ten's stock) -------------------------------
def test_refill_keeps_the_source_face_down_when_asked():
    stock = PileSpec("stock", PileKind.STOCK, ("stock",))
    cell = PileSpec("cell1", PileKind.TABLEAU, ("cell one",), group="block")
    for keep_down, down_after in ((False, 0), (True, 1)):
        engine = toy(stock, cell, refill=Refill(group="block", source="stock", keep_down=keep_down))
        state = State((Pile(cards("2C 5H"), down=2), Pile()))
        after = Refill(group="block", source="stock", keep_down=keep_down).apply(engine.layout, state, [])
        assert after.piles[1].cards == cards("5H") and after.piles[0].down == down_after


# ----- gaps that close by themselves after every move (Neighbor, Quatorze) ------------------------
def test_compact_closes_the_gaps_after_every_move_or_first_refills_them_in_place():
    from voicegame.engine import Compact, DealSpec

    stock = PileSpec("stock", PileKind.STOCK, ("stock",))
    cells = tuple(PileSpec(f"c{n}", PileKind.TABLEAU, (f"cell {n}",)) for n in (1, 2, 3))
    for in_place, expected in ((False, ["5C", "9S", None]), (True, ["9S", "5C", None])):
        engine = Engine(GameDef(key="toy", title="Toy", piles=(stock, DISCARD, *cells), layout_deal=(DealSpec("c1"),),
                                pairs=PairRule(discard="discard", sums_to=13), settle=Compact(("c1", "c2", "c3"), in_place=in_place)))
        state = at(engine, c1="4H", c2="5C", c3="9D")
        state = state.with_piles({0: Pile(cards("9S"), down=1)})
        after = engine.apply(state, Move.pair((2, 0), (4, 0)))[0]  # 4 + 9 from cells one and three
        assert [p.cards[0].code if p.cards else None for p in after.piles[2:]] == expected
    still = Compact(("c1", "c2", "c3"), in_place=True)
    layout = Engine(GameDef(key="toy", title="Toy", piles=(stock, DISCARD, *cells), layout_deal=())).layout
    full = State((Pile(), Pile(), Pile(cards("4H")), Pile(cards("5C")), Pile(cards("9D"))))
    assert still.apply(layout, full, []) == full  # no gap: nothing happens


# ----- a face-up card held while a pile lies on it (Escalator's pyramid) --------------------------
def test_takes_under_holds_a_card_while_a_pile_on_it_has_cards():
    from voicegame.engine import Accepts, Direction, Sequence, SuitRule, Takes

    onto = PileSpec("waste", PileKind.WASTE, ("the waste",), accepts=Accepts(build=Sequence(Direction.EITHER, SuitRule.ANY)))
    low = PileSpec("low", PileKind.TABLEAU, ("low",), takes=Takes(under=("high",)))
    high = PileSpec("high", PileKind.TABLEAU, ("high",), takes=Takes())
    engine = toy(onto, low, high)
    covered = at(engine, waste="6H", low="5D", high="TS")
    assert engine.why_not(covered, Move.cards(1, 0)).key == "card_not_free"
    assert engine.why_not(at(engine, waste="6H", low="5D"), Move.cards(1, 0)) is None
    assert Takes(under=("high",)).restricted and not Takes().restricted


# ----- a redeal that gathers piles back into the stock, shuffled (Scuffle) -------------------------
def test_gather_to_stock_only_once_the_stock_is_empty_and_at_most_its_redeals():
    from voicegame.engine import DealOnePerPile, EachStock, GatherToStock

    stock = PileSpec("stock", PileKind.STOCK, ("stock",))
    r1 = PileSpec("r1", PileKind.RESERVE, ("reserve one",), group="reserves")
    r2 = PileSpec("r2", PileKind.RESERVE, ("reserve two",), group="reserves")
    engine = toy(stock, r1, r2, stock_rule=EachStock((DealOnePerPile("reserves"), GatherToStock("reserves", redeals=1))))
    deal = Move(MoveKind.DEAL)
    state = State((Pile(cards("4D"), down=1), Pile(cards("2C")), Pile(cards("9S"))))
    dealt = engine.apply(state, deal)[0]
    assert dealt.piles[1].cards == cards("2C 4D") and dealt.redeals == 0  # a stock with cards deals
    gathered = engine.apply(dealt, deal)[0]
    assert sorted(c.code for c in gathered.piles[0].cards) == ["2C", "4D", "9S"] and gathered.redeals == 1
    emptied = engine.apply(engine.apply(gathered, deal)[0], deal)[0]
    assert engine.why_not(emptied, deal) is not None  # one redeal only


# ----- a refill with a second source (Carpet: the waste, then the stock) ---------------------------
def test_refill_falls_back_to_a_second_source_once_the_first_is_empty():
    stock = PileSpec("stock", PileKind.STOCK, ("stock",))
    cell1 = PileSpec("cell1", PileKind.TABLEAU, ("cell one",), group="carpet")
    cell2 = PileSpec("cell2", PileKind.TABLEAU, ("cell two",), group="carpet")
    engine = toy(stock, WASTE, cell1, cell2)
    rule = Refill(group="carpet", source="waste", keep_down=True, fallback="stock")
    state = State((Pile(cards("9S 8S"), down=2), Pile(cards("5H")), Pile(), Pile()))
    after = rule.apply(engine.layout, state, [])
    assert after.piles[2].cards == cards("5H") and after.piles[3].cards == cards("8S")  # the waste first, then the stock
    assert after.piles[0].cards == cards("9S") and after.piles[0].down == 1
    without = Refill(group="carpet", source="waste").apply(engine.layout, state, [])
    assert not without.piles[3].cards  # no fallback: the second gap waits


# ----- a pile fed from the bottom of the pile a card went to (Clock) -------------------------------
def test_feed_back_brings_the_bottom_face_down_card_up_onto_the_target():
    from voicegame.engine import FeedBack

    centre = PileSpec("centre", PileKind.RESERVE, ("centre",))
    home = PileSpec("home", PileKind.FOUNDATION, ("home",))
    under = PileSpec("under", PileKind.RESERVE, ("under",))
    other = PileSpec("other", PileKind.FOUNDATION, ("other",))
    engine = toy(centre, home, under, other)
    feed = FeedBack("centre", {"home": "under", "other": "centre"})
    after = State((Pile(cards("2C"), down=1), Pile(cards("7H")), Pile(cards("9S 3D"), down=2), Pile()))
    fed = feed(engine.game, after, Move.cards(0, 1), after, [])
    assert fed.piles[0].cards == cards("2C 9S") and fed.piles[0].down == 1 and fed.piles[2].cards == cards("3D")
    own = feed(engine.game, after, Move.cards(0, 3), after, [])
    assert own.piles[0].cards == cards("2C") and own.piles[0].down == 0  # the centre's own bottom card came up
    up = State((Pile(), Pile(cards("7H")), Pile(cards("9S"), down=0), Pile()))
    assert feed(engine.game, up, Move.cards(0, 1), up, []) == up  # a face-up bottom card stays
