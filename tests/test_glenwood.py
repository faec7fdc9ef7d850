"""Glenwood: every rule of AisleRiot's manual (legal and illegal side) and voice (conservation,
undo/redo and saves: test_conformance.py)."""

from helpers import cards, move_of as mv, pile, position, session_at, why_not as why
from voicegame.engine import Move, MoveKind
from voicegame.play.session import Session

GAME = "glenwood"
DEAL = Move(MoveKind.DEAL)


def test_the_first_move_chooses_a_reserve_card_for_foundation_one(engine):
    state = position(engine, stock="2C 3C", reserve1="4D 9C", pile1="JH", pile2="TS")
    assert why(engine, state, "pile1", "foundation1") == "empty_not_from"  # not from a pile
    assert why(engine, state, "reserve1", "foundation2") == "phase_first_card"  # foundation one first
    assert why(engine, state, "pile2", "pile1") == "phase_first_card"  # nothing else before it
    assert engine.why_not(state, DEAL).key == "phase_first_card"
    assert why(engine, state, "reserve1", "foundation1") is None
    chosen = position(engine, stock="2C 3C", foundation1="9C", pile1="JH", pile2="TS")
    assert why(engine, chosen, "pile2", "pile1") is None and engine.why_not(chosen, DEAL) is None


def test_foundations_start_at_the_chosen_rank_build_up_in_suit_round_the_corner_and_keep_their_cards(engine):
    state = position(engine, foundation1="KD", reserve1="KS", reserve2="5C", pile1="AD", pile2="AH")
    assert why(engine, state, "reserve1", "foundation2") is None
    assert why(engine, state, "reserve2", "foundation2") == "empty_needs_rank"
    assert why(engine, state, "pile1", "foundation1") is None  # king, then ace
    assert why(engine, state, "pile2", "foundation1") == "needs_same"
    assert why(engine, position(engine, foundation1="KD AD", pile1="2S"), "foundation1", "pile1") is not None  # out of play


def test_piles_build_down_in_alternating_colours_round_the_corner(engine):
    state = position(engine, foundation1="5D", pile1="8S", reserve1="7H", reserve2="7C", pile2="AS", reserve3="KH")
    assert why(engine, state, "reserve1", "pile1") is None
    assert why(engine, state, "reserve2", "pile1") == "needs_alternate"
    assert why(engine, state, "reserve3", "pile2") is None  # a king on an ace


def test_a_pile_moves_whole_onto_another_and_its_top_card_to_a_foundation(engine):
    """The manual: "Top card can be played on to Foundation. Whole piles can be played on to another Tableau"."""
    state = position(engine, foundation1="5D", foundation2="8H", pile1="JH TS 9H", pile2="TC", pile3="QC", pile4="4C")
    assert why(engine, state, "pile1", "pile2") == "whole_pile_only"  # the nine alone may not leave its pile for another
    assert mv(engine, "pile1", "pile2") not in engine.legal_moves(state)
    assert why(engine, state, "pile1", "foundation2") is None  # but it goes up
    assert why(engine, state, "pile1", "pile3", 3) is None
    assert why(engine, state, "pile1", "pile4", 2) == "top_or_all_face_up"
    assert why(engine, position(engine, foundation1="5D", pile1="9H", pile2="TC"), "pile1", "pile2") is None  # a pile of one


def test_an_empty_pile_takes_a_reserve_card_and_the_waste_only_once_the_reserves_are_empty(engine):
    state = position(engine, foundation1="5D", reserve1="9C", waste="QH", pile2="3S 2H")
    assert why(engine, state, "reserve1", "pile1") is None
    assert why(engine, state, "waste", "pile1") == "empty_from_group_first"
    assert why(engine, state, "pile2", "pile1") == "empty_from_group_first"
    assert why(engine, position(engine, foundation1="5D", waste="QH"), "waste", "pile1") is None


def test_nothing_goes_on_a_reserve(engine):
    state = position(engine, foundation1="5D", reserve1="9H", pile1="8S")
    assert why(engine, state, "pile1", "reserve1") is not None


def test_draw_one_with_one_redeal(engine):
    state = position(engine, foundation1="5D", stock="2C 3C")
    state = engine.apply(state, DEAL)[0]
    assert pile(engine, state, "waste").cards == cards("3C")
    state = engine.apply(engine.apply(state, DEAL)[0], DEAL)[0]  # second card, then the redeal
    assert pile(engine, state, "stock").cards and not pile(engine, state, "waste").cards
    state = engine.apply(engine.apply(state, DEAL)[0], DEAL)[0]
    assert engine.why_not(state, DEAL).key == "no_redeals_left"


# ----- voice -------------------------------------------------------------------------------------------
def test_voice_commands_read_and_help():
    s = session_at(GAME, stock="4C 5D", reserve1="8H 9D", reserve2="5H", pile1="6S", pile2="TC")
    s.handle("nine of diamonds up")
    assert pile(s.engine, s.state, "foundation1").cards == cards("9D")
    s.handle("five of hearts on six of spades")
    assert pile(s.engine, s.state, "pile1").cards == cards("6S 5H")
    assert s.handle("read reserve one").sentences == ["Reserve one: eight of hearts."]
    assert s.handle("help").sentences[0].startswith("Glenwood. First choose")
    assert s.handle("score").sentences == ["1 of 52 cards home."]


def test_play_glenwood_by_name():
    s = Session("klondike", seed=1)
    s.handle("play glenwood")
    s.handle("yes")
    assert s.engine.game.key == "glenwood"


def test_scripted_win_through_the_cli():
    from helpers import play_script

    lines = play_script("glenwood", "glenwood_seed1_win.txt", "--seed", "1", then="score")
    assert any("won" in line.lower() for line in lines)
    assert lines[-1] == "52 of 52 cards home."
    assert not any(line.startswith(("Sorry", "Which", "Where", "The ", "Did")) for line in lines)
