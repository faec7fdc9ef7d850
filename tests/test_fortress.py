"""Fortress, Chessboard (one layout, one packing rule) and Bristol: every rule of the manual on both
sides (the deals: test_deals.py), the chosen base rank, voice, and scripted wins through the text CLI."""

import pytest

from helpers import cards, move_of as mv, play_script, position, session_at, why_not as why
from voicegame.engine import DealtRow, Engine, Move, MoveKind, PileKind, Won
from voicegame.games import find_game
from voicegame.play.session import Session

DEAL = Move(MoveKind.DEAL)


def engine_of(key):
    return Engine(find_game(key).make())


# ----- Fortress and Chessboard ----------------------------------------------------------------------
@pytest.mark.parametrize("key", ["fortress", "chessboard"])
def test_columns_build_up_or_down_in_suit_one_card_at_a_time(key):
    engine = engine_of(key)
    state = position(engine, column1="8H", column2="7H", column3="9H", column4="7S", column5="6H", column6="2C 9H 7H")
    assert why(engine, state, "column2", "column1") is None  # down
    assert why(engine, state, "column3", "column1") is None  # up
    assert why(engine, state, "column4", "column1") == "needs_same"
    assert why(engine, state, "column5", "column1") == "needs_rank"
    assert why(engine, state, "column6", "column1", 2) is not None  # only the top card
    assert why(engine, state, "column5", "column7") is None  # an empty column takes any card


def test_fortress_foundations_build_in_suit_from_the_ace_and_keep_their_cards():
    engine = engine_of("fortress")
    state = position(engine, hearts="AH", column1="2H", column2="3H", column3="AS", column4="KS")
    assert why(engine, state, "column1", "hearts") is None
    assert why(engine, state, "column2", "hearts") == "needs_rank"
    assert why(engine, state, "column3", "spades") is None
    assert why(engine, state, "column4", "spades") == "empty_needs_rank"
    assert why(engine, state, "hearts", "column5") == "cannot_take_from"
    assert why(engine, position(engine, column1="KS", column2="AS"), "column1", "column2") == "needs_rank"  # no wrap


def test_chessboard_the_first_card_up_sets_the_base_of_all_four():
    engine = engine_of("chessboard")
    state = position(engine, column1="7H", column2="7S", column3="8S", column4="6D")
    assert why(engine, state, "column1", "foundation3") is None  # any rank may start
    after, _ = engine.apply(state, mv(engine, "column1", "foundation3"))
    assert why(engine, after, "column2", "foundation1") is None  # the same rank, another suit
    assert why(engine, after, "column4", "foundation1") == "empty_needs_rank"
    assert why(engine, after, "column3", "foundation1") == "empty_needs_rank"
    after, _ = engine.apply(after, mv(engine, "column2", "foundation1"))
    assert why(engine, after, "column3", "foundation1") is None  # up in suit
    assert why(engine, after, "column3", "foundation3") == "needs_same"
    assert why(engine, after, "foundation1", "column5") == "cannot_take_from"


def test_chessboard_wraps_king_to_ace_on_foundations_and_columns():
    engine = engine_of("chessboard")
    state = position(engine, foundation1="QC KC", column1="AC", column2="KD", column3="AD", column4="2D")
    assert why(engine, state, "column1", "foundation1") is None
    assert why(engine, state, "column3", "column2") is None  # ace on king
    assert why(engine, state, "column2", "column3") is None  # king on ace
    assert why(engine, state, "column4", "column2") == "needs_rank"


@pytest.mark.parametrize("key", ["fortress", "chessboard"])
def test_won_when_every_card_is_home(key):
    engine = engine_of(key)
    homes = [p for p in engine.game.indices(PileKind.FOUNDATION)]
    piles = {engine.specs[i].id: " ".join(r + s for r in "A23456789TJQK") for i, s in zip(homes, "CDH")}
    piles[engine.specs[homes[3]].id] = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS"
    state = position(engine, **piles, column4="KS")
    assert engine.score(state) == 51 and not engine.is_won(state)
    after, events = engine.apply(state, mv(engine, "column4", engine.specs[homes[3]].id))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 52


