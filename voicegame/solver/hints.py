"""A quick ranking of the legal moves, best first, for "hint" and "what can I do".

A heuristic, not a search: cards that can safely go up, then moves that turn a
face-down card over, then other moves to the foundations, then cards from the
waste, then the stock, then the remaining useful moves. Moves that change
nothing that matters (a whole pile to another empty pile) are left out.
"""

from __future__ import annotations

import os
import time
from collections import OrderedDict

from voicegame.engine import Engine, Move, MoveKind, PileKind, State
from voicegame.solver.core import Outcome


def _priority(engine: Engine, state: State, move: Move) -> int:
    if move.kind is MoveKind.DEAL:
        return 5
    if move.kind is MoveKind.PAIR:
        return 2
    specs = engine.specs
    src, dst = specs[move.src], specs[move.dst]
    pile = state.piles[move.src]
    if dst.kind is PileKind.FOUNDATION:
        rule = engine.game.safe_to_foundation
        return 0 if rule is not None and rule(engine.game, state, move.src) else 2
    if move.count == pile.up_count and pile.down_count > 0:
        return 1
    if src.kind is PileKind.CELL and dst.kind is PileKind.CELL:
        return 9  # a card from one free cell to another: nothing changes
    if src.kind in (PileKind.WASTE, PileKind.RESERVE, PileKind.CELL, PileKind.STOCK):
        return 3
    if src.kind is PileKind.FOUNDATION:
        return 7
    if move.count == len(pile.cards) and pile.down_count == 0:
        return 4 if engine.is_productive(state, move) else 9
    return 6


def ranked_moves(engine: Engine, state: State) -> list[Move]:
    """Legal moves, best first; pointless ones dropped."""
    scored = [(_priority(engine, state, m), k, m) for k, m in enumerate(engine.legal_moves(state))]
    return [m for p, _, m in sorted(scored) if p < 9]


HINT_SECONDS = 0.9
"""The fair search's time for one hint: the answer (search, then ranking and phrasing) must come
within a second. Measured 2026-11-22, 5 deals x 4 positions per game: with 1.0 the 95th percentile
of "hint" was 1.05-1.23 s in FreeCell, Royal Parade, Spider and Gaps, whose searches use all their
time (see bench/RESULTS.md "Hint latency")."""


class HintService:
    """"hint": the fair search's best move (never reading a hidden card), then its alternatives.

    ``seconds`` and ``nodes`` bound each search (default ``HINT_SECONDS`` and 4000 positions);
    rankings are cached per position, so "hint" again only steps to the next move.
    """

    def __init__(self, engine: Engine, seconds: float | None = HINT_SECONDS, nodes: int | None = 4000) -> None:
        from voicegame.solver.fair import FairSearch  # noqa: PLC0415 (the solver imports this module)

        from voicegame.solver.hooks import hint_budget_for  # noqa: PLC0415 (the solver imports this module)

        self.engine = engine
        self.seconds = seconds
        own = hint_budget_for(engine)
        self.nodes = nodes if nodes is None or own.nodes is None else min(nodes, own.nodes)
        self.visits = None if nodes is None else own.visits or HINT_VISITS
        self.line_nodes = own.line_nodes or LINE_NODES
        self.search = FairSearch(engine)
        self._known: OrderedDict[State, list[Move]] = OrderedDict()  # rankings made, newest last
        self._line: tuple[State, tuple[Move, ...]] | None = None  # a winning line and where it starts
        self._line_ended = ""
        self.ended = ""
        """How the last new ranking was made, for benches: "line" (a winning line's next move), else the
        fair search's end (:attr:`FairSearch.ended`), after "line-time" when a solver spent its share
        looking for a line in vain."""

    def ranked(self, state: State) -> list[Move]:
        """Legal moves, best first; pointless ones dropped. The next move of a winning line when
        there is one to follow (see :meth:`winning_line`), else the fair search's order."""
        known = self._known.get(state)
        if known is not None:  # asked here before (again, or after an undo): the same answer, at once
            self._known.move_to_end(state)
            return known
        began = time.thread_time()
        line = self.winning_line(state)
        if line:
            moves = [line[0], *(m for m in ranked_moves(self.engine, state) if m != line[0])]
            self.ended = "line"
        else:  # the fair search has what the solver left of the second
            seconds = None if self.seconds is None else max(0.1, self.seconds - (time.thread_time() - began))
            moves = [r.move for r in self.search.rank(state, seconds, self.nodes, clock=time.thread_time, visits=self.visits)]
            self.ended = self._line_ended + self.search.ended
        self._known[state] = moves
        if len(self._known) > KNOWN_POSITIONS:
            self._known.popitem(last=False)
        return moves

    def winning_line(self, state: State) -> tuple[Move, ...] | None:
        """A line that wins from ``state``, when hints may follow one: the player sees every card
        (nothing face down, no stock to turn, as always in FreeCell, so a solver knows no more than
        the player) and the game has an exact solver of its own (Freecell Solver; Klondike's).
        None otherwise, or when none was found in time. A player who follows the line is not
        made to wait for a new search at each step."""
        from voicegame.solver.hooks import hooks_for  # noqa: PLC0415 (the solver imports this module)
        from voicegame.solver.thoughtful import solve  # noqa: PLC0415

        if self._line is not None:
            start, line = self._line
            if start == state:
                return line
            if line and self.engine.apply(start, line[0])[0] == state:
                self._line = (state, line[1:])
                return line[1:] or None
        self._line_ended = ""
        if hooks_for(self.engine).solve is None or not open_position(self.engine, state):
            return None
        seconds = None if self.seconds is None else LINE_SHARE * self.seconds
        began = _cpu_seconds()
        result = solve(self.engine, state, seconds=seconds, nodes=self.line_nodes, clock=time.thread_time)
        if result.outcome is Outcome.UNSOLVED and seconds is not None and _cpu_seconds() - began >= 0.95 * seconds:
            self._line_ended = "line-time, "
        line = result.moves if result.solved else ()
        self._line = (state, line)
        return line or None


KNOWN_POSITIONS = 64
"""Rankings a :class:`HintService` keeps, by position: a player who undoes back to a position, or
asks "hint" again, hears the same advice without a second search."""

HINT_VISITS = 4000
"""Moves one hint's fair search may play to weigh positions: at about 60 CPU-microseconds a move in
the slowest positions measured (Klondike, Lady Jane, Scorpion: deals 4-6 of bench/hints.py, where
4000 positions meant 17,000 to 29,000 moves and up to 2 CPU-seconds), 0.25 CPU-s. A search with no
node limit (``nodes=None``, as tests ask for a full search) has none either."""


LINE_SHARE = 0.35
"""The share of a hint's time a solver may spend looking for a winning line (Freecell Solver needs
8 ms for the median Microsoft deal, 32 ms at the 90th percentile); the fair search gets the rest
when it finds none (an unwinnable position)."""
LINE_NODES = 100_000
"""Positions a solver may search for a line to hint from (Freecell Solver checks about half a million
a second; deal 617 needs 4,308, and 100,000 is enough for every Microsoft deal tried)."""


def _cpu_seconds() -> float:
    """CPU seconds of this process and its finished children (Freecell Solver runs as one)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def open_position(engine: Engine, state: State) -> bool:
    """True when the player sees every card: nothing face down and no stock left to turn."""
    return not any(pile.down_count or (spec.kind is PileKind.STOCK and pile.cards)
                   for spec, pile in zip(engine.specs, state.piles))
