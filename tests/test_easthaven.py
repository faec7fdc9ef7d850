"""Easthaven: every rule of AisleRiot's manual (legal and illegal side) and voice (conservation,
undo/redo and saves: test_conformance.py)."""

from helpers import cards, pile, position, why_not as why
from voicegame.engine import Move, MoveKind
from voicegame.play.session import Session

GAME = "easthaven"
DEAL = Move(MoveKind.DEAL)


def test_each_deal_covers_every_pile_and_the_last_only_the_first_three(engine):
    stock = "2C 3C 4C 5C 6C 7C 8C 9C TC JC"
    state = position(engine, stock=stock, **{f"pile{n}": "KH" for n in range(1, 8)})
    after = engine.apply(state, DEAL)[0]
    assert [pile(engine, after, f"pile{n}").top for n in range(1, 8)] == list(cards("JC TC 9C 8C 7C 6C 5C"))
    after = engine.apply(after, DEAL)[0]
    assert [len(pile(engine, after, f"pile{n}").cards) for n in range(1, 8)] == [3, 3, 3, 2, 2, 2, 2]
    assert engine.why_not(after, DEAL).key == "stock_empty"  # no redeals


def test_piles_build_down_in_alternating_colours_and_runs_move(engine):
    state = position(engine, pile1="8S", pile2="7H", pile3="7C", pile4="9H 8C 7D", pile5="TS", pile6="TD")
    assert why(engine, state, "pile2", "pile1") is None
    assert why(engine, state, "pile3", "pile1") == "needs_alternate"
    assert why(engine, state, "pile4", "pile6", 3) == "needs_alternate"
    assert why(engine, state, "pile4", "pile5", 3) is None


def test_an_empty_pile_takes_only_a_king_or_a_run_from_a_king(engine):
    state = position(engine, pile1="QH", pile2=("4C KS QH", 1), pile3="2D", pile4="5S")
    assert why(engine, state, "pile2", "pile5", 2) is None
    assert why(engine, state, "pile1", "pile5") == "empty_needs_rank"


def test_gaps_that_can_be_filled_must_be_before_a_deal(engine):
    stock = "2C 3C 4C 5C 6C 7C 8C"
    fillable = position(engine, stock=stock, pile1=("4C KS", 1), **{f"pile{n}": "2D" for n in range(3, 8)})
    assert engine.why_not(fillable, DEAL).key == "fill_gaps_first"
    no_king = position(engine, stock=stock, pile1=("4C QS", 1), **{f"pile{n}": "2D" for n in range(3, 8)})
    assert engine.why_not(no_king, DEAL) is None
    lone_king = position(engine, stock=stock, pile1="KS", **{f"pile{n}": "2D" for n in range(3, 8)})
    assert engine.why_not(lone_king, DEAL) is None  # moving it would only move the gap


def test_foundations_build_up_in_suit_from_the_ace_and_keep_their_cards(engine):
    state = position(engine, hearts="AH", pile1="2H", pile2="3H", pile3="AS", pile4="3S")
    assert why(engine, state, "pile1", "hearts") is None
    assert why(engine, state, "pile2", "hearts") == "needs_rank"
    assert why(engine, state, "pile3", "spades") is None
    assert why(engine, state, "pile4", "spades") == "empty_needs_rank"
    assert why(engine, position(engine, hearts="AH 2H", pile1="3S"), "hearts", "pile1") is not None  # out of play


# ----- voice -------------------------------------------------------------------------------------------
def test_voice_commands_read_and_help():
    s = Session("easthaven", seed=1)
    s.history.states[0] = position(s.engine, stock="4C 5D 6D 7D 8D 9D TD", pile1="6S", pile2="5H", pile3="AD", pile4="2C",
                                   pile5="3C", pile6="4C", pile7=("5C KS", 1))
    s.handle("five of hearts on six of spades")
    assert pile(s.engine, s.state, "pile1").cards == cards("6S 5H")
    assert s.handle("deal").sentences[0].startswith("Fill pile two first")
    s.handle("ace of diamonds up")
    assert pile(s.engine, s.state, "diamonds").cards == cards("AD")
    assert s.handle("help").sentences[0].startswith("Easthaven. Seven piles")
    assert s.handle("score").sentences == ["1 of 52 cards home."]


def test_play_easthaven_by_name():
    s = Session("klondike", seed=1)
    s.handle("play easthaven")
    s.handle("yes")
    assert s.engine.game.key == "easthaven"


def test_scripted_win_through_the_cli():
    from helpers import play_script

    lines = play_script("easthaven", "easthaven_seed4_win.txt", "--seed", "4", then="score")
    assert any("won" in line.lower() for line in lines)
    assert lines[-1] == "52 of 52 cards home."
    assert not any(line.startswith(("Sorry", "Which", "Where", "The ", "Did")) for line in lines)
