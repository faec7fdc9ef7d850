"""Game-specific help for the search, kept out of the game definitions.

A game definition stays declarative; what the search knows about a game lives here,
in one registry keyed by game key. Every hook is optional:

- ``forced``: a move that can never hurt (sound: no winning line is lost by playing
  it now), played without branching. Unsound choices would void the "proved
  unwinnable" verdicts, so each one below says why it is safe.
- ``priority``: orders the actions of a position, lower first (best-first move ordering).
- ``prune``: heuristic (unsound) pruning for a first, quicker pass.
- ``key``: a smaller canonical key than :meth:`Positions.key`, for games where part of a
  position can never matter again (it must keep apart any two positions that differ in
  what can still happen).
- ``solve``: a whole thoughtful solver of the game's own (Klondike's fast one in
  :mod:`voicegame.solver.klondike`), used instead of the generic search; it returns None
  for a position it does not model, and the generic search answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from voicegame.engine.cards import Card, Rank
from voicegame.engine import Engine, Move, MoveKind, Pile, PileKind, State
from voicegame.solver import freecell as own_freecell
from voicegame.solver import freecell_solver
from voicegame.solver import klondike as fast_klondike
from voicegame.solver.core import Action, Budget, PositionKey, Positions, Solution

Forced = Callable[[Positions, State], "Move | None"]
Priority = Callable[[Positions, State, Action], float]
Prune = Callable[[Positions, State, Action], bool]
Key = Callable[[Positions, State], PositionKey]
Solve = Callable[[Engine, State, Budget], "Solution | None"]


@dataclass(frozen=True)
class SolverHooks:
    forced: Forced | None = None
    priority: Priority | None = None
    prune: Prune | None = None
    """Heuristic (unsound) pruning for a first, quicker pass: True skips the action.
    A search that prunes can find wins faster but proves nothing by exhausting."""
    key: Key | None = None
    solve: Solve | None = None
    """A game's own thoughtful solver (None: the generic search; it may also return None)."""


# ----- generic ---------------------------------------------------------------------------------
def generic_priority(positions: Positions, state: State, action: Action) -> float:
    """Foundations first, then moves that turn a card over, then the waste, then the rest."""
    move = action[-1]
    if move.kind is MoveKind.DEAL:
        return 6.0
    if move.kind is MoveKind.PAIR:
        return 1.0
    engine = positions.engine
    src_spec, dst_spec = engine.specs[move.src], engine.specs[move.dst]
    draws = (len(action) - 1) * 0.01
    if src_spec.kind is PileKind.FOUNDATION:
        return 8.0
    pile = state.piles[move.src] if len(action) == 1 else None
    if dst_spec.kind in (PileKind.FOUNDATION, PileKind.DISCARD):
        return (0.0 if pile is not None and pile.down and move.count == pile.up_count else 1.0) + draws
    if pile is not None and move.count == pile.up_count and pile.down:
        return 2.0 - pile.down / 100
    if src_spec.kind in (PileKind.WASTE, PileKind.RESERVE, PileKind.CELL):
        return 3.0 + draws
    if pile is not None and move.count == len(pile.cards):
        return 4.0
    return 7.0


GENERIC = SolverHooks(priority=generic_priority)


