"""Treize: pyramid exposure, sums to thirteen, kings alone, the waste open at both ends, the win."""

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import play_actions, play_script, player_turns, position, session_at, why_not_pair
from voicegame.engine.cards import new_deck
from voicegame.engine import Engine, Move, MoveKind, Paired, Won
from voicegame.games import find_game
from voicegame.play.session import Session

E = Engine(find_game("treize").make())
I = E.layout.index
DRAW = Move(MoveKind.DEAL)


def test_a_card_is_free_only_when_both_cards_below_are_gone():
    state = position(E, r6c1="9H", r7c1="4C", r7c2="5D", r7c3="KS")
    assert why_not_pair(E, state, ("r6c1", 0), ("r7c1", 0)) == "card_not_free"
    assert why_not_pair(E, state, ("r7c1", 0), ("r7c2", 0)) == "not_a_sum"
    state = position(E, r6c1="9H", r7c1="4C", r7c3="KS")  # r7c2 gone, r7c1 still covers
    assert why_not_pair(E, state, ("r6c1", 0), ("r7c1", 0)) == "card_not_free"
    state = position(E, r6c1="9H", r6c2="4C")
    assert why_not_pair(E, state, ("r6c1", 0), ("r6c2", 0)) is None


def test_sums_to_thirteen_and_kings_go_alone():
    state = position(E, r7c1="QH", r7c2="AC", r7c3="KS", r7c4="JD", r7c5="3D")
    assert why_not_pair(E, state, ("r7c1", 0), ("r7c2", 0)) is None
    assert why_not_pair(E, state, ("r7c4", 0), ("r7c5", 0)) == "not_a_sum"
    assert why_not_pair(E, state, ("r7c3", 0)) is None
    assert why_not_pair(E, state, ("r7c1", 0)) == "not_alone"
    assert why_not_pair(E, state, ("r7c3", 0), ("r7c2", 0)) == "goes_alone"
    assert why_not_pair(E, state, ("r7c1", 0), ("r7c1", 0)) == "same_card"
    after, events = E.apply(state, Move.pair((I["r7c1"], 0), (I["r7c2"], 0)))
    assert isinstance(events[0], Paired) and after.piles[I["discard"]].cards == events[0].cards
    assert not after.piles[I["r7c1"]].cards and E.score(after) == 2


def test_the_waste_top_bottom_and_the_card_under_the_top():
    state = position(E, waste="4C 7D 4S 8H", r7c1="9H", r7c2="5S")  # bottom 4C, under-top 4S, top 8H
    assert why_not_pair(E, state, ("waste", 0), ("r7c1", 0)) is None  # bottom with the pyramid
    assert why_not_pair(E, state, ("waste", 3), ("r7c2", 0)) is None  # top with the pyramid
    assert why_not_pair(E, state, ("waste", 2), ("r7c1", 0)) == "waste_second_with_top"
    assert why_not_pair(E, state, ("waste", 1), ("r7c1", 0)) == "card_not_free"  # the middle is buried
    state = position(E, waste="6C 9D 7S 6H")
    assert why_not_pair(E, state, ("waste", 3), ("waste", 2)) is None  # top with the card under it
    assert why_not_pair(E, state, ("waste", 0), ("waste", 2)) == "waste_second_with_top"
    assert why_not_pair(E, state, ("waste", 0), ("waste", 1)) == "card_not_free"
    after = E.apply(state, Move.pair((I["waste"], 3), (I["waste"], 2)))[0]
    assert after.piles[I["waste"]].cards == position(E, waste="6C 9D").piles[I["waste"]].cards


def test_the_stock_turns_one_card_once_and_nothing_goes_back():
    state = position(E, stock="KC 2D", r7c1="5H")
    state = E.apply(state, DRAW)[0]
    assert len(state.piles[I["waste"]].cards) == 1
    state = E.apply(state, DRAW)[0]
    assert E.why_not(state, DRAW).key == "no_redeals_left"
    assert E.why_not(state, Move.cards(I["r7c1"], I["waste"])).key in ("cannot_take_from", "takes_no_cards")


