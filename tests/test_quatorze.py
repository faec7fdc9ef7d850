"""Quatorze: pairs adding up to fourteen from one row or column, gaps refilled from the stock in
place, then closed once it is empty, the win."""

from helpers import play_script, position, session_at, why_not_pair
from voicegame.engine.cards import new_deck
from voicegame.engine import Compacted, Engine, Move, Won
from voicegame.games import find_game
from voicegame.play.session import Session

E = Engine(find_game("quatorze").make())
I = E.layout.index


def tops(state, row):
    return [state.piles[I[f"r{row}c{c}"]].cards[0].code if state.piles[I[f"r{row}c{c}"]].cards else None for c in range(1, 6)]


def test_pairs_adding_up_to_fourteen_in_one_row_or_column():
    state = position(E, r1c1="9H", r1c5="5C", r4c1="KD", r2c2="AS", r3c3="7D", r3c4="7C", r5c5="9S")
    assert why_not_pair(E, state, ("r1c1", 0), ("r1c5", 0)) is None  # same row, far apart
    assert why_not_pair(E, state, ("r4c1", 0), ("r1c1", 0)) == "not_a_sum"
    assert why_not_pair(E, state, ("r4c1", 0), ("r2c2", 0)) == "not_in_line"  # king and ace add up, but corner to corner
    assert why_not_pair(E, state, ("r3c3", 0), ("r3c4", 0)) is None  # two sevens
    assert why_not_pair(E, state, ("r1c5", 0), ("r5c5", 0)) is None  # same column
    assert why_not_pair(E, state, ("r1c1", 0)) == "not_alone"


def test_gaps_are_refilled_in_place_then_closed_once_the_stock_is_empty():
    state = position(E, r1c1="9H", r1c2="2D", r1c3="5C", r2c1="8S", stock="3S 8C")
    after = E.apply(state, Move.pair((I["r1c1"], 0), (I["r1c3"], 0)))[0]
    assert tops(after, 1)[:3] == ["8C", "2D", "3S"] and not after.piles[I["stock"]].cards
    state = position(E, r1c1="9H", r1c2="2D", r1c3="5C", r2c1="8S", stock="3S")
    after, events = E.apply(state, Move.pair((I["r1c1"], 0), (I["r1c3"], 0)))
    assert tops(after, 1) == ["3S", "2D", "8S", None, None]  # the last stock card, then the gap closed
    assert any(isinstance(e, Compacted) for e in events)


def test_won_with_all_52_removed_and_no_moves_left():
    state = position(E, r1c1="KS", r3c1="AD", discard=" ".join(c.code for c in new_deck() if c.code not in ("KS", "AD")))
    after, events = E.apply(state, Move.pair((I["r1c1"], 0), (I["r3c1"], 0)))
    assert E.is_won(after) and isinstance(events[-1], Won) and not E.is_won(state)
    assert E.is_stuck(position(E, r1c1="9H", r2c2="5C", stock="5D"))
    assert not E.is_stuck(position(E, r1c1="9H", r2c1="5C"))


def test_voice_commands():
    s = session_at("quatorze", r1c1="9H", r1c3="5C", r2c1="8D")
    assert s.handle("remove nine and five").sentences[0] == "Removed nine of hearts and five of clubs."
    assert s.handle("read row one").sentences[0].startswith("Row one: column one: eight of diamonds; column two: empty")
    assert s.handle("help").sentences[0].startswith("Quatorze.")


def test_the_name_is_understood():
    s = Session("klondike", seed=1)
    assert s.handle("play quatorze").sentences == ["New game. Quatorze, deal 2."] and s.engine.game.key == "quatorze"


def test_scripted_seed_to_a_win_through_the_cli():
    lines = play_script("quatorze", "quatorze_seed1_win.txt", "--seed", "1", then="score")
    assert any(l.startswith("You won") for l in lines) and lines[-1] == "52 of 52 cards removed."
    assert not any(l.startswith(("Sorry", "Which", "Did")) or "not" in l for l in lines)
