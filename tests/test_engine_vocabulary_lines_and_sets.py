"""Engine vocabulary for games of lines and sets, each piece on a toy game: a suit kept out of a pile,
jumps and collapse along a line, same-suit pairs, sets removed from the left, a card outranked in its
suit, doubles and a rank sent under the stock, recycling the table, and poker hands on a grid."""

from __future__ import annotations

from helpers import cards, laid_out as at
from voicegame.engine import (
    EMPTY_ANY, Accepts, Direction, Engine, ExceptSuit, GameDef, Move, PileKind, PileSpec, Sequence, SuitRule, Takes,
)
from voicegame.engine.cards import Suit


def toy(*piles: PileSpec, **declaration: object) -> Engine:
    """A game of just these piles (nothing dealt: tests build their positions)."""
    return Engine(GameDef(key="toy", title="Toy", piles=piles, layout_deal=(), **declaration))  # type: ignore[arg-type]


# ----- a suit kept out of building (Diamond Mine's diamonds) --------------------------------------------------------
def test_except_suit_keeps_a_suit_out_of_a_pile_and_off_its_cards():
    down = Sequence(Direction.DOWN, SuitRule.ANY)

    def pile(n: int, extra: ExceptSuit | None) -> PileSpec:
        return PileSpec(f"p{n}", PileKind.TABLEAU, (f"pile {n}",), accepts=Accepts(build=down, empty=EMPTY_ANY, extra=extra),
                        takes=Takes(runs=True, sequence=down))

    kept = toy(pile(1, ExceptSuit(Suit.DIAMONDS)), pile(2, ExceptSuit(Suit.DIAMONDS)), pile(3, ExceptSuit(Suit.DIAMONDS)))
    plain = toy(pile(1, None), pile(2, None), pile(3, None))
    position = dict(p1="9S", p2="8D")
    assert plain.why_not(at(plain, **position), Move.cards(1, 0)) is None
    assert kept.why_not(at(kept, **position), Move.cards(1, 0)).key == "suit_kept_out"
    assert kept.why_not(at(kept, **position), Move.cards(1, 2)).key == "suit_kept_out"  # not to an empty pile either
    assert kept.why_not(at(kept, p1="9D", p2="8S"), Move.cards(1, 0)).key == "nothing_on_suit"
    assert kept.why_not(at(kept, p1="9D", p2="8S"), Move.cards(1, 2)) is None
    assert kept.why_not(at(kept, p1="TH", p2="9C 8H"), Move.cards(1, 0, 2)) is None  # a run without the suit
    only_in = toy(pile(1, ExceptSuit(Suit.DIAMONDS, covers=False)), pile(2, None))
    assert only_in.why_not(at(only_in, p1="9D", p2="8S"), Move.cards(1, 0)) is None  # covers=False: cards may go on it


# ----- a line of cards that jump left and close up (Accordion) ------------------------------------------------------
def test_line_jump_and_collapse_on_a_toy_line():
    from voicegame.engine import TOP_CARD, Collapse, Empty, LineJump

    ids = ("s1", "s2", "s3", "s4")
    any_card = Sequence(Direction.ANY_RANK, SuitRule.ANY)
    places = tuple(PileSpec(i, PileKind.TABLEAU, (i,), accepts=Accepts(build=any_card, empty=Empty(allowed=False), extra=LineJump(ids, (1, 3))),
                            takes=TOP_CARD) for i in ids)
    discard = PileSpec("discard", PileKind.DISCARD, ("discards",))
    loose = toy(*places, discard)
    engine = toy(*places, discard, settle=Collapse(ids, "discard"))
    state = at(engine, s1="5H", s2="9C", s3="2C", s4="5S")
    assert engine.why_not(state, Move.cards(3, 0)) is None  # three left, same rank
    assert engine.why_not(state, Move.cards(3, 1)).key == "not_in_reach"  # two left
    assert engine.why_not(state, Move.cards(3, 2)).key == "no_match"  # one left, neither suit nor rank
    assert engine.why_not(state, Move.cards(2, 1)) is None  # one left, same suit
    after = engine.apply(state, Move.cards(3, 0))[0]
    assert [p.cards for p in after.piles] == [cards("5S"), cards("9C"), cards("2C"), (), cards("5H")]
    unsettled = loose.apply(state, Move.cards(3, 0))[0]  # without Collapse the covered card stays
    assert unsettled.piles[0].cards == cards("5H 5S") and not unsettled.piles[3].cards


