"""Union Square: every rule of AisleRiot's manual (legal and illegal side) and voice (conservation,
undo/redo and saves: test_conformance.py)."""

from helpers import cards, move_of as mv, pile, position, session_at, why_not as why
from voicegame.engine import Move, MoveKind, Won
from voicegame.play.session import Session

GAME = "union_square"
DEAL = Move(MoveKind.DEAL)
UP = "A{s} 2{s} 3{s} 4{s} 5{s} 6{s} 7{s} 8{s} 9{s} T{s} J{s} Q{s} K{s}"
THERE_AND_BACK = UP + " K{s} Q{s} J{s} T{s} 9{s} 8{s} 7{s} 6{s} 5{s} 4{s} 3{s} 2{s} A{s}"


def test_piles_build_up_or_down_in_suit(engine):
    state = position(engine, pile1="5C", pile2="4C", pile3="6C", pile4="4H", pile5="7C")
    assert why(engine, state, "pile2", "pile1") is None
    assert why(engine, state, "pile3", "pile1") is None
    assert why(engine, state, "pile4", "pile1") == "needs_same"
    assert why(engine, state, "pile5", "pile1") == "needs_rank"


def test_each_pile_keeps_the_direction_its_top_two_cards_set(engine):
    state = position(engine, pile1="2C 3C", pile2="4C", waste="2C", pile3="6D 5D", pile4="6D", pile5="4D")
    assert why(engine, state, "pile2", "pile1") is None  # going up: a four
    assert why(engine, state, "waste", "pile1") == "direction_locked"  # not back down
    assert why(engine, state, "pile4", "pile3") == "direction_locked"
    assert why(engine, state, "pile5", "pile3") is None


def test_only_the_top_card_moves_and_an_empty_pile_takes_any_card(engine):
    state = position(engine, pile1="2C 3C", pile2="4C 5C", waste="QH")
    assert why(engine, state, "pile2", "pile1", 2) is not None
    assert why(engine, state, "pile1", "pile3") is None
    assert why(engine, state, "waste", "pile3") is None


def test_foundations_go_ace_to_king_then_king_back_to_ace(engine):
    state = position(engine, hearts=UP.format(s="H"), pile1="KH", pile2="QH", pile3="AH")
    assert why(engine, state, "pile1", "hearts") is None  # the second king
    assert why(engine, state, "pile2", "hearts") == "needs_rank"
    assert why(engine, position(engine, pile1="2S"), "pile1", "spades") == "empty_needs_rank"
    down = position(engine, hearts=UP.format(s="H") + " KH", pile1="QH", pile2="AH", pile3="QS")
    assert why(engine, down, "pile1", "hearts") is None
    assert why(engine, down, "pile2", "hearts") == "needs_rank"
    assert why(engine, down, "pile3", "hearts") == "wrong_suit"
    assert why(engine, down, "hearts", "pile3") is not None  # out of play


def test_won_with_twenty_six_cards_on_each_foundation(engine):
    homes = {s: THERE_AND_BACK.format(s=s[0].upper()) for s in ("clubs", "diamonds", "hearts")}
    last = position(engine, **homes, spades=THERE_AND_BACK.format(s="S").rsplit(" ", 1)[0], pile1="AS")
    after, events = engine.apply(last, mv(engine, "pile1", "spades"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 104
    assert why(engine, after, "pile1", "spades") is not None


def test_draw_one_and_no_redeal(engine):
    state = position(engine, stock="2C 3C", pile1="KH")
    state = engine.apply(engine.apply(state, DEAL)[0], DEAL)[0]
    assert pile(engine, state, "waste").cards == cards("3C 2C")
    assert engine.why_not(state, DEAL).key == "no_redeals_left"


# ----- voice -------------------------------------------------------------------------------------------
def test_voice_commands_read_and_help():
    s = session_at(GAME, stock="4C 5D", pile1="6S", pile2="5S", pile3="AD")
    s.handle("five of spades on six of spades")
    assert pile(s.engine, s.state, "pile1").cards == cards("6S 5S")
    s.handle("ace of diamonds up")
    assert pile(s.engine, s.state, "diamonds").cards == cards("AD")
    assert s.handle("read pile sixteen").sentences == ["Pile sixteen: empty."]
    assert s.handle("help").sentences[0].startswith("Union Square, two decks.")
    assert s.handle("score").sentences == ["1 of 104 cards home."]


def test_play_union_square_by_name():
    s = Session("klondike", seed=1)
    s.handle("play union square")
    s.handle("yes")
    assert s.engine.game.key == "union_square"


def test_scripted_win_through_the_cli():
    from helpers import play_script

    lines = play_script("union_square", "union_square_seed6_win.txt", "--seed", "6", then="score")
    assert any("won" in line.lower() for line in lines)
    assert lines[-1] == "104 of 104 cards home."
    assert not any(line.startswith(("Sorry", "Which", "Where", "The ", "Did")) for line in lines)
