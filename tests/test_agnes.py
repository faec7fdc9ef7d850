"""Agnes: every rule of AisleRiot's manual (legal and illegal side) and voice (conservation,
undo/redo and saves: test_conformance.py)."""

from dataclasses import replace

from helpers import cards, move_of as mv, pile, position, session_at, why_not as why
from voicegame.engine import DealtRow, Move, MoveKind
from voicegame.play.session import Session

GAME = "agnes"
DEAL = Move(MoveKind.DEAL)


def test_a_deal_puts_one_card_on_each_pile_the_last_two_on_piles_one_and_two(engine):
    state = position(engine, stock="2C 3C 4C 5C 6C 7C 8C 9C TC", foundation1="KD")
    after, events = engine.apply(state, DEAL)
    assert [pile(engine, after, f"pile{n}").cards for n in range(1, 8)] == [cards(c) for c in "TC 9C 8C 7C 6C 5C 4C".split()]
    assert isinstance(events[0], DealtRow)
    after = engine.apply(after, DEAL)[0]
    assert pile(engine, after, "pile1").cards == cards("TC 3C") and pile(engine, after, "pile2").cards == cards("9C 2C")
    assert pile(engine, after, "pile3").cards == cards("8C")
    assert engine.why_not(after, DEAL).key == "stock_empty"  # no redeal


def test_foundations_start_at_the_base_rank_and_build_up_in_suit_round_the_corner(engine):
    state = position(engine, foundation1="KD", pile1="KS", pile2="5C", pile3="AD")
    assert why(engine, state, "pile1", "foundation2") is None
    assert why(engine, state, "pile2", "foundation2") == "empty_needs_rank"
    assert why(engine, state, "pile3", "foundation1") is None  # king, then ace
    assert why(engine, position(engine, foundation1="KD", pile1="AH"), "pile1", "foundation1") == "needs_same"


def test_foundation_cards_are_still_in_play_the_base_card_too(engine):
    """The manual: "Cards in Foundations are still in play"; the base rank is the deal's, remembered."""
    state = position(engine, foundation1="KD AD", pile1="2H")
    assert why(engine, state, "foundation1", "pile1") is None
    assert engine.deal(3).counters == (engine.deal(3).piles[engine.layout.index["foundation1"]].cards[0].rank,)
    base_only = replace(position(engine, foundation1="KD", pile1="AH", pile2="KC QC"), counters=(13,))
    assert why(engine, base_only, "foundation1", "pile1") is None
    after = engine.apply(base_only, mv(engine, "foundation1", "pile1"))[0]
    assert not after.piles[engine.layout.index["foundation1"]].cards
    assert why(engine, after, "pile2", "foundation2") == "empty_needs_rank"  # the queen: still the king's foundations


def test_piles_build_down_in_the_same_colour_round_the_corner(engine):
    state = position(engine, foundation1="KD", pile1="8S", pile2="7C", pile3="7H", pile4="AS", pile5="KC")
    assert why(engine, state, "pile2", "pile1") is None  # black on black
    assert why(engine, state, "pile3", "pile1") == "needs_same_colour"
    assert why(engine, state, "pile5", "pile4") is None  # a king on an ace


def test_runs_of_one_colour_move_together_and_mixed_ones_do_not(engine):
    state = position(engine, foundation1="KD", pile1="9H 8D 7H", pile2="TD", pile3="9S 8D 7H", pile4="TC")
    assert why(engine, state, "pile1", "pile2", 3) is None
    assert why(engine, state, "pile3", "pile4", 3) == "not_a_run"


def test_an_empty_pile_is_filled_only_by_a_deal(engine):
    state = position(engine, foundation1="KD", pile1="QS", stock="2C 3C 4C 5C 6C 7C 8C")
    assert why(engine, state, "pile1", "pile2") == "empty_takes_nothing"
    after = engine.apply(state, DEAL)[0]
    assert pile(engine, after, "pile2").cards == cards("7C")


def test_auto_play_waits_for_the_cards_that_could_lie_on_a_card(engine):
    rule = engine.game.safe_to_foundation
    index = engine.layout.index
    state = position(engine, foundation1="5D 6D", foundation2="5H", pile1="7D", pile2="6H")
    assert rule(engine.game, state, index["pile2"])  # one above the base: always safe
    assert not rule(engine.game, state, index["pile1"])  # the six of hearts could still go on it
    ready = position(engine, foundation1="5D 6D", foundation2="5H 6H", pile1="7D")
    assert rule(engine.game, ready, index["pile1"])


# ----- voice -------------------------------------------------------------------------------------------
def test_voice_commands_read_and_help():
    s = session_at(GAME, foundation1="JD", stock="4C 5D 6D 7D 8D 9D TD", pile1="6S", pile2="5C", pile3="QD")
    s.handle("five of clubs on six of spades")
    assert pile(s.engine, s.state, "pile1").cards == cards("6S 5C")
    s.handle("queen of diamonds up")
    assert pile(s.engine, s.state, "foundation1").cards == cards("JD QD")
    assert s.handle("deal").sentences[0].startswith("Dealt")
    assert s.handle("read pile seven").sentences == ["Pile seven: four of clubs."]
    assert s.handle("help").sentences[0].startswith("Agnes. The card on foundation one")
    assert s.handle("score").sentences == ["2 of 52 cards home."]


def test_play_agnes_by_name():
    s = Session("klondike", seed=1)
    s.handle("play agnes")
    s.handle("yes")
    assert s.engine.game.key == "agnes"


def test_scripted_win_through_the_cli():
    """The one seed of 1-200 the solver won in 2 s (Agnes is "very hard to win")."""
    from helpers import play_script

    lines = play_script("agnes", "agnes_seed127_win.txt", "--seed", "127", then="score")
    assert any("won" in line.lower() for line in lines)
    assert lines[-1] == "52 of 52 cards home."
    assert not any(line.startswith(("Sorry", "Which", "Where", "The ", "Did")) for line in lines)


def test_scripted_seed_to_no_moves_left_through_the_cli():
    """Seed 2, proved lost by the solver, played by the hint's first choice to its end."""
    from helpers import play_script

    lines = play_script("agnes", "agnes_seed2_stuck.txt", "--seed", "2", then="score")
    assert lines[-2] == "No moves left. Say undo, restart or new game." and lines[-1] == "3 of 52 cards home."
    assert not any(line.startswith(("Sorry", "Which", "Where", "Did")) for line in lines)
