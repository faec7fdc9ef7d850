"""Straight Up: every rule of AisleRiot's manual (legal and illegal side), voice and a scripted game
through the text CLI (conservation, undo/redo and saves: test_conformance.py)."""

from helpers import cards, move_of as mv, pile, play_script, position, session_at, why_not as why
from voicegame.engine import Move, MoveKind, Pile, State, Won
from voicegame.play.session import Session

GAME = "straight_up"
DRAW = Move(MoveKind.DEAL)


def test_foundations_build_up_in_suit_from_two_to_king_then_ace(engine):
    state = position(engine, hearts="2H", pile1="3H", pile2="3S", pile3="4H")
    assert why(engine, state, "pile1", "hearts") is None
    assert why(engine, state, "pile2", "hearts") == "wrong_suit"
    assert why(engine, state, "pile3", "hearts") == "needs_rank"
    kings = position(engine, hearts="2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", pile1="AH")
    assert why(engine, kings, "pile1", "hearts") is None  # the ace comes last
    assert why(engine, position(engine, hearts="2H", pile1="AH"), "pile1", "hearts") == "needs_rank"
    assert why(engine, position(engine, hearts="2H 3H", pile1="4S"), "hearts", "pile1") == "cannot_take_from"


def test_piles_build_down_in_suit_and_runs_move(engine):
    state = position(engine, pile1="8S", pile2="7S", pile3="7C", reserve="KD")
    assert why(engine, state, "pile2", "pile1") is None
    assert why(engine, state, "pile3", "pile1") == "needs_same"
    run = position(engine, pile1="9H 8H 7H", pile2="TH", pile3="2C", pile4="3C", reserve="KD")
    assert why(engine, run, "pile1", "pile2", 3) is None
    assert why(engine, position(engine, pile1="9H 7H", pile2="TH", reserve="KD"), "pile1", "pile2", 2) == "not_a_run"


def test_aces_are_high_on_the_piles_too(engine):
    """The manual: foundations go "from twos to aces": the ace is the highest card, so a king goes on it."""
    state = position(engine, pile1="AS", pile2="KS", pile3="2S", reserve="KD")
    assert why(engine, state, "pile2", "pile1") is None
    assert why(engine, state, "pile1", "pile3") == "nothing_goes_on"  # nothing goes on a two: it is the lowest
    run = position(engine, pile1="AH KH QH", pile2="2H", pile3="3C", pile4="4C", reserve="KD")
    assert [m.count for m in engine.legal_moves(run) if m.src == engine.layout.index["pile1"]] == []  # nowhere to go, but:
    assert why(engine, run, "pile1", "pile2", 3) == "nothing_goes_on"
    assert engine.game.piles[engine.layout.index["pile1"]].takes.counts(run.piles[engine.layout.index["pile1"]]) == range(1, 4)


def test_a_gap_is_filled_at_once_from_the_reserve(engine):
    start = position(engine, pile1="8S", pile2="7S", pile3="QC", pile4="5D")
    reserve = Pile(cards("2D 9C"), 1)
    state = State(tuple(reserve if i == engine.layout.index["reserve"] else p for i, p in enumerate(start.piles)))
    after = engine.apply(state, mv(engine, "pile2", "pile1"))[0]
    assert pile(engine, after, "pile2").cards == cards("9C") and pile(engine, after, "reserve").up_count == 1


def test_once_the_reserve_is_empty_a_gap_takes_only_the_waste_top(engine):
    state = position(engine, pile1="8S 4D", pile3="QC", waste="7C")
    assert why(engine, state, "waste", "pile2") is None
    assert why(engine, state, "pile1", "pile2") == "empty_not_from"


def test_the_stock_turns_one_card_at_a_time_with_two_redeals(engine):
    state = position(engine, stock="4C", reserve="KD")
    for _ in range(2):
        state = engine.apply(engine.apply(state, DRAW)[0], DRAW)[0]
    state = engine.apply(state, DRAW)[0]
    assert pile(engine, state, "waste").cards == cards("4C") and engine.why_not(state, DRAW) is not None


def test_won_with_every_card_on_the_foundations(engine):
    run = "2{s} 3{s} 4{s} 5{s} 6{s} 7{s} 8{s} 9{s} T{s} J{s} Q{s} K{s} A{s}"
    homes = {s: run.format(s=s[0].upper()) for s in ("hearts", "diamonds", "clubs")}
    last = position(engine, **homes, spades=run.format(s="S").rsplit(" ", 1)[0], pile1="AS")
    assert engine.score(last) == 47
    after, events = engine.apply(last, mv(engine, "pile1", "spades"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 48


# ----- voice -------------------------------------------------------------------------------------------
def test_voice_commands_read_and_help():
    s = session_at(GAME, hearts="2H", stock="4C 5D", reserve="3H", pile1="6D", pile2="9S", pile3="QC", pile4="2C")
    assert s.handle("draw").sentences[0].startswith("Five of diamonds")
    s.handle("five of diamonds on six of diamonds")
    assert pile(s.engine, s.state, "pile1").cards == cards("6D 5D")
    s.handle("three of hearts up")
    assert pile(s.engine, s.state, "hearts").cards == cards("2H 3H")
    assert s.handle("help").sentences[0].startswith("Straight Up. The four twos")
    assert s.handle("score").sentences == ["1 of 48 cards home on the twos."]


def test_play_straight_up_by_name():
    s = Session("klondike", seed=1)
    s.handle("play straight up")
    s.handle("yes")
    assert s.engine.game.key == "straight_up"


def test_scripted_win_through_the_cli():
    lines = play_script("straight_up", "straight_up_seed9_win.txt", "--seed", "9", then="score")
    assert any("won" in line.lower() for line in lines)
    assert lines[-1] == "48 of 48 cards home on the twos."
    assert not any(line.startswith(("Sorry", "Which", "Where", "The ", "Did")) and not line.startswith("The reserve shows") for line in lines)
