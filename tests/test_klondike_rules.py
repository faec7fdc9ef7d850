"""One test per rule sentence of the Xa11ytaire Klondike description (legal and illegal side)."""

from collections import Counter

import pytest

from helpers import cards, klondike_engine, position
from voicegame.engine.cards import new_deck
from voicegame.engine import Drew, IllegalMove, Move, PileKind, Restacked, TurnedOver, Won

GAME = "klondike"


def idx(engine, pile_id):
    return engine.layout.index[pile_id]


def move(engine, src, dst, count=1):
    return Move.cards(idx(engine, src), idx(engine, dst), count)


def legal(engine, state, src, dst, count=1):
    return engine.why_not(state, move(engine, src, dst, count)) is None


# "Each pile starts with one card face-up, and some number of cards face-down ...
#  the first pile contains no face-down cards ... the seventh pile contains six."
# "If the face-up card in a dealt card pile is an Ace, it can be moved to the matching suit's empty target card pile."
def test_ace_to_its_empty_target_pile(engine):
    state = position(engine, pile1="AH")
    assert legal(engine, state, "pile1", "hearts")
    assert not legal(engine, state, "pile1", "spades")  # not the matching suit's pile
    assert engine.why_not(state, move(engine, "pile1", "spades")).key == "wrong_suit"


def test_only_an_ace_starts_a_target_pile(engine):
    state = position(engine, pile1="2H")
    assert engine.why_not(state, move(engine, "pile1", "hearts")).key == "empty_needs_rank"


# "... its value is one higher than the top-most card in a target card pile, then it can be moved"
def test_target_pile_builds_up_by_one_in_suit(engine):
    state = position(engine, hearts="AH 2H", pile1="3H", pile2="4H", pile3="3D")
    assert legal(engine, state, "pile1", "hearts")
    assert engine.why_not(state, move(engine, "pile2", "hearts")).key == "needs_rank"  # skips a rank
    assert engine.why_not(state, move(engine, "pile3", "hearts")).key == "wrong_suit"


# "the card being moved must have a value of one less ... The two cards must also be of a different color"
def test_dealt_piles_build_down_in_alternate_colours(engine):
    state = position(engine, pile1="9S", pile2="8D", pile3="9H", pile4="TS", pile5="JH", pile6="TC")
    assert legal(engine, state, "pile2", "pile1")  # 8 of diamonds on 9 of spades
    assert legal(engine, state, "pile6", "pile5")  # 10 of clubs on jack of hearts
    assert engine.why_not(state, move(engine, "pile2", "pile3")).key == "needs_alternate"  # red on red
    assert engine.why_not(state, move(engine, "pile2", "pile4")).key == "needs_rank"  # 8 on 10


# "if the card that is now the top-most card on that pile is face-down, it is automatically turned over"
def test_face_down_card_turns_over_automatically(engine):
    state = position(engine, pile1=("KC 8D", 1), pile2="9S")
    after, events = engine.apply(state, move(engine, "pile1", "pile2"))
    assert after.piles[idx(engine, "pile1")].top_face_up
    assert TurnedOver(idx(engine, "pile1"), cards("KC")[0]) in events


def test_no_turn_over_when_top_already_face_up(engine):
    state = position(engine, pile1="KC QD", pile2="KS")
    after, events = engine.apply(state, move(engine, "pile1", "pile2"))
    assert after.piles[idx(engine, "pile1")].cards == cards("KC")
    assert not any(isinstance(e, TurnedOver) for e in events)


# "If when a card is moved from a dealt card pile, it has other face-up cards on top of it,
#  those face-up cards will also be moved."
def test_runs_move_together(engine):
    state = position(engine, pile1="4C 3D", pile2="5D")
    after, _ = engine.apply(state, move(engine, "pile1", "pile2", 2))
    assert after.piles[idx(engine, "pile2")].cards == cards("5D 4C 3D")
    assert not after.piles[idx(engine, "pile1")].cards


def test_a_run_cannot_start_under_a_face_down_card(engine):
    state = position(engine, pile1=("4C 3D", 1), pile2="5D")
    assert engine.why_not(state, move(engine, "pile1", "pile2", 2)).key == "card_face_down"


def test_a_run_must_fit_where_it_goes(engine):
    state = position(engine, pile1="4C 3D", pile2="5S")
    assert engine.why_not(state, move(engine, "pile1", "pile2", 2)).key == "needs_alternate"


# "only a King can be placed onto an empty slot" (with the cards on it)
def test_only_a_king_or_king_run_on_an_empty_pile(engine):
    state = position(engine, pile1="KS QH JC", pile2="QD", pile3="5C")
    assert legal(engine, state, "pile1", "pile3") is False  # pile3 is not empty: needs a 4
    empty = position(engine, pile1=("2C KS QH JC", 1), pile2="QD")
    assert legal(engine, empty, "pile1", "pile3", 3)  # king-headed run to the empty pile
    assert engine.why_not(empty, move(engine, "pile2", "pile3")).key == "empty_needs_rank"
    assert engine.why_not(empty, move(engine, "pile1", "pile3", 2)).key == "empty_needs_rank"


# "When the stack is invoked, the top 3 cards are turned over to be face-up"
def test_stock_turns_three_cards_onto_the_waste(engine):
    state = position(engine, stock="2C 3C 4C 5C 6C")
    after, events = engine.apply(state, Move.deal())
    waste = after.piles[idx(engine, "waste")]
    assert waste.cards == cards("6C 5C 4C") and waste.down == 0
    assert len(after.piles[idx(engine, "stock")].cards) == 2
    assert isinstance(events[0], Drew) and events[0].cards[-1] == cards("4C")[0]


