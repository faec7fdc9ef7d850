"""Engine vocabulary first needed by Athena, each piece on a toy game: face-down cards lying on
face-up ones (``Pile.hidden``), dealt by ``DealSpec.faces``."""

import pytest

from helpers import cards
from voicegame.engine import Accepts, DealSpec, Engine, GameDef, Move, Pile, PileKind, PileSpec, State, Takes, TurnedOver
from voicegame.engine.cards import Card, Rank, Suit
from voicegame.engine.sequence import Direction, Sequence, SuitRule
from voicegame.language.command import CardRef
from voicegame.language.narrate import Narrator
from voicegame.solver import FairSearch, Positions, masked

DOWN = Sequence(Direction.DOWN, SuitRule.ANY)


def toy(auto_turn: bool = True, rows: str = "dudu") -> Engine:
    def pile(n: int) -> PileSpec:
        return PileSpec(f"pile{n}", PileKind.TABLEAU, (f"pile {('one', 'two', 'three')[n - 1]}",),
                        accepts=Accepts(build=DOWN), takes=Takes(runs=True, sequence=DOWN), auto_turn=auto_turn)
    return Engine(GameDef(key="toy", title="Toy", layout_deal=tuple(DealSpec.faces(f"pile{n}", rows) for n in (1, 2)), piles=(
        PileSpec("stock", PileKind.STOCK, ("stock",)), pile(1), pile(2), pile(3))))


def mixed(codes: str = "KS 7H 2C 9D 8C", hidden: tuple[int, ...] = (2,), down: int = 1, other: str = "TH") -> State:
    """pile one: a face-down card, a face-up one, a face-down one, then face-up ones (``codes`` bottom first)."""
    return State((Pile(), Pile(cards(codes), down, hidden), Pile(cards(other)), Pile()))


def move(count: int = 1, src: int = 1, dst: int = 2) -> Move:
    return Move.cards(src, dst, count)


# ----- the state: off by default ---------------------------------------------------------------------
def test_a_pile_without_hidden_cards_is_what_it_was():
    plain = Pile(cards("KS 7H"), 1)
    assert plain.hidden == () and plain == Pile(cards("KS 7H"), 1, ())
    assert plain.face_key == 1 and plain.down_count == 1 and plain.face_up == cards("7H")
    assert Pile(cards("KS 7H"), 1, (1,)).face_key != plain.face_key  # a hidden card makes another key


# ----- the deal -----------------------------------------------------------------------------------------
def test_faces_spells_rows_face_down_and_face_up_in_turn():
    assert DealSpec.faces("pile1", "dudu") == DealSpec("pile1", down=1, up=3, hidden=(2,))
    assert DealSpec.faces("pile1", "ddu") == DealSpec("pile1", down=2, up=1)  # plain Klondike: nothing hidden
    assert DealSpec.faces("pile1", "udd") == DealSpec("pile1", down=0, up=3, hidden=(1, 2))
    for bad in ("", "dxu"):
        with pytest.raises(ValueError):
            DealSpec.faces("pile1", bad)


def test_the_deal_puts_face_down_cards_on_face_up_ones():
    engine = toy()
    state = engine.deal_cards(list(cards("AC 2C 3C 4C 5C 6C 7C 8C 9C")))  # by rows: pile one gets AC 3C 5C 7C
    one = state.piles[1]
    assert one.cards == cards("AC 3C 5C 7C") and (one.down, one.hidden) == (1, (2,))
    assert [one.shows(j) for j in range(4)] == [False, True, False, True]
    assert one.down_count == 2 and state.piles[0].cards == cards("9C")


# ----- rules ---------------------------------------------------------------------------------------------
def test_only_the_cards_above_every_face_down_card_can_be_taken():
    engine = toy()
    state = mixed(other="9H")  # KS(down) 7H 2C(down) 9D 8C
    assert engine.why_not(state, move(1)) is None  # the eight of clubs onto the nine
    assert engine.why_not(state, move(3)).key == "card_face_down"  # the face-down two of clubs
    under = engine.why_not(mixed(other="8S"), move(4))
    assert under.key == "card_under_face_down" and under.params["card"] == Card.from_code("7H")


