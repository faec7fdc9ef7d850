"""Small builders shared by the tests: positions from card codes, engines by name."""

from __future__ import annotations

from voicegame.cards import Card
from voicegame.engine import Engine, Pile, State
from voicegame.games import find_game


def cards(codes: str) -> tuple[Card, ...]:
    return tuple(Card.from_code(c) for c in codes.split())


def klondike_engine(**options: object) -> Engine:
    return Engine(find_game("klondike").make(**options))


def position(engine: Engine, redeals: int = 0, **piles: str | tuple[str, int]) -> State:
    """A position with only the named piles filled: ``pile3="4D 9S 2D"`` (all face up) or
    ``pile3=("4D 9S 2D", 2)`` (the two lowest face down). Stock cards are face down."""
    result = [Pile() for _ in engine.specs]
    for pile_id, value in piles.items():
        codes, down = (value, 0) if isinstance(value, str) else value
        index = engine.layout.index[pile_id]
        dealt = cards(codes)
        if pile_id == "stock":
            down = len(dealt)
        result[index] = Pile(dealt, down)
    return State(tuple(result), redeals)
