"""Royal East: every rule of AisleRiot's manual (legal and illegal side) and voice (conservation,
undo/redo and saves: test_conformance.py)."""

from helpers import cards, pile, position, session_at, why_not as why
from voicegame.engine import Move, MoveKind
from voicegame.play.session import Session

GAME = "royal_east"
DEAL = Move(MoveKind.DEAL)


def test_foundations_start_at_the_base_rank_build_up_in_suit_aces_on_kings_and_keep_their_cards(engine):
    state = position(engine, foundation1="KD", pile1="KS", pile2="5C", pile3="AD", pile4="AH")
    assert why(engine, state, "pile1", "foundation2") is None
    assert why(engine, state, "pile2", "foundation2") == "empty_needs_rank"
    assert why(engine, state, "pile3", "foundation1") is None
    assert why(engine, state, "pile4", "foundation1") == "needs_same"
    assert why(engine, position(engine, foundation1="KD AD", pile1="2S"), "foundation1", "pile1") is not None  # out of play


def test_piles_build_down_regardless_of_suit_kings_on_aces(engine):
    state = position(engine, foundation1="5D", pile1="8S", pile2="7S", pile3="6H", pile4="AC", waste="KH")
    assert why(engine, state, "pile2", "pile1") is None  # any suit
    assert why(engine, state, "pile3", "pile1") == "needs_rank"
    assert why(engine, state, "waste", "pile4") is None  # a king on an ace


def test_cards_move_one_at_a_time(engine):
    state = position(engine, foundation1="5D", pile1="9H 8S", pile2="TC")
    assert why(engine, state, "pile1", "pile2", 2) is not None
    assert why(engine, position(engine, foundation1="5D", pile1="9H 8S", pile2="9C"), "pile1", "pile2") is None


def test_an_empty_pile_takes_any_available_card(engine):
    state = position(engine, foundation1="5D", pile1="9H 8S", waste="3C")
    assert why(engine, state, "pile1", "pile2") is None
    assert why(engine, state, "waste", "pile2") is None


def test_draw_one_and_no_redeal(engine):
    state = position(engine, foundation1="5D", stock="2C 3C")
    state = engine.apply(engine.apply(state, DEAL)[0], DEAL)[0]
    assert pile(engine, state, "waste").cards == cards("3C 2C")
    assert engine.why_not(state, DEAL).key == "no_redeals_left"


# ----- voice -------------------------------------------------------------------------------------------
def test_voice_commands_read_and_help():
    s = session_at(GAME, stock="4C 5D", foundation1="8H", pile1="6S", pile2="5H", pile3="9H")
    s.handle("five of hearts on six of spades")
    assert pile(s.engine, s.state, "pile1").cards == cards("6S 5H")
    s.handle("nine of hearts up")
    assert pile(s.engine, s.state, "foundation1").cards == cards("8H 9H")
    assert s.handle("deal").sentences[0] == "Five of diamonds."
    assert s.handle("read pile one").sentences == ["Pile one: six of spades, five of hearts."]
    assert s.handle("help").sentences[0].startswith("Royal East. The card on foundation one")
    assert s.handle("score").sentences == ["2 of 52 cards home."]


def test_play_royal_east_by_name():
    s = Session("klondike", seed=1)
    s.handle("play royal east")
    s.handle("yes")
    assert s.engine.game.key == "royal_east"


def test_scripted_win_through_the_cli():
    from helpers import play_script

    lines = play_script("royal_east", "royal_east_seed19_win.txt", "--seed", "19", then="score")
    assert any("won" in line.lower() for line in lines)
    assert lines[-1] == "52 of 52 cards home."
    assert not any(line.startswith(("Sorry", "Which", "Where", "The ", "Did")) for line in lines)