# ----- pairs of one suit (Cover) ------------------------------------------------------------------------------------
def test_same_suit_pairs_two_cards_of_one_suit():
    from voicegame.engine import PairRule, same_suit

    a, b = PileSpec("a", PileKind.TABLEAU, ("a",)), PileSpec("b", PileKind.TABLEAU, ("b",))
    discard = PileSpec("discard", PileKind.DISCARD, ("discards",))
    suits = toy(a, b, discard, pairs=PairRule(discard="discard", together=same_suit))
    ranks = toy(a, b, discard, pairs=PairRule(discard="discard", same_rank=True))
    assert suits.why_not(at(suits, a="9H", b="2H"), Move.pair((0, 0), (1, 0))) is None
    assert ranks.why_not(at(ranks, a="9H", b="2H"), Move.pair((0, 0), (1, 0))).key == "not_same_rank"
    assert suits.why_not(at(suits, a="9H", b="9S"), Move.pair((0, 0), (1, 0))).key == "not_same_suit"
    assert suits.why_not(at(suits, a="9H", b="9S"), Move.pair((0, 0))).key == "not_alone"


# ----- sets of a rank: onto the leftmost, four together leave play; piles gathered in order (First Law) ---------------
def test_leftmost_remove_sets_and_gather_in_order_on_a_toy_game():
    from voicegame.engine import TOP_CARD, DealOnePerPile, EachStock, GatherInOrder, Leftmost, MoveKind, Redealt, RemoveSets

    any_card = Sequence(Direction.ANY_RANK, SuitRule.ANY)
    stock = PileSpec("stock", PileKind.STOCK, ("stock",))
    discard = PileSpec("discard", PileKind.DISCARD, ("discards",))

    def piles(extra: Leftmost | None) -> tuple[PileSpec, ...]:
        return tuple(PileSpec(f"p{n}", PileKind.TABLEAU, (f"pile {n}",), group="tableau", takes=TOP_CARD,
                              accepts=Accepts(build=any_card, extra=extra)) for n in (1, 2, 3, 4))

    rule = EachStock((DealOnePerPile(group="tableau"), GatherInOrder("tableau")))
    game = toy(stock, discard, *piles(Leftmost("tableau", same_rank=True)), stock_rule=rule, settle=RemoveSets("tableau", "discard"))
    plain = toy(stock, discard, *piles(None), stock_rule=rule)
    state = at(game, p1="3S", p2="7H", p3="7S", p4="7D")
    assert plain.why_not(at(plain, p1="3S", p2="7H", p3="7S", p4="7D"), Move.cards(5, 4)) is None
    assert game.why_not(state, Move.cards(5, 4)).key == "not_leftmost"
    assert game.why_not(state, Move.cards(5, 3)) is None
    assert game.why_not(state, Move.cards(2, 3)).key == "not_same_rank"
    three = at(game, p1="3S", p2="7H 7C 7S", p3="9C", p4="7D")
    after = game.apply(three, Move.cards(5, 3))[0]  # the fourth seven joins the three: all four leave play
    assert len(after.piles[1].cards) == 4 and after.piles[3].cards == ()
    kept = plain.apply(at(plain, p1="3S", p2="7H 7C 7S", p3="9C", p4="7D"), Move.cards(5, 3))[0]
    assert len(kept.piles[3].cards) == 4  # without RemoveSets they stay
    gathered, events = game.apply(at(game, p1="3S 4S", p2="9H", p3="5C", p4="JD"), Move(MoveKind.DEAL))
    assert isinstance(events[0], Redealt) and [c.code for c in reversed(gathered.piles[0].cards)] == ["3S", "4S", "9H", "5C", "JD"]


