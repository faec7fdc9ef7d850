"""Royal Parade: one test per rule bullet of the Accessible Solitaire page (legal and illegal side),
the voice naming of a grid, a scripted game to a correct "no moves left", and card conservation."""

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import cards, move_of as mv, play_actions, player_turns, position, session_at, why_not as why
from voicegame.engine import DealtRow, Move, MoveKind, PileKind, Won
from voicegame.play.session import Session

GAME = "royal_parade"
DATA = Path(__file__).parent / "data"


def at(engine, **piles):
    return position(engine, **piles)


# "uses two shuffled packs ... The first 32 cards are dealt face-up, in four rows of eight"
# "The remaining 72 cards are placed face-down in a pile"
# "If at any point during the game an Ace is shown in one of these 32 spots, a click on the Ace will discard it"
@pytest.mark.parametrize("spot", ["r1c1", "r2c4", "r3c8", "r4c5"])
def test_aces_are_discarded_from_any_spot(engine, spot):
    state = at(engine, **{spot: "AH"})
    assert why(engine, state, spot, "discard") is None


def test_only_aces_are_discarded(engine):
    state = at(engine, r3c1="2H", r4c1="AS 5C", discard="AD")
    assert why(engine, state, "r3c1", "discard") == "wrong_rank"
    assert why(engine, state, "r4c1", "discard") == "wrong_rank"  # the ace is under the five


# "All the piles on the first row are to be built up ... 2, 5, 8, and Jack" (and rows two and three)
@pytest.mark.parametrize("row,built", [(1, "2H 5H 8H"), (2, "3H 6H 9H"), (3, "4H 7H TH")])
def test_each_row_builds_its_own_sequence(engine, row, built):
    nxt = {1: "JH", 2: "QH", 3: "KH"}[row]
    state = at(engine, **{f"r{row}c2": built, "r4c1": nxt, "r4c2": "5H" if row != 1 else "9H"})
    assert why(engine, state, "r4c1", f"r{row}c2") is None
    assert why(engine, state, "r4c2", f"r{row}c2") == "needs_rank"


# "A card can only be moved on top of another card if the cards are both the same suit."
def test_same_suit_only(engine):
    state = at(engine, r1c1="2H", r4c1="5H", r4c2="5D")
    assert why(engine, state, "r4c1", "r1c1") is None
    assert why(engine, state, "r4c2", "r1c1") == "needs_same"


# "A card of rank 2 cannot have a card of rank 5 moved on top of it unless the 2 is on the first row."
@pytest.mark.parametrize("row,base,card", [(2, "2H", "5H"), (3, "2H", "5H"), (1, "3H", "6H"), (3, "3H", "6H"), (1, "4H", "7H"), (2, "4H", "7H")])
def test_base_only_counts_in_its_own_row(engine, row, base, card):
    state = at(engine, **{f"r{row}c1": base, "r4c1": card})
    assert why(engine, state, "r4c1", f"r{row}c1") == "not_founded"


# "Once a spot is empty, a card from another row can be moved into that spot, if that card's rank is 2, 3, or 4,
#  and the row is the first, second, or third row respectively."
def test_empty_spot_takes_its_rows_base_from_another_row(engine):
    state = at(engine, r2c1="2C", r3c1="3C", r1c2="4C", r4c1="2D")
    assert why(engine, state, "r2c1", "r1c5") is None  # a 2 from row two to row one
    assert why(engine, state, "r4c1", "r1c5") is None  # a 2 from row four to row one
    assert why(engine, state, "r3c1", "r2c5") is None
    assert why(engine, state, "r1c2", "r3c5") is None
    assert why(engine, state, "r2c1", "r2c5") == "empty_needs_rank"  # a 2 cannot go to row two
    assert why(engine, state, "r3c1", "r1c5") == "empty_needs_rank"


def test_empty_spot_refuses_other_ranks(engine):
    state = at(engine, r4c1="5C")
    assert why(engine, state, "r4c1", "r1c5") == "empty_needs_rank"


# "Once a 2, 3, or 4, is on the first, second, or third row respectively, it cannot be moved"
def test_founded_base_is_fixed(engine):
    state = at(engine, r1c1="2C", r2c1="2D")
    assert why(engine, state, "r1c1", "r1c5") == "pile_locked"
    assert why(engine, state, "r2c1", "r1c5") is None  # a 2 outside row one can still move


# "The piles must be built up in order ... an 8 cannot be placed on top of a 5 and then those two moved onto a 2"
def test_built_in_order_and_never_moved_as_a_group(engine):
    state = at(engine, r1c1="2C", r2c2="5C", r4c1="8C")
    assert why(engine, state, "r4c1", "r1c1") == "needs_rank"  # 8 on 2 skips the 5
    built = at(engine, r1c1="2C 5C", r1c2="2S")
    assert why(engine, built, "r1c1", "r1c2") == "pile_locked"  # a started pile stays where it is


# "All cards on the fourth row are eligible to be placed on top of cards in the other three rows ...
#  cards can be moved from the fourth row to empty spots on the other three rows."
def test_row_four_feeds_the_other_rows(engine):
    state = at(engine, r2c3="3S", r4c1="6S", r4c2="4D")
    assert why(engine, state, "r4c1", "r2c3") is None
    assert why(engine, state, "r4c2", "r3c8") is None


# "No cards can be moved from the first three rows onto a card or empty spot on the fourth row."
def test_nothing_moves_onto_row_four(engine):
    state = at(engine, r1c1="KS", r4c1="QS")
    assert why(engine, state, "r1c1", "r4c1") == "takes_no_cards"
    assert why(engine, state, "r1c1", "r4c2") == "takes_no_cards"


