"""Backbone: every rule of AisleRiot's manual (legal and illegal side), voice and a scripted game
through the text CLI (conservation, undo/redo and saves: test_conformance.py)."""

from helpers import cards, move_of as mv, pile, play_script, position, session_at, why_not as why
from voicegame.engine import Move, MoveKind, Restacked, Won
from voicegame.play.session import Session

GAME = "backbone"
DRAW = Move(MoveKind.DEAL)
SUIT = "A{s} 2{s} 3{s} 4{s} 5{s} 6{s} 7{s} 8{s} 9{s} T{s} J{s} Q{s} K{s}"


def test_the_stacks_are_free_only_once_the_backbone_card_has_gone(engine):
    state = position(engine, backbone="KD", stack1="4H 9S", stack2="5C", pile1="TS", pile2="6C")
    assert why(engine, state, "stack1", "pile1") == "pile_blocked"
    assert why(engine, state, "stack2", "pile2") == "pile_blocked"
    free = position(engine, stack1="4H 9S", stack2="5C", pile1="TS", pile2="6C")
    assert why(engine, free, "stack1", "pile1") is None and why(engine, free, "stack2", "pile2") is None
    assert why(engine, position(engine, backbone="9S", pile1="TS"), "backbone", "pile1") is None


def test_build_down_in_suit_one_card_at_a_time(engine):
    state = position(engine, pile1="8S", pile2="7S", pile3="7C", pile4="6S", pile5="8H 7H", pile6="9H")
    assert why(engine, state, "pile2", "pile1") is None
    assert why(engine, state, "pile3", "pile1") == "needs_same"
    assert why(engine, state, "pile4", "pile1") == "needs_rank"
    assert why(engine, state, "pile5", "pile6", 2) == "not_on_top"


def test_an_empty_pile_takes_any_card_but_a_reserve_card(engine):
    state = position(engine, pile1="8S 4D", waste="7C", backbone="QH", pile3="2S")
    assert why(engine, state, "pile1", "pile2") is None
    assert why(engine, state, "waste", "pile2") is None
    assert why(engine, state, "backbone", "pile2") == "empty_not_from"
    assert why(engine, position(engine, stack1="QH"), "stack1", "pile2") == "empty_not_from"


def test_foundations_build_up_in_suit_from_the_ace_and_keep_their_cards(engine):
    state = position(engine, backbone="AH", pile1="2S", waste="AS")
    assert why(engine, state, "backbone", "foundation1") is None  # a reserve card may go up
    assert why(engine, state, "pile1", "foundation1") == "empty_needs_rank"
    assert why(engine, position(engine, foundation1="AH", pile1="2S"), "pile1", "foundation1") == "needs_same"
    assert why(engine, position(engine, foundation1="AH 2H", pile1="3S"), "foundation1", "pile1") == "cannot_take_from"


def test_the_stock_turns_one_card_at_a_time_and_goes_round_twice(engine):
    state = position(engine, stock="4C 5D")
    state = engine.apply(engine.apply(state, DRAW)[0], DRAW)[0]
    assert pile(engine, state, "waste").cards == cards("5D 4C") and not pile(engine, state, "stock").cards
    state, events = engine.apply(state, DRAW)  # the one redeal, order kept
    assert any(isinstance(e, Restacked) for e in events)
    assert pile(engine, state, "stock").cards == cards("4C 5D") and not pile(engine, state, "waste").cards
    state = engine.apply(engine.apply(state, DRAW)[0], DRAW)[0]
    assert engine.why_not(state, DRAW) is not None  # no third pass


def test_won_with_every_card_on_the_foundations(engine):
    homes = {f"foundation{n}": SUIT.format(s="HDCS"[(n - 1) % 4]) for n in range(1, 8)}
    last = position(engine, **homes, foundation8=SUIT.format(s="S").rsplit(" ", 1)[0], stack2="KS")
    assert not engine.is_won(last) and engine.score(last) == 103
    after, events = engine.apply(last, mv(engine, "stack2", "foundation8"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 104


def test_no_moves_left(engine):
    full = {f"pile{n}": card for n, card in zip(range(1, 9), "2C 4C 6C 8C TC QC 2H 4H".split())}
    assert engine.is_stuck(position(engine, backbone="9D", stack1="5S", **full))
    assert not engine.is_stuck(position(engine, backbone="3H", **full))  # onto the four of hearts


# ----- voice -------------------------------------------------------------------------------------------
def test_voice_commands_read_and_help():
    s = session_at(GAME, backbone="9H", stack1="AD 3S", stack2="7D", pile1="TH", pile2="4S")
    assert s.handle("left stack to pile two").sentences[0].startswith("The backbone")
    s.handle("backbone to pile one")
    assert pile(s.engine, s.state, "pile1").cards == cards("TH 9H")
    s.handle("three of spades on four of spades")
    s.handle("ace of diamonds up")
    assert pile(s.engine, s.state, "foundation1").cards == cards("AD")
    assert s.handle("read right stack").sentences == ["The right stack: seven of diamonds."]
    assert s.handle("help").sentences[0].startswith("Backbone. Two decks")
    assert s.handle("score").sentences == ["1 of 104 cards home."]


def test_play_backbone_by_name():
    s = Session("klondike", seed=1)
    s.handle("play backbone")
    s.handle("yes")
    assert s.engine.game.key == "backbone"


def test_scripted_win_through_the_cli():
    lines = play_script("backbone", "backbone_seed1_win.txt", "--seed", "1", then="score")
    assert any("won" in line.lower() for line in lines)
    assert lines[-1] == "104 of 104 cards home."
    reserve_tops = ("The left stack: ", "The right stack: ")  # what a stack shows once its top card left
    assert not any(line.startswith(("Sorry", "Which", "Where", "The ", "Did")) and not line.startswith(reserve_tops) for line in lines)
