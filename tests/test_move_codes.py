"""Moves as text (``Move.code`` / ``Move.from_code``): every legal move of every game round-trips,
codes name piles by id, and text that is not a code is refused with a reason."""

from __future__ import annotations

import doctest
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import voicegame.engine.moves as moves_module
from voicegame.engine import Engine, Move, MoveKind
from voicegame.engine.moves import MoveCodeError
from voicegame.games import GAMES, find_game


def test_doctests() -> None:
    result = doctest.testmod(moves_module)
    assert result.attempted >= 10 and result.failed == 0


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.key)
def test_every_legal_move_round_trips(entry) -> None:
    """For random games of every game: every legal move at every position reached is read back
    from its code as the same move."""
    engine = Engine(entry.make())
    kinds_seen: set[MoveKind] = set()
    for seed in range(1, 4):
        rng = random.Random(seed)
        state = engine.deal(seed)
        for _ in range(80):
            legal = engine.legal_moves(state)
            if not legal:
                break
            for move in legal:
                code = move.code(engine)
                assert Move.from_code(code, engine) == move, code
                assert Move.from_code(code, engine.game) == move and Move.from_code(code, engine.layout) == move
                kinds_seen.add(move.kind)
            state = engine.apply(state, rng.choice(legal))[0]
    assert kinds_seen  # the walk saw moves at all


ENGINES = {entry.key: Engine(entry.make()) for entry in GAMES}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(sorted(ENGINES)), seed=st.integers(0, 2**31), picks=st.lists(st.integers(0, 10**6), max_size=40))
def test_property_from_code_of_code_is_the_move(key: str, seed: int, picks: list[int]) -> None:
    """Any game, any deal, any line of legal moves: ``from_code(code(m)) == m`` for the move made."""
    engine = ENGINES[key]
    state = engine.deal(seed % (2**31) if key != "freecell" else 1 + seed % 1_000_000)
    for pick in picks:
        legal = engine.legal_moves(state)
        if not legal:
            break
        move = legal[pick % len(legal)]
        assert Move.from_code(move.code(engine), engine) == move
        state = engine.apply(state, move)[0]


def test_a_move_naming_a_pile_the_game_lacks_is_refused() -> None:
    klondike = find_game("klondike").make()
    with pytest.raises(MoveCodeError, match="names pile 40"):
        Move.cards(1, 40).code(klondike)


def test_codes_name_piles_by_id() -> None:
    klondike = Engine(find_game("klondike").make())
    index = klondike.layout.index
    assert Move.cards(index["pile7"], index["pile5"]).code(klondike) == "pile7>pile5"
    assert Move.cards(index["pile7"], index["pile5"], 3).code(klondike) == "pile7>pile5x3"
    assert Move.cards(index["waste"], index["hearts"]).code(klondike) == "waste>hearts"
    assert Move.deal().code(klondike) == "deal"
    treize = Engine(find_game("treize").make())
    at = treize.layout.index
    assert Move.pair((at["r7c1"], -1), (at["waste"], -1)).code(treize) == "r7c1@top+waste@top"
    assert Move.pair((at["r6c2"], 3)).code(treize) == "r6c2@3"
    assert Move.from_code("r6c2@3", treize) == Move.pair((at["r6c2"], 3))


@pytest.mark.parametrize("text, why", [
    ("", "not a move code"),
    ("pile7 to pile5", "not a move code"),
    ("pile7>pile9", "no pile 'pile9'"),
    ("pile7>pile5x0", "count must be from 1 to 104"),
    ("pile7>pile5x105", "count must be from 1 to 104"),
    ("pile7>>pile5", "SRC>DST"),
    ("pile7@top+pile6@top+pile5@top", "not a move code"),
    ("pile7@under", "not a move code"),
    ("deals", "not a move code"),
])
def test_bad_text_is_refused_with_a_reason(text: str, why: str) -> None:
    klondike = find_game("klondike").make()
    with pytest.raises(MoveCodeError, match=why):
        Move.from_code(text, klondike)
