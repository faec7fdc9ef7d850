"""Search hooks of the Spider family. See :mod:`voicegame.solver.hooks` for what a hook is."""

from __future__ import annotations

from voicegame.engine.cards import Card
from voicegame.engine import Move, MoveKind, Pile, PileKind, State
from voicegame.solver.core import Action, Positions
from voicegame.solver.hook_base import SolverHooks


# ----- Spider ------------------------------------------------------------------------------------
def in_suit(under: Card, over: Card) -> bool:
    return under.suit is over.suit and under.rank == over.rank + 1


def _top_run(pile: Pile) -> int:
    """How many cards on top of ``pile`` form one run in one suit (0 for an empty or face-down top)."""
    cards, n = pile.cards, pile.up_count
    if not n:
        return 0
    run = 1
    while run < n and in_suit(cards[-run - 1], cards[-run]):
        run += 1
    return run


class _SpiderMove:
    """What a Spider column-to-column move does, worked out once for the hooks below."""

    __slots__ = ("src", "dst", "count", "reveals", "empties", "breaks", "in_suit", "to_empty", "whole_run", "completes", "exposed")

    def __init__(self, state: State, move: Move) -> None:
        self.src, self.dst, self.count = state.piles[move.src], state.piles[move.dst], move.count
        src, dst, count = self.src, self.dst, self.count
        base = src.cards[-count]
        keep = len(src.cards) - count
        self.exposed = src.cards[keep - 1] if keep and keep > src.down else None
        self.reveals = keep > 0 and keep == src.down
        self.empties = keep == 0
        self.breaks = self.exposed is not None and in_suit(self.exposed, base)
        self.to_empty = not dst.cards
        self.in_suit = not self.to_empty and in_suit(dst.cards[-1], base)
        self.whole_run = count == _top_run(src)
        self.completes = self.in_suit and _top_run(dst) + count >= 13


def _seats_a_run(state: State, tableau: tuple[int, ...], card: Card, skip: int) -> bool:
    """True when some column's top run could go onto ``card`` in suit."""
    for i in tableau:
        if i == skip:
            continue
        pile = state.piles[i]
        run = _top_run(pile)
        if run and in_suit(card, pile.cards[-run]):
            return True
    return False


def spider_priority(positions: Positions, state: State, action: Action) -> float:
    """Runs that finish a suit first, then building in suit where that turns a card over or
    empties a column, then any other building in suit, then off-suit moves that turn a card
    over, then the rest; a deal last."""
    move = action[-1]
    if move.kind is not MoveKind.MOVE:
        return 50.0
    m = _SpiderMove(state, move)
    if m.completes:
        return 0.0
    if m.in_suit:
        if m.reveals:
            return 1.0 + m.src.down / 100
        if m.empties:
            return 1.5
        return 2.0 + (0.5 if m.breaks else 0.0)
    if m.to_empty:
        return (4.0 + m.src.down / 100) if m.reveals else 9.0 + (0.5 if m.breaks else 0.0)
    if m.reveals:
        return 3.0 + m.src.down / 100
    if m.empties:
        return 3.5
    return 8.0 + (0.5 if m.breaks else 0.0)


def spider_prune(positions: Positions, state: State, action: Action) -> bool:
    """Skip moves a good player would not try (unsound: for the first pass only).

    Never split a run in one suit unless that finishes a suit; to an empty column only whole
    runs, and only when that turns a card over or frees a seat some run can use; off suit only
    when that turns a card over, empties a column or frees a seat some run can use."""
    move = action[-1]
    if move.kind is not MoveKind.MOVE:
        return False
    m = _SpiderMove(state, move)
    if m.completes:
        return False
    if m.breaks:
        return True
    if m.in_suit:
        return False
    tableau = positions.engine.game.indices(PileKind.TABLEAU)
    frees_seat = m.exposed is not None and _seats_a_run(state, tableau, m.exposed, move.src)
    if m.to_empty:
        return not m.whole_run or not (m.reveals or frees_seat)
    return not (m.reveals or m.empties or frees_seat)


SPIDER = SolverHooks(priority=spider_priority, prune=spider_prune)
