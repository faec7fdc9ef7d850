"""Undo and redo to any depth: a list of positions and the moves between them.

>>> from voicegame.engine.state import State
>>> start, later = State(()), State((), redeals=1)
>>> history = History.start(start)
>>> history.push(Move.deal(), later)
>>> history.undo() == Move.deal(), history.current is start, history.can_redo()
(True, True, True)
>>> history.redo() == Move.deal(), history.current is later
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from voicegame.engine.moves import Move
from voicegame.engine.state import State


@dataclass
class History:
    """Positions ``states[0..]`` with ``moves[i]`` leading from ``states[i]`` to ``states[i+1]``.

    ``cursor`` is the index of the current position; states after it can be redone
    until a new move is made.
    """

    states: list[State]
    moves: list[Move] = field(default_factory=list)
    cursor: int = 0

    @classmethod
    def start(cls, state: State) -> "History":
        return cls([state])

    @property
    def current(self) -> State:
        return self.states[self.cursor]

    @property
    def moves_made(self) -> list[Move]:
        return self.moves[: self.cursor]

    def push(self, move: Move, state: State) -> None:
        del self.states[self.cursor + 1 :]
        del self.moves[self.cursor :]
        self.states.append(state)
        self.moves.append(move)
        self.cursor += 1

    def can_undo(self) -> bool:
        return self.cursor > 0

    def can_redo(self) -> bool:
        return self.cursor < len(self.states) - 1

    def undo(self) -> Move:
        """Step back; returns the move that was taken back."""
        if not self.can_undo():
            raise IndexError("nothing to undo")
        self.cursor -= 1
        return self.moves[self.cursor]

    def redo(self) -> Move:
        """Step forward again; returns the move that was replayed."""
        if not self.can_redo():
            raise IndexError("nothing to redo")
        self.cursor += 1
        return self.moves[self.cursor - 1]
