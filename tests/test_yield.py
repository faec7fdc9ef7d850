"""Yield: an upside-down pyramid freed from its point, sums to thirteen, kings alone, the waste
open at both ends, the stock used once, the win."""

from collections import Counter

from helpers import play_script, position, session_at, why_not_pair
from voicegame.engine.cards import new_deck
from voicegame.engine import Engine, Move, MoveKind, Paired, Won
from voicegame.games import find_game
from voicegame.play.session import Session

E = Engine(find_game("yield").make())
I = E.layout.index
DRAW = Move(MoveKind.DEAL)


def test_deal_rows_of_seven_down_to_one_face_up_and_24_in_the_stock():
    state = E.deal(1)
    assert len(state.piles[I["stock"]].cards) == 24
    for r in range(1, 8):
        for c in range(1, 9 - r):
            pile = state.piles[I[f"r{r}c{c}"]]
            assert len(pile.cards) == 1 and pile.top_face_up
    assert f"r1c8" not in I and "r7c2" not in I
    assert Counter(E.cards_in_play(state)) == Counter(new_deck())
    free = {E.specs[i].id for i, _ in E.game.pairs.free_places(E.game, state)}
    assert free == {"r7c1"}  # only the point of the pyramid at first


def test_a_card_is_free_when_the_cards_of_the_row_below_lying_across_it_are_gone():
    state = position(E, r5c2="9H", r6c1="4C", r6c2="5D", r5c1="4S", r5c3="8S")
    assert why_not_pair(E, state, ("r5c2", 0), ("r6c1", 0)) == "card_not_free"  # r6c1 and r6c2 both lie across it
    assert why_not_pair(E, state, ("r5c1", 0), ("r5c3", 0)) == "card_not_free"  # r6c1 lies across r5c1
    state = position(E, r5c2="9H", r6c1="4C", r5c1="4S", r5c3="9S")  # r6c2 gone, r6c1 still covers r5c2
    assert why_not_pair(E, state, ("r5c2", 0), ("r6c1", 0)) == "card_not_free"
    assert why_not_pair(E, state, ("r5c3", 0), ("r6c1", 0)) is None  # r5c3 lies under r6c2 only: free
    state = position(E, r5c2="9H", r5c1="4S")
    assert why_not_pair(E, state, ("r5c2", 0), ("r5c1", 0)) is None


def test_sums_to_thirteen_and_kings_go_alone():
    state = position(E, r1c1="QH", r1c2="AC", r1c3="KS", r1c4="JD", r1c5="3D")
    assert why_not_pair(E, state, ("r1c1", 0), ("r1c2", 0)) is None
    assert why_not_pair(E, state, ("r1c4", 0), ("r1c5", 0)) == "not_a_sum"
    assert why_not_pair(E, state, ("r1c3", 0)) is None
    assert why_not_pair(E, state, ("r1c1", 0)) == "not_alone"
    assert why_not_pair(E, state, ("r1c3", 0), ("r1c2", 0)) == "goes_alone"
    after, events = E.apply(state, Move.pair((I["r1c1"], 0), (I["r1c2"], 0)))
    assert isinstance(events[0], Paired) and E.score(after) == 2


def test_the_waste_top_bottom_and_the_card_under_the_top():
    state = position(E, waste="4C 7D 4S 8H", r1c1="9H", r1c2="5S")
    assert why_not_pair(E, state, ("waste", 0), ("r1c1", 0)) is None  # bottom with the pyramid
    assert why_not_pair(E, state, ("waste", 3), ("r1c2", 0)) is None  # top with the pyramid
    assert why_not_pair(E, state, ("waste", 2), ("r1c1", 0)) == "waste_second_with_top"
    assert why_not_pair(E, state, ("waste", 1), ("r1c1", 0)) == "card_not_free"
    assert why_not_pair(E, position(E, waste="6C 9D 7S 6H"), ("waste", 3), ("waste", 2)) is None


def test_the_stock_turns_one_card_once():
    state = position(E, stock="KC 2D", r1c1="5H")
    state = E.apply(E.apply(state, DRAW)[0], DRAW)[0]
    assert len(state.piles[I["waste"]].cards) == 2
    assert E.why_not(state, DRAW).key == "no_redeals_left"
    assert E.why_not(state, Move.cards(I["r1c1"], I["waste"])) is not None


def test_won_with_all_52_removed_and_no_moves_left():
    state = position(E, r7c1="KS", discard=" ".join(c.code for c in new_deck() if c.code != "KS"))
    after, events = E.apply(state, Move.pair((I["r7c1"], 0)))
    assert E.is_won(after) and isinstance(events[-1], Won) and not E.is_won(state)
    assert E.is_stuck(position(E, r1c1="5H", r1c2="9C", waste="2D"))
    assert not E.is_stuck(position(E, r1c1="5H", r1c2="9C", stock="2D"))


def test_voice_commands_and_help():
    s = session_at("yield", r7c1="KS", r6c1="9H", r6c2="4C", stock="AH")
    assert s.handle("what is free").sentences == ["Free: king of spades."]
    assert s.handle("king").sentences == ["Say a whole move, like remove nine and four, or say what can I say."]  # a card alone answers questions only
    assert s.handle("remove king").sentences == ["Removed king of spades."]
    assert s.handle("remove nine and four").sentences == ["Removed nine of hearts and four of clubs."]
    assert s.handle("help").sentences[0].startswith("Yield.")


def test_scripted_seed_to_a_win_through_the_cli():
    lines = play_script("yield", "yield_seed2_win.txt", "--seed", "2", then="score")
    assert any(l.startswith("You won") for l in lines) and lines[-1] == "52 of 52 cards removed."
    assert not any(l.startswith(("Sorry", "Which", "Did", "The ")) for l in lines)


def test_the_name_is_understood():
    s = Session("klondike", seed=1)
    assert s.handle("play yield").sentences == ["New game. Yield, deal 2."] and s.engine.game.key == "yield"
