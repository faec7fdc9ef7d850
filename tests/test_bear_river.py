"""Bear River (its deal: test_deals.py): the base card, every rule of the manual on both sides (piles of at most
three, standard piles and holes, wrapping in suit), voice, and a scripted win through the text CLI."""

from helpers import move_of as mv, play_script, position, session_at, why_not as why
from voicegame.engine import Won

GAME = "bear_river"


def test_the_base_rank_starts_every_foundation_and_they_build_up_in_suit_wrapping(engine):
    state = position(engine, foundation1="QS", pile1="QD", pile2="JD", pile3="KS", pile4="KH", pile7="AS")
    assert why(engine, state, "pile1", "foundation2") is None  # the base rank, another suit
    assert why(engine, state, "pile2", "foundation2") == "empty_needs_rank"
    assert why(engine, state, "pile3", "foundation1") is None
    assert why(engine, state, "pile4", "foundation1") == "needs_same"
    after, _ = engine.apply(state, mv(engine, "pile3", "foundation1"))
    assert why(engine, after, "pile7", "foundation1") is None  # king to ace
    assert why(engine, after, "foundation1", "pile5") == "cannot_take_from"


def test_piles_build_up_or_down_in_suit_wrapping(engine):
    state = position(engine, foundation1="5C", pile1="8H", pile2="7H", pile3="9H", pile4="7S", pile5="KD", pile7="AD", pile8="TH")
    assert why(engine, state, "pile2", "pile1") is None
    assert why(engine, state, "pile3", "pile1") is None
    assert why(engine, state, "pile4", "pile1") == "needs_same"
    assert why(engine, state, "pile8", "pile1") == "needs_rank"
    assert why(engine, state, "pile7", "pile5") is None  # ace on king


def test_no_pile_holds_more_than_three(engine):
    state = position(engine, foundation1="5C", pile1="2C 9H 8H", pile2="7H", pile3="2D 9S", pile4="8S")
    assert why(engine, state, "pile2", "pile1") == "pile_full"
    assert why(engine, state, "pile4", "pile3") is None


def test_empty_standard_piles_stay_empty_and_holes_take_any_card(engine):
    state = position(engine, foundation1="5C", pile1="7H")
    assert why(engine, state, "pile1", "pile2") == "empty_takes_nothing"
    assert why(engine, state, "pile1", "pile6") is None
    assert why(engine, state, "pile1", "pile12") is None
    assert why(engine, state, "pile1", "pile13") == "empty_takes_nothing"


def test_won_when_every_card_is_home(engine):
    homes = {f"foundation{n}": " ".join(r + s for r in "A23456789TJQK") for n, s in zip((1, 2, 3), "CDH")}
    state = position(engine, **homes, foundation4="AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS", pile4="KS")
    assert engine.score(state) == 51 and not engine.is_won(state)
    after, events = engine.apply(state, mv(engine, "pile4", "foundation4"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 52


def test_no_moves_left(engine):
    assert engine.is_stuck(position(engine, foundation1="5C", pile1="9H", pile2="7H", pile3="JS", pile6="3S", pile12="QD", pile18="KC"))
    assert not engine.is_stuck(position(engine, foundation1="5C", pile1="9H", pile2="7H", pile6="JS"))


def test_voice_commands_and_help():
    s = session_at(GAME, foundation1="5C", pile1="2C 9H", pile2="8H", pile7="3D")
    assert s.handle("eight of hearts on nine of hearts").sentences == ["Pile two is empty."]
    assert s.handle("row two pile one to hole one").sentences == ["Pile seven is empty."]
    assert s.handle("help").sentences[0].startswith("Bear River. The card on foundation one")


def test_scripted_win_through_the_cli():
    lines = play_script("bear_river", "bear_river_seed1_win.txt", "--seed", "1", then="score")
    assert "You won! Every card is home." in lines
    assert lines[-1] == "52 of 52 cards home."
    assert not any(l.startswith(("Sorry", "Which", "Where", "The ", "Did", "Only")) for l in lines)
