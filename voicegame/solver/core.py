"""What every search shares: results, budgets, canonical position keys and stock macro moves.

An *action* is a tuple of engine moves played in one step of the search: usually one
move, or (for a stock that cycles through a waste, as in Klondike) some draws followed
by the move that plays the waste card they bring up. Treating "draw until this card
shows, then play it" as one action is the K+ idea of Bjarnason, Fern and Tadepalli
(2007): plain draws never need to be searched on their own when the stock comes round
again, so the search sees every waste card it could reach without wandering the stock.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import Enum

from voicegame.engine import Engine, Move, MoveKind, Pile, PileKind, State

Action = tuple[Move, ...]
PositionKey = tuple[object, ...]  # hashable: a key of the transposition table
DEAL = Move(MoveKind.DEAL)
MEMO_SIZE = 200_000
"""Piles whose key part :meth:`Positions.pile_key` remembers before it starts again."""


class Outcome(Enum):
    SOLVED = "solved"
    UNWINNABLE = "proved unwinnable"
    UNSOLVED = "unsolved within budget"


@dataclass(frozen=True)
class Solution:
    """What a search found: a winning line (engine moves, draws included), a proof, or neither."""

    outcome: Outcome
    moves: tuple[Move, ...] = ()
    nodes: int = 0
    seconds: float = 0.0

    @property
    def solved(self) -> bool:
        return self.outcome is Outcome.SOLVED


@dataclass
class Budget:
    """Stop after ``seconds`` of wall time and/or ``nodes`` positions (None: no limit).

    ``clock`` is the time source (a fake one in tests, so no test depends on the machine's load).
    """

    seconds: float | None = None
    nodes: int | None = None
    used: int = 0
    clock: Callable[[], float] = time.perf_counter
    started: float = field(default=-1.0)  # -1: read the clock when the budget is made

    def __post_init__(self) -> None:
        if self.started < 0:
            self.started = self.clock()

    def elapsed(self) -> float:
        return self.clock() - self.started

    @property
    def ended_by(self) -> str | None:
        """What stopped the search, once :meth:`spend` said no: "nodes" or "time" (None before)."""
        if self.nodes is not None and self.used > self.nodes:
            return "nodes"
        if self.seconds is not None and self.elapsed() > self.seconds:
            return "time"
        return None

    def spend(self) -> bool:
        """Count one node; False once the budget is gone. The clock is read every 16 nodes: every
        128 let a FreeCell hint (about 1 ms a node) run 150 ms over its second; a read costs well
        under a microsecond, a node tens of them."""
        self.used += 1
        if self.nodes is not None and self.used > self.nodes:
            return False
        if self.seconds is not None and not self.used & 15 and self.elapsed() > self.seconds:
            return False
        return True


def interchangeable_groups(engine: Engine) -> tuple[tuple[int, ...], ...]:
    """The sets of two or more piles that may trade contents without changing the position (see
    :class:`Positions`): same kind, rules and group, not dealt onto one by one by the stock, and in a
    game where the place of a card does not matter (no pairing, no accept hook)."""
    dealt_group = getattr(engine.game.stock_rule, "group", None)
    classes: dict[tuple[object, ...], list[int]] = {}
    for i, spec in enumerate(engine.specs):
        positional = engine.game.pairs is not None or (spec.accepts is not None and spec.accepts.extra is not None)  # pairing games, hooks: where a card lies matters
        if spec.kind in (PileKind.TABLEAU, PileKind.RESERVE, PileKind.CELL) and spec.group != dealt_group and not positional:
            classes.setdefault((spec.kind, spec.accepts, spec.takes, spec.auto_turn, spec.group), []).append(i)
    return tuple(tuple(g) for g in classes.values() if len(g) > 1)


def productive_moves(engine: Engine, state: State, legal: list[Move] | None = None) -> Iterator[Move]:
    """The legal moves of ``state`` (or ``legal``, when already found) worth weighing: deals, and moves the
    engine calls productive."""
    for move in engine.legal_moves(state) if legal is None else legal:
        if move.kind is MoveKind.DEAL or engine.is_productive(state, move):
            yield move


class Positions:
    """Canonical keys and successor states for one engine, shared by both search modes.

    Piles are *interchangeable* when they share kind, rules and group and no stock rule
    deals onto them one by one (Klondike's seven piles; each of Royal Parade's first
    three rows): their contents are sorted in the key, so positions that differ only by
    which of them holds what are searched once. The redeal count is kept only when
    redeals are limited. Cards are keyed by object identity, which is exact within one
    deal (the engine never copies cards) and cheap.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        specs = engine.specs
        rule = engine.game.stock_rule
        self.groups = interchangeable_groups(engine)
        grouped = {i for g in self.groups for i in g}
        self.fixed = tuple(i for i in range(len(specs)) if i not in grouped)
        self.keep_redeals = rule is not None and getattr(rule, "redeals", None) is not None
        # "Draw until the card shows, then play it" only where the waste can be played from.
        self.cycling_stock = rule is not None and rule.cycles and engine.layout.waste >= 0 and specs[engine.layout.waste].takes is not None
        self.stock = engine.layout.stock
        self.waste = engine.layout.waste
        self.foundations = engine.game.indices(PileKind.FOUNDATION)
        self.targets = engine._targets  # noqa: SLF001 (same package family; read-only)
        self._cycles: dict[tuple[int, int, int], tuple[Pile, Pile, list[tuple[Pile, Pile, int]]]] = {}
        self._pile_keys: dict[int, tuple[Pile, tuple[int, ...]]] = {}

    # ----- keys ----------------------------------------------------------------------------
    def key(self, state: State) -> PositionKey:
        piles = state.piles
        pile_key = self.pile_key
        parts: list[object] = [pile_key(piles[i]) for i in self.fixed]
        for group in self.groups:
            parts.append(tuple(sorted(pile_key(piles[i]) for i in group)))
        if self.keep_redeals:
            parts.append(state.redeals)
        return tuple(parts)

    def pile_key(self, pile: Pile) -> tuple[int, ...]:
        """One pile's part of a key: which cards are face down, then the cards by identity. A move
        changes two or three piles and a search keys every position it meets, so each pile's part is
        made once and remembered by the pile object (the memo starts again at ``MEMO_SIZE``)."""
        known = self._pile_keys.get(id(pile))
        if known is not None and known[0] is pile:
            return known[1]
        made = (pile.face_key, *map(id, pile.cards))
        if len(self._pile_keys) >= MEMO_SIZE:
            self._pile_keys.clear()
        self._pile_keys[id(pile)] = (pile, made)
        return made

    # ----- moving ---------------------------------------------------------------------------
    def play(self, state: State, action: Action) -> State:
        """The position after ``action`` (moves known to be legal: no checks, no events)."""
        draws = len(action) - 1
        if draws > 0 and self.cycling_stock and action[0].kind is MoveKind.DEAL:
            state = self._drawn(state, self._cycle(state)[draws - 1])
            action = action[draws:]
        for move in action:
            state = self.step(state, move)
        return state

    def _cycle(self, state: State) -> list[tuple[Pile, Pile, int]]:
        """Stock and waste after 1, 2, ... draws until they come round again (cached by pile identity;
        the cache holds the piles, so their ids stay theirs)."""
        stock, waste = state.piles[self.stock], state.piles[self.waste]
        rule = self.engine.game.stock_rule
        if rule is not None and rule.why_not(self.engine.layout, state) is not None:
            return []  # the stock waits on more than itself (Glenwood's StockInPhase): not cached by stock and waste
        key = (id(stock), id(waste), state.redeals if self.keep_redeals else 0)
        hit = self._cycles.get(key)
        if hit is not None:
            return hit[2]
        engine = self.engine
        rule = engine.game.stock_rule
        assert rule is not None  # only a cycling stock (self.cycling_stock) is followed round
        layout = engine.layout

        def mark(position: State) -> tuple[int, int, int]:
            redeals = position.redeals if self.keep_redeals else 0
            return len(position.piles[self.stock].cards), len(position.piles[self.waste].cards), redeals

        seen = {mark(state)}
        out: list[tuple[Pile, Pile, int]] = []
        current = state
        while rule.why_not(layout, current) is None:
            current = rule.apply(layout, current)[0]
            if mark(current) in seen:
                break
            seen.add(mark(current))
            out.append((current.piles[self.stock], current.piles[self.waste], current.redeals))
        if len(self._cycles) > 200_000:
            self._cycles.clear()
        self._cycles[key] = (stock, waste, out)
        return out

    def _drawn(self, state: State, config: tuple[Pile, Pile, int]) -> State:
        piles = list(state.piles)
        piles[self.stock], piles[self.waste] = config[0], config[1]
        return State(tuple(piles), config[2], state.counters)

    def step(self, state: State, move: Move) -> State:
        engine = self.engine
        if engine.game.settles:  # the game tidies up after moves: take the checked path
            return engine.apply_legal(state, move)[0]
        if move.kind is MoveKind.DEAL:
            rule = engine.game.stock_rule
            assert rule is not None  # a DEAL is legal only with a stock rule
            state = rule.apply(engine.layout, state)[0]
            return state if engine.game.lift_off is None else engine.lift_off(state, [])
        if move.kind is not MoveKind.MOVE:
            return engine.apply_legal(state, move)[0]
        src = state.piles[move.src]
        keep = len(src.cards) - move.count
        cards = src.cards[keep:]
        piles = list(state.piles)
        if src.hidden:  # face-down cards on face-up ones: the pile's own rules
            rest = src.without_top(move.count)
            piles[move.src] = rest.turned_up() if engine.specs[move.src].auto_turn else rest
        else:
            down = src.down if src.down < keep else keep
            if down == keep and keep and engine.specs[move.src].auto_turn:
                down -= 1
            piles[move.src] = Pile(src.cards[:keep], down)
        target = piles[move.dst]
        piles[move.dst] = Pile(target.cards + cards, target.down, target.hidden)
        after = State(tuple(piles), state.redeals, state.counters)
        return after if engine.game.lift_off is None else engine.lift_off(after, [])

    def moves_from(self, state: State, src: int) -> list[Move]:
        """Legal moves of the top card of pile ``src`` (a waste: one card at a time)."""
        engine = self.engine
        pile = state.piles[src]
        if not pile.cards or not pile.top_face_up:
            return []
        spec = engine.specs[src]
        takes = spec.takes
        if takes is None or takes.forbids(engine.layout, state, spec, pile, 1) is not None:
            return []
        cards = pile.cards[-1:]
        out = []
        for d in self.targets:
            if d != src:
                dst = engine.specs[d]
                assert dst.accepts is not None  # self.targets holds only the piles that accept cards
                if dst.accepts.allows(engine.layout, state, spec, dst, state.piles[d], cards):
                    out.append(Move(MoveKind.MOVE, src, d, 1))
        return out

    def actions(self, state: State) -> list[Action]:
        """Every action: plain moves, and for a cycling stock "draw k times, play the waste card"."""
        engine = self.engine
        moves = engine.legal_moves(state)
        if not self.cycling_stock:
            return [(m,) for m in productive_moves(engine, state, moves)]
        waste = self.waste
        out: list[Action] = [(m,) for m in moves if m.kind is MoveKind.MOVE and m.src != waste and engine.is_productive(state, m)]
        out.extend((m,) for m in moves if m.kind is MoveKind.MOVE and m.src == waste)
        draws: list[Move] = []
        for config in self._cycle(state):
            draws.append(DEAL)
            out.extend((*draws, m) for m in self.moves_from(self._drawn(state, config), waste))
        return out

    def face_down(self, state: State) -> int:
        return sum(state.piles[i].down_count for i in range(len(state.piles)) if i != self.stock)


def expand(actions: list[Action] | tuple[Action, ...]) -> tuple[Move, ...]:
    return tuple(m for a in actions for m in a)