def test_won_with_all_52_removed_and_no_moves_left():
    state = position(E, r7c1="KS", discard=" ".join(c.code for c in new_deck() if c.code != "KS"))
    after, events = E.apply(state, Move.pair((I["r7c1"], 0)))
    assert E.is_won(after) and isinstance(events[-1], Won) and E.score(after) == 52
    assert E.is_stuck(position(E, r7c1="5H", r7c2="9C", waste="2D"))
    assert not E.is_stuck(position(E, r7c1="5H", r7c2="9C", stock="2D"))
    assert not E.is_stuck(position(E, r7c1="5H", waste="8D 2D"))  # the bottom card pairs


def test_voice_commands():
    s = session_at("treize", r7c1="9H", r7c2="4C", r7c3="KS", r7c4="4D", r7c5="QS", stock="AH")
    assert s.handle("king").sentences == ["Say a whole move, like remove nine and four, or say what can I say."]  # a card alone answers questions only
    assert s.handle("remove king").sentences == ["Removed king of spades."]
    assert s.handle("remove nine and four").sentences == ["Did you mean remove nine of hearts and four of clubs or remove nine of hearts and four of diamonds?"]
    assert s.handle("clubs").sentences == ["Removed nine of hearts and four of clubs."]
    assert s.handle("pair four and queen").sentences[0].startswith("The four of diamonds and the queen of spades do not add up to")
    assert s.handle("draw").sentences == ["Ace of hearts.", "Stock empty."]
    assert s.handle("remove queen").sentences[0] == "Removed queen of spades and ace of hearts."
    assert s.handle("remove four of diamonds").sentences == ["The four of diamonds has no partner now."]


def test_read_the_board_and_help():
    s = session_at("treize", r7c1="9H", waste="4C 8D")
    assert "Stock: 0 cards. Waste: eight of diamonds." in s.narrator.read_board(s.state)
    assert s.handle("help").sentences[0].startswith("Treize.")
    assert s.handle("read row seven card one").sentences == ["Row seven column one: nine of hearts."]


def test_readings_say_which_pyramid_cards_are_free():
    s = session_at("treize", r5c1="QS", r6c1="JH", r7c1="5S", r7c2="8H", r7c3="2S", stock="AH")
    assert s.narrator.read_board(s.state)[-1] == "Free: five of spades, eight of hearts and two of spades."
    assert s.handle("read row seven").sentences == [
        "Row seven: column one: five of spades, free; column two: eight of hearts, free; column three: two of spades, free; "
        "column four: empty; column five: empty; column six: empty; column seven: empty."]
    assert s.handle("read row six").sentences[0].startswith("Row six: column one: jack of hearts; column two: empty")  # covered
    s.handle("remove five of spades and eight of hearts")
    assert s.handle("read row six").sentences[0].startswith("Row six: column one: jack of hearts, free; column two: empty")
    assert s.narrator.read_board(s.state)[-1] == "Free: jack of hearts and two of spades."  # not the queen
    s.handle("remove jack of hearts and two of spades")
    assert not any(line.startswith("Free:") for line in s.narrator.read_board(s.state))  # all free: nothing to add


def test_scripted_seed_to_a_win_through_the_cli():
    lines = play_script("treize", "treize_seed2_win.txt", "--seed", "2", then="score")
    assert any(l.startswith("You won") for l in lines) and lines[-1] == "52 of 52 cards removed."
    assert not any(l.startswith(("Sorry", "Which", "Did", "The ")) for l in lines)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), actions=player_turns(60))
def test_score_is_the_cards_discarded_through_random_play(seed, actions):
    def check(engine, state):
        assert engine.score(state) == len(state.piles[engine.layout.index["discard"]].cards)

    play_actions(Session("treize", seed=seed), actions, check)


def test_what_can_i_say_and_do_name_the_removals_there_are_now():
    """Not only "draw" while a king and pairs can go."""
    s = Session("treize", seed=6)
    assert s.handle("what can i say").sentences == [
        "Now you could say: remove king of spades, remove nine of hearts and four of hearts or draw. Say all commands for the full list."]
    assert s.handle("what can i do").sentences == [
        "You can: remove king of spades, remove nine of hearts and four of hearts, remove queen of clubs and ace of diamonds or draw."]
    s.handle("remove nine of hearts and four of hearts")
    assert "remove queen of clubs and ace of diamonds" in s.handle("what can i say").sentences[0]
