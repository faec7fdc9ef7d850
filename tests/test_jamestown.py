"""Jamestown: a block of nine refilled from the stock, pairs of the same rank, the win."""

from helpers import play_script, position, session_at, why_not_pair
from voicegame.engine.cards import new_deck
from voicegame.engine import Engine, Move, Won
from voicegame.games import find_game
from voicegame.play.session import Session

E = Engine(find_game("jamestown").make())
I = E.layout.index
FULL = dict(r1c3="9D", r2c1="8C", r2c2="7H", r2c3="6S", r3c1="5D", r3c2="4C", r3c3="3H")


def test_two_cards_of_the_same_rank_go_together_from_anywhere_in_the_block():
    state = position(E, r1c1="7H", r3c3="7C", r2c2="6D", r1c2="KS")
    assert why_not_pair(E, state, ("r1c1", 0), ("r3c3", 0)) is None
    assert why_not_pair(E, state, ("r1c1", 0), ("r2c2", 0)) == "not_same_rank"  # 7 + 6 is thirteen, but no sums here
    assert why_not_pair(E, state, ("r1c2", 0)) == "not_alone"  # not even a king


def test_gaps_are_filled_from_the_stock_at_once():
    state = position(E, r1c1="JH", r1c2="JC", stock="2S 3S 8C", **FULL)
    after = E.apply(state, Move.pair((I["r1c1"], 0), (I["r1c2"], 0)))[0]
    assert [after.piles[I[p]].cards[0].code for p in ("r1c1", "r1c2")] == ["8C", "3S"]
    assert after.piles[I["stock"]].down == 1 and E.score(after) == 2


def test_won_with_all_52_removed_and_no_moves_left():
    state = position(E, r1c1="KS", r2c2="KD", discard=" ".join(c.code for c in new_deck() if c.code not in ("KS", "KD")))
    after, events = E.apply(state, Move.pair((I["r1c1"], 0), (I["r2c2"], 0)))
    assert E.is_won(after) and isinstance(events[-1], Won) and not E.is_won(state)
    assert E.is_stuck(position(E, r1c1="5H", r1c2="7C", stock="5D"))
    assert not E.is_stuck(position(E, r1c1="5H", r1c2="5C"))


def test_voice_commands():
    s = session_at("jamestown", r1c1="JH", r1c2="JC", stock="2S 3S 8C", **FULL)
    assert s.handle("remove jack and jack").sentences == ["Removed jack of hearts and jack of clubs.",
                                                          "Eight of clubs to row one column one.", "Three of spades to row one column two."]
    assert s.handle("help").sentences[0].startswith("Jamestown.")


def test_the_name_is_understood():
    s = Session("klondike", seed=1)
    assert s.handle("play jamestown").sentences == ["New game. Jamestown, deal 2."] and s.engine.game.key == "jamestown"


def test_scripted_seed_to_a_win_through_the_cli():
    lines = play_script("jamestown", "jamestown_seed4_win.txt", "--seed", "4", then="score")
    assert any(l.startswith("You won") for l in lines) and lines[-1] == "52 of 52 cards removed."
    assert not any(l.startswith(("Sorry", "Which", "Did")) or "not" in l for l in lines)
