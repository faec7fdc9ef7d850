"""Deciding "no moves left" honestly when cards can shuttle between equal places.

With two decks, a run can go back and forth between the two sixes of spades, or a card from a
foundation to the table and home again, for ever: every such move is legal, so the engine's plain
check (:meth:`Engine.is_stuck`: "is there a productive move?") never says a lost game is lost.
:class:`ShuffleSearch`, named by ``GameDef.stuck_search`` (off by default), asks instead whether any
sequence of *rearrangements* reaches a position where *progress* is possible.

- A **rearrangement** is a move of cards between two piles whose kinds are in ``kinds`` (the
  tableau and the foundations by default) that leaves no face-down card on top of its source
  (so it turns nothing up). Rearrangements only move cards the player can see among such piles.
- **Progress** is any other move except a deal: one that turns a face-down card up (or leaves
  one on top to turn), one from or to a pile of another kind (the waste, a reserve), or a move of
  another kind (pairs). Reaching, by rearrangements, a position with more cards on the foundations
  than the position checked counts as progress too (a card going home, perhaps after others came
  down from the foundations to make way), and so does a win. A card played back from a foundation
  and sent home again is no progress: the foundations hold no more than before.

The game is stuck when no position the rearrangements reach has a progress move, and dealing
cannot help: as :meth:`Engine.is_stuck` does, a stock that deals must be empty, and a stock that
cycles through a waste is followed round only after the first redeal (every card in it seen).
Rearrangements never touch the stock or the waste, so they commute with dealing: along the stock's
round, only moves between the waste (or another pile outside ``kinds``) and a pile as some
rearrangement leaves it are new, and each is judged on those two piles.

The search is breadth first over the rearrangements from the position, each position keyed by
what the player sees (each pile's face-down count and face-up cards; piles of the same kind with
the same rules are interchangeable, so their contents are sorted). It never looks at a face-down
card or the stock's order, and never applies a move that would turn a card up. If more than
``cap`` positions are found without an answer, the answer is "not stuck": the game goes on rather
than being called lost on a guess.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Callable, Protocol

from voicegame.engine.cards import Card
from voicegame.engine.moves import Event, Move, MoveKind
from voicegame.engine.piles import Pile, PileKind
from voicegame.engine.reason import Reason
from voicegame.engine.rules import PileSpec
from voicegame.engine.state import State
from voicegame.engine.stock import StockRule


class _Runs(Protocol):
    """What the search needs of the engine (it cannot import :mod:`voicegame.engine.engine`)."""

    specs: tuple[PileSpec, ...]

    @property
    def game(self) -> "_Game": ...

    def legal_moves(self, state: State) -> list[Move]: ...

    def why_not(self, state: State, move: Move) -> Reason | None: ...

    def apply(self, state: State, move: Move) -> tuple[State, list[Event]]: ...

    def is_won(self, state: State) -> bool: ...


class _Game(Protocol):
    @property
    def stock_rule(self) -> StockRule | None: ...


DEAL = Move(MoveKind.DEAL)


def _showing(pile: Pile) -> tuple[Card, ...]:
    """Every face-up card of ``pile``, bottom first (with ``Pile.hidden``, also those under face-down ones)."""
    return pile.face_up if not pile.hidden else tuple(c for j, c in enumerate(pile.cards) if pile.shows(j))


@dataclass(frozen=True)
class ShuffleSearch:
    """Whether the game is lost once shuttling cards about is set aside (see the module's docstring)."""

    cap: int = 4000
    kinds: frozenset[PileKind] = field(default_factory=lambda: frozenset({PileKind.TABLEAU, PileKind.FOUNDATION}))

    def is_rearrangement(self, engine: _Runs, state: State, move: Move) -> bool:
        """A move of face-up cards between two piles of ``kinds`` that turns nothing up."""
        if move.kind is not MoveKind.MOVE:
            return False
        if engine.specs[move.src].kind not in self.kinds or engine.specs[move.dst].kind not in self.kinds:
            return False
        src = state.piles[move.src]
        return not (src.down_count and move.count >= src.up_count)

    def is_stuck(self, engine: _Runs, state: State) -> bool:
        """:meth:`Engine.is_stuck` for a game that names this search: no rearrangement of the face-up
        cards leads to progress, and dealing cannot help (a stock that cycles is followed round only
        once every card in it has been seen, after the first redeal, as the engine does)."""
        if engine.is_won(state):
            return False
        rule = engine.game.stock_rule
        can_deal = engine.why_not(state, DEAL) is None
        if can_deal and (rule is None or not rule.cycles or state.redeals == 0):
            return False  # the stock may still bring something new
        if can_deal and self._round_helps(engine, state, [state]):
            return False  # a card the stock brings round fits the piles as they are: no search needed
        found = self.rearrangements(engine, state)
        if found is None:
            return False
        return not (can_deal and self._round_helps(engine, state, found))

    def _round_helps(self, engine: _Runs, state: State, found: list[State]) -> bool:
        """True when, going round the stock from ``state``, some card it brings can move between the
        waste (or another pile outside ``kinds``) and a pile as one of the ``found`` positions leaves it."""
        places = self._places(engine, found)
        outside = tuple(i for i, spec in enumerate(engine.specs) if spec.kind not in self.kinds)
        current, seen = state, {state.piles}
        while True:
            current = engine.apply(current, DEAL)[0]
            if current.piles in seen:
                return False
            seen.add(current.piles)
            if self._outside_move(engine, current, outside, places):
                return True
            if engine.why_not(current, DEAL) is not None:
                return False

    def rearrangements(self, engine: _Runs, state: State) -> list[State] | None:
        """Every position rearrangements reach from ``state`` (itself first), or None when one of
        them has a progress move, is won or has more cards home than ``state``, or when more than
        ``cap`` positions were needed to tell."""
        key_of = self._keyer(self._groups(engine))
        homes = tuple(i for i, spec in enumerate(engine.specs) if spec.kind is PileKind.FOUNDATION)
        height = sum(len(state.piles[i].cards) for i in homes)
        seen = {key_of(state)}
        found = [state]
        queue = deque([state])
        while queue:
            current = queue.popleft()
            if engine.is_won(current):
                return None
            shuffles = []
            for move in engine.legal_moves(current):
                if move.kind is MoveKind.DEAL:
                    continue
                if not self.is_rearrangement(engine, current, move):
                    return None
                shuffles.append(move)
            for move in shuffles:
                after = engine.apply(current, move)[0]
                if sum(len(after.piles[i].cards) for i in homes) > height:
                    return None  # more cards home than now: progress, even if a card had to come down first
                key = key_of(after)
                if key in seen:
                    continue
                if len(seen) >= self.cap:
                    return None
                seen.add(key)
                found.append(after)
                queue.append(after)
        return found

    def _places(self, engine: _Runs, found: list[State]) -> list[tuple[int, Pile]]:
        """Each (pile, what it holds) that some rearranged position shows, for piles of ``kinds``."""
        places: dict[tuple[int, Pile], None] = {}
        for i, spec in enumerate(engine.specs):
            if spec.kind in self.kinds:
                for position in found:
                    places[(i, position.piles[i])] = None
        return list(places)

    @staticmethod
    def _outside_move(engine: _Runs, current: State, outside: tuple[int, ...], places: list[tuple[int, Pile]]) -> bool:
        """True when a card can move between a pile outside ``kinds`` (the waste the deal changed)
        and a pile of ``kinds`` as some rearrangement leaves it. A move is judged by its two piles
        (the rest of the position as ``current`` has it): the games that name this search have
        no rule that looks further (no limit on runs from free space)."""
        for pile, held in places:
            state = current.with_piles({pile: held})
            for other in outside:
                takes, gives = engine.specs[other].takes, engine.specs[pile].takes
                if takes is not None:
                    for count in takes.counts(current.piles[other]):
                        if engine.why_not(state, Move(MoveKind.MOVE, other, pile, count)) is None:
                            return True
                if engine.specs[other].accepts is not None and gives is not None:
                    for count in gives.counts(held):
                        if engine.why_not(state, Move(MoveKind.MOVE, pile, other, count)) is None:
                            return True
        return False

    @staticmethod
    def _groups(engine: _Runs) -> tuple[tuple[int, ...], ...]:
        """Pile indices in classes of interchangeable piles (same kind, rules and turning; no hook
        that may depend on a pile's place)."""
        classes: dict[object, list[int]] = {}
        for i, spec in enumerate(engine.specs):
            extra = spec.accepts is not None and getattr(spec.accepts, "extra", None) is not None
            rule = (spec.kind, spec.accepts, spec.takes, spec.auto_turn, spec.suit, spec.group) if not extra else i
            classes.setdefault(rule, []).append(i)
        return tuple(tuple(c) for c in classes.values())

    @staticmethod
    def _keyer(groups: tuple[tuple[int, ...], ...]) -> Callable[[State], tuple[object, ...]]:
        """A function from a position to what the player sees of it: each pile's face-down count and
        face-up cards (two decks' equal cards are equal), as a small number given the first time it is
        seen; interchangeable piles sorted. Piles a move leaves alone are the same objects, so each
        pile is read once."""
        numbers: dict[tuple[int, tuple[Card, ...]], int] = {}
        read: dict[int, tuple[Pile, int]] = {}

        def number(pile: Pile) -> int:
            known = read.get(id(pile))
            if known is None or known[0] is not pile:
                known = (pile, numbers.setdefault((pile.face_key, _showing(pile)), len(numbers)))
                read[id(pile)] = known
            return known[1]

        def key(state: State) -> tuple[object, ...]:
            piles = state.piles
            return tuple(tuple(sorted(number(piles[i]) for i in group)) for group in groups)

        return key
