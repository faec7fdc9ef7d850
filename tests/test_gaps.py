"""Gaps (Montana): every rule (legal and illegal side), redeals, voice naming, a scripted win, conservation."""

from collections import Counter
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import play_actions, play_script, position, why_not
from voicegame.engine.cards import new_deck
from voicegame.engine import Engine, Move, MoveKind, Redealt, State, Won
from voicegame.games import find_game
from voicegame.games.gaps import redeal_seed
from voicegame.play.session import Session

DATA = Path(__file__).parent / "data"
E = Engine(find_game("gaps").make())
I = E.layout.index
DEAL = Move(MoveKind.DEAL)
CELLS = [f"r{r}c{c}" for r in range(1, 5) for c in range(1, 14)]


def at(seed=0, redeals=0, **piles):
    """A position with the named cells filled, the seed kept as a real deal keeps it."""
    state = position(E, redeals=redeals, **piles)
    return State(state.piles, state.redeals, (seed,))


def test_deal_takes_the_aces_out_leaving_four_gaps():
    state = E.deal(1)
    gaps = [c for c in CELLS if not state.piles[I[c]].cards]
    assert len(gaps) == 4
    assert sorted(c.code for c in state.piles[I["aces"]].cards) == ["AC", "AD", "AH", "AS"]
    assert Counter(E.cards_in_play(state)) == Counter(new_deck())
    assert state.counters == (1,)


def test_gap_takes_the_next_card_of_the_left_neighbours_suit():
    state = at(r1c3="7H", r2c5="8H", r2c6="8S", r3c1="9H")
    assert why_not(E, state, "r2c5", "r1c4") is None
    assert why_not(E, state, "r2c6", "r1c4") == "gap_needs"  # right rank, wrong suit
    assert why_not(E, state, "r3c1", "r1c4") == "gap_needs"  # right suit, wrong rank


def test_first_column_takes_any_two_only():
    state = at(r2c5="2S", r2c6="3S")
    assert why_not(E, state, "r2c5", "r1c1") is None
    assert why_not(E, state, "r2c6", "r1c1") == "empty_needs_rank"


def test_gap_after_a_king_or_a_gap_is_dead():
    state = at(r1c3="KH", r2c5="AH", r2c6="2H", r3c4="5C")
    assert why_not(E, state, "r2c6", "r1c4") == "gap_after_king"
    assert why_not(E, state, "r3c4", "r1c6") == "gap_after_gap"  # r1c5 is empty too


def test_only_gaps_take_cards():
    state = at(r1c3="7H", r1c4="9C", r2c5="8H")
    assert why_not(E, state, "r2c5", "r1c4") == "takes_no_cards"
    assert why_not(E, state, "r2c5", "aces") == "takes_no_cards"


def test_cards_in_order_from_a_two_are_fixed():
    state = at(r1c1="2H", r1c2="3H", r1c3="5H", r2c1="2S", r4c1="7D", r3c4="4H")
    assert why_not(E, state, "r1c2", "r3c5") == "pile_locked"  # three of hearts after the two: fixed
    assert why_not(E, state, "r1c1", "r4c2") == "pile_locked"  # a two in column one never moves
    assert why_not(E, state, "r1c3", "r3c5") is None  # the five is not in order: it may move
    assert E.score(state) == 3  # 2H 3H, and 2S


def test_score_counts_runs_from_column_one():
    state = at(r1c1="2H", r1c2="3H", r1c3="4H", r1c5="5H", r2c2="2C", r3c1="3S")
    assert E.score(state) == 3  # the five after a gap does not count; a two out of column one does not
    assert E.game.max_score == 48


def test_redeal_only_when_every_gap_is_dead():
    live = at(r1c1="KH", r2c1="KS", r3c1="KD", r4c1="5C", r4c3="6C")
    assert E.why_not(live, DEAL).key == "gaps_not_stuck"  # r4c2 takes the six of clubs
    assert E.why_not(at(redeals=2), DEAL).key == "gaps_no_redeals"


def test_redeal_reshuffles_only_unfixed_cards_deterministically():
    # Row one: 2C 3C fixed, then a king and a dead gap. Rows two to four: a king then a dead gap at column two... each
    rows = {1: "2C 3C KH", 2: "KD", 3: "KS", 4: "KC"}
    rest = [c.code for c in new_deck() if c.code[0] != "A" and c.code not in ("2C", "3C", "KH", "KD", "KS", "KC")]
    piles = {}
    for r, codes in rows.items():
        for c, code in enumerate(codes.split(), 1):
            piles[f"r{r}c{c}"] = code
    gap_cells = {"r1c4", "r2c2", "r3c2", "r4c2"}
    free = [c for c in CELLS if c not in piles and c not in gap_cells]
    piles.update(zip(free, rest))
    state = at(seed=7, aces="AC AD AH AS", **piles)
    assert not [m for m in E.legal_moves(state) if m.kind is MoveKind.MOVE]
    assert E.why_not(state, DEAL) is None and not E.is_stuck(state)
    after, events = E.apply(state, DEAL)
    assert isinstance(events[0], Redealt) and events[0].count == 48 - 2 and events[0].redeals_left == 1
    assert [after.piles[I[c]].top.code for c in ("r1c1", "r1c2")] == ["2C", "3C"]  # fixed run stays
    assert [c for c in CELLS if not after.piles[I[c]].cards] == ["r1c3", "r2c1", "r3c1", "r4c1"]  # a gap after each run
    assert Counter(E.cards_in_play(after)) == Counter(new_deck())
    assert after.redeals == 1 and after == E.apply(state, DEAL)[0]  # same seed, same reshuffle
    other = E.apply(State(state.piles, 0, (8,)), DEAL)[0]
    assert other != after  # another deal seed, another reshuffle
    assert redeal_seed(7, 1) != redeal_seed(7, 2)