# ----- a card discarded when a higher card of its suit shows (Fortunes) -----------------------------------------------
def test_outranked_in_suit_lets_a_card_go_to_the_discard_pile():
    from voicegame.engine import TOP_CARD, OutrankedInSuit

    any_card = Sequence(Direction.ANY_RANK, SuitRule.ANY)
    piles = tuple(PileSpec(f"p{n}", PileKind.TABLEAU, (f"pile {n}",), group="tableau", takes=TOP_CARD) for n in (1, 2))

    def game(extra: OutrankedInSuit | None) -> Engine:
        return toy(*piles, PileSpec("discard", PileKind.DISCARD, ("discards",), accepts=Accepts(build=any_card, extra=extra)))

    high, low, free = game(OutrankedInSuit("tableau", aces_high=True)), game(OutrankedInSuit("tableau")), game(None)
    assert free.why_not(at(free, p1="KH", p2="9S"), Move.cards(0, 2)) is None
    assert high.why_not(at(high, p1="KH", p2="9S"), Move.cards(0, 2)).key == "not_outranked"
    assert high.why_not(at(high, p1="KH", p2="AH"), Move.cards(0, 2)) is None
    assert low.why_not(at(low, p1="KH", p2="AH"), Move.cards(0, 2)).key == "not_outranked"
    assert low.why_not(at(low, p1="KH", p2="AH"), Move.cards(1, 2)) is None  # aces low: the king outranks the ace


# ----- a foundation built by doubling; kings dealt to some piles sent under the stock (Doublets) ----------------------
def test_doubles_and_rank_to_stock_bottom_on_a_toy_game():
    from voicegame.engine import TOP_CARD, DealSpec, Doubles, RankToStockBottom
    from voicegame.engine.cards import Rank

    any_card = Sequence(Direction.ANY_RANK, SuitRule.ANY)
    source = PileSpec("r1", PileKind.RESERVE, ("reserve one",), takes=TOP_CARD, group="reserves")
    doubling = toy(source, PileSpec("home", PileKind.FOUNDATION, ("home",), accepts=Accepts(build=any_card, extra=Doubles())))
    anything = toy(source, PileSpec("home", PileKind.FOUNDATION, ("home",), accepts=Accepts(build=any_card)))
    assert doubling.why_not(at(doubling, r1="9S", home="JH"), Move.cards(0, 1)) is None  # 22 - 13 = 9
    assert doubling.why_not(at(doubling, r1="TS", home="JH"), Move.cards(0, 1)).key == "needs_rank"
    assert anything.why_not(at(anything, r1="TS", home="JH"), Move.cards(0, 1)) is None
    stock = PileSpec("stock", PileKind.STOCK, ("stock",))
    game = GameDef(key="toy", title="Toy", piles=(stock, source), layout_deal=(DealSpec("r1"),),
                   after_deal=RankToStockBottom(Rank.KING, "reserves"))
    plain = GameDef(key="toy", title="Toy", piles=(stock, source), layout_deal=(DealSpec("r1"),))
    order = list(cards("KH 5C 6C"))
    assert Engine(plain).deal_cards(order).piles[1].cards == cards("KH")
    dealt = game.after_deal(game, Engine(game).deal_cards(order), 0)  # type: ignore[misc]
    assert dealt.piles[1].cards == cards("5C") and dealt.piles[0].cards == cards("KH 6C")


