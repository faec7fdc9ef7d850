"""The game in play: one deal of one game, its history, undo and redo, and the moves it makes by itself.

No words here: :class:`GameInPlay` applies moves and answers questions about the position; the
session says what happened.
"""

from __future__ import annotations

from typing import Any

from voicegame.engine import Engine, Event, History, Move, MoveKind, Moved, PileKind, State, TurnedOver, Won
from voicegame.engine.auto import safe_foundation_move
from voicegame.engine.game import GameDef
from voicegame.games import GameEntry
from voicegame.storage.savefile import SavedGame, new_game_id, now_iso


class GameInPlay:
    """One deal being played: ``entry`` with ``options``, dealt from ``seed``.

    ``game_id`` names it in saves and statistics; ``started`` and ``seconds`` are its playing time;
    ``finished`` says it was won; ``recorded`` that its result is in the statistics."""

    def __init__(self, entry: GameEntry, options: dict[str, Any], seed: int | None, game_id: str | None = None) -> None:
        self.entry = entry
        self.options = {o.name: options.get(o.name, o.default) for o in entry.options}
        self.game: GameDef = entry.make(**self.options)
        self.engine = Engine(self.game)
        self.seed = entry.random_seed() if seed is None else seed
        self.history = History.start(self.engine.deal(self.seed))
        self.game_id = game_id or new_game_id()
        self.started = now_iso()
        self.seconds = 0.0
        self.recorded = False
        self.finished = False

    @property
    def state(self) -> State:
        return self.history.current

    def take_up(self, saved: SavedGame) -> None:
        """Go on with ``saved`` (dealt with the same seed) from where it was left, its redo tail included;
        positions the save does not hold are worked out when undo or redo first needs them."""
        self.history = saved.history(self.engine)
        self.started, self.seconds = saved.started, saved.seconds
        self.finished = self.engine.is_won(self.state)

    def play(self, move: Move) -> tuple[State, list[Event]]:
        """Apply ``move`` (raises ``IllegalMove``); returns the position before it and the events."""
        before = self.state
        after, events = self.engine.apply(before, move)
        self.history.push(move, after)
        if any(isinstance(e, Won) for e in events):
            self.finished = True
        return before, events

    def undo(self) -> Move:
        move = self.history.undo()
        self.finished = False
        return move

    def redo(self) -> Move:
        move = self.history.redo()
        self.finished = self.engine.is_won(self.state)
        return move

    def can_draw(self) -> bool:
        return self.engine.is_legal(self.state, Move(MoveKind.DEAL))

    def is_stuck(self) -> bool:
        return self.engine.is_stuck(self.state)

    def in_progress(self) -> bool:
        """Moves made, and the game neither won nor out of moves: leaving it would lose something."""
        return self.history.cursor > 0 and not self.finished and not self.is_stuck()

    def is_over(self) -> bool:
        """Won, or no move left."""
        return self.finished or self.is_stuck()

    def safe_move_up(self) -> Move | None:
        """A card that can safely go to a foundation (auto play), or None."""
        return None if self.finished else safe_foundation_move(self.engine, self.state)

    def discard_move(self) -> Move | None:
        """A legal move onto a discard pile, or None."""
        discards = set(self.game.indices(PileKind.DISCARD))
        return next((m for m in self.engine.legal_moves(self.state) if m.dst in discards), None)

    def moves_forward(self, moves: list[Move]) -> list[Move]:
        """``moves`` less the card moves that lead back to a position this game has already been in
        (undoing the last move, moving a card back and forth), unless every one of them does.
        Turning the stock is never left out: going round it is how its cards are reached, and
        going round for nothing is caught by the hints' going-round check."""
        been = {state.piles for state in self.history.states[: self.history.cursor + 1]}
        forward = [m for m in moves
                   if m.kind is MoveKind.DEAL or self.engine.apply(self.state, m)[0].piles not in been]
        return forward or moves

    def earcons(self, events: list[Event]) -> list[str]:
        """The sound cue for each event."""
        out = []
        for event in events:
            if isinstance(event, Moved):
                out.append("foundation" if self.engine.specs[event.dst].kind is PileKind.FOUNDATION else "move")
            elif isinstance(event, TurnedOver):
                out.append("turn")
            elif isinstance(event, Won):
                out.append("win")
            else:
                out.append("deal")
        return out

    def state_json(self) -> dict[str, Any]:
        """The full position in the trace/README schema."""
        state = self.state
        return {
            "game": self.game.key,
            "options": self.options,
            "seed": self.seed,
            "moves": self.history.cursor,
            "score": self.engine.score(state),
            "won": self.engine.is_won(state),
            "redeals": state.redeals,
            "piles": [
                {"id": spec.id, "kind": spec.kind.value, "name": spec.name, "down": pile.down, "cards": [c.code for c in pile.cards],
                 **({"hidden": list(pile.hidden)} if pile.hidden else {})}
                for spec, pile in zip(self.game.piles, state.piles)
            ],
        }
