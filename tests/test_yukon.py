"""Yukon: every rule of AisleRiot's manual (legal and illegal side), scoring, voice and a solver's
win through the text CLI (conservation, undo/redo and saves: test_conformance.py)."""

from helpers import cards, move_of as mv, pile, play_script, position, session_at, why_not as why
from voicegame.engine import TurnedOver, Won
from voicegame.play.session import Session

GAME = "yukon"
HEARTS = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"


def test_build_down_in_alternating_colours(engine):
    state = position(engine, pile1="8S", pile2="7H", pile3="7C", pile4="6H")
    assert why(engine, state, "pile2", "pile1") is None
    assert why(engine, state, "pile3", "pile1") == "needs_alternate"
    assert why(engine, state, "pile4", "pile1") == "needs_rank"


def test_any_face_up_card_moves_with_everything_on_it(engine):
    state = position(engine, pile1=("2C 7H KD 3S", 1), pile2="8S")
    assert why(engine, state, "pile1", "pile2", 3) is None  # 7H with KD 3S on it, out of order
    after, events = engine.apply(state, mv(engine, "pile1", "pile2", 3))
    assert pile(engine, after, "pile2").cards == cards("8S 7H KD 3S")
    assert TurnedOver(engine.layout.index["pile1"], cards("2C")[0]) in events  # uncovered: turned up
    assert pile(engine, after, "pile1").up_count == 1
    assert why(engine, state, "pile1", "pile2", 4) == "card_face_down"


def test_the_group_s_bottom_card_must_fit(engine):
    state = position(engine, pile1="7D KD 3S", pile2="8H")
    assert why(engine, state, "pile1", "pile2", 3) == "needs_alternate"
    assert why(engine, state, "pile1", "pile2", 2) == "needs_rank"


def test_only_a_king_or_a_king_headed_group_fills_an_empty_pile(engine):
    state = position(engine, pile1="5D KC 4H", pile2="QS 2D")
    assert why(engine, state, "pile1", "pile3", 2) is None
    assert why(engine, state, "pile1", "pile3", 1) == "empty_needs_rank"
    assert why(engine, state, "pile2", "pile3", 2) == "empty_needs_rank"


def test_foundations_build_up_in_suit_from_the_ace_one_card_at_a_time(engine):
    state = position(engine, pile1="AH", pile2="2S")
    assert why(engine, state, "pile1", "hearts") is None
    assert why(engine, state, "pile2", "spades") == "empty_needs_rank"
    assert why(engine, state, "pile1", "spades") == "wrong_suit"
    on_ace = position(engine, pile3="3H 2H", hearts="AH")
    assert why(engine, on_ace, "pile3", "hearts") is None
    assert why(engine, on_ace, "pile3", "hearts", 2) == "single_only"


def test_cards_on_the_foundations_are_out_of_play(engine):
    state = position(engine, hearts="AH 2H", pile1="3S")
    assert why(engine, state, "hearts", "pile1") == "cannot_take_from"


def test_won_with_every_card_on_the_foundations(engine):
    full = {s: HEARTS.replace("H", s[0].upper()) for s in ("hearts", "diamonds", "clubs")}
    state = position(engine, **full, spades=HEARTS.replace("H", "S").rsplit(" ", 1)[0], pile4="KS")
    assert not engine.is_won(state) and engine.score(state) == 51
    after, events = engine.apply(state, mv(engine, "pile4", "spades"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 52


def test_no_moves_left(engine):
    assert engine.is_stuck(position(engine, pile1="5D 9C", pile2="4D"))
    assert not engine.is_stuck(position(engine, pile1="5D 9C", pile2="TD"))


# ----- voice -------------------------------------------------------------------------------------------
def test_voice_commands_read_and_help():
    s = session_at(GAME, pile1=("2C 7H KD 3S", 1), pile2="8S", pile3="AD")
    assert s.handle("seven of hearts on eight of spades").sentences == ["Pile one shows two of clubs."]
    assert s.handle("read pile two").sentences == ["Pile two: eight of spades, seven of hearts, king of diamonds, three of spades."]
    assert s.handle("ace of diamonds up").sentences[0]
    assert pile(s.engine, s.state, "diamonds").cards == cards("AD")
    assert s.handle("help").sentences[0].startswith("Yukon. Seven piles")
    assert s.handle("score").sentences == ["1 of 52 cards home."]


def test_play_yukon_by_name():
    s = Session("klondike", seed=1)
    s.handle("play yukon")
    s.handle("yes")
    assert s.engine.game.key == "yukon"


def test_scripted_win_through_the_cli():
    lines = play_script("yukon", "yukon_seed2_win.txt", "--seed", "2", then="score")
    assert any("won" in line.lower() for line in lines)
    assert lines[-1] == "52 of 52 cards home."
    assert not any(line.startswith(("Sorry", "Which", "Where", "The ", "Did")) for line in lines)
