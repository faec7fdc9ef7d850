"""What a game's rules say of its deal, declared beside the game ("Klondike: pile k has k cards, k - 1
face down"): written by hand from the rules, never generated from the deal, so that tests/test_deals.py
checks the code that deals against the rules rather than against itself (on several seeds)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

Shape = tuple[int | None, int | None]
"""(cards, of them face down); None where the rules leave it open."""


@dataclass(frozen=True)
class DealRules:
    """What a game's rules fix about its deal, by pile id."""

    piles: dict[str, Shape]
    cards: dict[str, str] = field(default_factory=dict)  # exact cards, bottom first
    ranks: dict[str, str] = field(default_factory=dict)  # every card of the pile has this rank ("A")
    every: Shape = (None, None)  # what every pile of the layout shows, named or not
    absent: tuple[str, ...] = ()  # piles the game does not have
    score: int | None = None


def each(prefix: str, shapes: Iterable[Shape]) -> dict[str, Shape]:
    """``prefix1``, ``prefix2``...: one shape each."""
    return {f"{prefix}{n}": shape for n, shape in enumerate(shapes, start=1)}


def same(prefix: str, count: int, shape: Shape) -> dict[str, Shape]:
    """``prefix1`` to ``prefix<count>``, all alike."""
    return each(prefix, [shape] * count)


def grid(rows: int, columns: int, shape: Shape) -> dict[str, Shape]:
    """The places ``r1c1`` to ``r<rows>c<columns>``, all alike."""
    return {f"r{r}c{c}": shape for r in range(1, rows + 1) for c in range(1, columns + 1)}


def pyramid(rows: int, shape_of_row: Callable[[int], Shape]) -> dict[str, Shape]:
    """Row r of a pyramid has r places, ``r<r>c1`` to ``r<r>c<r>``; ``shape_of_row(r)`` for each."""
    return {f"r{r}c{c}": shape_of_row(r) for r in range(1, rows + 1) for c in range(1, r + 1)}


def suits(*codes: str) -> dict[str, str]:
    """The four foundations named by suit, clubs to spades, with these cards."""
    return dict(zip(("clubs", "diamonds", "hearts", "spades"), codes))


def klondike_triangle(prefix: str = "pile") -> dict[str, Shape]:
    """Klondike's seven piles: pile k has k cards, k - 1 face down."""
    return each(prefix, [(n, n - 1) for n in range(1, 8)])


EMPTY: Shape = (0, 0)
ONE: Shape = (1, None)
FACE_UP: Shape = (None, 0)
FOUNDATIONS = ("foundation1", "foundation2", "foundation3", "foundation4")
ACES = suits("AC", "AD", "AH", "AS")
EMPTY_SUITS: dict[str, Shape] = {suit: EMPTY for suit in ("clubs", "diamonds", "hearts", "spades")}
