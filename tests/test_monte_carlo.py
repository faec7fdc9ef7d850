"""Monte Carlo: touching pairs of equal rank, compaction in reading order and refill, the win."""

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import play_actions, play_script, player_turns, position, session_at, why_not_pair
from voicegame.engine.cards import new_deck
from voicegame.engine import Compacted, DealtRow, Engine, Move, MoveKind, Won
from voicegame.games import find_game
from voicegame.play.session import Session

E = Engine(find_game("monte_carlo").make())
I = E.layout.index
DEAL = Move(MoveKind.DEAL)


def test_same_rank_and_touching_in_eight_directions():
    state = position(E, r2c2="7H", r1c1="7S", r3c3="7C", r2c3="7D", r2c4="7S", r4c4="8H", r5c5="8D")
    assert why_not_pair(E, state, ("r2c2", 0), ("r1c1", 0)) is None and why_not_pair(E, state, ("r2c2", 0), ("r3c3", 0)) is None and why_not_pair(E, state, ("r2c2", 0), ("r2c3", 0)) is None
    assert why_not_pair(E, state, ("r2c2", 0), ("r2c4", 0)) == "not_touching"
    assert why_not_pair(E, state, ("r2c2", 0), ("r4c4", 0)) == "not_same_rank"
    assert why_not_pair(E, state, ("r4c4", 0), ("r5c5", 0)) is None
    assert E.why_not(state, Move.pair((I["r2c2"], 0))).key == "not_alone"
    state = position(E, r1c5="9H", r2c1="9S")  # next in reading order, but not touching
    assert why_not_pair(E, state, ("r1c5", 0), ("r2c1", 0)) == "not_touching"


def test_deal_closes_gaps_in_reading_order_and_refills_from_the_stock():
    full = " ".join(c.code for c in new_deck()[:25])
    state = position(E, **{f"r{r}c{c}": code for (r, c), code in zip([(r, c) for r in range(1, 6) for c in range(1, 6)], full.split())})
    assert E.why_not(state, DEAL).key == "no_gaps"
    state = position(E, r1c1="AH", r1c3="2H", r2c1="3H", stock="5C 4C")
    after, events = E.apply(state, DEAL)
    cells = [after.piles[I[f"r{r}c{c}"]].top for r in range(1, 6) for c in range(1, 6)]
    assert [c.code if c else None for c in cells[:6]] == ["AH", "2H", "3H", "4C", "5C", None]
    assert isinstance(events[0], Compacted) and isinstance(events[1], DealtRow)
    assert not after.piles[I["stock"]].cards
    assert E.why_not(after, DEAL).key == "stock_empty"  # gaps only at the end and no stock


def test_won_and_no_moves_left():
    rest = " ".join(c.code for c in new_deck() if c.code not in ("KS", "KH"))
    after, events = E.apply(position(E, r1c1="KS", r1c2="KH", discard=rest), Move.pair((I["r1c1"], 0), (I["r1c2"], 0)))
    assert E.is_won(after) and isinstance(events[-1], Won) and E.score(after) == 52
    assert E.is_stuck(position(E, r1c1="KS", r1c2="QH"))
    assert not E.is_stuck(position(E, r1c1="KS", r1c3="KH"))  # closing the gap makes them touch
    assert not E.is_stuck(position(E, r1c1="KS", r1c2="QH", stock="2C"))


def test_voice_commands():
    s = session_at("monte_carlo", r1c1="KS", r1c2="KH", r2c1="5C", r3c2="5D", r3c3="9H", r4c5="9C", stock="2D")
    assert s.handle("pair king and king").sentences == ["Removed king of spades and king of hearts."]
    assert s.handle("remove nine and nine").sentences == ["The nine of hearts and the nine of clubs do not touch."]
    assert s.handle("pair row two column one and row three column two").sentences == ["Removed five of clubs and five of diamonds."]
    assert s.handle("deal").sentences == ["Gaps closed.", "Dealt: two of diamonds."]
    assert s.handle("remove nine of hearts with nine of clubs").sentences == ["Done."]  # the player named both cards


def test_read_the_board_and_help():
    s = session_at("monte_carlo", r1c1="KS", stock="2D")
    assert s.narrator.read_board(s.state)[0] == "Stock: 1 card."
    assert s.handle("help").sentences[0].startswith("Monte Carlo.")
    assert s.handle("read row one column one").sentences == ["Row one column one: king of spades."]


def test_scripted_seed_to_a_win_through_the_cli():
    lines = play_script("monte_carlo", "monte_carlo_seed1_win.txt", "--seed", "1", then="score")
    assert any(l.startswith("You won") for l in lines) and lines[-1] == "52 of 52 cards removed."
    assert not any(l.startswith(("Sorry", "Which", "Did", "The ")) for l in lines)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), actions=player_turns(60))
def test_one_card_a_grid_spot_through_random_play(seed, actions):
    def check(engine, state):
        assert all(len(state.piles[engine.layout.index[f"r{r}c{c}"]].cards) <= 1 for r in range(1, 6) for c in range(1, 6))

    play_actions(Session("monte_carlo", seed=seed), actions, check)


def test_what_can_i_say_and_do_name_the_pairs_there_are_now():
    """A pair that can go now, not the generic command list; "more" names the rest."""
    s = Session("monte_carlo", seed=3)
    said = s.handle("what can i say").sentences
    assert said == ["Now you could say: remove king of spades and king of hearts. Say all commands for the full list."]
    assert s.handle("what can i do").sentences == [
        "You can: remove king of spades and king of hearts, remove queen of hearts and queen of clubs, and 2 more."]
    assert s.handle("more").sentences == [
        "You can: remove six of clubs and six of spades or remove king of hearts and king of diamonds.", "Those are all the moves."]
    s.handle("remove king of spades and king of hearts")
    assert s.handle("what can i say").sentences[0].startswith("Now you could say: remove ")
