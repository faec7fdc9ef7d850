"""Elevator and Escalator: a pyramid played onto the waste one rank up or down, ace next to king;
Elevator's cards face down until exposed, Escalator's face up but held while covered; the win."""

import pytest

from helpers import play_script, position, session_at
from voicegame.engine import Engine, Move, MoveKind, TurnedOver, Won
from voicegame.games import find_game
from voicegame.play.session import Session

ELEVATOR = Engine(find_game("elevator").make())
ESCALATOR = Engine(find_game("escalator").make())
I = ELEVATOR.layout.index
DRAW = Move(MoveKind.DEAL)


def to_waste(engine, state, cell):
    reason = engine.why_not(state, Move.cards(I[cell], I["waste"]))
    return None if reason is None else reason.key


@pytest.mark.parametrize("engine", [ELEVATOR, ESCALATOR], ids=["elevator", "escalator"])
def test_one_rank_up_or_down_in_any_suit_ace_next_to_king(engine):
    state = position(engine, waste="8H", r7c1="9C", r7c2="7S", r7c3="TD", r7c4="8S")
    assert to_waste(engine, state, "r7c1") is None
    assert to_waste(engine, state, "r7c2") is None
    assert to_waste(engine, state, "r7c3") is not None
    assert to_waste(engine, state, "r7c4") is not None  # same rank
    state = position(engine, waste="KH", r7c1="AC", r7c2="2S")
    assert to_waste(engine, state, "r7c1") is None
    assert to_waste(engine, state, "r7c2") is not None


@pytest.mark.parametrize("engine", [ELEVATOR, ESCALATOR], ids=["elevator", "escalator"])
def test_the_empty_waste_takes_no_pyramid_card_and_the_stock_turns_once(engine):
    state = position(engine, r7c1="9C", stock="TC")
    assert to_waste(engine, state, "r7c1") is not None
    state = engine.apply(state, DRAW)[0]
    assert to_waste(engine, state, "r7c1") is None
    assert engine.why_not(state, DRAW) is not None
    assert engine.why_not(state, Move.cards(I["waste"], I["r7c1"])) is not None  # the waste gives nothing back


def test_elevator_turns_a_card_up_once_both_cards_on_it_are_gone():
    state = position(ELEVATOR, waste="8H", r6c1=("5D", 1), r7c1="9C", r7c2="TS")
    assert to_waste(ELEVATOR, state, "r6c1") is not None
    after = ELEVATOR.apply(state, Move.cards(I["r7c1"], I["waste"]))[0]
    assert not after.piles[I["r6c1"]].top_face_up
    after, events = ELEVATOR.apply(after, Move.cards(I["r7c2"], I["waste"]))
    assert after.piles[I["r6c1"]].top_face_up and isinstance(events[-1], TurnedOver)


def test_escalator_holds_a_face_up_card_while_a_card_lies_on_it():
    state = position(ESCALATOR, waste="6H", r6c1="5D", r7c2="TS")
    assert to_waste(ESCALATOR, state, "r6c1") == "card_not_free"  # r7c2 still lies on it
    assert to_waste(ESCALATOR, position(ESCALATOR, waste="6H", r6c1="5D", r7c3="TS"), "r6c1") is None


@pytest.mark.parametrize("engine", [ELEVATOR, ESCALATOR], ids=["elevator", "escalator"])
def test_won_when_the_pyramid_is_clear_and_no_moves_left(engine):
    state = position(engine, waste="8H", r1c1="9C", stock="2D")
    after, events = engine.apply(state, Move.cards(I["r1c1"], I["waste"]))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 28
    assert not engine.is_won(state) and engine.score(state) == 27
    assert engine.is_stuck(position(engine, waste="8H", r7c1="TC"))
    assert not engine.is_stuck(position(engine, waste="8H", r7c1="TC", stock="9D"))


def test_voice_commands():
    s = session_at("escalator", waste="8H", r7c1="9C", r7c2="TS", stock="2D")
    assert s.handle("nine of clubs to waste").sentences == ["Done."]
    assert s.handle("play ten of spades").sentences[0] == "Ten of spades on nine of clubs."
    assert s.handle("help").sentences[0].startswith("Escalator.")


@pytest.mark.parametrize("key, title", [("elevator", "Elevator"), ("escalator", "Escalator")])
def test_the_name_is_understood(key, title):
    s = Session("klondike", seed=1)
    assert s.handle(f"play {key}").sentences == [f"New game. {title}, deal 2."] and s.engine.game.key == key


@pytest.mark.parametrize("key", ["elevator", "escalator"])
def test_scripted_seed_to_a_win_through_the_cli(key):
    lines = play_script(key, f"{key}_seed13_win.txt", "--seed", "13", then="score")
    assert "You won! The pyramid is clear." in lines and lines[-1] == "28 of 28 cards played."
    assert not any(l.startswith(("Sorry", "Which", "Did")) or "not" in l for l in lines)