def test_random_gaps_option_scatters_the_gaps():
    engine = Engine(find_game("gaps").make(redeal_gaps="random"))
    state = E.deal(3)
    while True:  # play the first move each time until a redeal is the only move
        moves = engine.legal_moves(state)
        if moves == [DEAL]:
            break
        state = engine.apply(state, moves[0])[0]
    after = engine.apply(state, DEAL)[0]
    assert Counter(engine.cards_in_play(after)) == Counter(new_deck())
    assert sum(1 for c in CELLS if not after.piles[I[c]].cards) == 4


def test_won_and_no_moves_left():
    piles = {}
    for r, suit in zip(range(1, 5), "CDHS"):
        for c, x in enumerate("23456789TJQK", 1):
            piles[f"r{r}c{c}"] = f"{x}{suit}"
    piles["r4c12"] = ""
    piles = {k: v for k, v in piles.items() if v}
    piles["r4c13"] = "KS"
    state = at(**piles)
    assert E.score(state) == 47 and not E.is_won(state)
    after, events = E.apply(state, Move.cards(I["r4c13"], I["r4c12"]))
    assert E.is_won(after) and isinstance(events[-1], Won) and E.score(after) == 48
    dead = {"r1c1": "KH", "r2c1": "KD", "r3c1": "KS", "r4c1": "KC"}
    assert E.is_stuck(at(redeals=2, **dead))
    assert not E.is_stuck(at(redeals=1, **dead))  # a redeal is left


def session_at(**piles):
    session = Session("gaps", seed=1)
    session.history.states[0] = at(seed=1, **piles)
    return session


def test_voice_commands():
    s = session_at(r1c1="KH", r2c5="2H", r3c3="5C", r3c7="6C", r4c1="QS", r4c4="9D")
    assert s.handle("two of hearts to row two column one").sentences == ["Row two column five is empty."]  # the player named the move
    assert s.handle("move the six of clubs").sentences[:2] == ["Six of clubs to row three column four.", "Row three column seven is empty."]
    s.handle("undo")
    assert s.handle("fill row three four").sentences[0] == "Six of clubs to row three column four."
    assert s.handle("nine of diamonds to row one column two").sentences == ["Row one column two comes after the king of hearts: nothing goes after a king."]
    assert s.handle("redeal").sentences == ["A gap can still be filled; redeal only when every gap is dead."]


def test_read_row_and_board_say_each_gap_and_what_it_needs():
    s = session_at(r1c1="2H", r1c2="KH", r1c4="7C", r2c2="5D")
    row = s.handle("read row one").sentences[0]
    assert row.startswith("Row one: column one: two of hearts; column two: king of hearts; column three: empty, nothing can go here; column four: seven of clubs; column five: empty, needs eight of clubs;")
    assert "column six: empty, nothing can go here" in row
    board = s.narrator.read_board(s.state)
    assert board[0] == "Row one: gap at column five, needs eight of clubs; nine more where nothing can go."
    assert board[1] == "Row two: gap at column one, needs a two; column three, needs six of diamonds; ten more where nothing can go."
    assert board[2] == "Row three: gap at column one, needs a two; twelve more where nothing can go."
    assert board[-1] == "Say read row one to hear every card of a row."
    d = session_at(r1c1="2H", r1c2="KH", r2c1="2S", r3c1="2C", r4c1="2D")
    dead = d.narrator.read_board(d.state)
    assert dead[0] == "Row one: eleven gaps where nothing can go."  # after the king, then after gaps
    assert s.handle("read row two").sentences[0].startswith("Row two: column one: empty, needs a two; column two: five of diamonds; column three: empty, needs six of diamonds")
    assert s.handle("read row three column four").sentences == ["Row three column four: empty."]
    assert s.handle("help").sentences[0].startswith("Gaps. Four rows of thirteen")


def test_scripted_seed_to_a_win_through_the_cli():
    lines = play_script("gaps", "gaps_seed5_win.txt", "--seed", "5", then="score")
    assert lines.count("Redealt 32 cards.") == 1 and "0 redeals left." in lines
    assert any(l.startswith("You won") for l in lines) and lines[-1] == "48 of 48 cards in order."
    assert not any(l.startswith(("Sorry", "Which", "Did", "The ", "Only", "No moves")) for l in lines)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), actions=st.lists(st.tuples(st.sampled_from(["move", "move", "move", "undo", "redo"]), st.integers(0, 999)), max_size=80))
def test_four_aces_out_and_four_single_card_gaps_through_random_play(seed, actions):
    def check(engine, state):
        assert len(state.piles[engine.layout.index["aces"]].cards) == 4
        assert all(len(state.piles[engine.layout.index[c]].cards) <= 1 for c in CELLS)
        assert sum(1 for c in CELLS if not state.piles[engine.layout.index[c]].cards) == 4

    play_actions(Session("gaps", seed=seed), actions, check)