# "... click the remaining cards pile. ... the next eight cards ... dealt out along the fourth row.
#  So each of the cards or empty spots in the fourth row will get one card added on top of it."
def test_deal_puts_one_card_on_every_row_four_spot(engine):
    state = at(engine, r4c1="KS", stock="2C 3C 4C 5C 6C 7C 8C 9C TC")
    after, events = engine.apply(state, Move(MoveKind.DEAL))
    row4 = [after.piles[engine.layout.index[f"r4c{c}"]] for c in range(1, 9)]
    assert [len(p.cards) for p in row4] == [2, 1, 1, 1, 1, 1, 1, 1]
    assert row4[0].cards == cards("KS TC") and all(p.down == 0 for p in row4)
    assert len(after.piles[engine.layout.stock].cards) == 1
    assert isinstance(events[0], DealtRow)


# "Only the top card in each growing pile in the fourth row is shown"
def test_only_the_top_of_a_row_four_pile_plays(engine):
    state = at(engine, r4c1="6S KD", r2c3="3S")
    two = Move.cards(engine.layout.index["r4c1"], engine.layout.index["r2c3"], 2)
    assert engine.why_not(state, two).key == "not_on_top"  # the six under the king cannot be taken
    assert why(engine, state, "r4c1", "r2c3") == "needs_rank"  # the king on top is what would move


# "A card cannot be moved from the top of one of the piles in the fourth row onto an empty spot on the fourth row."
def test_row_four_to_empty_row_four_is_refused(engine):
    state = at(engine, r4c1="QS")
    assert why(engine, state, "r4c1", "r4c2") == "takes_no_cards"


# "Once no more remaining cards are available, and no moves are available, the game cannot be won"
def test_no_cards_and_no_moves_is_lost(engine):
    stuck = at(engine, r1c1="9C", r4c1="KD")
    assert engine.is_stuck(stuck)
    with_stock = at(engine, r1c1="9C", r4c1="KD", stock="5C")
    assert not engine.is_stuck(with_stock)


def test_won_when_all_24_piles_are_complete(engine):
    rows = {1: "2{s} 5{s} 8{s} J{s}", 2: "3{s} 6{s} 9{s} Q{s}", 3: "4{s} 7{s} T{s} K{s}"}
    piles = {f"r{r}c{c}": rows[r].format(s="CDHS"[(c - 1) % 4]) for r in (1, 2, 3) for c in range(1, 9)}
    piles["r3c8"] = "4S 7S TS"
    piles["r4c1"] = "KS"
    state = at(engine, **piles)
    assert not engine.is_won(state) and engine.score(state) == 95
    after, events = engine.apply(state, mv(engine, "r4c1", "r3c8"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 96


# ----- voice --------------------------------------------------------------------------------------------
def test_grid_names_by_voice():
    s = session_at(GAME, r1c3="2H", r4c7="5H", r4c8="9C", stock="2C")
    assert s.handle("row four column seven to row one column three").sentences[0] == "Five of hearts moved."
    s.handle("undo")
    assert s.handle("row four seven to row one three").sentences[0] == "Five of hearts moved."


def test_two_equal_cards_are_told_apart_by_place():
    s = session_at(GAME, r1c3="2H", r1c5="5H", r4c7="5H", stock="2C")
    assert s.handle("five of hearts on two of hearts").sentences == ["Which one: row one column five or row four column seven?"]
    assert s.handle("row four column seven").sentences[0] == "Five of hearts on two of hearts."
    assert s.state.piles[s.engine.layout.index["r1c5"]].cards == cards("5H")


def test_discard_commands():
    s = session_at(GAME, r1c1="AS", r2c2="AH", r4c1="7C AD", stock="2C")
    assert s.handle("discard the ace of spades").sentences == ["Row one column one is empty."]  # the player named the move
    assert s.handle("discard aces").sentences == ["Ace of hearts discarded.", "Row two column two is empty.", "Ace of diamonds discarded.", "Row four column one: seven of clubs."]
    assert s.handle("discard aces").sentences == ["No ace is showing."]


def test_read_row_says_what_each_spot_needs():
    s = session_at(GAME, r2c1="3H 6H", r2c2="QS", r2c4="2D", stock="2C")
    sentence = s.handle("read row two").sentences[0]
    assert sentence.startswith("Row two: column one: six of hearts, needs nine of hearts; column two: queen of spades;")
    assert "column three: empty, needs a three" in sentence
    assert "column four: two of diamonds;" in sentence  # a two in row two takes nothing


def test_what_can_i_do_lists_moves():
    s = session_at(GAME, r1c3="2H", r4c7="5H", r4c1="AC", stock="2C")
    assert s.handle("what can I do").sentences[0].startswith("You can: discard ace of clubs, five of hearts on two of hearts")


def test_scripted_game_to_no_moves_left_through_the_cli():
    commands = "\n".join(l for l in (DATA / "royal_parade_seed3_stuck.txt").read_text().splitlines() if l and not l.startswith("#"))
    result = subprocess.run([sys.executable, "-m", "voicegame", "play", "royal_parade", "--seed", "3", "--text"],
                            input=commands + "\nhow many cards left\n", capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[-2] == "No moves left. Say undo, restart or new game."
    assert lines[-1] == "0 cards in the stock."
    assert not any(l.startswith(("Sorry", "Which", "Where", "The ", "Did")) for l in lines)


# ----- conservation ------------------------------------------------------------------------------------
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), actions=player_turns(60))
def test_every_card_but_the_stock_face_up_through_random_play(engine, seed, actions):
    def check(engine, state):
        assert all(p.down == 0 for i, p in enumerate(state.piles) if engine.specs[i].kind is not PileKind.STOCK)

    play_actions(Session("royal_parade", seed=seed), actions, check)
