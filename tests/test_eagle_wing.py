"""Eagle Wing: every rule of AisleRiot's manual (legal and illegal side), voice and a solver's win
through the text CLI (conservation, undo/redo and saves: test_conformance.py)."""

from helpers import cards, move_of as mv, pile, play_script, position, why_not as why
from voicegame.engine import Move, MoveKind, Pile, State, Won
from voicegame.play.session import Session

GAME = "eagle_wing"
DRAW = Move(MoveKind.DEAL)


FULL = {"pile4": "2C", "pile5": "4C", "pile6": "6C", "pile7": "8C", "pile8": "TC"}  # no gaps but the test's


def with_reserve(engine, state, codes, down):
    reserve = Pile(cards(codes), down)
    return State(tuple(reserve if i == engine.layout.index["reserve"] else p for i, p in enumerate(state.piles)))


def test_foundations_start_at_the_base_rank_and_build_up_in_suit_round_the_corner(engine):
    state = position(engine, foundation1="QD", pile1="QS", pile2="5C", waste="KD")
    assert why(engine, state, "pile1", "foundation2") is None
    assert why(engine, state, "pile2", "foundation2") == "empty_needs_rank"
    assert why(engine, state, "waste", "foundation1") is None
    assert why(engine, position(engine, foundation1="QD KD", pile1="AD"), "pile1", "foundation1") is None
    assert why(engine, position(engine, foundation1="QD KD", pile1="AS"), "pile1", "foundation1") == "needs_same"
    assert why(engine, position(engine, foundation1="QD KD", pile1="AS"), "foundation1", "pile1") == "cannot_take_from"


def test_piles_build_down_in_suit_one_card_at_a_time(engine):
    state = position(engine, pile1="8S", pile2="7S", pile3="7C", pile4="9H 8H", pile5="TH")
    assert why(engine, state, "pile2", "pile1") is None
    assert why(engine, state, "pile3", "pile1") == "needs_same"
    assert why(engine, state, "pile4", "pile5", 2) == "single_only"


def test_a_group_goes_to_a_foundation_in_one_move(engine):
    """The manual: "groups of cards can be moved to Foundation" (but singly to another pile)."""
    state = position(engine, foundation1="7H", pile1="9H 8H", pile2="TH")
    assert why(engine, state, "pile1", "foundation1", 2) is None
    after = engine.apply(state, mv(engine, "pile1", "foundation1", 2))[0]
    assert pile(engine, after, "foundation1").cards == cards("7H 8H 9H")
    assert why(engine, state, "pile1", "pile2", 2) == "single_only"


def test_a_pile_holds_three_cards_at_most(engine):
    state = position(engine, pile1="9S 8S", pile2="7S", pile3="TH 9H 8H", waste="7H")
    assert why(engine, state, "pile2", "pile1") is None  # the third card
    assert why(engine, state, "waste", "pile3") == "pile_full"  # a fourth


def test_gaps_fill_from_the_face_down_trunk_whose_last_card_turns_up(engine):
    state = with_reserve(engine, position(engine, pile1="8S", pile2="7S", pile3="QC", **FULL), "2D 5H 7C", 3)
    after = engine.apply(state, mv(engine, "pile2", "pile1"))[0]
    trunk = pile(engine, after, "reserve")
    assert pile(engine, after, "pile2").cards == cards("7C")
    assert trunk.cards == cards("2D 5H") and trunk.down == 2  # still face down: not in play
    assert why(engine, after, "reserve", "pile3") == "card_face_down"
    after = engine.apply(after, mv(engine, "pile2", "pile7"))[0]  # 7C off: the five fills the gap, the two turns up
    trunk = pile(engine, after, "reserve")
    assert pile(engine, after, "pile2").cards == cards("5H") and trunk.cards == cards("2D") and trunk.down == 0


def test_the_last_trunk_card_plays_onto_a_pile_or_a_foundation(engine):
    state = position(engine, reserve="7H", pile1="8H", foundation1="6H")
    assert why(engine, state, "reserve", "pile1") is None and why(engine, state, "reserve", "foundation1") is None


def test_once_the_trunk_is_empty_a_gap_takes_the_waste_or_another_pile(engine):
    state = position(engine, pile1="8S 4D", waste="7C", foundation1="3H")
    assert why(engine, state, "waste", "pile2") is None
    assert why(engine, state, "pile1", "pile2") is None


def test_the_stock_turns_one_card_at_a_time_and_goes_round_three_times(engine):
    state = position(engine, stock="4C")
    for _ in range(2):
        state = engine.apply(engine.apply(state, DRAW)[0], DRAW)[0]  # turn, then turn the waste over
    state = engine.apply(state, DRAW)[0]
    assert pile(engine, state, "waste").cards == cards("4C") and engine.why_not(state, DRAW) is not None


def test_won_with_every_card_on_the_foundations(engine):
    run = "5{s} 6{s} 7{s} 8{s} 9{s} T{s} J{s} Q{s} K{s} A{s} 2{s} 3{s} 4{s}"
    homes = {f"foundation{n}": run.format(s=s) for n, s in zip(range(1, 4), "HDC")}
    last = position(engine, **homes, foundation4=run.format(s="S").rsplit(" ", 1)[0], pile1="4S")
    after, events = engine.apply(last, mv(engine, "pile1", "foundation4"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 52


# ----- voice -------------------------------------------------------------------------------------------
def test_voice_commands_read_and_help():
    s = Session("eagle_wing", seed=1)
    s.history.states[0] = with_reserve(s.engine, position(s.engine, foundation1="JD", pile1="6S", pile2="5S", pile3="QD", **FULL), "2D 7C", 2)
    s.handle("five of spades on six of spades")
    assert pile(s.engine, s.state, "pile1").cards == cards("6S 5S") and pile(s.engine, s.state, "pile2").cards == cards("7C")
    s.handle("queen of diamonds up")
    assert pile(s.engine, s.state, "foundation1").cards == cards("JD QD")
    assert s.handle("help").sentences[0].startswith("Eagle Wing. The first card dealt")
    assert s.handle("score").sentences == ["2 of 52 cards home."]


def test_play_eagle_wing_by_name():
    s = Session("klondike", seed=1)
    s.handle("play eagle wing")
    s.handle("yes")
    assert s.engine.game.key == "eagle_wing"


def test_scripted_win_through_the_cli():
    lines = play_script("eagle_wing", "eagle_wing_seed5_win.txt", "--seed", "5", then="score")
    assert any("won" in line.lower() for line in lines)
    assert lines[-1] == "52 of 52 cards home."
    assert not any(line.startswith(("Sorry", "Which", "Where", "The ", "Did")) and not line.startswith("The reserve shows") for line in lines)
