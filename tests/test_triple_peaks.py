"""Triple Peaks: the covering layout, every rule (legal and illegal side), run scoring in both modes,
voice, a solver's win through the text CLI, undo/redo and card conservation."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import cards, move_of, play_actions, play_script, player_turns, position, session_at, why_not
from voicegame.engine import Engine, Move, MoveKind, PileKind, State, TurnedOver, Won
from voicegame.games import find_game
from voicegame.games.triple_peaks import CELLS, cell_id, covered_by
from voicegame.play.session import Session

GAME = "triple_peaks"
DRAW = Move(MoveKind.DEAL)


def test_covering_relation():
    assert covered_by(3, 1) == ("r4c1", "r4c2") and covered_by(3, 9) == ("r4c9", "r4c10")
    assert covered_by(2, 3) == ("r3c4", "r3c5") and covered_by(2, 4) == ("r3c5", "r3c6")
    assert covered_by(1, 2) == ("r2c3", "r2c4") and covered_by(4, 1) == ()
    # every card of rows two and three lies under two neighbours; peaks share none
    assert len({c for n in range(1, 4) for c in covered_by(1, n)}) == 6


@pytest.mark.parametrize("waste,card", [("7H", "8S"), ("7H", "6C"), ("KS", "AD"), ("AS", "KD"), ("AS", "2H"), ("QD", "KC")])
def test_one_rank_up_or_down_with_wrap(engine, waste, card):
    assert why_not(engine, position(engine, waste=waste, r4c1=card), "r4c1", "waste") is None


@pytest.mark.parametrize("waste,card", [("7H", "7S"), ("7H", "9S"), ("KS", "2D"), ("AS", "QD")])
def test_other_ranks_do_not_fit(engine, waste, card):
    assert why_not(engine, position(engine, waste=waste, r4c1=card), "r4c1", "waste") == "needs_rank"


def test_a_covered_card_cannot_play_and_turns_up_when_freed(engine):
    state = position(engine, waste="7H", r3c1=("8D", 1), r4c1="6S", r4c2="7C")
    assert why_not(engine, state, "r3c1", "waste") == "card_face_down"
    after = engine.apply(state, move_of(engine, "r4c1", "waste"))[0]
    assert after.piles[engine.layout.index["r3c1"]].down == 1  # still under r4c2
    after, events = engine.apply(after, move_of(engine, "r4c2", "waste"))
    assert TurnedOver(engine.layout.index["r3c1"], cards("8D")[0]) in events
    assert why_not(engine, after, "r3c1", "waste") is None  # the eight of diamonds goes on the seven of clubs


def test_cards_go_only_to_the_waste(engine):
    state = position(engine, waste="7H", r4c1="8S", r4c2="9D")
    assert why_not(engine, state, "r4c1", "r4c2") == "takes_no_cards"
    assert why_not(engine, state, "waste", "r4c1") == "cannot_take_from"


def test_the_stock_turns_one_card_once_through(engine):
    state = position(engine, waste="7H", stock="3C 9H", r4c1="KD")
    after = engine.apply(state, DRAW)[0]
    assert after.piles[engine.layout.waste].cards == cards("7H 9H")
    after = engine.apply(after, DRAW)[0]
    assert engine.why_not(after, DRAW).key == "no_redeals_left"


def test_run_scoring_flip_penalty_and_bonuses(engine):
    state = position(engine, waste="7H", stock="2C", r1c1="6S", r4c1="8D", r4c2="9C", r4c3="3D")
    state = engine.apply(state, move_of(engine, "r4c1", "waste"))[0]
    state = engine.apply(state, move_of(engine, "r4c2", "waste"))[0]
    assert engine.score(state) == 1 + 2
    state = engine.apply(state, DRAW)[0]
    assert engine.score(state) == 3 - 5
    state = engine.apply(state, move_of(engine, "r4c3", "waste"))[0]
    assert engine.score(state) == -2 + 1
    state = State(state.piles, state.redeals, state.counters)
    state = engine.apply(state.with_piles({engine.layout.waste: state.piles[engine.layout.waste].with_added(cards("7S"))}), move_of(engine, "r1c1", "waste"))[0]
    assert engine.score(state) == -1 + 2 + 15 + 15  # run of two, a peak, the whole tableau
    assert engine.is_won(state)


def test_multiplier_scoring():
    engine = Engine(find_game("triple_peaks").make(scoring="multiplier"))
    state = position(engine, waste="7H", stock="2C", r4c1="8D", r4c2="9C", r4c3="TD", r4c4="JD", r4c5="3C")
    for n in (1, 2, 3, 4):
        state = engine.apply(state, move_of(engine, f"r4c{n}", "waste"))[0]
    assert engine.score(state) == 1 + 2 + 4 + 8
    state = engine.apply(state, DRAW)[0]
    assert engine.score(state) == 15  # turning a stock card is free
    state, events = engine.apply(state, move_of(engine, "r4c5", "waste"))
    assert engine.score(state) == 15 + 1 + 25 and isinstance(events[-1], Won)


def test_won_when_the_peaks_are_clear(engine):
    state = position(engine, waste="7H", r4c1="8S", stock="KC")
    after, events = engine.apply(state, move_of(engine, "r4c1", "waste"))
    assert engine.is_won(after) and isinstance(events[-1], Won)


def test_no_moves_left_only_when_the_stock_is_empty(engine):
    assert engine.is_stuck(position(engine, waste="7H", r4c1="TS", r3c1=("8S", 1)))
    assert not engine.is_stuck(position(engine, waste="7H", r4c1="TS", stock="9S"))
    assert not engine.is_stuck(position(engine, waste="7H", r4c1="8S"))


# ----- voice -------------------------------------------------------------------------------------------
def test_voice_commands_read_and_help():
    s = session_at(GAME, waste="7H", stock="2C", r3c1=("9D", 1), r4c1="8S", r4c2="TC")
    assert s.handle("eight of spades to waste").sentences == ["Done."]  # the player said it all; a peaks spot left empty is no gap
    assert s.handle("ten of clubs to waste").sentences[0] == "The ten of clubs cannot go on the eight of spades: it needs a seven or a nine."
    assert s.handle("draw").sentences == ["Two of clubs.", "Stock empty.", "No moves left. Say undo, restart or new game."]
    assert s.handle("read row three").sentences == ["Row three: 1 face down; column two: empty; column three: empty; column four: empty; column five: empty; column six: empty; column seven: empty; column eight: empty; column nine: empty."]
    assert s.handle("help").sentences[0].startswith("Triple Peaks. Three peaks")
    assert s.handle("score").sentences == ["Score minus 4."]  # not "-4 of 466"


def test_scripted_win_through_the_cli():
    lines = play_script("triple_peaks", "triple_peaks_seed2_win.txt", "--seed", "2", then="score")
    assert lines[-2].startswith("You won") and lines[-1].startswith("Score ")
    assert not any(l.startswith(("Sorry", "Which", "Where", "The ", "Did")) for l in lines)


# ----- random play (cards kept, undo and redo: test_conformance.py) ---------------------------------
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), scoring=st.sampled_from(["standard", "multiplier"]),
       actions=player_turns(60))
def test_a_peak_card_is_face_up_exactly_when_uncovered_through_random_play(seed, scoring, actions):
    def check(engine, state):
        piles = engine.layout.index
        for row, n in CELLS:  # a card is face up exactly when nothing lies on it
            pile = state.piles[piles[cell_id(row, n)]]
            if pile.cards:
                assert pile.top_face_up == (not any(state.piles[piles[c]].cards for c in covered_by(row, n)))
        assert all(p.down == 0 for i, p in enumerate(state.piles) if engine.specs[i].kind is PileKind.WASTE)

    play_actions(Session("triple_peaks", {"scoring": scoring}, seed=seed), actions, check)
