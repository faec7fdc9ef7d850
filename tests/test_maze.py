"""Maze: 48 cards without kings on a line of 54 spaces; a gap takes the card after its left
neighbour or before its right neighbour in suit, an ace after any queen or top left, a queen
before any ace or bottom right; the score and the win through the CLI."""

from helpers import play_script, position, why_not
from voicegame.engine import Engine, Move, Won
from voicegame.engine.cards import Rank
from voicegame.games import find_game
from voicegame.play.session import Session
from voicegame.solver import solve_thoughtful

E = Engine(find_game("maze").make())
I = E.layout.index


def test_the_kings_go_aside_and_the_ninth_space_of_each_row_starts_empty():
    state = E.deal(1)
    assert {c.rank for c in state.piles[I["kings"]].cards} == {Rank.KING} and len(state.piles[I["kings"]].cards) == 4
    for row in range(1, 7):
        assert not state.piles[I[f"r{row}c9"]].cards
        assert all(len(state.piles[I[f"r{row}c{c}"]].cards) == 1 for c in range(1, 9))


def test_a_gap_takes_the_card_after_its_left_neighbour_in_suit():
    state = position(E, r2c4="5H", r3c1="6H", r3c2="6C")
    assert why_not(E, state, "r3c1", "r2c5") is None
    assert why_not(E, state, "r3c2", "r2c5") == "line_gap_after"


def test_a_gap_takes_the_card_before_its_right_neighbour_in_suit():
    state = position(E, r2c6="5H", r3c1="4H", r3c2="6H")
    assert why_not(E, state, "r3c1", "r2c5") is None
    assert why_not(E, state, "r3c2", "r2c5") == "line_gap_before"


def test_rows_run_on_into_the_next():
    state = position(E, r1c9="5H", r3c1="6H")
    assert why_not(E, state, "r3c1", "r2c1") is None  # row two's first space follows row one's last


def test_an_ace_after_any_queen_or_top_left_and_a_queen_before_any_ace_or_bottom_right():
    state = position(E, r2c4="QS", r3c1="AH", r3c2="QC", r4c6="AD", r3c3="2C")
    assert why_not(E, state, "r3c1", "r2c5") is None  # ace of hearts after the queen of spades
    assert why_not(E, state, "r3c2", "r4c5") is None  # queen of clubs before the ace of diamonds
    assert why_not(E, state, "r3c1", "r1c1") is None
    assert why_not(E, state, "r3c2", "r6c9") is None
    assert why_not(E, state, "r3c3", "r1c1") == "line_gap_alone"
    assert why_not(E, state, "r3c3", "r6c9") == "line_gap_alone"


def test_only_into_gaps():
    state = position(E, r2c4="5H", r2c5="9C", r3c1="6H")
    assert why_not(E, state, "r3c1", "r2c5") is not None


def test_score_counts_cards_in_order_and_the_win():
    suits = "CDHS"
    cards = [f"{r}{s}" for s in suits for r in "A23456789TJQ"]
    cells = [f"r{r}c{c}" for r in range(1, 7) for c in range(1, 10)]
    filled = dict(zip(cells, cards))  # the first 48 spaces, the last six empty
    filled.pop("r1c2")
    state = position(E, **filled, r6c4="2C")
    assert E.score(state) == 46 and not E.is_won(state)  # neither the three nor the two of clubs follows
    after, events = E.apply(state, Move.cards(I["r6c4"], I["r1c2"]))
    assert E.score(after) == 48 and E.is_won(after) and isinstance(events[-1], Won)


def test_the_solver_wins_seed_one():
    result = solve_thoughtful(E, E.deal(1), seconds=30)
    state = E.deal(1)
    for move in result.moves:
        state = E.apply(state, move)[0]
    assert result.solved and E.is_won(state)


def test_voice_and_name():
    s = Session("klondike", seed=1)
    assert s.handle("play maze").sentences == ["New game. Maze, deal 2."] and s.engine.game.key == "maze"
    assert s.handle("help").sentences[0].startswith("Maze.")


def test_scripted_seed_to_a_win_through_the_cli():
    lines = play_script("maze", "maze_seed1_win.txt", "--seed", "1", then="score")
    assert any(l.startswith("You won") for l in lines) and lines[-1] == "48 of 48 cards in order."
    assert not any(l.startswith(("Sorry", "Which", "Did")) or "not" in l for l in lines)
