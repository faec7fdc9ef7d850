"""Can this game still be won? The solver's verdict on a position, for the player who asks.

The question is about the position's truth, not about what the player can see: the thoughtful search
sees the face-down cards and the stock as the deal fixed them, which is what "can I still win this?"
means (the cards are where they are). A player asking it in Klondike wants the truth without a
spoiler, so the answer is only yes, no or "I cannot tell": never a move, never a card, not even how
long the search took to find a line (a :class:`Verdict` carries nothing else).

Yes is sure (a winning line was found), and so is no (every line was
searched: the search's forced moves and symmetries are sound, see :mod:`voicegame.solver.thoughtful`).
Games with a complete solver of their own (:data:`COMPLETE_SOLVERS`) answer most positions within a few
seconds; the others get the generic search, whose yes and no are as sure but which runs out of time
(UNKNOWN) far more often.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from enum import Enum

from voicegame.engine import Engine, State
from voicegame.solver.core import Outcome
from voicegame.solver import thoughtful

SECONDS = 3.0
"""How long the player waits for the answer at the most (about: a search is stopped at its next
budget check, and a game's own solver that declines leaves the generic search its own share)."""

COMPLETE_SOLVERS: frozenset[str] = frozenset({
    "klondike",  # Klondike's own solver (voicegame.solver.klondike), whose sound search proves a loss
    "freecell", "bakers_game", "eight_off", "seahaven",  # Freecell Solver, whose complete scan proves a loss
})
"""Games whose own solver both finds wins fast and proves losses (see the ``solve`` hooks in
:mod:`voicegame.solver.hooks`); Freecell Solver needs ``fc-solve`` installed, else FreeCell's own
search and the generic one answer. Saratoga and Athena use Klondike's solver for wins, but it holds
some face-up cards as face down there, so its "no" proves nothing and the generic search decides."""


class Verdict(Enum):
    YES = "yes"
    """A winning line from here was found."""
    NO = "no"
    """Proved lost: every line from here was searched."""
    UNKNOWN = "unknown"
    """Time ran out before either: the game may or may not still be won."""


def still_winnable(engine: Engine, state: State, seconds: float | None = SECONDS, nodes: int | None = None,
                   clock: Callable[[], float] = time.perf_counter) -> Verdict:
    """Whether ``state`` can still be played to a win, searching for about ``seconds`` read on
    ``clock`` (the player's wait: wall time; a benchmark may pass ``time.process_time``) and at most
    ``nodes`` positions (tests count positions, so no answer depends on the machine's load)."""
    if engine.is_won(state):
        return Verdict.YES
    outcome = thoughtful.solve(engine, state, seconds=seconds, nodes=nodes, clock=clock).outcome
    if outcome is Outcome.SOLVED:
        return Verdict.YES
    if outcome is Outcome.UNWINNABLE:
        return Verdict.NO
    return Verdict.UNKNOWN


def has_complete_solver(engine: Engine) -> bool:
    """True for a game whose own solver answers most positions (:data:`COMPLETE_SOLVERS`)."""
    return engine.game.key in COMPLETE_SOLVERS
