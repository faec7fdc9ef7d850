"""Isabel: thirteen piles of four, top cards of the same rank removed, the cards under turn up."""

from helpers import play_script, position, session_at, why_not_pair
from voicegame.engine.cards import new_deck
from voicegame.engine import Engine, Move, TurnedOver, Won
from voicegame.games import find_game
from voicegame.play.session import Session

E = Engine(find_game("isabel").make())
I = E.layout.index


def test_two_top_cards_of_the_same_rank_go_and_the_cards_under_turn_up():
    state = position(E, pile1=("2C 7H", 1), pile2=("5D 7S", 1), pile3="6D")
    assert why_not_pair(E, state, ("pile1", 1), ("pile3", 0)) == "not_same_rank"
    assert why_not_pair(E, state, ("pile1", 0), ("pile2", 0)) == "card_not_free"  # face down under a card
    assert why_not_pair(E, state, ("pile1", 1)) == "not_alone"
    after, events = E.apply(state, Move.pair((I["pile1"], 1), (I["pile2"], 1)))
    assert after.piles[I["pile1"]].top_face_up and after.piles[I["pile2"]].top_face_up
    assert [e.card.code for e in events if isinstance(e, TurnedOver)] == ["2C", "5D"]
    assert E.score(after) == 2


def test_empty_piles_stay_empty():
    state = position(E, pile1="7H", pile2="7S", pile3="9C 9D")
    after = E.apply(state, Move.pair((I["pile1"], 0), (I["pile2"], 0)))[0]
    assert not after.piles[I["pile1"]].cards
    assert E.why_not(after, Move.cards(I["pile3"], I["pile1"])) is not None


def test_won_with_all_52_removed_and_no_moves_left():
    state = position(E, pile1="KS", pile2="KD", discard=" ".join(c.code for c in new_deck() if c.code not in ("KS", "KD")))
    after, events = E.apply(state, Move.pair((I["pile1"], 0), (I["pile2"], 0)))
    assert E.is_won(after) and isinstance(events[-1], Won) and not E.is_won(state)
    assert E.is_stuck(position(E, pile1=("5C 5H", 1), pile2="7C"))
    assert not E.is_stuck(position(E, pile1="5H", pile2="5C"))


def test_voice_commands():
    s = session_at("isabel", pile1=("2C 7H", 1), pile2=("2D 7S", 1), pile3="6D")
    assert s.handle("remove seven and seven").sentences == ["Removed seven of hearts and seven of spades.",
                                                            "Pile one shows two of clubs.", "Pile two shows two of diamonds."]
    assert s.handle("help").sentences[0].startswith("Isabel.")


def test_the_name_is_understood():
    s = Session("klondike", seed=1)
    assert s.handle("play isabel").sentences == ["New game. Isabel, deal 2."] and s.engine.game.key == "isabel"


def test_scripted_seed_to_a_win_through_the_cli():
    lines = play_script("isabel", "isabel_seed1_win.txt", "--seed", "1", then="score")
    assert any(l.startswith("You won") for l in lines) and lines[-1] == "52 of 52 cards removed."
    assert not any(l.startswith(("Sorry", "Which", "Did")) or "not" in l for l in lines)