# ----- a stock that fills gaps, turns a card, or sends the table under itself (Valentine) ----------------------------
def test_recycle_fills_turns_then_sends_the_table_under_the_stock():
    from voicegame.engine import TOP_CARD, DealOnePerPile, MoveKind, Recycle

    down = Sequence(Direction.DOWN, SuitRule.SAME)
    stock = PileSpec("stock", PileKind.STOCK, ("stock",))
    waste = PileSpec("waste", PileKind.WASTE, ("waste",), takes=TOP_CARD)
    table = tuple(PileSpec(f"p{n}", PileKind.TABLEAU, (f"pile {n}",), accepts=Accepts(build=down), takes=TOP_CARD, group="tableau")
                  for n in (1, 2))
    game = toy(stock, waste, *table, stock_rule=Recycle("tableau"))
    rows = toy(stock, waste, *table, stock_rule=DealOnePerPile(group="tableau"))
    deal = Move(MoveKind.DEAL)
    start = at(game, stock="2C 3C 4C", p1="9H")
    assert game.apply(start, deal)[0].piles[3].cards == cards("4C")  # the gap filled
    assert rows.apply(at(rows, stock="2C 3C 4C", p1="9H"), deal)[0].piles[2].cards == cards("9H 4C")  # a plain row
    turned = game.apply(at(game, stock="2C 8H", p1="9H", p2="5C"), deal)[0]
    assert turned.piles[1].cards == cards("8H") and game.why_not(turned, deal).key == "play_waste_first"
    stuck = at(game, stock="2C 3C", p1="9H", p2="5C", waste="JD")
    after = game.apply(stuck, deal)[0]
    assert after.piles[2].cards == cards("JD") and after.piles[3].cards == cards("3C") and after.redeals == 1
    assert [c.code for c in reversed(after.piles[0].cards)] == ["2C", "9H", "5C"]


# ----- poker lines, a stock stopped by a full table, swaps, only the source's card (Poker) -----------------------------
def test_poker_vocabulary_on_a_toy_grid():
    from voicegame.engine import TOP_CARD, DrawToWaste, HandScores, MoveKind, SwapBack, TableFull, source_top, taken_only_by_swap

    any_card = Sequence(Direction.ANY_RANK, SuitRule.ANY)
    stock = PileSpec("stock", PileKind.STOCK, ("stock",))
    waste = PileSpec("waste", PileKind.WASTE, ("waste",), takes=TOP_CARD)

    def cells(extra) -> tuple[PileSpec, ...]:  # type: ignore[no-untyped-def]
        return tuple(PileSpec(f"c{n}", PileKind.TABLEAU, (f"cell {n}",), accepts=Accepts(build=any_card, extra=extra),
                              takes=TOP_CARD, group="grid") for n in (1, 2))

    draw = DrawToWaste(draw=1, redeals=0)
    full = toy(stock, waste, *cells(source_top), stock_rule=TableFull(draw, "grid"))
    open_ = toy(stock, waste, *cells(source_top), stock_rule=draw)
    deal = Move(MoveKind.DEAL)
    assert full.why_not(at(full, stock="2C", c1="9S", c2="9D"), deal).key == "table_full"
    assert open_.why_not(at(open_, stock="2C", c1="9S", c2="9D"), deal) is None
    assert full.why_not(at(full, stock="2C", c1="9S"), deal) is None
    scores = HandScores({"row": ("c1", "c2")})
    assert scores.parts(full.layout, at(full, c1="9S", c2="9D")) == [("row", "hand_one_pair", 1)]
    swapping = toy(stock, waste, *cells(taken_only_by_swap), settle=SwapBack("grid"))
    after = swapping.apply(at(swapping, waste="5H", c1="9S", c2="4D"), Move.cards(2, 3))[0]
    assert after.piles[2].cards == cards("4D") and after.piles[3].cards == cards("9S")
    assert swapping.why_not(at(swapping, waste="5H", c1="9S", c2="4D"), Move.cards(1, 2)).key == "cell_taken"