# ----- Klondike ----------------------------------------------------------------------------------
def klondike_forced(positions: Positions, state: State) -> Move | None:
    """A tableau card that may go up and that no card could ever need on the table.

    Aces and twos always (nothing but an ace goes on a two, and aces go up anyway).
    A card of rank r when both foundations of the other colour hold r-1 (no card left
    needs it as a seat) and the other foundation of its own colour holds r-2 (so the
    r-1 cards of the other colour, which could come back down from their foundations,
    have nothing left to seat either). Waste cards are not forced: taking one out
    of the waste changes which cards later passes of a draw-three stock turn up.
    """
    engine = positions.engine
    heights = {engine.specs[i].suit: len(state.piles[i].cards) for i in positions.foundations}
    for i in engine.game.indices(PileKind.TABLEAU):
        pile = state.piles[i]
        if not pile.cards or not pile.top_face_up:
            continue
        card = pile.cards[-1]
        if heights[card.suit] != card.rank - 1:
            continue
        if card.rank > Rank.TWO:
            if any(h < card.rank - 1 for s, h in heights.items() if s is not None and s.colour is not card.colour):
                continue
            if any(h < card.rank - 2 for s, h in heights.items() if s is not None and s.colour is card.colour and s is not card.suit):
                continue
        for f in positions.foundations:
            if engine.specs[f].suit is card.suit:
                return Move(MoveKind.MOVE, i, f, 1)
    return None


def klondike_priority(positions: Positions, state: State, action: Action) -> float:
    """As the generic order, but a king goes to an empty pile only if that turns a card over or
    frees the waste, and runs split in the middle come last."""
    move = action[-1]
    base = generic_priority(positions, state, action)
    if move.kind is MoveKind.MOVE and len(action) == 1 and base == 7.0:
        return 7.5  # part of a run onto another pile: rarely useful, kept for completeness
    return base


def klondike_prune(positions: Positions, state: State, action: Action) -> bool:
    """Skip moving cards between table piles unless it turns a card over, empties a pile,
    or uncovers a card that can go up at once (after the K+ solver's pruning; unsound)."""
    if len(action) != 1:
        return False
    move = action[0]
    if move.kind is not MoveKind.MOVE:
        return False
    engine = positions.engine
    if engine.specs[move.src].kind is not PileKind.TABLEAU or engine.specs[move.dst].kind is not PileKind.TABLEAU:
        return False
    pile = state.piles[move.src]
    if move.count == pile.up_count:
        return False  # turns a card over, or empties the pile
    exposed = pile.cards[-move.count - 1]
    for f in positions.foundations:
        if engine.specs[f].suit is exposed.suit:
            return len(state.piles[f].cards) != exposed.rank - 1
    return True


KLONDIKE = SolverHooks(forced=klondike_forced, priority=klondike_priority, prune=klondike_prune, solve=fast_klondike.solve)


# ----- Royal Parade ------------------------------------------------------------------------------
def royal_parade_forced(positions: Positions, state: State) -> Move | None:
    """An ace to the discard pile: aces have no other use in Royal Parade, and
    discarding one only frees its spot."""
    engine = positions.engine
    discard = engine.game.indices(PileKind.DISCARD)
    if not discard:
        return None
    for move in engine.legal_moves(state):
        if move.kind is MoveKind.MOVE and move.dst == discard[0]:
            return move
    return None


ROYAL_PARADE = SolverHooks(forced=royal_parade_forced, priority=generic_priority)


# ----- FreeCell ----------------------------------------------------------------------------------
def freecell_forced(positions: Positions, state: State) -> Move | None:
    """A cell or column card that may go up and that no card could ever need as a seat.

    Aces and twos always. A card of rank r once both foundations of the other colour hold
    r-1: the only cards that could sit on it (the r-1s of the other colour) are home, and
    FreeCell's foundations never give cards back, so playing it up loses no winning line."""
    engine = positions.engine
    heights = {engine.specs[i].suit: (i, len(state.piles[i].cards)) for i in positions.foundations}
    for src in (*engine.game.indices(PileKind.CELL), *engine.game.indices(PileKind.TABLEAU)):
        card = state.piles[src].top
        if card is None:
            continue
        foundation, height = heights[card.suit]
        if height != card.rank - 1:
            continue
        if card.rank <= Rank.TWO or all(h >= card.rank - 1 for s, (_, h) in heights.items() if s is not None and s.colour is not card.colour):
            return Move(MoveKind.MOVE, src, foundation, 1)
    return None