@pytest.mark.parametrize("key", ["fortress", "chessboard"])
def test_no_moves_left(key):
    engine = engine_of(key)
    tops = {f"column{n}": c for n, c in enumerate("KC 5C 9C JD 3D 7D 9H 4S QS 6H".split(), 1)}
    foundation = "clubs" if key == "fortress" else "foundation1"
    assert engine.is_stuck(position(engine, **tops, **{foundation: "AC 2C"}))
    assert not engine.is_stuck(position(engine, **{**tops, "column1": "3C"}, **{foundation: "AC 2C"}))


# ----- Bristol -------------------------------------------------------------------------------------
def test_bristol_deals_one_card_to_each_reserve_and_the_last_card_alone():
    engine = engine_of("bristol")
    state = engine.deal(3)
    for n in range(9):
        state, events = engine.apply(state, DEAL)
        assert isinstance(events[0], DealtRow)
    assert [len(state.piles[i].cards) for i in engine.game.indices(PileKind.RESERVE)] == [9, 9, 9]
    state, _ = engine.apply(state, DEAL)
    assert [len(state.piles[i].cards) for i in engine.game.indices(PileKind.RESERVE)] == [10, 9, 9]
    assert engine.why_not(state, DEAL).key == "stock_empty"


def test_bristol_builds_down_in_any_suit_from_piles_and_reserves_and_never_fills_a_gap():
    engine = engine_of("bristol")
    state = position(engine, pile1="9S", pile2="8H", reserve1="8C", reserve2="7D", pile3="3C")
    assert why(engine, state, "pile2", "pile1") is None
    assert why(engine, state, "reserve1", "pile1") is None
    assert why(engine, state, "reserve2", "pile1") == "needs_rank"
    assert why(engine, state, "pile3", "pile4") == "empty_takes_nothing"
    assert why(engine, state, "pile1", "reserve3") == "takes_no_cards"  # reserves fill only from the stock
    assert why(engine, position(engine, pile1="9S 8H", pile2="TD"), "pile1", "pile2", 2) is not None


def test_bristol_foundations_build_up_in_any_suit_from_the_ace():
    engine = engine_of("bristol")
    state = position(engine, foundation1="AC", pile1="2H", pile2="AD", pile3="3H", reserve1="2S")
    assert why(engine, state, "pile1", "foundation1") is None  # any suit
    assert why(engine, state, "pile3", "foundation1") == "needs_rank"
    assert why(engine, state, "pile2", "foundation2") is None
    assert why(engine, state, "reserve1", "foundation2") == "empty_needs_rank"
    assert why(engine, state, "foundation1", "pile4") == "cannot_take_from"


def test_bristol_is_stuck_only_with_the_stock_empty():
    engine = engine_of("bristol")
    assert engine.is_stuck(position(engine, pile1="KC", pile2="JD"))
    assert not engine.is_stuck(position(engine, pile1="KC", pile2="JD", stock="5H"))


# ----- voice and scripted wins -----------------------------------------------------------------------
def test_voice_commands_and_help():
    s = session_at("chessboard", seed=5, column1="2C 7H", column2="8H", column3="7S")
    assert s.handle("seven of hearts up").sentences == ["Column one: two of clubs."]
    assert s.state.piles[s.engine.layout.index["foundation1"]].cards == cards("7H")
    assert s.handle("two of clubs to foundation two").sentences == ["Only a seven can go on foundation two while it is empty."]
    assert s.handle("seven of spades to foundation two").sentences == ["Column three is empty."]
    assert s.handle("help").sentences[0].startswith("Chessboard. Every card is dealt face up")
    b = Session("bristol", seed=3)
    assert b.handle("deal").sentences[0].startswith("Dealt:")
    assert b.handle("help").sentences[0].startswith("Bristol. Eight piles of three")
    assert Session("fortress", seed=3).handle("help").sentences[0].startswith("Fortress. Every card")


@pytest.mark.parametrize("key, seed", [("bristol", 4), ("chessboard", 5), ("fortress", 24)])
def test_scripted_win_through_the_cli(key, seed):
    lines = play_script(key, f"{key}_seed{seed}_win.txt", "--seed", str(seed), then="score")
    assert "You won! Every card is home." in lines
    assert lines[-1] == "52 of 52 cards home."
    assert not any(l.startswith(("Sorry", "Which", "Where", "The ", "Did", "Only")) for l in lines)
