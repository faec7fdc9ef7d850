"""Auld Lang Syne: the aces start the foundations, each deal puts a card on every reserve,
reserves play only home, foundations build up in any suit; every deal of 1-200 is lost."""

from helpers import play_script, position, session_at, why_not
from voicegame.engine import DealtRow, Engine, Move, MoveKind, Won
from voicegame.games import find_game
from voicegame.play.session import Session

E = Engine(find_game("auld_lang_syne").make())
I = E.layout.index
DEAL = Move(MoveKind.DEAL)


def test_each_deal_puts_one_card_face_up_on_every_reserve():
    state = position(E, stock="2C 3C 4C 5C 6C", foundation1="AC")
    after, events = E.apply(state, DEAL)
    assert [after.piles[I[f"reserve{n}"]].cards[-1].code for n in range(1, 5)] == ["6C", "5C", "4C", "3C"]
    assert isinstance(events[0], DealtRow) and len(after.piles[I["stock"]].cards) == 1
    after = E.apply(after, DEAL)[0]
    assert after.piles[I["reserve1"]].cards[-1].code == "2C" and len(after.piles[I["reserve2"]].cards) == 1
    assert E.why_not(after, DEAL) is not None  # the stock is used once


def test_reserve_tops_go_only_home_up_by_one_in_any_suit():
    state = position(E, foundation1="AC", foundation2="AD 2D", reserve1="2H", reserve2="4S", reserve3="9C 3S")
    assert why_not(E, state, "reserve1", "foundation1") is None
    assert why_not(E, state, "reserve3", "foundation2") is None  # three of spades on two of diamonds
    assert why_not(E, state, "reserve2", "foundation2") is not None
    assert why_not(E, state, "reserve1", "reserve2") is not None  # reserves are never built on
    assert why_not(E, state, "foundation2", "reserve4") is not None


def test_won_with_all_52_home_and_no_moves_left():
    suits = {n: " ".join(f"{r}{s}" for r in "A23456789TJQK") for n, s in zip(range(1, 5), "CDHS")}
    state = position(E, **{f"foundation{n}": cards for n, cards in suits.items() if n > 1}, foundation1=suits[1][:-3], reserve1="KC")
    after, events = E.apply(state, Move.cards(I["reserve1"], I["foundation1"]))
    assert E.is_won(after) and isinstance(events[-1], Won) and E.score(after) == 52 and not E.is_won(state)
    assert E.is_stuck(position(E, foundation1="AC", reserve1="3C"))
    assert not E.is_stuck(position(E, foundation1="AC", reserve1="3C", stock="2D"))


def test_voice_commands_and_auto():
    s = session_at("auld_lang_syne", foundation1="AC", foundation2="AD", stock="9S 3D 8H 2C")
    assert s.handle("deal").sentences[0] == "Dealt: two of clubs, eight of hearts, three of diamonds and nine of spades."
    s.handle("auto")
    assert [len(s.state.piles[I[f"foundation{n}"]].cards) for n in (1, 2)] in ([3, 1], [2, 2], [1, 3])
    assert s.handle("help").sentences[0].startswith("Auld Lang Syne.")


def test_the_name_is_understood():
    s = Session("klondike", seed=1)
    assert s.handle("play auld lang syne").sentences == ["New game. Auld Lang Syne, deal 2."] and s.engine.game.key == "auld_lang_syne"


def test_scripted_seed_to_no_moves_left_through_the_cli():
    """Every seed of 1-200 is proved lost by the solver, so the script plays seed 1 to its end."""
    lines = play_script("auld_lang_syne", "auld_lang_syne_seed1_stuck.txt", "--seed", "1", then="score")
    assert lines[-2] == "No moves left. Say undo, restart or new game." and lines[-1] == "20 of 52 cards home."
    assert not any(l.startswith(("Sorry", "Which", "Did")) or "not" in l for l in lines)
