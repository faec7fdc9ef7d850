"""Gay Gordons: ten open piles and a reserve of two; pairs adding up to eleven, king with queen,
jack with jack; empty piles stay empty; the win."""

from helpers import play_script, position, why_not_pair
from voicegame.engine.cards import new_deck
from voicegame.engine import Engine, Move, Won
from voicegame.games import find_game
from voicegame.play.session import Session

E = Engine(find_game("gay_gordons").make())
I = E.layout.index


def test_pairs_adding_up_to_eleven_ace_one():
    state = position(E, pile1="6H", pile2="5C", pile3="AS", pile4="TD", pile5="7C", pile6="9S 5D")
    assert why_not_pair(E, state, ("pile1", 0), ("pile2", 0)) is None
    assert why_not_pair(E, state, ("pile3", 0), ("pile4", 0)) is None
    assert why_not_pair(E, state, ("pile1", 0), ("pile5", 0)) == "not_a_sum"
    assert why_not_pair(E, state, ("pile6", 0), ("pile5", 0)) == "card_not_free"  # under the five
    assert why_not_pair(E, state, ("pile1", 0)) == "not_alone"


def test_king_with_queen_and_jack_with_jack_only():
    state = position(E, pile1="KH", pile2="QC", pile3="JS", pile4="JD", pile5="KC", pile6="QS")
    assert why_not_pair(E, state, ("pile1", 0), ("pile2", 0)) is None
    assert why_not_pair(E, state, ("pile3", 0), ("pile4", 0)) is None
    assert why_not_pair(E, state, ("pile1", 0), ("pile5", 0)) == "not_a_sum"  # two kings
    assert why_not_pair(E, state, ("pile2", 0), ("pile6", 0)) == "not_a_sum"  # two queens
    assert why_not_pair(E, state, ("pile1", 0), ("pile3", 0)) == "not_a_sum"  # king and jack


def test_the_reserve_top_is_in_play_and_the_card_under_it_is_not():
    state = position(E, reserve="8D 5H", pile1="6C", pile2="3S")
    assert why_not_pair(E, state, ("reserve", 1), ("pile1", 0)) is None
    assert why_not_pair(E, state, ("reserve", 0), ("pile2", 0)) == "card_not_free"
    assert E.why_not(state, Move.cards(I["pile1"], I["reserve"])) is not None  # the reserve takes nothing


def test_empty_piles_stay_empty():
    state = position(E, pile1="6C", pile2="5S 3H")
    assert E.why_not(state, Move.cards(I["pile2"], I["pile3"])) is not None
    after = E.apply(position(E, pile1="6C", pile2="5S"), Move.pair((I["pile1"], 0), (I["pile2"], 0)))[0]
    assert not after.piles[I["pile1"]].cards and not after.piles[I["pile2"]].cards


def test_won_with_all_52_removed_and_no_moves_left():
    state = position(E, pile1="KS", reserve="QD", discard=" ".join(c.code for c in new_deck() if c.code not in ("KS", "QD")))
    after, events = E.apply(state, Move.pair((I["pile1"], 0), (I["reserve"], 0)))
    assert E.is_won(after) and isinstance(events[-1], Won) and not E.is_won(state) and E.score(after) == 52
    assert E.is_stuck(position(E, pile1="5H", pile2="7C", reserve="6D 9S"))
    assert not E.is_stuck(position(E, pile1="5H", reserve="6D"))


def test_voice_commands():
    s = Session("gay_gordons", seed=1)
    s.history.states[0] = position(s.engine, pile1="6H", pile2="5C", pile3="KD", reserve="9C QS", pile4="JS", pile5="4D JH",
                                   pile6="2S")
    assert s.handle("remove six and five").sentences == ["Removed six of hearts and five of clubs."]
    assert s.handle("remove king and queen").sentences == ["Removed king of diamonds and queen of spades.", "The reserve: nine of clubs."]
    assert s.handle("remove jack and jack").sentences[0] == "Removed jack of spades and jack of hearts."
    assert s.handle("help").sentences[0].startswith("Gay Gordons.")


def test_the_name_is_understood():
    s = Session("klondike", seed=1)
    assert s.handle("play gay gordons").sentences == ["New game. Gay Gordons, deal 2."] and s.engine.game.key == "gay_gordons"


def test_scripted_seed_to_a_win_through_the_cli():
    lines = play_script("gay_gordons", "gay_gordons_seed1_win.txt", "--seed", "1", then="score")
    assert any(l.startswith("You won") for l in lines) and lines[-1] == "52 of 52 cards removed."
    assert not any(l.startswith(("Sorry", "Which", "Did")) or "not" in l for l in lines)
