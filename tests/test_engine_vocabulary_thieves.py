"""Jokers as general vocabulary (branch thieves, issue 23), on a toy game: a deck option
(``GameDef.jokers``), the red and the black joker as cards every layer carries (codes, spoken names,
the typed parser, the recogniser's grammar), :class:`Wild` (jokers wild both ways) and
:class:`RankPoints`; and every game without jokers dealt exactly as before."""

import hashlib
from collections import Counter

import pytest

from helpers import cards
from voicegame.engine import (EMPTY_NONE, TOP_CARD, Accepts, DealSpec, Direction, DrawToWaste, Engine, GameDef, Move,
                              MoveKind, PileKind, PileSpec, SuitRule)
from voicegame.engine.cards import JOKERS, RANKS, Card, Colour, Rank, new_deck, seeded_deck, shuffled
from voicegame.engine.jokers import RankPoints, Wild
from voicegame.engine.piles import Pile
from voicegame.engine.sequence import Sequence
from voicegame.engine.state import State
from voicegame.games import GAMES, find_game
from voicegame.language.command import CardRef
from voicegame.language.parse import Parser
from voicegame.listen.command_grammar import vosk_phrases
from voicegame.listen.jsgf_builder import JsgfOptions, build_jsgf
from voicegame.listen.visible_card_names import visible_card_rules

WILD = Wild(Direction.EITHER, SuitRule.ANY)
POINTS = RankPoints((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 100))


def toy(jokers: int = 2, build: Sequence = WILD) -> GameDef:
    piles = (
        PileSpec("stock", PileKind.STOCK, ("the stock",)),
        PileSpec("waste", PileKind.WASTE, ("the waste",), accepts=Accepts(build=build, empty=EMPTY_NONE, single=True)),
        PileSpec("column1", PileKind.TABLEAU, ("column one",), takes=TOP_CARD),
        PileSpec("column2", PileKind.TABLEAU, ("column two",), takes=TOP_CARD),
    )
    return GameDef(key="toy", title="Toy", piles=piles, layout_deal=(DealSpec("column1", up=3), DealSpec("column2", up=3)),
                   stock_rule=DrawToWaste(draw=1, redeals=0), jokers=jokers, score=POINTS.score, settle=POINTS.settle)


def at(engine: Engine, **piles: str) -> State:
    out = [Pile() for _ in engine.specs]
    for pile_id, codes in piles.items():
        dealt = cards(codes)
        out[engine.layout.index[pile_id]] = Pile(dealt, len(dealt) if pile_id == "stock" else 0)
    return State(tuple(out))


# ----- the cards --------------------------------------------------------------------------------------
def test_a_joker_deck_has_54_distinct_cards_the_two_jokers_told_apart():
    deck = new_deck(jokers=2)
    assert len(deck) == len(set(deck)) == 54
    assert deck[:52] == new_deck() and deck[52:] == list(JOKERS)
    red, black = JOKERS
    assert (red.spoken, black.spoken, red.code, black.code) == ("red joker", "black joker", "RJ", "BJ")
    assert red.colour is Colour.RED and black.colour is Colour.BLACK and red != black
    assert red.is_joker and black.is_joker and not any(c.is_joker for c in new_deck())
    assert len({c.spoken for c in deck}) == 54 and Rank.JOKER not in RANKS


def test_card_codes_round_trip_for_every_card_and_refuse_nonsense():
    for card in new_deck(jokers=2):
        assert Card.from_code(card.code) == card
    assert Card.from_code("rj") == JOKERS[0]
    for bad in ("XJ", "J", "RJJ", "1J"):
        with pytest.raises(ValueError):
            Card.from_code(bad)


def test_the_engine_deals_the_jokers_only_when_the_game_asks():
    with_jokers, without = Engine(toy()), Engine(toy(jokers=0))
    dealt = Counter(c for p in with_jokers.deal(3).piles for c in p.cards)
    assert dealt == Counter(new_deck(jokers=2))
    assert Counter(c for p in without.deal(3).piles for c in p.cards) == Counter(new_deck())
    assert Engine(toy()).deal(3) == with_jokers.deal(3) and with_jokers.deal(3) != with_jokers.deal(4)


def test_every_other_game_is_dealt_as_before():
    """The shuffle without jokers is the one it always was (pinned on 150 deals of one, two and three
    decks, as computed before jokers existed), and every game but the ones that deal jokers uses it."""
    pinned = hashlib.sha256(" ".join(c.code for s in range(1, 51) for d in (1, 2, 3) for c in seeded_deck(s, d)).encode()).hexdigest()
    assert pinned == "ed3399d19b1caafc69fc1756f94dee57acd5a798e58b2974e2f47d460b319e65"
    assert seeded_deck(7, 2, jokers=0) == shuffled(new_deck(2), 7)
    for entry in GAMES:
        game = entry.make()
        if entry.key == "thieves":
            assert game.jokers == 2
            continue
        assert game.jokers == 0, entry.key
        dealt = [c for p in Engine(game).deal(5).piles for c in p.cards]
        assert not any(c.is_joker for c in dealt), entry.key
        if game.shuffle is None:
            assert Counter(dealt) == Counter(seeded_deck(5, game.decks)), entry.key


