"""FreeCell: the Microsoft deals, every rule (legal and illegal side), run-length limits, voice
commands, a scripted win through the text CLI, undo/redo and card conservation."""

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import move_of as mv, play_actions, play_script, player_turns, position, session_at, why_not as why
from voicegame.engine import PileKind, Won
from voicegame.play.session import Session

GAME = "freecell"


# The published layouts (Rosetta Code, "Deal cards for FreeCell"), row by row, left to right.
DEAL_1 = """JD 2D 9H JC 5D 7H 7C 5H
KD KC 9S 5S AD QC KH 3H
2S KS 9D QD JS AS AH 3C
4C 5C TS QH 4H AC 4D 7S
3S TD 4S TH 8H 2C JH 7D
6D 8S 8D QS 6C 3D 8C TC
6S 9C 2H 6H"""
DEAL_617 = """7D AD 5C 3S 5S 8C 2D AH
TD 7S QD AC 6D 8H AS KH
TH QC 3H 9D 6S 8D 3D TC
KD 5H 9S 3C 8S 7H 4D JS
4C QS 9C 9H 7C 6H 2C 2S
4S TS 2H 5D JC 6C JH QH
JD KS KC 4H"""


# ----- the deal ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("number,layout", [(1, DEAL_1), (617, DEAL_617)])
def test_microsoft_deals_match_the_published_layouts(engine, number, layout):
    state = engine.deal(number)
    rows = [row.split() for row in layout.splitlines()]
    for n in range(1, 9):
        column = state.piles[engine.layout.index[f"column{n}"]]
        assert [c.code for c in column.cards] == [row[n - 1] for row in rows if len(row) >= n]


def test_the_cli_seed_is_the_deal_number():
    result = subprocess.run([sys.executable, "-m", "voicegame", "play", "freecell", "--seed", "617", "--text", "--no-save"],
                            input="read column one\n", capture_output=True, text=True, timeout=60)
    assert "Column one: seven of diamonds, ten of diamonds, ten of hearts, king of diamonds, four of clubs, four of spades, jack of diamonds." in result.stdout


# ----- cells --------------------------------------------------------------------------------------------
def test_a_free_cell_takes_any_one_card(engine):
    state = position(engine, column1="KH 7S", cell2="5D")
    assert why(engine, state, "column1", "cell1") is None
    assert why(engine, state, "column1", "cell2") == "takes_no_cards"  # a cell holds one card
    assert why(engine, state, "column1", "cell1", 2) == "not_a_run"


def test_a_cell_never_takes_two_cards(engine):
    state = position(engine, column1="8S 7H")
    assert why(engine, state, "column1", "cell1", 2) == "single_only"


def test_a_cell_card_goes_to_a_column_or_home(engine):
    state = position(engine, cell1="7H", cell2="AD", column1="8S", column2="8H")
    assert why(engine, state, "cell1", "column1") is None
    assert why(engine, state, "cell1", "column2") == "needs_alternate"
    assert why(engine, state, "cell2", "diamonds") is None
    assert why(engine, state, "cell1", "column3") is None  # empty column


# ----- columns ------------------------------------------------------------------------------------------
def test_columns_build_down_in_alternating_colours(engine):
    state = position(engine, column1="9C", column2="8D", column3="8C", column4="7D")
    assert why(engine, state, "column2", "column1") is None
    assert why(engine, state, "column3", "column1") == "needs_alternate"
    assert why(engine, state, "column4", "column1") == "needs_rank"


def test_an_empty_column_takes_any_card(engine):
    state = position(engine, column1="5C 4H", column2="KD")
    assert why(engine, state, "column1", "column3") is None
    assert why(engine, state, "column2", "column3") is None


def test_only_an_ordered_run_moves_together(engine):
    state = position(engine, column1="9C 8D 7S", column2="9H 8D 7S", column3="TD", column4="TH")
    assert why(engine, state, "column1", "column3", 3) is None
    assert why(engine, state, "column2", "column4", 3) == "not_a_run"  # 9H 8D is not alternating


# ----- run lengths: (free cells + 1) * 2 ** empty columns, halved into an empty column ----------------
def full_cells(n):
    return {f"cell{i}": "AS" if i == 1 else f"{i}S" for i in range(1, n + 1)}


RUN = "KC QD JS TD 9S 8D 7S"  # seven cards, alternating down


@pytest.mark.parametrize("filled,empty_columns,limit", [(4, 0, 1), (3, 0, 2), (0, 0, 5), (2, 1, 6), (4, 2, 4), (0, 1, 10)])
def test_run_limit_counts_free_cells_and_empty_columns(engine, filled, empty_columns, limit):
    piles = {**full_cells(filled), "column1": RUN}
    piles["column2"] = "KS"
    for n in range(3 + empty_columns, 9):
        piles[f"column{n}"] = "KD"
    state = position(engine, **piles)
    assert engine.game.max_run(engine.game, state, engine.layout.index["column2"]) == limit
    # queen of diamonds down to the seven: six cards onto the king of spades
    assert why(engine, state, "column1", "column2", 6) == (None if limit >= 6 else "run_too_long")


