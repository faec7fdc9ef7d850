"""Napoleon's Tomb: corners seven to king and a centre six down to ace and round again, any suit;
one-card reserves; the stock once (or three times, three at a time); the win through the CLI."""

from helpers import play_script, position, why_not
from voicegame.engine import Engine, Move, MoveKind, Won
from voicegame.games import find_game
from voicegame.play.session import Session

E = Engine(find_game("napoleons_tomb").make())
I = E.layout.index
DRAW = Move(MoveKind.DEAL)


def test_corners_start_at_seven_and_build_up_in_any_suit_to_the_king():
    assert why_not(E, position(E, waste="7H"), "waste", "corner1") is None
    assert why_not(E, position(E, waste="8H"), "waste", "corner1") == "empty_needs_rank"
    assert why_not(E, position(E, waste="8S", corner2="7H"), "waste", "corner2") is None  # suit does not count
    assert why_not(E, position(E, waste="9S", corner2="7H"), "waste", "corner2") == "needs_rank"
    assert why_not(E, position(E, waste="7S", corner2="7H 8C 9D TH JS QC KD"), "waste", "corner2") is not None  # nothing on a king


def test_the_centre_builds_six_down_to_ace_then_six_again():
    assert why_not(E, position(E, waste="6C"), "waste", "centre") is None
    assert why_not(E, position(E, waste="5C"), "waste", "centre") == "empty_needs_rank"
    assert why_not(E, position(E, waste="5H", centre="6C"), "waste", "centre") is None
    assert why_not(E, position(E, waste="7H", centre="6C"), "waste", "centre") == "needs_rank"
    assert why_not(E, position(E, waste="6D", centre="6C 5D 4S 3H 2C AD"), "waste", "centre") is None
    assert why_not(E, position(E, waste="KD", centre="6C 5D 4S 3H 2C AD"), "waste", "centre") == "needs_rank"


def test_reserves_hold_one_card_and_play_to_the_foundations_which_never_give_back():
    state = position(E, waste="9H", reserve1="7C", corner1="7D 8S")
    assert why_not(E, state, "waste", "reserve2") is None
    assert why_not(E, state, "waste", "reserve1") == "takes_no_cards"  # one card each
    assert why_not(E, state, "reserve1", "corner2") is None
    assert why_not(E, state, "waste", "corner1") is None
    assert why_not(E, state, "corner1", "reserve2") is not None


def test_one_pass_or_three_passes_three_at_a_time():
    state = E.apply(position(E, stock="2C 3C"), DRAW)[0]
    state = E.apply(state, DRAW)[0]
    assert E.why_not(state, DRAW) is not None
    three = Engine(find_game("napoleons_tomb").make(cards_per_deal=3))
    state = position(three, stock="2C 3C 4C 5C")
    state = three.apply(state, DRAW)[0]
    assert len(state.piles[I["waste"]].cards) == 3
    for _ in range(5):  # the rest, a restack, the second pass, a restack
        state = three.apply(state, DRAW)[0]
    assert state.redeals == 2 and three.why_not(state, DRAW) is None
    for _ in range(2):  # the third pass
        state = three.apply(state, DRAW)[0]
    assert three.why_not(state, DRAW) is not None


def test_won_with_the_small_cards_in_the_centre_and_the_big_ones_on_the_corners():
    centre = " ".join(f"{r}{s}" for s in "CDHS" for r in "65432A")
    corners = {f"corner{n}": " ".join(f"{r}{s}" for r in "789TJQK") for n, s in enumerate("CDHS", 1)}
    corners["corner4"] = "7S 8S 9S TS JS QS"
    state = position(E, centre=centre, reserve3="KS", **corners)
    after, events = E.apply(state, Move.cards(I["reserve3"], I["corner4"]))
    assert E.is_won(after) and isinstance(events[-1], Won) and E.score(after) == 52 and not E.is_won(state)
    assert E.is_stuck(position(E, reserve1="5C", reserve2="9C", corner1="7H"))
    assert not E.is_stuck(position(E, reserve1="6C", reserve2="9C", corner1="7H"))


def test_voice_and_name():
    s = Session("napoleons_tomb", seed=1)
    assert s.handle("help").sentences[0].startswith("Napoleon's Tomb.")
    s = Session("klondike", seed=1)
    assert s.handle("play napoleon's tomb").sentences == ["New game. Napoleon's Tomb, deal 2."]


def test_scripted_seed_to_a_win_through_the_cli():
    lines = play_script("napoleons_tomb", "napoleons_tomb_seed3_win.txt", "--seed", "3", then="score")
    assert any(l.startswith("You won") for l in lines) and lines[-1] == "52 of 52 cards home."
    assert not any(l.startswith(("Sorry", "Which", "Did")) or "not" in l for l in lines)
