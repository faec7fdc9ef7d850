"""The whole game position as one immutable value.

Immutable states make undo/redo a list of states, make the solver's
transposition table a dict, and let tests compare positions with ``==``.
"""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine.piles import Pile


@dataclass(frozen=True, slots=True)
class State:
    """Every pile (in the game definition's order) and the redeals used so far.

    ``counters``: numbers a game's ``settle`` hook keeps from move to move (Triple Peaks'
    score and current run); empty for most games."""

    piles: tuple[Pile, ...]
    redeals: int = 0
    counters: tuple[int, ...] = ()

    def with_piles(self, changes: dict[int, Pile]) -> "State":
        piles = list(self.piles)
        for index, pile in changes.items():
            piles[index] = pile
        return State(tuple(piles), self.redeals, self.counters)
