"""Klondike's history and the invariants every sequence of its moves, undos and redos must keep (undo by
voice to the deal and back, for every game: test_conformance.py)."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import klondike_engine, play_actions
from voicegame.engine.cards import new_deck
from voicegame.engine import History, MoveKind
from voicegame.play.session import Session


def test_a_new_move_after_undo_drops_the_redo_branch():
    engine = klondike_engine()
    history = History.start(engine.deal(3))
    deal = engine.legal_moves(history.current)[-1]
    history.push(deal, engine.apply(history.current, deal)[0])
    history.undo()
    history.push(deal, engine.apply(history.current, deal)[0])
    assert not history.can_redo() and len(history.states) == 2


def check_invariants(engine, state) -> None:
    cards = engine.cards_in_play(state)
    assert Counter(cards) == Counter(new_deck()), "every card exactly once"
    for spec, pile in zip(engine.specs, state.piles):
        assert 0 <= pile.down <= len(pile.cards)
        if spec.kind.value in ("waste", "foundation"):
            assert pile.down == 0, f"{spec.id} has face-down cards"
        if spec.kind.value == "stock":
            assert pile.down == len(pile.cards), "stock cards are face down"
        if spec.kind.value == "tableau" and pile.cards:
            assert pile.top_face_up, f"{spec.id} top is face down"


ACTIONS = st.lists(st.tuples(st.sampled_from(["move", "move", "move", "undo", "redo"]), st.integers(0, 1000)), max_size=80)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), draw=st.sampled_from([1, 3]), actions=ACTIONS)
def test_any_sequence_of_moves_undos_and_redos_keeps_the_invariants(seed, draw, actions):
    session = Session("klondike", options={"draw": draw}, seed=seed)
    play_actions(session, actions, check_invariants)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 1000), max_size=60))
def test_every_listed_move_is_legal_and_deals_are_listed_when_allowed(seed, choices):
    engine = klondike_engine()
    state = engine.deal(seed)
    for choice in [*choices, 0]:  # the deal and every position reached are checked
        moves = engine.legal_moves(state)
        assert all(engine.why_not(state, m) is None for m in moves)
        assert (any(m.kind is MoveKind.DEAL for m in moves)) == (engine.game.stock_rule.why_not(engine.layout, state) is None)
        if not moves:
            break
        state = engine.apply(state, moves[choice % len(moves)])[0]
