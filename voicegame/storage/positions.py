"""Positions in a save, so that a game of any length resumes at once.

Replaying every move from the deal through the engine's checks costs about 60 microseconds a move:
a 100,000-move save took over 6 CPU-seconds to resume (and was read three times on the way). A save
therefore also holds a *checkpoint*, the whole position, every :data:`CHECKPOINT_EVERY` moves. Resuming
plays at most that many moves from the checkpoint before the cursor; every other position (for
undo, and the redo tail) is worked out only when it is first asked for, from the checkpoint before it
(:class:`ReplayedStates`).

A position is written as plain text: each pile its cards' codes bottom first and how many are face
down, ``["7C KS 4D", 2]`` (``["7C KS 4D 9H", 1, [2]]`` when a face-down card lies on a face-up one,
:attr:`Pile.hidden`).
"""

from __future__ import annotations

from typing import Any, Iterator, SupportsIndex, cast, overload

from voicegame.engine import Engine, History, Move, Pile, State
from voicegame.engine.cards import Card

CHECKPOINT_EVERY = 500
"""Moves between two positions written in a save: resuming replays at most this many (about 30 ms);
a 100,000-move save holds 200 positions, about 60 KB beside its 1.9 MB of moves."""

MAX_PILE_CARDS = 1000
"""Longer piles are refused unread: no game has a tenth as many cards."""


class PositionError(ValueError):
    """A written position that is not one of this game's."""


def checkpoint_indices(moves: int) -> range:
    """Where a game of ``moves`` moves (redo tail included) has a checkpoint: every
    ``CHECKPOINT_EVERY`` moves, the deal (0) excepted: it is dealt again from the seed."""
    return range(CHECKPOINT_EVERY, moves + 1, CHECKPOINT_EVERY)


def pile_to_json(pile: Pile) -> list[Any]:
    """``["7C KS 4D", 2]``: the cards bottom first, then how many are face down at the bottom (and the
    places of face-down cards lying on face-up ones, when there are any)."""
    out: list[Any] = [" ".join(card.code for card in pile.cards), pile.down]
    if pile.hidden:
        out.append(list(pile.hidden))
    return out


def state_to_json(state: State) -> dict[str, Any]:
    return {"piles": [pile_to_json(p) for p in state.piles], "redeals": state.redeals, "counters": list(state.counters)}


_CARDS: dict[str, Card] = {}


def _card(code: str) -> Card:
    card = _CARDS.get(code)
    if card is None:
        card = _CARDS[code] = Card.from_code(code)  # raises ValueError for a code that is no card
    return card


def _count(value: Any, high: int, low: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise PositionError("not a count")
    return value


def pile_from_json(data: Any) -> Pile:
    if not isinstance(data, list) or len(data) not in (2, 3) or not isinstance(data[0], str):
        raise PositionError("not a pile")
    codes = data[0].split()
    if len(codes) > MAX_PILE_CARDS:
        raise PositionError("too many cards")
    try:
        cards = tuple(_card(code) for code in codes)
    except ValueError:
        raise PositionError("not a card") from None
    down = _count(data[1], len(cards))
    hidden: tuple[int, ...] = ()
    if len(data) == 3:
        if not isinstance(data[2], list) or len(data[2]) > len(cards):
            raise PositionError("not a list of places")
        hidden = tuple(_count(place, len(cards) - 1) for place in data[2])
        if list(hidden) != sorted(set(hidden)) or (hidden and hidden[0] < down):
            raise PositionError("places out of order")
    return Pile(cards, down, hidden)


def state_from_json(data: Any, engine: Engine) -> State:
    """The position written as ``data``, with as many piles as ``engine``'s game; raises PositionError."""
    if not isinstance(data, dict) or not isinstance(piles := data.get("piles"), list) or len(piles) != len(engine.specs):
        raise PositionError("not a position")
    counters = data.get("counters", [])
    if not isinstance(counters, list) or len(counters) > 100:
        raise PositionError("bad counters")
    return State(tuple(pile_from_json(p) for p in piles), _count(data.get("redeals", 0), 10**9),
                 tuple(_count(c, 10**12, -10**12) for c in counters))  # a score may be below 0


_UNKNOWN = cast(State, None)
"""A position of :class:`ReplayedStates` not worked out yet."""


class ReplayedStates(list[State]):
    """``History.states`` of a resumed game: a list whose positions not yet known are worked out when
    first read, by replaying ``moves`` from the nearest known position before them.

    A list (not another kind of sequence) so that ``History`` and everything that reads
    ``history.states`` stay as they are; every way of reading an item goes through :meth:`_at`.
    ``moves`` is the history's own list: ``History.push`` cuts both lists at the cursor together, so
    the moves before any position still held are the ones that led to it.
    """

    def __init__(self, engine: Engine, moves: list[Move], known: dict[int, State]) -> None:
        super().__init__([_UNKNOWN] * (len(moves) + 1))
        for index, state in known.items():
            if 0 <= index <= len(moves):
                list.__setitem__(self, index, state)
        if list.__getitem__(self, 0) is None:
            raise ValueError("the first position (the deal) must be known")
        self._engine = engine
        self._moves = moves

    def _at(self, index: SupportsIndex) -> State:
        i = index.__index__()
        if i < 0:
            i += list.__len__(self)
        state = list.__getitem__(self, i)  # IndexError as a list's
        if state is not None:
            return state
        start = i
        while list.__getitem__(self, start) is None:  # position 0 is always known
            start -= 1
        state = list.__getitem__(self, start)
        for j in range(start, i):  # checked: a move the rules refuse raises IllegalMove, as it did when played
            state = self._engine.apply(state, self._moves[j])[0]
            list.__setitem__(self, j + 1, state)
        return state

    @overload
    def __getitem__(self, index: SupportsIndex) -> State: ...
    @overload
    def __getitem__(self, index: slice) -> list[State]: ...
    def __getitem__(self, index: SupportsIndex | slice) -> State | list[State]:
        if isinstance(index, slice):
            return [self._at(i) for i in range(*index.indices(len(self)))]
        return self._at(index)

    def __iter__(self) -> Iterator[State]:
        return (self._at(i) for i in range(len(self)))

    def __reversed__(self) -> Iterator[State]:
        return (self._at(i) for i in reversed(range(len(self))))

    def __contains__(self, item: object) -> bool:
        return any(state == item for state in self)

    def __eq__(self, other: object) -> bool:
        if other is self:
            return True
        if not isinstance(other, list) or len(other) != len(self):
            return False
        return all(a == b for a, b in zip(self, other))

    __hash__ = None  # as a list's: unhashable

    def copy(self) -> list[State]:
        return list(self)

    def known(self) -> int:
        """How many positions are worked out (for tests and benchmarks)."""
        return sum(1 for state in list.__iter__(self) if state is not None)


def resumed_history(engine: Engine, moves: list[Move], cursor: int, known: dict[int, State]) -> History:
    """The history of a saved game, at ``cursor``, from the positions ``known`` (by index; the deal at 0)."""
    moves = list(moves)
    return History(ReplayedStates(engine, moves, known), moves, cursor)
