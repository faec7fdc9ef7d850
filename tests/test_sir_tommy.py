"""Sir Tommy: one card at a time from the stock, played at once to a foundation (ace to king in any
suit) or a reserve; reserves play only home; the win."""

from helpers import position, session_at, why_not
from voicegame.engine import Engine, Move, MoveKind, Won
from voicegame.games import find_game
from voicegame.play.session import Session

E = Engine(find_game("sir_tommy").make())
I = E.layout.index
DRAW = Move(MoveKind.DEAL)


def test_foundations_start_with_an_ace_and_build_up_in_any_suit():
    state = position(E, waste="AH", foundation1="AC 2D", reserve1="3S", reserve2="4S")
    assert why_not(E, state, "waste", "foundation2") is None
    assert why_not(E, state, "reserve1", "foundation1") is None  # three of spades on two of diamonds
    assert why_not(E, state, "reserve2", "foundation1") is not None  # four on two
    assert why_not(E, position(E, waste="2H"), "waste", "foundation1") is not None  # an empty one takes only an ace


def test_the_waste_card_goes_to_any_reserve_and_reserves_play_only_home():
    state = position(E, waste="9H", reserve1="2C", foundation1="AS")
    assert why_not(E, state, "waste", "reserve1") is None  # any card, on any card
    assert why_not(E, state, "waste", "reserve2") is None
    assert why_not(E, state, "reserve1", "reserve2") is not None  # no rearranging
    assert why_not(E, state, "reserve1", "foundation1") is None
    assert why_not(E, state, "foundation1", "reserve3") is not None  # foundation cards are out of play


def test_the_waste_card_must_be_played_before_the_next_and_the_stock_turns_once():
    state = position(E, waste="9H", stock="2C")
    assert E.why_not(state, DRAW) is not None
    state = E.apply(state, Move.cards(I["waste"], I["reserve1"]))[0]
    state = E.apply(state, DRAW)[0]
    assert state.piles[I["waste"]].cards[-1].code == "2C"
    state = E.apply(state, Move.cards(I["waste"], I["reserve2"]))[0]
    assert E.why_not(state, DRAW) is not None  # no redeal


def test_won_with_all_52_home_and_no_moves_left():
    full = " ".join(f"{r}{s}" for r in "A23456789TJQ" for s in "C")
    state = position(E, foundation1=full, foundation2="AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
                     foundation3="AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", foundation4="AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
                     reserve1="KC")
    after, events = E.apply(state, Move.cards(I["reserve1"], I["foundation1"]))
    assert E.is_won(after) and isinstance(events[-1], Won) and E.score(after) == 52 and not E.is_won(state)
    assert E.is_stuck(position(E, reserve1="5C", foundation1="AC 2C"))
    assert not E.is_stuck(position(E, reserve1="3C", foundation1="AC 2C"))


def test_voice_commands():
    s = session_at("sir_tommy", stock="AH 9C")
    assert s.handle("draw").sentences[0] == "Nine of clubs."
    assert s.handle("nine of clubs to reserve two").sentences == ["Done."]
    s.handle("draw")
    assert s.handle("ace up").sentences[0].startswith("Ace of hearts")
    assert s.handle("help").sentences[0].startswith("Sir Tommy.")


def test_the_name_is_understood():
    s = Session("klondike", seed=1)
    assert s.handle("play sir tommy").sentences == ["New game. Sir Tommy, deal 2."] and s.engine.game.key == "sir_tommy"


def test_scripted_seed_to_no_moves_left_through_the_cli():
    """No seed of 1-20 was solved in 2 s each, so the script plays seed 1 greedily to its end."""
    from helpers import play_script

    lines = play_script("sir_tommy", "sir_tommy_seed1_stuck.txt", "--seed", "1", then="score")
    assert lines[-2] == "No moves left. Say undo, restart or new game." and lines[-1] == "11 of 52 cards home."
    assert not any(l.startswith(("Sorry", "Which", "Did")) or "not" in l for l in lines)
