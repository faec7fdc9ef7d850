"""Forty Thieves: every rule of AisleRiot's manual (legal and illegal side), scoring, voice and a
scripted game through the text CLI (conservation, undo/redo and saves: test_conformance.py)."""

from helpers import cards, move_of as mv, pile, play_script, position, session_at, why_not as why
from voicegame.engine import Drew, Move, MoveKind, Won
from voicegame.engine.auto import same_suit_ready
from voicegame.play.session import Session

GAME = "forty_thieves"
DRAW = Move(MoveKind.DEAL)
SUIT = "A{s} 2{s} 3{s} 4{s} 5{s} 6{s} 7{s} 8{s} 9{s} T{s} J{s} Q{s} K{s}"


def test_build_down_in_suit(engine):
    state = position(engine, pile1="8S", pile2="7S", pile3="7C", pile4="6S")
    assert why(engine, state, "pile2", "pile1") is None
    assert why(engine, state, "pile3", "pile1") == "needs_same"
    assert why(engine, state, "pile4", "pile1") == "needs_rank"


def test_an_empty_pile_takes_any_card(engine):
    state = position(engine, pile1="8S 4D", waste="7C")
    assert why(engine, state, "pile1", "pile2") is None
    assert why(engine, state, "waste", "pile2") is None


def test_runs_move_only_as_far_as_empty_piles_allow(engine):
    full = {f"pile{n}": "2C" for n in range(4, 11)}
    state = position(engine, pile1="9H 8H 7H", pile2="TH", pile3="8H", **full)
    assert why(engine, state, "pile1", "pile3") is None  # one card: always
    assert why(engine, state, "pile1", "pile2", 3) == "run_too_long"  # no empty pile: singly
    one_empty = position(engine, pile1="9H 8H 7H", pile2="TH", **full)
    assert why(engine, one_empty, "pile1", "pile2", 3) == "run_too_long"  # 2 ** 1 = 2 cards
    two_empty = position(engine, pile1="9H 8H 7H", pile2="TH", **{k: v for k, v in full.items() if k != "pile10"})
    assert why(engine, two_empty, "pile1", "pile2", 3) is None  # 2 ** 2 = 4 cards
    mixed = position(engine, pile1="9H 8C", pile2="TH")
    assert why(engine, mixed, "pile1", "pile2", 2) == "not_one_suit"


def test_foundations_build_up_in_suit_from_the_ace_one_card_at_a_time(engine):
    state = position(engine, pile1="3H 2H AH", pile2="2S", foundation2="AH", pile3="AH")
    assert why(engine, state, "pile1", "foundation1") is None  # any suit's ace
    assert why(engine, state, "pile2", "foundation1") == "empty_needs_rank"
    after = engine.apply(state, mv(engine, "pile1", "foundation1"))[0]
    assert why(engine, after, "pile1", "foundation1") is None and why(engine, after, "pile1", "foundation2") is None
    assert why(engine, after, "pile2", "foundation1") == "needs_same"
    assert why(engine, position(engine, foundation1="AH 2H", pile1="3S"), "foundation1", "pile1") == "cannot_take_from"


def test_a_run_goes_to_a_foundation_in_one_move_laid_in_reverse(engine):
    """The manual: "Cards can also be moved in groups to the Foundation piles"; the top card lands first."""
    full = {f"pile{n}": "KC" for n in range(3, 11)}  # no empty pile: the free-space limit does not apply to foundations
    state = position(engine, pile1="3D 2D", pile2="5S 4D 3D 2D", foundation1="AD", **full)
    assert why(engine, state, "pile1", "foundation1", 2) is None
    assert why(engine, state, "pile2", "foundation1", 3) is None
    assert why(engine, state, "pile2", "foundation1", 4) == "not_one_suit"  # the five of spades is not in the run
    assert why(engine, state, "pile1", "foundation2", 2) == "empty_needs_rank"
    assert mv(engine, "pile2", "foundation1", 3) in engine.legal_moves(state)
    after, events = engine.apply(state, mv(engine, "pile2", "foundation1", 3))
    assert pile(engine, after, "foundation1").cards == cards("AD 2D 3D 4D")
    assert [e.cards for e in events if hasattr(e, "cards")] == [cards("2D"), cards("3D"), cards("4D")]
    assert pile(engine, after, "pile2").cards == cards("5S")


