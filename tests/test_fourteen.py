"""Fourteen: twelve open piles, top cards that add up to fourteen, empty piles stay empty, the win."""

from helpers import play_script, position, session_at, why_not_pair
from voicegame.engine.cards import new_deck
from voicegame.engine import Engine, Move, Paired, Won
from voicegame.games import find_game
from voicegame.play.session import Session

E = Engine(find_game("fourteen").make())
I = E.layout.index


def test_two_top_cards_adding_up_to_fourteen_go_together():
    state = position(E, pile1="2C KH", pile2="AS", pile3="7D", pile4="7C", pile5="9H 5S", pile6="QS")
    assert why_not_pair(E, state, ("pile1", 1), ("pile2", 0)) is None  # king 13 and ace 1
    assert why_not_pair(E, state, ("pile3", 0), ("pile4", 0)) is None  # two sevens
    assert why_not_pair(E, state, ("pile5", 1), ("pile6", 0)) == "not_a_sum"  # 5 + 12
    assert why_not_pair(E, state, ("pile1", 0), ("pile5", 0)) == "card_not_free"  # 2 + 9 buried, not 14 anyway
    assert why_not_pair(E, position(E, pile1="5C 3H", pile2="9H"), ("pile1", 0), ("pile2", 0)) == "card_not_free"  # 5 + 9 under a card
    after, events = E.apply(state, Move.pair((I["pile1"], 1), (I["pile2"], 0)))
    assert isinstance(events[0], Paired) and E.score(after) == 2 and not after.piles[I["pile2"]].cards


def test_no_card_goes_alone_and_empty_piles_take_nothing():
    state = position(E, pile1="KH", pile2="9C")
    assert why_not_pair(E, state, ("pile1", 0)) == "not_alone"
    assert E.why_not(state, Move.cards(I["pile2"], I["pile3"])) is not None
    assert E.why_not(state, Move.cards(I["pile2"], I["pile1"])) is not None


def test_won_with_all_52_removed_and_no_moves_left():
    state = position(E, pile1="KS", pile2="AD", discard=" ".join(c.code for c in new_deck() if c.code not in ("KS", "AD")))
    after, events = E.apply(state, Move.pair((I["pile1"], 0), (I["pile2"], 0)))
    assert E.is_won(after) and isinstance(events[-1], Won) and not E.is_won(state)
    assert E.is_stuck(position(E, pile1="5H", pile2="7C", pile3="9D 6S"))
    assert not E.is_stuck(position(E, pile1="5H", pile2="9C"))


def test_voice_commands():
    s = session_at("fourteen", pile1="9H", pile2="5C", pile3="7D", pile4="7S", pile5="3D")
    assert s.handle("remove nine and five").sentences == ["Removed nine of hearts and five of clubs."]
    assert s.handle("pair pile three and pile four").sentences == ["Removed seven of diamonds and seven of spades.", "No moves left. Say undo, restart or new game."]
    assert s.handle("help").sentences[0].startswith("Fourteen.")


def test_the_name_is_understood():
    s = Session("klondike", seed=1)
    assert s.handle("play fourteen").sentences == ["New game. Fourteen, deal 2."] and s.engine.game.key == "fourteen"


def test_scripted_seed_to_a_win_through_the_cli():
    lines = play_script("fourteen", "fourteen_seed1_win.txt", "--seed", "1", then="score")
    assert any(l.startswith("You won") for l in lines) and lines[-1] == "52 of 52 cards removed."
    assert not any(l.startswith(("Sorry", "Which", "Did", "The ")) for l in lines)


def test_what_can_i_say_and_do_name_the_pairs_there_are_now():
    """A pair that can go now, not the generic command list; each answer short."""
    s = Session("fourteen", seed=3)
    assert s.handle("what can i say").sentences == [
        "Now you could say: remove two of diamonds and queen of diamonds. Say all commands for the full list."]
    first = s.handle("what can i do").sentences
    assert first == ["You can: remove two of diamonds and queen of diamonds, remove four of hearts and ten of clubs, and 4 more."]
    pages = [s.handle("more").sentences for _ in range(2)]
    assert pages[-1][-1] == "Those are all the moves."
    assert all(len(page[0].split()) <= 24 for page in [first, *pages])
    assert sum(page[0].count("remove ") for page in [first, *pages]) == 6  # the six pairs, each named once