def test_draw_one_option_turns_one_card():
    engine = klondike_engine(draw=1)
    state = position(engine, stock="2C 3C 4C")
    after, _ = engine.apply(state, Move.deal())
    assert after.piles[idx(engine, "waste")].cards == cards("4C")


def test_fewer_cards_than_the_draw_turns_what_is_left(engine):
    state = position(engine, stock="2C 3C", waste="9H")
    after, _ = engine.apply(state, Move.deal())
    assert after.piles[idx(engine, "waste")].cards == cards("9H 3C 2C")


# "The top-most face-up card is enabled ... only the top of those 3 cards is interactable"
def test_only_the_top_waste_card_plays(engine):
    state = position(engine, waste="5C 8D 7H", pile1="8S", pile2="9C")
    assert legal(engine, state, "waste", "pile1")  # 7H on 8S
    assert engine.why_not(state, move(engine, "waste", "pile2", 2)).key == "not_on_top"  # 8D is not on top


# "... can be moved to the target card piles, or a dealt card pile, following the same rules"
def test_waste_card_follows_the_same_rules(engine):
    state = position(engine, waste="AD", pile1="2S", pile2="2H")
    assert legal(engine, state, "waste", "diamonds")
    assert legal(engine, state, "waste", "pile1")  # red ace on a black two
    assert not legal(engine, state, "waste", "pile2")  # red on red
    assert not legal(engine, state, "waste", "hearts")


# "Once the remaining card stack is empty, invoking that element restacks the remaining card"
def test_empty_stock_restacks_the_waste(engine):
    state = position(engine, waste="2C 3C 4C")
    after, events = engine.apply(state, Move.deal())
    stock = after.piles[idx(engine, "stock")]
    assert stock.cards == cards("4C 3C 2C") and stock.down == 3  # 2C will be turned first again
    assert not after.piles[idx(engine, "waste")].cards
    assert isinstance(events[0], Restacked)


def test_pass_limit_stops_restacking():
    engine = klondike_engine(draw=1, passes=2)
    state = position(engine, waste="2C 3C", redeals=1)
    assert engine.why_not(state, Move.deal()).key == "no_redeals_left"
    first_pass = position(engine, waste="2C 3C", redeals=0)
    assert engine.is_legal(first_pass, Move.deal())


def test_nothing_to_deal_when_stock_and_waste_are_empty(engine):
    state = position(engine, pile1="KS")
    assert engine.why_not(state, Move.deal()).key == "stock_and_waste_empty"


# Decision (sources silent, AisleRiot allows it): target pile cards may be played back.
def test_target_pile_card_can_be_played_back(engine):
    state = position(engine, hearts="AH 2H 3H 4H 5H", pile1="6S", pile2="6H")
    assert legal(engine, state, "hearts", "pile1")
    assert engine.why_not(state, move(engine, "hearts", "pile2")).key == "needs_alternate"


def test_only_one_card_at_a_time_to_a_target_pile(engine):
    state = position(engine, clubs="AC", pile1="3C 2D", pile2="2C")
    assert engine.why_not(state, move(engine, "pile1", "clubs", 2)).key == "single_only"


def test_stock_and_empty_target_piles_give_nothing(engine):
    state = position(engine, stock="2C", pile1="3D")
    assert engine.why_not(state, move(engine, "stock", "pile1")).key == "cannot_take_from"
    assert engine.why_not(state, move(engine, "clubs", "pile1")).key == "pile_empty"


# "The aim of the game is to build up four piles ... ending with the King."
def test_last_card_home_wins(engine):
    full = {s: " ".join(c.code for c in new_deck() if c.suit.value == s) for s in ("clubs", "diamonds", "hearts", "spades")}
    full["spades"] = full["spades"].rsplit(" ", 1)[0]
    state = position(engine, pile1="KS", **full)
    assert not engine.is_won(state)
    after, events = engine.apply(state, move(engine, "pile1", "spades"))
    assert engine.is_won(after) and isinstance(events[-1], Won)
    assert engine.score(after) == 52


def test_illegal_apply_raises_with_reason(engine):
    state = position(engine, pile1="9S", pile2="9H")
    with pytest.raises(IllegalMove) as error:
        engine.apply(state, move(engine, "pile2", "pile1"))
    assert error.value.reason.key == "needs_rank"


def test_stuck_when_nothing_can_ever_move(engine):
    # After one redeal every stock card has been seen, so following the cycle reveals nothing.
    state = position(engine, pile1=("2C 5H", 1), pile2="5D", waste="9C 9D", stock="9S", redeals=1)
    assert engine.is_stuck(state)
    unstuck = position(engine, pile1=("2C 5H", 1), pile2="5D", waste="9C 4S", stock="9S", redeals=1)
    assert not engine.is_stuck(unstuck)  # the 4 of spades reaches a red five after a deal cycle


def test_stuck_never_peeks_at_unseen_stock_cards(engine):
    first_pass = position(engine, pile1=("2C 5H", 1), pile2="5D", waste="9C 9D", stock="9S", redeals=0)
    assert not engine.is_stuck(first_pass)  # the player has not seen the stock yet
    empty = position(engine, pile1=("2C 5H", 1), pile2="5D")
    assert engine.is_stuck(empty)


def test_piles_have_the_kinds_xa11ytaire_names(engine):
    kinds = Counter(spec.kind for spec in engine.specs)
    assert kinds[PileKind.TABLEAU] == 7 and kinds[PileKind.FOUNDATION] == 4
    assert kinds[PileKind.STOCK] == 1 and kinds[PileKind.WASTE] == 1