def test_the_stock_turns_one_card_at_a_time_with_no_redeal(engine):
    state = position(engine, stock="4C 5D", pile1="6D")
    after, events = engine.apply(state, DRAW)
    assert pile(engine, after, "waste").cards == cards("5D") and any(isinstance(e, Drew) for e in events)
    assert why(engine, after, "waste", "pile1") is None
    after = engine.apply(engine.apply(after, DRAW)[0], mv(engine, "waste", "pile2"))[0]
    assert not pile(engine, after, "stock").cards
    assert engine.why_not(after, DRAW) is not None  # no redeal


def test_score_five_a_card_and_sixty_a_finished_foundation(engine):
    state = position(engine, foundation1=SUIT.format(s="H"), foundation2="AS 2S")
    assert engine.score(state) == 15 * 5 + 60
    homes = {f"foundation{n}": SUIT.format(s="HDCS"[(n - 1) % 4]) for n in range(1, 8)}
    last = position(engine, **homes, foundation8=SUIT.format(s="S").rsplit(" ", 1)[0], pile1="KS")
    assert not engine.is_won(last)
    after, events = engine.apply(last, mv(engine, "pile1", "foundation8"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 1000


def test_a_card_is_safe_to_send_home_once_both_cards_below_it_are_home(engine):
    state = position(engine, foundation1="AH 2H", foundation2="AH", pile1="3H", pile2="AS")
    assert not same_suit_ready(engine.game, state, engine.layout.index["pile1"])
    assert same_suit_ready(engine.game, state, engine.layout.index["pile2"])
    both = position(engine, foundation1="AH 2H", foundation2="AH 2H", pile1="3H")
    assert same_suit_ready(engine.game, both, engine.layout.index["pile1"])


def test_no_moves_left_only_with_the_stock_empty_and_nothing_useful(engine):
    full = {f"pile{n}": card for n, card in zip(range(1, 11), "2C 4C 6C 8C TC QC 2H 4H 6H 8H".split())}
    assert engine.is_stuck(position(engine, **full))
    assert not engine.is_stuck(position(engine, **{**full, "pile1": "5C"}))  # onto the six of clubs
    assert not engine.is_stuck(position(engine, stock="4D", **full))


# ----- voice -------------------------------------------------------------------------------------------
def test_voice_commands_read_and_help():
    s = session_at(GAME, stock="4C 5D", pile1="8H 7H", pile2="AD", pile3="9H")
    assert s.handle("draw").sentences[0].startswith("Five of diamonds")
    s.handle("seven of hearts on eight of hearts")  # the same card: a no-op is refused
    s.handle("pile one to pile three")
    assert pile(s.engine, s.state, "pile3").cards == cards("9H 8H 7H")
    s.handle("ace of diamonds up")
    assert pile(s.engine, s.state, "foundation1").cards == cards("AD")
    assert s.handle("read foundation one").sentences == ["Foundation one: up to ace."]
    assert s.handle("help").sentences[0].startswith("Forty Thieves. Two decks")
    assert s.handle("score").sentences == ["Score 5 of 1000."]


def test_play_forty_thieves_by_name():
    s = Session("klondike", seed=1)
    s.handle("play forty thieves")
    s.handle("yes")
    assert s.engine.game.key == "forty_thieves"


def test_scripted_win_through_the_cli():
    lines = play_script("forty_thieves", "forty_thieves_seed27_win.txt", "--seed", "27", then="score")
    assert any("won" in line.lower() for line in lines)
    assert lines[-1] == "Score 1000 of 1000."
    assert not any(line.startswith(("Sorry", "Which", "Where", "The ", "Did")) for line in lines)