# ----- wild both ways -----------------------------------------------------------------------------------
@pytest.mark.parametrize("under,over", [("7H", "RJ"), ("KS", "BJ"), ("AC", "RJ"), ("RJ", "7H"), ("BJ", "KD"), ("RJ", "BJ"), ("7H", "8C"), ("7H", "6D")])
def test_a_joker_is_wild_both_ways(under, over):
    assert WILD.follows(Card.from_code(under), Card.from_code(over))
    assert WILD.why_not(Card.from_code(under), Card.from_code(over)) is None


@pytest.mark.parametrize("under,over", [("7H", "9C"), ("7H", "7S"), ("KS", "AD"), ("AS", "KD")])
def test_between_other_cards_the_wild_sequence_is_its_own_sequence(under, over):
    assert not WILD.follows(Card.from_code(under), Card.from_code(over))
    reason = WILD.why_not(Card.from_code(under), Card.from_code(over))
    assert reason is not None and reason.key == "needs_rank" and Rank.JOKER in reason.params["ranks"]


def test_closed_ranks_stay_closed_to_all_but_a_joker_and_plain_sequences_never_take_jokers_wild():
    closed = Wild(Direction.EITHER, SuitRule.SAME, closed=frozenset({13}))
    assert closed.follows(Card.from_code("KS"), Card.from_code("BJ")) and not closed.follows(Card.from_code("KS"), Card.from_code("QS"))
    assert not closed.follows(Card.from_code("7H"), Card.from_code("8C")) and closed.follows(Card.from_code("7H"), Card.from_code("8H"))
    tame = Sequence(Direction.EITHER, SuitRule.ANY)
    assert not tame.follows(Card.from_code("7H"), Card.from_code("RJ")) and Rank.JOKER not in tame.needed_ranks(Card.from_code("KH"))
    assert [r.key for r in WILD.describe()][-1] == "rule_jokers_wild"


def test_legal_moves_see_the_wild_joker_through_the_fast_rank_filter():
    engine = Engine(toy())
    state = at(engine, waste="7H", column1="2C RJ", column2="9S")
    legal = engine.legal_moves(state)
    assert Move.cards(engine.layout.index["column1"], engine.layout.waste) in legal
    assert Move.cards(engine.layout.index["column2"], engine.layout.waste) not in legal
    after = engine.apply(state, Move.cards(engine.layout.index["column1"], engine.layout.waste))[0]
    assert Move.cards(engine.layout.index["column2"], engine.layout.waste) in engine.legal_moves(after)  # anything on a joker
    assert Move.cards(engine.layout.index["column1"], engine.layout.waste) in engine.legal_moves(after)


def test_rank_points_count_column_cards_to_the_waste_and_not_the_stock():
    engine = Engine(toy())
    state = at(engine, stock="KD", waste="7H", column1="BJ 8C")
    state = engine.apply(state, Move.cards(engine.layout.index["column1"], engine.layout.waste))[0]
    assert engine.score(state) == 8
    state = engine.apply(state, Move.cards(engine.layout.index["column1"], engine.layout.waste))[0]
    assert engine.score(state) == 108
    state = engine.apply(state, Move(MoveKind.DEAL))[0]
    assert engine.score(state) == 108 and state.piles[engine.layout.waste].cards[-1] == Card.from_code("KD")


# ----- said and heard ---------------------------------------------------------------------------------------
def test_the_parser_hears_both_jokers_and_a_bare_joker_only_in_a_joker_game():
    parser = Parser(toy())
    red, black = (CardRef(Rank.JOKER, j.suit) for j in JOKERS)
    assert parser.parse("red joker to the waste").source == red
    assert parser.parse("play the black joker").source == black
    assert parser.parse("move joker to waste").source == CardRef(Rank.JOKER)
    assert parser.parse("red").source == red and parser.parse("black").source == black  # answers to "Which joker?"
    assert red.matches(JOKERS[0]) and not red.matches(JOKERS[1]) and CardRef(Rank.JOKER).matches(JOKERS[1])
    assert (red.spoken, CardRef(Rank.JOKER).spoken) == ("red joker", "joker")
    assert parser.parse("seven of hearts to waste").source == CardRef(Rank.SEVEN, Card.from_code("7H").suit)
    plain = Parser(toy(jokers=0))
    command = plain.parse("red joker to the waste")
    assert command is None or not isinstance(command.source, CardRef)


def test_the_recognisers_grammars_hold_the_jokers_only_in_a_joker_game():
    parser = Parser(toy())
    jsgf = build_jsgf(parser)
    assert "<joker> = black | black joker | joker | jokers | red | red joker;" in jsgf and "<card> = <rank> [of <suit>] | <joker>;" in jsgf
    assert {"red joker", "black joker", "joker"} <= set(vosk_phrases(parser))
    card, _ = visible_card_rules(parser, [JOKERS[1], Card.from_code("7H")])
    assert "black joker" in card.split(" | ") and "joker" in card.split(" | ") and "red joker" not in card
    visible = build_jsgf(parser, JsgfOptions(visible=[JOKERS[0]]))
    assert "<card> = joker | red | red joker;" in visible and "<any_card> = <rank> [of <suit>] | <joker>;" in visible
    golf = Parser(find_game("golf").make())
    assert "joker" not in build_jsgf(golf) and "joker" not in " ".join(vosk_phrases(golf))
    assert "<any_card> = <rank> [of <suit>];" in build_jsgf(golf, JsgfOptions(visible=[Card.from_code("7H")]))
