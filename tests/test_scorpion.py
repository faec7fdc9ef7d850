"""Scorpion: every rule (legal and illegal side), scoring, voice, a solver's win through the text CLI,
undo/redo and card conservation."""

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import cards, move_of as mv, play_actions, play_script, player_turns, position, session_at, why_not as why
from voicegame.engine import DealtRow, Move, MoveKind, PileKind, TurnedOver, Won
from voicegame.play.session import Session

GAME = "scorpion"
DEAL = Move(MoveKind.DEAL)
SPADES = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"


def test_build_down_in_suit_only(engine):
    state = position(engine, column1="8H", column2="7H", column3="7S", column4="9H")
    assert why(engine, state, "column2", "column1") is None
    assert why(engine, state, "column3", "column1") == "needs_same"
    assert why(engine, state, "column4", "column1") == "needs_rank"


def test_any_face_up_card_moves_with_everything_on_it(engine):
    state = position(engine, column1=("2C 7H KD 3S", 1), column2="8H")
    assert why(engine, state, "column1", "column2", 3) is None  # 7H with KD 3S on it, out of order
    after, events = engine.apply(state, mv(engine, "column1", "column2", 3))
    assert after.piles[engine.layout.index["column2"]].cards == cards("8H 7H KD 3S")
    assert TurnedOver(engine.layout.index["column1"], cards("2C")[0]) in events
    assert why(engine, state, "column1", "column2", 4) == "card_face_down"


def test_the_base_card_must_fit(engine):
    state = position(engine, column1="7C KD 3S", column2="8H")
    assert why(engine, state, "column1", "column2", 3) == "needs_same"
    assert why(engine, state, "column1", "column2", 2) == "needs_rank"


def test_only_a_king_group_goes_to_an_empty_column(engine):
    state = position(engine, column1="5D KC 4H", column2="QS 2D")
    assert why(engine, state, "column1", "column3", 2) is None
    assert why(engine, state, "column2", "column3", 2) == "empty_needs_rank"
    assert why(engine, state, "column1", "column3", 1) == "empty_needs_rank"


def test_the_stock_deals_one_card_on_each_of_the_first_three_columns(engine):
    state = position(engine, stock="4C 5C 6C", column2="9S", column5="KH")
    after, events = engine.apply(state, DEAL)
    col = lambda n: after.piles[engine.layout.index[f"column{n}"]].cards  # noqa: E731
    assert col(1) == cards("6C") and col(2) == cards("9S 5C") and col(3) == cards("4C") and col(5) == cards("KH")
    assert isinstance(events[0], DealtRow) and not after.piles[engine.layout.stock].cards
    assert engine.why_not(after, DEAL).key == "stock_empty"


def test_score_counts_in_suit_pairs_full_suits_and_turned_cards(engine):
    state = position(engine, column1=("2C 3C 5H 4H", 1), column2="9D 8D 7D")
    # two pairs (5H-4H, 9D-8D, 8D-7D: three), eleven of the twelve dealt face-down cards turned
    assert engine.score(state) == 3 + 3 * 11
    assert engine.score(position(engine, column1=SPADES)) == 12 + 4 + 36


def test_won_with_four_full_suits_in_the_tableau(engine):
    full = {f"column{n}": SPADES.replace("S", s) for n, s in zip(range(1, 4), "HDC")}
    state = position(engine, **full, column4=SPADES.rsplit(" ", 1)[0], column5="AS")
    assert not engine.is_won(state)
    after, events = engine.apply(state, mv(engine, "column5", "column4"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 100
    mixed = position(engine, **full, column4=SPADES.rsplit(" ", 1)[0] + " AS 2H")
    assert not engine.is_won(mixed)


def test_no_moves_left_only_once_the_stock_is_dealt(engine):
    assert engine.is_stuck(position(engine, column1="5D 9C", column2="4S"))
    assert not engine.is_stuck(position(engine, stock="4C 5C 6C", column1="5D 9C", column2="4S"))
    assert not engine.is_stuck(position(engine, column1="5D 9C", column2="8C"))
    assert engine.is_stuck(position(engine, column1="KD 5C"))  # a king heading its column does not count


# ----- voice -------------------------------------------------------------------------------------------
def test_voice_commands_read_and_help():
    s = session_at(GAME, stock="4C 5C 6C", column1=("2C 7H KD 3S", 1), column2="8H")
    assert s.handle("seven of hearts on eight of hearts").sentences == ["Column one shows two of clubs."]  # the player named the move
    assert s.handle("deal").sentences == ["Dealt: six of clubs, five of clubs and four of clubs."]
    assert s.handle("read column two").sentences == ["Column two: eight of hearts, seven of hearts, king of diamonds, three of spades, five of clubs."]
    assert s.narrator.read_board(s.state)[0] == "Stock: 0 cards."
    assert s.handle("help").sentences[0].startswith("Scorpion. Seven columns")
    assert s.handle("score").sentences == ["Score 37 of 100."]


def test_scripted_win_through_the_cli():
    lines = play_script("scorpion", "scorpion_seed16_win.txt", "--seed", "16", then="score")
    assert any("won" in l.lower() for l in lines)
    assert lines[-1] == "Score 100 of 100."
    assert not any(l.startswith(("Sorry", "Which", "Where", "The ", "Did")) for l in lines)


# ----- random play (cards kept, undo and redo: test_conformance.py) ---------------------------------
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), actions=player_turns(60))
def test_column_tops_face_up_and_score_in_range_through_random_play(seed, actions):
    def check(engine, state):
        for i, pile in enumerate(state.piles):
            if engine.specs[i].kind is PileKind.TABLEAU and pile.cards:
                assert pile.top_face_up
        assert 0 <= engine.score(state) <= 100

    play_actions(Session("scorpion", seed=seed), actions, check)