def test_run_limit_halves_into_an_empty_column(engine):
    piles = {"column1": "KC QD JS TD 9S", **{f"column{n}": "KD" for n in range(4, 9)}}
    state = position(engine, **piles)  # four free cells, columns two and three empty
    assert engine.game.max_run(engine.game, state, engine.layout.index["column2"]) == 10
    assert engine.game.max_run(engine.game, state, engine.layout.index["column1"]) == 20
    full = position(engine, **{**piles, **full_cells(3), "column3": "KH"})  # one cell free, one empty column
    assert why(engine, full, "column1", "column2", 2) is None
    assert why(engine, full, "column1", "column2", 3) == "run_too_long"


def test_legal_moves_respect_the_run_limit(engine):
    state = position(engine, column1="KC QD JS TD 9S", column2="KS", **full_cells(4), **{f"column{n}": "KD" for n in range(3, 9)})
    moves = [m for m in engine.legal_moves(state) if m.src == engine.layout.index["column1"]]
    assert all(m.count == 1 for m in moves)


# ----- foundations ----------------------------------------------------------------------------------------
def test_foundations_build_up_in_suit_from_the_ace(engine):
    state = position(engine, column1="2H", column2="AH", column3="AS", clubs="AC", column4="3C", column5="2C")
    assert why(engine, state, "column2", "hearts") is None
    assert why(engine, state, "column1", "hearts") == "empty_needs_rank"
    assert why(engine, state, "column3", "hearts") == "wrong_suit"
    assert why(engine, state, "column4", "clubs") == "needs_rank"
    assert why(engine, state, "column5", "clubs") is None


def test_cards_never_come_back_from_the_foundations(engine):
    state = position(engine, hearts="AH 2H", column1="3S")
    assert why(engine, state, "hearts", "column1") == "cannot_take_from"
    assert why(engine, state, "hearts", "cell1") == "cannot_take_from"


def test_won_and_scored_by_cards_home(engine):
    suits = {s: " ".join(r + s[0].upper() for r in "A23456789TJQK") for s in ("clubs", "diamonds", "hearts")}
    state = position(engine, **suits, spades="AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS", cell3="KS")
    assert engine.score(state) == 51 and not engine.is_won(state)
    after, events = engine.apply(state, mv(engine, "cell3", "spades"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 52


def test_no_moves_left_when_cells_are_full_and_nothing_fits(engine):
    stuck = position(engine, cell1="KS", cell2="KH", cell3="KD", cell4="KC", **{f"column{n}": c for n, c in enumerate(["2C 9S", "3C 9C", "4C 8S", "5D 8C", "6C 7S", "7C 6S", "QC 5S", "JC 4S"], 1)})
    assert engine.is_stuck(stuck)
    one_free = position(engine, cell1="KS", cell2="KH", cell3="KD", column1="2C 9S")
    assert not engine.is_stuck(one_free)


# ----- voice -------------------------------------------------------------------------------------------
def test_voice_commands_name_cells_columns_and_foundations():
    s = session_at(GAME, column1="KC 8S", column2="9D", column3="7H", column4="AH", column5="QS 2H", cell2="5C")
    assert s.handle("column one to cell one").sentences == ["King of clubs shows."]
    assert s.handle("cell one to column two").sentences == ["Cell one is empty."]
    assert s.handle("seven of hearts on eight of spades").sentences == ["Column three is empty."]  # what the player said is not said back
    assert s.handle("column four up").sentences == ["Ace of hearts up.", "Column four is empty."]
    assert s.handle("two of hearts up").sentences == ["Column five: queen of spades."]  # what it uncovered
    assert s.handle("cell two to column three").sentences == ["Cell two is empty."]
    assert s.handle("move column two to column six").sentences[0] == "Nine of diamonds and 2 more moved."


def test_too_long_a_run_is_refused_with_the_limit():
    s = session_at(GAME, column1="KC QD JS TD 9S", column2="KS", cell1="2S", cell2="3S", cell3="4S", cell4="5S", **{f"column{n}": "KD" for n in range(3, 9)})
    reply = s.handle("queen of diamonds on king of spades")
    assert reply.sentences == ["Only 1 card can move at once to column two now. Free a cell or a column to move more."]


def test_read_the_board_and_help():
    s = Session("freecell", seed=1)
    board = s.narrator.read_board(s.state)  # in full ("read the board" then "more")
    assert board[0] == "Foundations: clubs empty, diamonds empty, hearts empty, spades empty."
    assert "Cells: all 4 free." in board
    assert board[-1] == "Column eight: five of hearts, three of hearts, three of clubs, seven of spades, seven of diamonds, ten of clubs."
    assert s.handle("help").sentences[0].startswith("FreeCell. Every card is dealt face up")


def test_scripted_win_of_deal_one_through_the_cli():
    lines = play_script("freecell", "freecell_deal1_win.txt", "--seed", "1", then="score")
    assert "You won! Every card is home." in lines
    assert lines[-1] == "52 of 52 cards home."
    assert not any(l.startswith(("Sorry", "Which", "Where", "The ", "Did", "Only")) for l in lines)


# ----- random play (cards kept, undo and redo: test_conformance.py) ---------------------------------
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(1, 1_000_000), actions=player_turns(60))
def test_every_card_face_up_and_one_card_a_cell_through_random_play(seed, actions):
    def check(engine, state):
        assert all(p.down == 0 for p in state.piles)
        assert all(len(state.piles[i].cards) <= 1 for i in engine.game.indices(PileKind.CELL))

    play_actions(Session("freecell", seed=seed), actions, check)
