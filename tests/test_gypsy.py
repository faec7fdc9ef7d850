"""Gypsy: every rule of AisleRiot's manual (legal and illegal side), its scoring and voice
(conservation, undo/redo and saves: test_conformance.py)."""

from helpers import cards, move_of as mv, pile, position, session_at, why_not as why
from voicegame.engine import Move, MoveKind, Won
from voicegame.play.session import Session

GAME = "gypsy"
DEAL = Move(MoveKind.DEAL)
SUIT = "A{s} 2{s} 3{s} 4{s} 5{s} 6{s} 7{s} 8{s} 9{s} T{s} J{s} Q{s} K{s}"


def test_each_deal_puts_one_card_on_each_of_the_eight_piles(engine):
    state = position(engine, stock="2C 3C 4C 5C 6C 7C 8C 9C", pile1="KH")
    after = engine.apply(state, DEAL)[0]
    assert [pile(engine, after, f"pile{n}").top for n in range(1, 9)] == list(cards("9C 8C 7C 6C 5C 4C 3C 2C"))
    assert engine.why_not(after, DEAL).key == "stock_empty"  # no redeals


def test_piles_build_down_in_alternating_colours_and_builds_move(engine):
    state = position(engine, pile1="8S", pile2="7H", pile3="7C", pile4="9H 8C 7D", pile5="TS", pile6="TD")
    assert why(engine, state, "pile2", "pile1") is None
    assert why(engine, state, "pile3", "pile1") == "needs_alternate"
    assert why(engine, state, "pile4", "pile5", 3) is None
    assert why(engine, state, "pile4", "pile6", 3) == "needs_alternate"


def test_an_empty_pile_takes_any_card_or_build(engine):
    state = position(engine, pile1=("4C 9H 8C 7D", 1), pile2="QH")
    assert why(engine, state, "pile1", "pile3", 3) is None
    assert why(engine, state, "pile2", "pile3") is None
    assert why(engine, state, "pile1", "pile3", 4) == "card_face_down"


def test_foundations_build_up_in_suit_from_the_ace_and_their_top_card_comes_back(engine):
    state = position(engine, foundation1="AH", pile1="2H", pile2="3H", pile3="AS", pile4="3S", pile5="3C")
    assert why(engine, state, "pile1", "foundation1") is None
    assert why(engine, state, "pile2", "foundation1") == "needs_rank"
    assert why(engine, state, "pile3", "foundation2") is None
    assert why(engine, state, "pile4", "foundation2") == "empty_needs_rank"
    back = position(engine, foundation1="AH 2H", pile1="3S")
    assert why(engine, back, "foundation1", "pile1") is None
    assert why(engine, back, "foundation1", "pile1", 2) is not None  # only the top card


def test_scoring_five_a_card_sixty_a_finished_foundation_two_a_pair(engine):
    state = position(engine, foundation1=SUIT.format(s="H"), foundation2="AS", pile1="9S 8H 7C 7D")
    assert engine.score(state) == 14 * 5 + 60 + 2 * 2
    homes = {f"foundation{n}": SUIT.format(s=s) for n, s in zip(range(1, 9), "HHDDCCSS")}
    last = position(engine, **{**homes, "foundation8": SUIT.format(s="S").rsplit(" ", 1)[0]}, pile1="KS")
    after, events = engine.apply(last, mv(engine, "pile1", "foundation8"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 1000


# ----- voice -------------------------------------------------------------------------------------------
def test_voice_commands_read_and_help():
    s = session_at(GAME, stock="4C 5D 6D 7D 8D 9D TD JD", pile1="6S", pile2="5H", pile3="AD")
    s.handle("five of hearts on six of spades")
    assert pile(s.engine, s.state, "pile1").cards == cards("6S 5H")
    s.handle("ace of diamonds up")
    assert pile(s.engine, s.state, "foundation1").cards == cards("AD")
    assert s.handle("deal").sentences[0].startswith("Dealt")
    assert s.handle("read pile eight").sentences == ["Pile eight: four of clubs."]
    assert s.handle("help").sentences[0].startswith("Gypsy, two decks.")
    assert s.handle("score").sentences == ["Score 7 of 1000."]


def test_play_gypsy_by_name():
    s = Session("klondike", seed=1)
    s.handle("play gypsy")
    s.handle("yes")
    assert s.engine.game.key == "gypsy"


def test_scripted_win_through_the_cli():
    from helpers import play_script

    lines = play_script("gypsy", "gypsy_seed10_win.txt", "--seed", "10", then="score")
    assert any("won" in line.lower() for line in lines)
    assert lines[-1] == "Score 1000 of 1000."
    assert not any(line.startswith(("Sorry", "Which", "Where", "The ", "Did")) for line in lines)
