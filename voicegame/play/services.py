"""What the session uses besides the game and the dialogue: hints and the winnable search, and autosave.

:class:`Hinting` belongs to one deal (its searches are cached per position); :class:`Autosave` wraps the
optional :class:`~voicegame.storage.autosave.Persistence` around each turn.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator, Protocol

from voicegame.engine import Move, State
from voicegame.play.game_in_play import GameInPlay
from voicegame.play.reply import Reply
from voicegame.solver.hints import HintService, open_position
from voicegame.storage.autosave import FAILED, Persistence, Playing

GOING_ROUND = 2
"""How often "hint" may bring a player back to the same position before it says they are going round
in circles: twice through the stock without a change (the first time round, the stock cards were
still being seen)."""
WINNABLE_AGAIN = 4
"""Asked again in the same position after "I could not tell", the search gets this many times the budget."""


class Hinting:
    """Hints for one deal: the fair search's moves in turn, and whether they lead round in circles."""

    def __init__(self, played: GameInPlay, seconds: float | None, nodes: int | None) -> None:
        self.played = played
        self.service = HintService(played.engine, seconds, nodes)
        self.index = 0  # "hint" again steps to the next idea
        self.asked_at: dict[tuple, set[int]] = {}  # piles -> the moves-in (cursors) where "hint" was asked there
        self.undecided: State | None = None  # the position where "winnable" last could not tell

    def ideas(self) -> list[Move]:
        """The moves worth hinting at here, best first (see ``GameInPlay.moves_forward``)."""
        return self.played.moves_forward(self.service.ranked(self.played.state))

    def next_idea(self, ideas: list[Move]) -> Move:
        """The next of ``ideas``: "hint" again in one position steps through them."""
        move = ideas[self.index % len(ideas)]
        self.index += 1
        return move

    def going_round(self) -> bool:
        """Note that "hint" is asked here; have the hints led the player round in circles? They have
        when "hint" was asked in this same position (its piles: passes through a stock that comes
        round for ever do not count) ``GOING_ROUND`` times before, each time further into the game,
        and the moves since brought it back: following them, drawing through the stock or moving
        cards back and forth, changed nothing (a player following hints in Klondike deal 1 drew for
        ever). Asking again for the next idea in one position, or going round without asking, does
        not count."""
        played = self.played
        cursors = self.asked_at.setdefault(played.state.piles, set())
        cursors.add(played.history.cursor)
        return len(cursors) > GOING_ROUND

    def winnable(self, seconds: float | None, nodes: int | None) -> tuple[str, float | None, bool]:
        """"Is this game still winnable?": the thoughtful solver (which sees every card) answers
        when it finds a win or proves there is none within its budget, asked again here after "I
        could not tell" with ``WINNABLE_AGAIN`` times the budget. Returns the message key, the
        seconds searched and whether hints now follow a winning line."""
        from voicegame.solver.hooks import hooks_for  # noqa: PLC0415
        from voicegame.solver.winnable import Verdict, still_winnable  # noqa: PLC0415

        engine, state = self.played.engine, self.played.state
        again = self.undecided is state
        factor = WINNABLE_AGAIN if again else 1
        seconds = None if seconds is None else seconds * factor
        nodes = None if nodes is None else nodes * factor
        verdict = still_winnable(engine, state, seconds, nodes)
        key = {Verdict.YES: "winnable_yes", Verdict.NO: "winnable_lost"}.get(verdict, "winnable_unknown")
        if key == "winnable_unknown" and again:
            key = "winnable_still_unknown"
        self.undecided = state if key == "winnable_unknown" else None
        follows = verdict is Verdict.YES and open_position(engine, state) and hooks_for(engine).solve is not None
        return key, seconds, follows


class Saved(Playing, Protocol):
    """What autosave needs of the session: the game (see ``Playing``), whether its result is recorded
    and a way to say that saving failed."""

    recorded: bool

    def say(self, key: str, **params: object) -> str: ...


class Autosave:
    """Saves after every turn that changed the game, and records a win once."""

    def __init__(self, persistence: Persistence | None) -> None:
        self.persistence = persistence

    @contextmanager
    def around(self, session: Saved) -> Iterator[list[Reply]]:
        """Autosave when the turn (the reply put in the list) changed the game (a move, undo, redo or
        a new deal), and after every turn while saving fails; the reply says when saving fails, once,
        and when it works again."""
        def mark() -> tuple[object, int, int]:
            history = session.history
            return history, history.cursor, len(history.states)

        before = mark()
        turn: list[Reply] = []
        yield turn
        persistence = self.persistence
        if persistence is None:
            return
        changed = before != mark()
        if changed and session.finished and not session.recorded:
            session.recorded = True
            persistence.record(session, won=True)
        if changed or persistence.failing:
            outcome = persistence.autosave(session)
            if outcome is not None and turn:
                turn[0].sentences.append(session.say("save_failed" if outcome == FAILED else "save_back"))