def first_answer(*solvers: Solve) -> Solve:
    """A solver that asks each of ``solvers`` in turn and keeps the first answer (not None)."""
    def solve(engine: Engine, state: State, budget: Budget) -> Solution | None:
        for solver in solvers:
            answer = solver(engine, state, budget)
            if answer is not None:
                return answer
        return None

    return solve


FREECELL = SolverHooks(forced=freecell_forced, priority=generic_priority,
                       solve=first_answer(freecell_solver.solve, own_freecell.solve))
"""Freecell Solver answers when it is installed; else FreeCell's own search; the generic search
(complete, so it can prove a deal lost) when neither answers."""


# ----- fcfam (issue 22): the rest of the FreeCell family ------------------------------------------
def home_forced(positions: Positions, state: State) -> Move | None:
    """Any card that may go up, in games built down in suit whose foundations never give a card
    back (Bakers Game, Eight Off, Seahaven): the only card that could ever sit on it, one rank lower
    in its suit, is home already, so playing it up loses no winning line."""
    engine = positions.engine
    for src in (*engine.game.indices(PileKind.CELL), *engine.game.indices(PileKind.TABLEAU)):
        card = state.piles[src].top
        if card is None:
            continue
        for f in positions.foundations:
            if engine.specs[f].suit is card.suit and len(state.piles[f].cards) == card.rank - 1:
                return Move(MoveKind.MOVE, src, f, 1)
    return None


SUIT_CELLS = SolverHooks(forced=home_forced, priority=generic_priority, solve=freecell_solver.solve)
"""Freecell Solver answers when it is installed (its presets ko_bakers_game, eight_off, seahaven);
else the generic search, with the sound forced rule above."""
def low_cards_forced(positions: Positions, state: State) -> Move | None:
    """A card that may go up once every card one rank lower is home (aces and twos always), in games
    whose piles build down regardless of suit: only those cards could ever sit on it, and the only
    cards that could sit on one of them played back are lower still and home too; so playing it up
    loses no winning line."""
    engine = positions.engine
    heights = {engine.specs[f].suit: (f, len(state.piles[f].cards)) for f in positions.foundations}
    lowest = min(h for _, h in heights.values())
    for src in engine.game.indices(PileKind.TABLEAU):
        card = state.piles[src].top
        if card is None:
            continue
        f, height = heights[card.suit]
        if height == card.rank - 1 and (card.rank <= Rank.TWO or lowest >= card.rank - 1):
            return Move(MoveKind.MOVE, src, f, 1)
    return None


def digging_priority(positions: Positions, state: State, action: Action) -> float:
    """Foundation moves first; then table moves that lift a card off the pile whose lowest card
    is lowest (digging towards the cards the foundations need next); cards played back last."""
    move = action[-1]
    engine = positions.engine
    if move.kind is not MoveKind.MOVE:
        return 50.0
    if engine.specs[move.src].kind is PileKind.FOUNDATION:
        return 40.0
    if engine.specs[move.dst].kind is PileKind.FOUNDATION:
        return 0.0
    below = state.piles[move.src].cards[:-move.count]
    return 1.0 + (min(c.rank for c in below) if below else 14)


def seated_prune(positions: Positions, state: State, action: Action) -> bool:
    """Skip (first pass only; unsound) a card moved off a card one rank higher onto another (it was
    seated already), and cards played back from the foundations."""
    move = action[-1]
    if move.kind is not MoveKind.MOVE:
        return False
    engine = positions.engine
    if engine.specs[move.src].kind is PileKind.FOUNDATION:
        return True
    if engine.specs[move.dst].kind is PileKind.FOUNDATION:
        return False
    cards = state.piles[move.src].cards
    return len(cards) > move.count and cards[-move.count - 1].rank == cards[-move.count].rank + 1


def any_home_forced(positions: Positions, state: State) -> Move | None:
    """Any card that may go home, in games whose foundations build in suit, never give a card back,
    and whose piles build in suit (Bear River): the only card that could still want to sit on it,
    the next one up in its suit, can then go home itself."""
    engine = positions.engine
    for move in engine.legal_moves(state):
        if move.kind is MoveKind.MOVE and engine.specs[move.dst].kind is PileKind.FOUNDATION:
            return move
    return None