def test_a_run_may_not_include_a_face_down_card():
    engine = toy()
    state = mixed("KS 7H 3C 9D 8C", other="TH")
    assert engine.why_not(state, move(2)) is None  # nine and eight: the run above the face-down card
    assert engine.why_not(mixed("KS 7H 3C 2C", hidden=(2,), other="4H"), move(2)).key == "card_face_down"  # 3C 2C runs, but 3C is face down


def test_a_face_down_card_left_on_top_turns_up_with_auto_turn():
    state = mixed("KS 7H 2C 9D", other="TH")
    new, events = toy().apply(state, move(1))
    assert TurnedOver(1, Card.from_code("2C")) in events  # heard as a card turned up
    after = new.piles[1]
    assert after.top_face_up and after.hidden == () and after.down == 1 and after.face_up == cards("7H 2C")
    kept = toy(auto_turn=False).apply(state, move(1))[0].piles[1]
    assert not kept.top_face_up and kept.hidden == (2,) and kept.up_count == 0


def test_the_face_up_card_under_it_moves_once_the_card_on_it_has_gone():
    engine = toy()
    state = State((Pile(), Pile(cards("KS 7H 2C"), 1), Pile(cards("8S")), Pile(cards("3D"))))  # after the turn
    assert engine.why_not(state, move(2)).key == "not_a_run"  # the seven and the two are no run
    state = engine.apply(state, Move.cards(1, 3, 1))[0]  # the two of clubs on the three
    assert engine.why_not(state, move(1)) is None


def test_turning_a_hidden_card_up_counts_as_turning_a_card():
    engine = toy()
    state = mixed("KS 7H 2C 9D", other="TH")
    assert Positions(engine).face_down(state) == 2
    assert Positions(engine).face_down(engine.apply(state, move(1))[0]) == 1
    assert engine.is_productive(state, move(1))


# ----- hiding -------------------------------------------------------------------------------------------
def test_narration_never_names_a_face_down_card():
    narrator = Narrator(toy())
    state = mixed("KS 7H 2C 9D")
    text = narrator.read_pile(state, 1)
    assert text == "Pile one: 1 face down, seven of hearts under 1 face down, nine of diamonds."
    assert "two of clubs" not in text and "king of spades" not in text
    assert narrator.where(state, CardRef(Rank.TWO, Suit.CLUBS)) == ["The two of clubs is not showing."]
    assert narrator.where(state, CardRef(Rank.SEVEN, Suit.HEARTS)) != ["The seven of hearts is not showing."]


def test_fair_mode_masks_hidden_cards_and_hints_do_not_depend_on_them():
    engine = toy()
    a = mixed("KS 7H 2C 9D 8C", other="9H")
    b = mixed("KS 7H 4D 9D 8C", other="9H")  # the same but for the face-down card on the seven
    assert masked(engine, a) == masked(engine, b)
    assert Card.from_code("2C") not in masked(engine, a).piles[1].cards
    assert masked(engine, a).piles[1].cards[1] == Card.from_code("7H")  # the face-up card under it shows
    search = FairSearch(engine)
    assert search.rank(a, seconds=None, nodes=200) == search.rank(b, seconds=None, nodes=200)


def test_solver_keys_tell_hidden_cards_apart():
    positions = Positions(toy())
    shown = mixed("KS 7H 6C 5D", hidden=())
    hidden = mixed("KS 7H 6C 5D", hidden=(2,))
    assert positions.key(shown) != positions.key(hidden)
    assert positions.step(hidden, move(1, 1, 3)) == toy().apply(hidden, move(1, 1, 3))[0]  # the fast path agrees
