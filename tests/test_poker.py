"""Poker: placing each turned card, the British hand scores of the twelve lines, the end and the win,
shuffle mode, voice (with the spoken hands), and a solver's win through the text CLI. Conservation,
undo/redo and saves: test_conformance.py."""

import pytest

from helpers import cards, move_of as mv, play_script, position, session_at, why_not as why
from voicegame.engine import Engine, Move, MoveKind, Won, hand_name
from voicegame.games import find_game
from voicegame.games.poker import CELLS

GAME = "poker"
DEAL = Move(MoveKind.DEAL)


@pytest.fixture(scope="module")
def shuffle():
    return Engine(find_game("poker").make(shuffle="on"))


def grid(codes: str) -> dict[str, str]:
    """The grid filled in reading order with ``codes``."""
    return dict(zip(CELLS, codes.split()))


def test_a_turned_card_goes_in_an_empty_cell_before_the_next_is_turned(engine):
    state = position(engine, stock="2C 3C", waste="7H", r1c1="9S")
    assert why(engine, state, "waste", "r2c3") is None
    assert why(engine, state, "waste", "r1c1") == "takes_no_cards"  # a cell holds one card
    assert engine.why_not(state, DEAL).key == "play_waste_first"
    after, _ = engine.apply(state, mv(engine, "waste", "r2c3"))
    assert engine.why_not(after, DEAL) is None
    assert why(engine, after, "r2c3", "r4c4") == "cannot_take_from"  # a placed card stays


@pytest.mark.parametrize("hand, name", [
    ("AS KS QS JS TS", "straight_flush"), ("9C 9D 9H 9S 2C", "four_of_a_kind"), ("AH 2C 3D 4S 5H", "straight"),
    ("TH JC QD KS AH", "straight"), ("9C 9D 9H 2S 2C", "full_house"), ("9C 9D 9H 2S 3C", "three_of_a_kind"),
    ("2H 7H 9H JH KH", "flush"), ("9C 9D 2H 2S 3C", "two_pair"), ("9C 9D 2H 4S 3C", "one_pair"),
    ("QH KC AD 2S 3H", "nothing"), ("9C 9D 9H", "three_of_a_kind"), ("2H 7H 9H JH", "nothing")])
def test_hands_by_the_british_table(hand, name):
    assert hand_name(cards(hand)) == name


def test_the_twelve_lines_score_by_the_british_table(engine):
    rows = "AS KS QS JS TS  9C 9D 9H 9S 2C  2H 7H 4H JH KH  3C 3D 5H 5S 8C  4C 6D 7S 8D TC"
    state = position(engine, **grid(rows))
    # rows: 30 + 16 + 5 (flush) + 3 (two pair) + 0; columns: A9234 0, K9763 0, Q9457 0, J9J58 pair 1, T2K8T pair 1;
    # diagonals: AS 9D 4H 5S TC 0; TS 9S 4H 3D 4C pair 1
    assert engine.score(state) == 30 + 16 + 5 + 3 + 1 + 1 + 1


def test_the_game_ends_when_the_grid_is_full_and_75_wins(engine):
    rows = "AS KS QS JS TS  AH KH QH JH TH  AD KD QD JD TD  AC KC QC JC 2C  9C 9D 9H 9S"
    state = position(engine, stock="3D 8S", waste="3C", **grid(rows))
    assert not engine.is_won(state)
    after, events = engine.apply(state, mv(engine, "waste", "r5c5"))
    assert engine.score(after) >= 75 and engine.is_won(after) and isinstance(events[-1], Won)
    low = position(engine, stock="3D 8S", **grid("2C 7D 9H JS 4C " * 5))
    assert engine.why_not(low, DEAL).key == "table_full" and engine.score(low) < 75 and engine.is_stuck(low)


def test_shuffle_mode_moves_and_swaps_placed_cards_and_needs_120(shuffle):
    state = position(shuffle, stock="2C", waste="7H", r1c1="9S", r1c2="4D")
    assert why(shuffle, state, "r1c1", "r3c3") is None
    assert why(shuffle, state, "waste", "r1c1") == "cell_taken"
    after, _ = shuffle.apply(state, mv(shuffle, "r1c1", "r1c2"))
    assert after.piles[shuffle.layout.index["r1c1"]].cards == cards("4D")
    assert after.piles[shuffle.layout.index["r1c2"]].cards == cards("9S")
    rows = "AS KS QS JS TS  9C 9D 9H 9S 2C  2H 7H 4H JH KH  3C 3D 3H 5S 5C  4C 5D 6S 7D 8H"
    full = position(shuffle, **grid(rows))
    assert shuffle.score(full) == 75 and not shuffle.is_won(full)  # enough without shuffling, not with it
    rows = "AS KS QS JS TS  AH KH QH JH TH  AD KD QD JD TD  AC KC QC JC 2C  9C 9D 9H 9S 3C"
    assert shuffle.is_won(position(shuffle, **grid(rows)))


def test_voice_commands_read_and_spoken_hands():
    s = session_at(GAME, stock="2C 3C", waste="7H", r3c1="7S", r3c2="7D")
    assert s.handle("seven of hearts to row three column three").sentences
    assert s.handle("score").sentences == ["Score 6. Row three: three of a kind, 6 points."]
    assert s.handle("draw").sentences
    assert s.state.piles[s.engine.layout.waste].cards == cards("3C")
    assert s.handle("read row three column one").sentences == ["Row three column one: seven of spades."]
    assert s.handle("help").sentences[0].startswith("Poker. Say draw")


def test_scripted_win_through_the_cli():
    lines = play_script("poker", "poker_seed1_win.txt", "--seed", "1", then="score")
    assert "You won! Your hands make seventy-five points or more." in lines
    assert lines[-1].startswith("Score ") and int(lines[-1].split()[1].rstrip(".")) >= 75
    assert not any(l.startswith(("Sorry", "Which", "Where", "The ", "Did")) for l in lines)
