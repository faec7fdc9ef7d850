"""Engine vocabulary on a toy game: building by colour (SuitRule.SAME_COLOUR), lifting only the top card
or every face-up card (top_or_all_face_up), auto-play's wait for the suits that could lie on a card
(seats filled); and the names of the Klondike family's games, sayable and heard."""

from helpers import cards, move_of as mv, position, why_not as why
from voicegame.engine import (
    EMPTY_ANY, TOP_CARD, Accepts, DealSpec, Direction, Engine, GameDef, PileKind, PileSpec, Sequence, SuitRule, Takes,
    top_or_all_face_up,
)
from voicegame.engine.cards import Card

SAME_COLOUR = Sequence(Direction.DOWN, SuitRule.SAME_COLOUR)
ALTERNATE = Sequence(Direction.DOWN, SuitRule.ALTERNATE)


def toy() -> Engine:
    piles = (
        PileSpec("waste", PileKind.WASTE, ("the waste",), takes=TOP_CARD),
        PileSpec("colour", PileKind.TABLEAU, ("colour pile",), accepts=Accepts(build=SAME_COLOUR), takes=Takes(runs=True, sequence=SAME_COLOUR)),
        PileSpec("lift", PileKind.TABLEAU, ("lift pile",), accepts=Accepts(build=ALTERNATE, empty=EMPTY_ANY),
                 takes=Takes(runs=True, sequence=ALTERNATE, extra=top_or_all_face_up)),
        PileSpec("other", PileKind.TABLEAU, ("other pile",), accepts=Accepts(build=ALTERNATE, empty=EMPTY_ANY), takes=TOP_CARD),
    )
    return Engine(GameDef(key="toy", title="Toy", piles=piles, layout_deal=(DealSpec("colour"),)))


def test_same_colour_takes_red_on_red_and_black_on_black_only():
    assert SAME_COLOUR.follows(Card.from_code("8H"), Card.from_code("7D"))
    assert SAME_COLOUR.follows(Card.from_code("8S"), Card.from_code("7S"))
    assert not SAME_COLOUR.follows(Card.from_code("8H"), Card.from_code("7C"))
    assert SAME_COLOUR.why_not(Card.from_code("8H"), Card.from_code("7C")).key == "needs_same_colour"
    engine = toy()
    assert why(engine, position(engine, colour="8H", waste="7D"), "waste", "colour") is None
    assert why(engine, position(engine, colour="8H", waste="7S"), "waste", "colour") == "needs_same_colour"
    assert [r.key for r in SAME_COLOUR.describe()] == ["rule_build_down"]


def test_top_or_all_face_up_lifts_one_card_or_the_whole_face_up_part():
    engine = toy()
    state = position(engine, lift=("2C 9S 8H 7C", 1))
    assert why(engine, state, "lift", "other", 1) is None
    assert why(engine, state, "lift", "other", 3) is None
    assert why(engine, state, "lift", "other", 2) == "top_or_all_face_up"
    moves = [m for m in engine.legal_moves(state) if m.src == engine.layout.index["lift"]]
    assert {m.count for m in moves} == {1, 3}
    after = engine.apply(state, mv(engine, "lift", "other", 3))[0]
    assert after.piles[engine.layout.index["other"]].cards == cards("9S 8H 7C")


def test_klondike_family_game_names_are_sayable_and_heard():
    from voicegame.listen.grammar import build_grammar, missing_words
    from voicegame.play.session import Session

    session = Session("klondike", seed=1)
    said = {"westhaven": "westhaven", "gold mine": "gold_mine", "thumb and pouch": "thumb_and_pouch",
            "whitehead": "whitehead", "saratoga": "saratoga"}
    assert {name: session.parser.parse(f"play {name}").game for name in said} == said
    grammar = build_grammar(session.parser)
    assert "westhaven" in {w for w, _ in grammar.pronunciations} and missing_words(grammar) == []


def test_seats_filled_waits_for_the_suits_that_could_lie_on_the_card():
    from voicegame.engine.auto import SeatsFilled, opposite_colours_ready
    from voicegame.games import find_game

    engine = Engine(find_game("whitehead").make())  # one foundation per suit
    low = {"clubs": "AC 2C 3C 4C", "diamonds": "AD 2D 3D", "hearts": "AH 2H 3H 4H", "spades": "AS 2S 3S 4S"}
    state = position(engine, **low, pile1="5H")
    same, other, alternate = SeatsFilled(SuitRule.SAME_COLOUR), SeatsFilled(SuitRule.DIFFERENT), SeatsFilled(SuitRule.ALTERNATE)
    index = engine.layout.index["pile1"]
    assert not same(engine.game, state, index)  # the four of diamonds could still want the five of hearts
    assert not other(engine.game, state, index)
    assert alternate(engine.game, state, index) and opposite_colours_ready(engine.game, state, index)
    ready = position(engine, **{**low, "diamonds": "AD 2D 3D 4D"}, pile1="5H")
    assert same(engine.game, ready, index) and other(engine.game, ready, index)
    assert same(engine.game, position(engine, pile1="2H"), index)  # twos always
