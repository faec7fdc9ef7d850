"""Scuffle: Auld Lang Syne with two redeals that gather the reserves, shuffled, into the stock."""

from collections import Counter

from helpers import play_script, position, session_at
from voicegame.engine.cards import new_deck
from voicegame.engine import Engine, Move, MoveKind, Redealt
from voicegame.games import find_game
from voicegame.play.session import Session

E = Engine(find_game("scuffle").make())
I = E.layout.index
DEAL = Move(MoveKind.DEAL)


def test_the_deal_is_auld_lang_syne_s():
    state = E.deal(1)
    assert state == Engine(find_game("auld_lang_syne").make()).deal(1)
    assert Counter(E.cards_in_play(state)) == Counter(new_deck())


def test_reserve_tops_go_only_home_up_by_one_in_any_suit():
    state = position(E, foundation1="AC", reserve1="2H", reserve2="4S")
    assert E.why_not(state, Move.cards(I["reserve1"], I["foundation1"])) is None
    assert E.why_not(state, Move.cards(I["reserve2"], I["foundation1"])) is not None


def test_an_empty_stock_gathers_the_reserves_shuffled_twice_at_most():
    state = position(E, foundation1="AC", reserve1="9C 5H", reserve2="KS", stock="")
    after, events = E.apply(state, DEAL)
    stock = after.piles[I["stock"]]
    assert sorted(c.code for c in stock.cards) == ["5H", "9C", "KS"] and stock.down == 3
    assert not after.piles[I["reserve1"]].cards and isinstance(events[0], Redealt) and events[0].redeals_left == 1
    assert E.apply(state, DEAL)[0] == after  # the same position redeals the same way
    after = E.apply(after, DEAL)[0]  # deals the new stock onto the reserves
    assert not after.piles[I["stock"]].cards
    after = E.apply(after, DEAL)[0]  # the second redeal
    after = E.apply(after, DEAL)[0]
    assert after.redeals == 2 and E.why_not(after, DEAL) is not None  # no third redeal
    assert E.why_not(position(E, stock="2C", reserve1="3C"), DEAL) is None  # a stock deals, it does not gather


def test_no_moves_left_only_once_the_redeals_are_spent():
    stuck = position(E, foundation1="AC", reserve1="3C")
    assert not E.is_stuck(stuck)  # a redeal is left
    assert E.is_stuck(position(E, foundation1="AC", reserve1="3C", redeals=2))


def test_voice_commands():
    s = session_at("scuffle", foundation1="AC", reserve1="9C", reserve2="KS")
    assert s.handle("deal").sentences[0] == "Redealt 2 cards."
    assert s.handle("help").sentences[0].startswith("Scuffle.")


def test_the_name_is_understood():
    s = Session("klondike", seed=1)
    assert s.handle("play scuffle").sentences == ["New game. Scuffle, deal 2."] and s.engine.game.key == "scuffle"


def test_scripted_seed_to_a_win_through_the_cli():
    lines = play_script("scuffle", "scuffle_seed4_win.txt", "--seed", "4", then="score")
    assert any(l.startswith("You won") for l in lines) and lines[-1] == "52 of 52 cards home."
    assert sum(l.startswith("Redealt") for l in lines) >= 1
    assert not any(l.startswith(("Sorry", "Which", "Did")) or "not" in l for l in lines)
