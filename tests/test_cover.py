"""Cover: every rule of the manual (legal and illegal side), refilling, the end, scoring, voice, and
a solver's win through the text CLI. Conservation, undo/redo and saves: test_conformance.py."""

from helpers import cards, play_script, position, session_at
from voicegame.engine import Engine, Move, Won

GAME = "cover"


def pair(engine: Engine, a: str, b: str | None = None) -> Move:
    first = (engine.layout.index[a], -1)
    return Move.pair(first, (engine.layout.index[b], -1) if b else None)


def test_two_cards_of_the_same_suit_go_together_and_no_card_alone(engine):
    state = position(engine, stock="5C 6C", pile1="9H", pile2="2S", pile3="2H", pile4="KD")
    assert engine.why_not(state, pair(engine, "pile1", "pile3")) is None
    assert engine.why_not(state, pair(engine, "pile2", "pile3")).key == "not_same_suit"  # same rank is not enough
    assert engine.why_not(state, pair(engine, "pile4")).key == "not_alone"


def test_gaps_are_filled_from_the_stock_at_once(engine):
    state = position(engine, stock="5C 6C 7C", pile1="9H", pile2="2S", pile3="2H", pile4="KD")
    after, _ = engine.apply(state, pair(engine, "pile1", "pile3"))
    assert after.piles[engine.layout.index["pile1"]].cards == cards("7C")
    assert after.piles[engine.layout.index["pile3"]].cards == cards("6C")
    assert after.piles[engine.layout.stock].cards == cards("5C") and engine.score(after) == 2


def test_won_when_the_stock_is_empty(engine):
    state = position(engine, stock="5C 6S", pile1="9H", pile2="2S", pile3="2H", pile4="KD")
    assert not engine.is_won(state)
    after, events = engine.apply(state, pair(engine, "pile1", "pile3"))
    assert engine.is_won(after) and isinstance(events[-1], Won)


def test_over_when_four_suits_show(engine):
    assert engine.is_stuck(position(engine, stock="5C 6S", pile1="9H", pile2="2S", pile3="2C", pile4="KD"))
    assert not engine.is_stuck(position(engine, stock="5C 6S", pile1="9H", pile2="2S", pile3="2H", pile4="KD"))


def test_voice_commands_read_and_help():
    s = session_at(GAME, stock="5C 6C 7C", pile1="9H", pile2="2S", pile3="2H", pile4="KD")
    assert s.handle("remove nine of hearts and two of hearts").sentences
    assert s.state.piles[s.engine.layout.index["pile1"]].cards == cards("7C")
    assert s.handle("read pile one").sentences == ["Pile one: seven of clubs."]
    assert s.handle("help").sentences[0].startswith("Cover. Four cards")
    assert s.handle("score").sentences == ["2 of 48 cards removed."]


def test_scripted_win_through_the_cli():
    lines = play_script("cover", "cover_seed29_win.txt", "--seed", "29", then="score")
    assert "You won! The stock is empty." in lines
    assert lines[-1] == "48 of 48 cards removed."
    assert not any(l.startswith(("Sorry", "Which", "Where", "The ", "Did")) for l in lines)
