"""Neighbor: touching pairs adding up to thirteen, kings alone, the gaps closing and refilling by
themselves after every removal, the win."""

from helpers import play_script, position, session_at, why_not_pair
from voicegame.engine.cards import new_deck
from voicegame.engine import Compacted, DealtRow, Engine, Move, Won
from voicegame.games import find_game
from voicegame.play.session import Session

E = Engine(find_game("neighbor").make())
I = E.layout.index


def tops(state, row):
    return [state.piles[I[f"r{row}c{c}"]].cards[0].code if state.piles[I[f"r{row}c{c}"]].cards else None for c in range(1, 6)]


def test_touching_pairs_adding_up_to_thirteen_and_kings_alone():
    state = position(E, r1c1="9H", r2c2="4C", r3c3="4D", r1c3="KS", r1c2="QD", r5c5="AC", r1c5="8S")
    assert why_not_pair(E, state, ("r1c1", 0), ("r2c2", 0)) is None  # corner to corner
    assert why_not_pair(E, state, ("r1c1", 0), ("r3c3", 0)) == "not_touching"
    assert why_not_pair(E, state, ("r1c2", 0), ("r5c5", 0)) == "not_touching"  # adds up, but far apart
    assert why_not_pair(E, state, ("r1c2", 0), ("r1c1", 0)) == "not_a_sum"
    assert why_not_pair(E, state, ("r1c3", 0)) is None
    assert why_not_pair(E, state, ("r1c1", 0)) == "not_alone"
    assert why_not_pair(E, state, ("r1c3", 0), ("r1c2", 0)) == "goes_alone"


def test_after_a_removal_the_cards_slide_back_and_the_end_is_filled_from_the_stock():
    grid = {f"r{r}c{c}": f"{'A23456789'[(5 * r + c) % 9]}{'CDHS'[(r + c) % 4]}" for r in range(1, 6) for c in range(1, 6)}
    grid.update(r1c1="9H", r1c2="4C", r2c1="7D")
    state = position(E, stock="2S 3S 8C", **grid)
    after, events = E.apply(state, Move.pair((I["r1c1"], 0), (I["r1c2"], 0)))
    assert tops(after, 1)[:3] == [grid["r1c3"], grid["r1c4"], grid["r1c5"]]
    assert tops(after, 1)[3:] == ["7D", grid["r2c2"]]  # the row below slid up to the end of row one
    assert tops(after, 5)[3:] == ["8C", "3S"]  # the stock filled the cells at the end
    assert any(isinstance(e, Compacted) for e in events) and any(isinstance(e, DealtRow) for e in events)
    king = position(E, r1c1="KH", r1c2="5C", stock="")
    after = E.apply(king, Move.pair((I["r1c1"], 0)))[0]
    assert tops(after, 1)[:2] == ["5C", None]  # a king's gap closes too, even with no stock


def test_won_with_all_52_removed_and_no_moves_left():
    state = position(E, r1c1="KS", discard=" ".join(c.code for c in new_deck() if c.code != "KS"))
    after, events = E.apply(state, Move.pair((I["r1c1"], 0)))
    assert E.is_won(after) and isinstance(events[-1], Won) and not E.is_won(state)
    assert E.is_stuck(position(E, r1c1="9H", r1c3="4C", stock="5D"))
    assert not E.is_stuck(position(E, r1c1="9H", r1c2="4C"))


def test_voice_commands():
    s = session_at("neighbor", r1c1="KH", r1c2="5C", r2c1="8D", stock="2S")
    assert s.handle("remove king").sentences[0] == "Removed king of hearts."
    assert s.handle("read row one").sentences[0].startswith("Row one: column one: five of clubs; column two: eight of diamonds")
    assert s.handle("help").sentences[0].startswith("Neighbor.")


def test_the_name_is_understood():
    s = Session("klondike", seed=1)
    assert s.handle("play neighbor").sentences == ["New game. Neighbor, deal 2."] and s.engine.game.key == "neighbor"


def test_scripted_seed_to_a_win_through_the_cli():
    lines = play_script("neighbor", "neighbor_seed1_win.txt", "--seed", "1", then="score")
    assert any(l.startswith("You won") for l in lines) and lines[-1] == "52 of 52 cards removed."
    assert not any(l.startswith(("Sorry", "Which", "Did")) or "not" in l for l in lines)
