"""King Albert: every rule of AisleRiot's manual (legal and illegal side) and voice (conservation,
undo/redo and saves: test_conformance.py)."""

from collections import Counter

from helpers import cards, pile, position, session_at, why_not as why
from voicegame.engine.cards import new_deck
from voicegame.play.session import Session

GAME = "king_albert"


def test_deal_nine_piles_of_nine_down_to_one_and_seven_reserve_cards_no_stock(engine):
    state = engine.deal(3)
    for n in range(1, 10):
        dealt = pile(engine, state, f"pile{n}")
        assert len(dealt.cards) == 10 - n and dealt.down == 9 - n
    assert all(len(pile(engine, state, f"reserve{n}").cards) == 1 for n in range(1, 8))
    assert "stock" not in engine.layout.index and engine.game.stock_rule is None
    assert Counter(engine.cards_in_play(state)) == Counter(new_deck())


def test_piles_build_down_in_alternating_colours_and_builds_move(engine):
    state = position(engine, pile1="8S", pile2="7H", pile3="7C", pile4="9H 8C 7D", pile5="TS", pile6="TD")
    assert why(engine, state, "pile2", "pile1") is None
    assert why(engine, state, "pile3", "pile1") == "needs_alternate"
    assert why(engine, state, "pile4", "pile5", 3) is None
    assert why(engine, state, "pile4", "pile6", 3) == "needs_alternate"


def test_an_empty_pile_takes_any_card_or_build(engine):
    state = position(engine, pile1=("4C 9H 8C 7D", 1), reserve1="QH")
    assert why(engine, state, "pile1", "pile2", 3) is None
    assert why(engine, state, "reserve1", "pile2") is None
    assert why(engine, state, "pile1", "pile2", 4) == "card_face_down"


def test_reserve_cards_play_to_piles_and_foundations_but_nothing_goes_on_a_reserve(engine):
    state = position(engine, reserve1="7H", reserve2="AS", pile1="8S", pile2="6C")
    assert why(engine, state, "reserve1", "pile1") is None
    assert why(engine, state, "reserve2", "spades") is None
    assert why(engine, state, "pile2", "reserve1") is not None
    assert why(engine, state, "pile2", "reserve3") is not None  # an empty reserve stays empty


def test_foundations_build_up_in_suit_from_the_ace_and_cards_come_back(engine):
    state = position(engine, hearts="AH", pile1="2H", pile2="3H", pile3="3S", pile4="3C")
    assert why(engine, state, "pile1", "hearts") is None
    assert why(engine, state, "pile2", "hearts") == "needs_rank"
    assert why(engine, state, "pile3", "spades") == "empty_needs_rank"
    assert why(engine, position(engine, hearts="AH 2H", pile1="3S"), "hearts", "pile1") is None  # still in play


# ----- voice -------------------------------------------------------------------------------------------
def test_voice_commands_read_and_help():
    s = session_at(GAME, reserve1="5H", reserve2="AD", pile1="6S", pile2=("2C 9C", 1))
    s.handle("five of hearts on six of spades")
    assert pile(s.engine, s.state, "pile1").cards == cards("6S 5H")
    s.handle("ace of diamonds up")
    assert pile(s.engine, s.state, "diamonds").cards == cards("AD")
    assert s.handle("read pile two").sentences[0].startswith("Pile two:")
    assert s.handle("help").sentences[0].startswith("King Albert. Nine piles")
    assert s.handle("score").sentences == ["1 of 52 cards home."]


def test_play_king_albert_by_name():
    s = Session("klondike", seed=1)
    s.handle("play king albert")
    s.handle("yes")
    assert s.engine.game.key == "king_albert"


def test_scripted_win_through_the_cli():
    from helpers import play_script

    lines = play_script("king_albert", "king_albert_seed1_win.txt", "--seed", "1", then="score")
    assert any("won" in line.lower() for line in lines)
    assert lines[-1] == "52 of 52 cards home."
    assert not any(line.startswith(("Sorry", "Which", "Where", "The ", "Did")) for line in lines)
