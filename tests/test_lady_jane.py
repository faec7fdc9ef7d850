"""Lady Jane: every rule of AisleRiot's manual (legal and illegal side), voice and a solver's win
through the text CLI (conservation, undo/redo and saves: test_conformance.py)."""

from dataclasses import replace

from helpers import cards, move_of as mv, pile, play_script, position, session_at, why_not as why
from voicegame.engine import DealtRow, Move, MoveKind, Won
from voicegame.play.session import Session

GAME = "lady_jane"
DEAL = Move(MoveKind.DEAL)


def test_a_deal_puts_one_card_on_each_reserve_pile_and_the_last_two_on_the_first_two(engine):
    state = position(engine, stock="2C 3C 4C 5C 6C 7C 8C 9C TC", foundation1="KD")
    after, events = engine.apply(state, DEAL)
    assert [pile(engine, after, f"reserve{n}").cards for n in range(1, 8)] == [cards(c) for c in "TC 9C 8C 7C 6C 5C 4C".split()]
    assert isinstance(events[0], DealtRow)
    after = engine.apply(after, DEAL)[0]
    assert pile(engine, after, "reserve1").cards == cards("TC 3C") and pile(engine, after, "reserve2").cards == cards("9C 2C")
    assert pile(engine, after, "reserve3").cards == cards("8C") and engine.why_not(after, DEAL) is not None


def test_foundations_start_at_the_base_rank_and_build_up_in_suit_round_the_corner(engine):
    state = position(engine, foundation1="KD", reserve1="KS", reserve2="5C", pile1="AD")
    assert why(engine, state, "reserve1", "foundation2") is None
    assert why(engine, state, "reserve2", "foundation2") == "empty_needs_rank"
    assert why(engine, state, "pile1", "foundation1") is None  # king, then ace
    assert why(engine, position(engine, foundation1="KD", pile1="AS"), "pile1", "foundation1") == "needs_same"


def test_foundation_cards_are_still_in_play_the_base_card_too(engine):
    """The manual: "Cards in Foundations are still in play"; the base rank is the deal's, remembered."""
    state = position(engine, foundation1="KD AD", pile1="2S")
    assert why(engine, state, "foundation1", "pile1") is None
    assert engine.deal(3).counters == (pile(engine, engine.deal(3), "foundation1").cards[0].rank,)
    base_only = replace(position(engine, foundation1="KD", pile1="AS", reserve1="KC", reserve2="QC"), counters=(13,))
    assert why(engine, base_only, "foundation1", "pile1") is None
    after = engine.apply(base_only, mv(engine, "foundation1", "pile1"))[0]
    assert not pile(engine, after, "foundation1").cards
    assert why(engine, after, "reserve1", "foundation1") is None  # still the king: the base rank stays
    assert why(engine, after, "reserve2", "foundation1") == "empty_needs_rank"
    assert why(engine, after, "reserve2", "pile2") is None  # and an empty pile still takes the queen


def test_nothing_goes_on_a_card_of_the_base_rank(engine):
    """An empty pile takes the rank below the base, so that rank heads a pile: the base rank ends it."""
    state = position(engine, foundation1="6H", pile1="6D", reserve1="5S", pile2="7C")
    assert why(engine, state, "reserve1", "pile1") == "nothing_goes_on"
    assert why(engine, state, "pile1", "pile2") is None  # the six itself goes on a seven
    assert mv(engine, "reserve1", "pile1") not in engine.legal_moves(state)


def test_piles_build_down_in_alternating_colours_round_the_corner_and_runs_move(engine):
    state = position(engine, foundation1="KD", pile1="8S", pile2="7H", pile3="7C", pile4="AS", reserve1="KH")
    assert why(engine, state, "pile2", "pile1") is None
    assert why(engine, state, "pile3", "pile1") == "needs_alternate"
    assert why(engine, state, "reserve1", "pile4") is None  # a king on an ace
    run = position(engine, foundation1="KD", pile1="9H 8S 7D", pile2="TC")
    assert why(engine, run, "pile1", "pile2", 3) is None


def test_an_empty_pile_takes_only_the_rank_below_the_base(engine):
    state = position(engine, foundation1="KD", pile1="8S", reserve1="QH", reserve2="KC", pile3="3D QS JH")
    assert why(engine, state, "reserve1", "pile2") is None
    assert why(engine, state, "reserve2", "pile2") == "empty_needs_rank"
    assert why(engine, state, "pile3", "pile2", 2) is None  # a run starting with a queen
    assert why(engine, position(engine, foundation1="AD", reserve1="KH"), "reserve1", "pile2") is None  # below the ace: the king


def test_nothing_is_built_on_the_reserve(engine):
    state = position(engine, foundation1="KD", reserve1="9H", pile1="8S")
    assert why(engine, state, "pile1", "reserve1") == "takes_no_cards"


def test_won_with_every_card_on_the_foundations(engine):
    run = "5{s} 6{s} 7{s} 8{s} 9{s} T{s} J{s} Q{s} K{s} A{s} 2{s} 3{s} 4{s}"
    homes = {f"foundation{n}": run.format(s=s) for n, s in zip(range(1, 4), "HDC")}
    last = position(engine, **homes, foundation4=run.format(s="S").rsplit(" ", 1)[0], reserve3="4S")
    after, events = engine.apply(last, mv(engine, "reserve3", "foundation4"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 52


# ----- voice -------------------------------------------------------------------------------------------
def test_voice_commands_read_and_help():
    s = session_at(GAME, foundation1="JD", stock="4C 5D", reserve2="5H", pile1="6S", reserve3="QD")
    s.handle("five of hearts on six of spades")
    assert pile(s.engine, s.state, "pile1").cards == cards("6S 5H")
    s.handle("queen of diamonds up")
    assert pile(s.engine, s.state, "foundation1").cards == cards("JD QD")
    assert s.handle("deal").sentences[0].startswith("Dealt")
    assert s.handle("read reserve one").sentences == ["Reserve one: five of diamonds."]
    assert s.handle("help").sentences[0].startswith("Lady Jane. The first card")
    assert s.handle("score").sentences == ["2 of 52 cards home."]


def test_play_lady_jane_by_name():
    s = Session("klondike", seed=1)
    s.handle("play lady jane")
    s.handle("yes")
    assert s.engine.game.key == "lady_jane"


def test_scripted_win_through_the_cli():
    lines = play_script("lady_jane", "lady_jane_seed2_win.txt", "--seed", "2", then="score")
    assert any("won" in line.lower() for line in lines)
    assert lines[-1] == "52 of 52 cards home."
    assert not any(line.startswith(("Sorry", "Which", "Where", "The ", "Did")) for line in lines)