OPEN_PACKER = SolverHooks(forced=low_cards_forced, priority=generic_priority, solve=freecell_solver.solve)
"""Beleaguered Castle, Streets and Alleys: Freecell Solver finds wins (its run moves unpacked into
single cards); its "no solution" proves nothing where foundations give cards back, so then the
generic search (which plays them back) decides."""


# ----- Spider ------------------------------------------------------------------------------------
def _in_suit(under: Card, over: Card) -> bool:
    return under.suit is over.suit and under.rank == over.rank + 1


def _top_run(pile: Pile) -> int:
    """How many cards on top of ``pile`` form one run in one suit (0 for an empty or face-down top)."""
    cards, n = pile.cards, pile.up_count
    if not n:
        return 0
    run = 1
    while run < n and _in_suit(cards[-run - 1], cards[-run]):
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
        self.breaks = self.exposed is not None and _in_suit(self.exposed, base)
        self.to_empty = not dst.cards
        self.in_suit = not self.to_empty and _in_suit(dst.cards[-1], base)
        self.whole_run = count == _top_run(src)
        self.completes = self.in_suit and _top_run(dst) + count >= 13


def _seats_a_run(state: State, tableau: tuple[int, ...], card: Card, skip: int) -> bool:
    """True when some column's top run could go onto ``card`` in suit."""
    for i in tableau:
        if i == skip:
            continue
        pile = state.piles[i]
        run = _top_run(pile)
        if run and _in_suit(card, pile.cards[-run]):
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


# ----- Golf --------------------------------------------------------------------------------------
def golf_key(positions: Positions, state: State) -> PositionKey:
    """Only the waste's top card matters in Golf: the waste is never taken from and the stock
    never comes round, so the cards under the top can never play again. The columns only
    shrink from the top, so their heights (with the stock's and the waste top) fix the position."""
    engine = positions.engine
    waste = state.piles[positions.waste].cards
    columns = tuple(len(state.piles[i].cards) for i in engine.game.indices(PileKind.TABLEAU))
    return len(state.piles[positions.stock].cards), id(waste[-1]) if waste else 0, columns


def golf_priority(positions: Positions, state: State, action: Action) -> float:
    """Column cards before draws; of those, from the tallest column first (deep cards are the
    hard ones to reach), and a card that the next card down could follow."""
    move = action[-1]
    if move.kind is not MoveKind.MOVE:
        return 100.0
    pile = state.piles[move.src].cards
    follow = 0.5 if len(pile) > 1 and abs(pile[-2].rank - pile[-1].rank) == 1 else 0.0
    return -len(pile) - follow


GOLF = SolverHooks(priority=golf_priority, key=golf_key)


HOOKS: dict[str, SolverHooks] = {
    "klondike": KLONDIKE,
    "royal_parade": ROYAL_PARADE,
    "freecell": FREECELL,
    "golf": GOLF,
    "spider": SPIDER,
    "bakers_game": SUIT_CELLS,
    "eight_off": SUIT_CELLS,
    "seahaven": SUIT_CELLS,
    "beleaguered_castle": OPEN_PACKER,
    "streets_and_alleys": OPEN_PACKER,
    "spiderette": SPIDER,
    "will_o_the_wisp": SPIDER,
    "spider_three_decks": SPIDER,
    "cruel": SolverHooks(forced=home_forced, priority=generic_priority),
    "bear_river": SolverHooks(forced=any_home_forced, priority=generic_priority),
    "bakers_dozen": SolverHooks(forced=low_cards_forced, priority=digging_priority, prune=seated_prune),
}


def hooks_for(engine: Engine) -> SolverHooks:
    return HOOKS.get(engine.game.key, GENERIC)
