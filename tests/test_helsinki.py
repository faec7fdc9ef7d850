"""Helsinki: ten cards refilled from the stock, pairs adding up to thirteen, kings alone, the win."""

from helpers import play_script, position, session_at, why_not_pair
from voicegame.engine.cards import new_deck
from voicegame.engine import Engine, Move, Won
from voicegame.games import find_game
from voicegame.play.session import Session

E = Engine(find_game("helsinki").make())
I = E.layout.index
FULL = dict(pile3="TD", pile4="TC", pile5="TH", pile6="TS", pile7="JD", pile8="JC", pile9="JH", pile10="JS")


def test_pairs_adding_up_to_thirteen_and_kings_alone():
    state = position(E, pile1="9H", pile2="4C", pile3="KS", pile4="QD", pile5="AC", pile6="5S")
    assert why_not_pair(E, state, ("pile1", 0), ("pile2", 0)) is None
    assert why_not_pair(E, state, ("pile4", 0), ("pile5", 0)) is None
    assert why_not_pair(E, state, ("pile1", 0), ("pile6", 0)) == "not_a_sum"
    assert why_not_pair(E, state, ("pile3", 0)) is None
    assert why_not_pair(E, state, ("pile1", 0)) == "not_alone"
    assert why_not_pair(E, state, ("pile3", 0), ("pile5", 0)) == "goes_alone"


def test_gaps_are_filled_from_the_stock_at_once():
    state = position(E, pile1="9H", pile2="4C", stock="2S 3S 8C", **FULL)
    after = E.apply(state, Move.pair((I["pile1"], 0), (I["pile2"], 0)))[0]
    assert [after.piles[I[p]].cards[0].code for p in ("pile1", "pile2")] == ["8C", "3S"]
    assert after.piles[I["stock"]].down == 1 and E.score(after) == 2
    after = E.apply(position(E, pile1="KH", **FULL), Move.pair((I["pile1"], 0)))[0]
    assert not after.piles[I["pile1"]].cards  # nothing left to refill with


def test_won_with_all_52_removed_and_no_moves_left():
    state = position(E, pile1="KS", discard=" ".join(c.code for c in new_deck() if c.code != "KS"))
    after, events = E.apply(state, Move.pair((I["pile1"], 0)))
    assert E.is_won(after) and isinstance(events[-1], Won) and not E.is_won(state)
    assert E.is_stuck(position(E, pile1="5H", pile2="7C", stock="8D 6S"))
    assert not E.is_stuck(position(E, pile1="5H", pile2="8C", stock="2D"))


def test_voice_commands():
    s = session_at("helsinki", pile1="9H", pile2="4C", stock="2S 3S", **FULL)
    assert s.handle("remove nine and four").sentences == ["Removed nine of hearts and four of clubs.",
                                                          "Three of spades to pile one.", "Two of spades to pile two."]
    assert s.handle("help").sentences[0].startswith("Helsinki.")


def test_the_name_is_understood():
    s = Session("klondike", seed=1)
    assert s.handle("play helsinki").sentences == ["New game. Helsinki, deal 2."] and s.engine.game.key == "helsinki"


def test_scripted_seed_to_a_win_through_the_cli():
    lines = play_script("helsinki", "helsinki_seed1_win.txt", "--seed", "1", then="score")
    assert any(l.startswith("You won") for l in lines) and lines[-1] == "52 of 52 cards removed."
    assert not any(l.startswith(("Sorry", "Which", "Did")) or "not" in l for l in lines)
