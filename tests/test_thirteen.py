"""Thirteen: a face-down pyramid that turns up as it is uncovered, sums to thirteen, kings alone,
only the waste's top (and the card under it, with the top), the stock used once, the win."""

from helpers import play_script, position, session_at, why_not_pair
from voicegame.engine.cards import new_deck
from voicegame.engine import Engine, Move, MoveKind, Paired, TurnedOver, Won
from voicegame.games import find_game
from voicegame.play.session import Session

E = Engine(find_game("thirteen").make())
I = E.layout.index
DRAW = Move(MoveKind.DEAL)


def test_a_card_turns_up_and_is_free_only_when_both_cards_below_are_gone():
    state = position(E, r6c1=("9H", 1), r7c1="4C", r7c2="KD", r7c3="9S")
    assert why_not_pair(E, state, ("r6c1", 0), ("r7c1", 0)) == "card_not_free"
    after, events = E.apply(state, Move.pair((I["r7c2"], 0)))  # the king goes; r7c1 still covers
    assert not after.piles[I["r6c1"]].top_face_up and not any(isinstance(e, TurnedOver) for e in events)
    assert why_not_pair(E, after, ("r6c1", 0), ("r7c1", 0)) == "card_not_free"
    after, events = E.apply(after, Move.pair((I["r7c1"], 0), (I["r7c3"], 0)))
    assert after.piles[I["r6c1"]].top_face_up and isinstance(events[-1], TurnedOver)


def test_uncovering_turns_the_card_up():
    state = position(E, r6c2=("5H", 1), r7c2="4C", r7c3="9D", r7c1="8S")
    after, events = E.apply(state, Move.pair((I["r7c2"], 0), (I["r7c3"], 0)))
    assert after.piles[I["r6c2"]].top_face_up and any(isinstance(e, TurnedOver) for e in events)
    assert why_not_pair(E, after, ("r6c2", 0), ("r7c1", 0)) is None  # 5 + 8


def test_sums_to_thirteen_and_kings_go_alone():
    state = position(E, r7c1="QH", r7c2="AC", r7c3="KS", r7c4="JD", r7c5="3D")
    assert why_not_pair(E, state, ("r7c1", 0), ("r7c2", 0)) is None
    assert why_not_pair(E, state, ("r7c4", 0), ("r7c5", 0)) == "not_a_sum"
    assert why_not_pair(E, state, ("r7c3", 0)) is None
    assert why_not_pair(E, state, ("r7c1", 0)) == "not_alone"
    assert why_not_pair(E, state, ("r7c3", 0), ("r7c2", 0)) == "goes_alone"
    after, events = E.apply(state, Move.pair((I["r7c1"], 0), (I["r7c2"], 0)))
    assert isinstance(events[0], Paired) and after.piles[I["discard"]].cards == events[0].cards
    assert not after.piles[I["r7c1"]].cards and E.score(after) == 2


def test_only_the_waste_top_is_free_and_the_card_under_it_pairs_only_with_the_top():
    state = position(E, waste="4C 7D 4S 8H", r7c1="9H", r7c2="5S")  # bottom 4C, under-top 4S, top 8H
    assert why_not_pair(E, state, ("waste", 3), ("r7c2", 0)) is None  # top with the pyramid
    assert why_not_pair(E, state, ("waste", 0), ("r7c1", 0)) == "card_not_free"  # not the bottom (unlike Treize)
    assert why_not_pair(E, state, ("waste", 2), ("r7c1", 0)) == "waste_second_with_top"
    state = position(E, waste="6C 9D 7S 6H")
    assert why_not_pair(E, state, ("waste", 3), ("waste", 2)) is None  # top with the card under it
    assert why_not_pair(E, state, ("waste", 3), ("waste", 1)) == "card_not_free"
    after = E.apply(state, Move.pair((I["waste"], 3), (I["waste"], 2)))[0]
    assert after.piles[I["waste"]].cards == position(E, waste="6C 9D").piles[I["waste"]].cards
    assert why_not_pair(E, position(E, waste="KC 2D"), ("waste", 0)) == "waste_second_with_top"  # a buried king waits
    assert why_not_pair(E, position(E, waste="2D KC"), ("waste", 1)) is None
    assert why_not_pair(E, position(E, waste="4D 2C", r7c1="9S"), ("waste", 0), ("r7c1", 0)) == "waste_second_with_top"


def test_the_stock_turns_one_card_once_and_nothing_goes_back():
    state = position(E, stock="KC 2D", r7c1="5H")
    state = E.apply(state, DRAW)[0]
    assert len(state.piles[I["waste"]].cards) == 1
    state = E.apply(state, DRAW)[0]
    assert E.why_not(state, DRAW).key == "no_redeals_left"
    assert E.why_not(state, Move.cards(I["r7c1"], I["waste"])) is not None


def test_won_with_all_52_removed_and_no_moves_left():
    state = position(E, r7c1="KS", discard=" ".join(c.code for c in new_deck() if c.code != "KS"))
    after, events = E.apply(state, Move.pair((I["r7c1"], 0)))
    assert E.is_won(after) and isinstance(events[-1], Won) and E.score(after) == 52
    assert not E.is_won(state)
    assert E.is_stuck(position(E, r7c1="5H", r7c2="9C", waste="8D 2D"))  # the bottom card does not pair
    assert not E.is_stuck(position(E, r7c1="5H", r7c2="9C", stock="2D"))
    assert not E.is_stuck(position(E, r7c1="5H", waste="2D 8D"))


def test_voice_commands_and_help():
    s = session_at("thirteen", r7c1="9H", r7c2="4C", r7c3="KS", r6c1=("QS", 1), stock="AH")
    assert s.handle("king").sentences == ["Say a whole move, like remove nine and four, or say what can I say."]  # a card alone answers questions only
    assert s.handle("remove king").sentences == ["Removed king of spades."]
    assert s.handle("remove nine and four").sentences[0].startswith("Removed nine of hearts and four of clubs.")
    assert s.state.piles[I["r6c1"]].top_face_up
    assert s.handle("help").sentences[0].startswith("Thirteen.")
    assert s.handle("read row six card one").sentences == ["Row six column one: queen of spades."]


def test_the_name_is_understood():
    s = Session("klondike", seed=1)
    assert s.handle("play thirteen").sentences == ["New game. Thirteen, deal 2."] and s.engine.game.key == "thirteen"


def test_scripted_seed_to_a_win_through_the_cli():
    lines = play_script("thirteen", "thirteen_seed45_win.txt", "--seed", "45", then="score")
    assert any(l.startswith("You won") for l in lines) and lines[-1] == "52 of 52 cards removed."
    assert not any(l.startswith(("Sorry", "Which", "Did")) or "not" in l for l in lines)


def test_what_can_i_say_and_do_name_the_pairs_there_are_now():
    """Not only "draw" while two pairs can be removed."""
    s = Session("thirteen", seed=2)
    assert s.handle("what can i say").sentences == [
        "Now you could say: remove five of spades and eight of hearts or draw. Say all commands for the full list."]
    assert s.handle("what can i do").sentences == [
        "You can: remove five of spades and eight of hearts, remove ace of diamonds and queen of diamonds or draw."]
