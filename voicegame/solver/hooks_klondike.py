"""Search hooks of the Klondike family: Klondike (its own fast solver), its relatives of other
build rules (Gold Mine, Whitehead, Thumb and Pouch, Westhaven) and the games that build down in suit
one card at a time (Forty Thieves, Backbone). See :mod:`voicegame.solver.hooks` for what a hook is."""

from __future__ import annotations

import random
import time

from voicegame.engine.cards import Card, Rank, Suit
from voicegame.engine import Direction, Engine, Move, MoveKind, PileKind, Sequence, State
from voicegame.engine.auto import SeatsFilled
from voicegame.solver import klondike as fast_klondike
from voicegame.solver.core import Action, Budget, Outcome, Positions, Solution
from voicegame.solver.hook_base import SolverHooks, generic_priority
from voicegame.solver.hooks_spider import in_suit


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
        if card.rank > Rank.TWO and not _unneeded_in_colours(card, heights):
            continue
        home = _home_move(positions, i, card)
        if home is not None:
            return home
    return None


def _unneeded_in_colours(card: Card, heights: dict[Suit | None, int]) -> bool:
    """Klondike's test for a card above two that may go up: both foundations of the other colour
    hold its rank less one, and the other foundation of its own colour its rank less two."""
    if any(h < card.rank - 1 for s, h in heights.items() if s is not None and s.colour is not card.colour):
        return False
    return not any(h < card.rank - 2 for s, h in heights.items() if s is not None and s.colour is card.colour and s is not card.suit)


def _home_move(positions: Positions, src: int, card: Card) -> Move | None:
    """``card`` from pile ``src`` to the foundation of its suit (None: no foundation is its suit's)."""
    specs = positions.engine.specs
    for f in positions.foundations:
        if specs[f].suit is card.suit:
            return Move(MoveKind.MOVE, src, f, 1)
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


# ----- Klondike's relatives ------------------------------------------------------
def seats_forced(positions: Positions, state: State) -> Move | None:
    """Klondike's forced rule for any game of one-suit foundations whose table builds down by one
    rank under a suit rule (read from the first tableau pile): a tableau card that may go up and
    that no card could ever need on the table. Aces and twos always; a card of rank r when every
    foundation of a suit whose r-1 card could lie on it holds r-1 and, when foundation cards may
    come back down, every suit whose r-2 card could lie on one of those r-1 cards holds r-2
    (as :func:`klondike_forced` argues for alternating colours). None for other games."""
    engine = positions.engine
    tableau = engine.game.indices(PileKind.TABLEAU)
    build = _down_by_one(engine, tableau)
    if build is None:
        return None
    seats = SeatsFilled(build.suit)
    heights: dict[Suit | None, int] = {engine.specs[i].suit: len(state.piles[i].cards) for i in positions.foundations}
    if None in heights or len(heights) != 4:
        return None
    playback = any(engine.specs[i].takes is not None for i in positions.foundations)
    for i in tableau:
        pile = state.piles[i]
        if not pile.cards or not pile.top_face_up:
            continue
        card = pile.cards[-1]
        if heights[card.suit] != card.rank - 1:
            continue
        if card.rank > Rank.TWO and not _unneeded_as_seat(card, heights, seats, playback):
            continue
        home = _home_move(positions, i, card)
        if home is not None:
            return home
    return None


def _down_by_one(engine: Engine, tableau: tuple[int, ...]) -> Sequence | None:
    """The first tableau pile's build rule when it builds down by one rank without wrapping, else None."""
    accepts = engine.specs[tableau[0]].accepts if tableau else None
    build = accepts.build if accepts is not None else None
    if build is None or build.direction is not Direction.DOWN or build.step != 1 or build.wrap:
        return None
    return build


def _unneeded_as_seat(card: Card, heights: dict[Suit | None, int], seats: SeatsFilled, playback: bool) -> bool:
    """:func:`seats_forced`'s test for a card above two: every card one rank down that could lie on it
    is home, and (when foundation cards may come back down) so is every card that could lie on those."""
    lower = [Card(Rank(card.rank - 1), s) for s in seats.seated_by(card)]
    if any(heights[c.suit] < c.rank for c in lower):
        return False
    return not (playback and any(heights[s] < card.rank - 2 for c in lower for s in seats.seated_by(c)))


KLONDIKE_LIKE = SolverHooks(forced=seats_forced, priority=klondike_priority, prune=klondike_prune)
"""Klondike's search hooks without its own solver, for games of Klondike's shape with other build
rules (Gold Mine, Whitehead, Thumb and Pouch, Westhaven)."""


# ----- games that build down in suit, one card at a time -----------------------------
def safe_home_forced(positions: Positions, state: State) -> Move | None:
    """A card the game's own safety rule (``GameDef.safe_to_foundation``) sends up. Sound for games
    whose foundations never give cards back and whose rule says no card could ever need the card
    as a seat (:func:`voicegame.engine.auto.same_suit_ready`); taking the waste's top card is
    sound when the stock turns one card at a time (the order of the other cards stays as it was)."""
    engine = positions.engine
    rule = engine.game.safe_to_foundation
    if rule is None:
        return None
    foundations = positions.foundations
    for src in (*engine.game.indices(PileKind.TABLEAU), *engine.game.indices(PileKind.RESERVE), *engine.game.indices(PileKind.WASTE)):
        pile = state.piles[src]
        if not pile.cards or not pile.top_face_up or not rule(engine.game, state, src):
            continue
        for f in foundations:
            move = Move(MoveKind.MOVE, src, f, 1)
            if engine.why_not(state, move) is None:
                return move
    return None


def in_suit_prune(positions: Positions, state: State, action: Action) -> bool:
    """Skip (first pass only: unsound) table moves that break a run going down in suit, and moves of a
    whole pile to an empty pile."""
    move = action[-1]
    if move.kind is not MoveKind.MOVE or len(action) != 1:
        return False
    engine = positions.engine
    if engine.specs[move.src].kind is not PileKind.TABLEAU or engine.specs[move.dst].kind is not PileKind.TABLEAU:
        return False
    pile = state.piles[move.src]
    if move.count == len(pile.cards):
        return not state.piles[move.dst].cards
    return in_suit(pile.cards[-move.count - 1], pile.cards[-move.count])


def in_suit_priority(positions: Positions, state: State, action: Action) -> float:
    """Home first; then table moves that empty a pile, the waste onto a card, other moves onto a
    card; then the stock; moves into an empty pile last (empty piles are what these games live on)."""
    move = action[-1]
    if move.kind is not MoveKind.MOVE:
        return 6.0
    engine = positions.engine
    src_kind, dst_kind = engine.specs[move.src].kind, engine.specs[move.dst].kind
    draws = (len(action) - 1) * 0.01
    if dst_kind is PileKind.FOUNDATION:
        return 0.0 + draws
    if src_kind is PileKind.FOUNDATION:
        return 9.0
    before = state.piles[move.dst] if len(action) == 1 else None
    if before is not None and not before.cards:
        return 8.0 + draws
    if src_kind is PileKind.TABLEAU and len(action) == 1:
        return 1.0 if move.count == len(state.piles[move.src].cards) else 4.0
    return 2.0 + draws


def greedy_rank(engine: Engine, state: State, move: Move) -> int:
    """Safe cards home, then other cards home, then the waste or reserve, whole piles moved, the
    stock, and other table moves last."""
    if move.kind is not MoveKind.MOVE:
        return 5
    src, dst = engine.specs[move.src], engine.specs[move.dst]
    if dst.kind is PileKind.FOUNDATION:
        rule = engine.game.safe_to_foundation
        return 0 if rule is not None and rule(engine.game, state, move.src) else 2
    if src.kind in (PileKind.WASTE, PileKind.RESERVE):
        return 3
    if move.count == len(state.piles[move.src].cards):
        return 4
    return 6


class _Spent(Exception):
    """The budget ran out in :func:`_first_unseen`."""


def _first_unseen(engine: Engine, state: State, moves: list[Move], seen: set[State],
                  budget: Budget) -> tuple[Move, State] | None:
    """The first of ``moves`` (best first) that leads to a position not in ``seen``, with that
    position; None when every one leads back. Raises ``_Spent`` when the budget runs out first."""
    for move in moves:
        if not budget.spend():
            raise _Spent
        after = engine.apply(state, move)[0]
        if after not in seen:
            return move, after
    return None


def greedy_line(engine: Engine, state: State, budget: Budget) -> Solution | None:
    """Play the best move by :func:`greedy_rank` every turn (the order "hint" uses), never back to a
    position already seen; the line if it wins, else None (the search then runs). Cheap, and in
    games with long stocks and few real choices (Backbone) it wins deals the depth-first search
    loses itself in."""
    began = time.perf_counter()
    seen, line = {state}, []
    while not engine.is_won(state):
        ranked = sorted(((greedy_rank(engine, state, m), k, m) for k, m in enumerate(engine.legal_moves(state))
                         if engine.is_productive(state, m)), key=lambda t: (t[0], t[1]))
        try:
            step = _first_unseen(engine, state, [move for _, _, move in ranked], seen, budget)
        except _Spent:
            return None
        if step is None:
            return None
        line.append(step[0])
        state = step[1]
        seen.add(state)
    return Solution(Outcome.SOLVED, tuple(line), budget.used, time.perf_counter() - began)


IN_SUIT = SolverHooks(forced=safe_home_forced, priority=in_suit_priority, prune=in_suit_prune, solve=greedy_line)


# ----- bases and stocks that wait ------------------------------------------------------------------------------
BASED = SolverHooks(priority=in_suit_priority, prune=in_suit_prune, solve=greedy_line)
"""IN_SUIT's ordering, pruning and greedy first line without its forced moves, for games whose
foundations give cards back to a table that builds round the corner (Agnes): no safety rule there is
sound, and a forced move that is not would void the "proved unwinnable" verdicts."""


def whole_runs_prune(positions: Positions, state: State, action: Action) -> bool:
    """Skip (first pass only: unsound) table moves that lift part of a pile's movable run, unless the
    card they uncover can go home at once, and moves of a pile's only run into an empty pile (the gap
    just moves). For tables whose piles hold long unordered face-up parts after row deals (Gypsy),
    where Klondike's rule (turn a card over or empty a pile) prunes nearly every useful move."""
    move = action[-1]
    if move.kind is not MoveKind.MOVE or len(action) != 1:
        return False
    engine = positions.engine
    src, dst = engine.specs[move.src], engine.specs[move.dst]
    if src.kind is not PileKind.TABLEAU or dst.kind is not PileKind.TABLEAU or src.takes is None:
        return False
    pile = state.piles[move.src]
    if not state.piles[move.dst].cards:
        return move.count == len(pile.cards)
    lifted = src.takes.counts(pile)
    if move.count == lifted[-1] or move.count == len(pile.cards):
        return False
    exposed = pile.cards[-move.count - 1]
    return not _goes_home(positions, state, exposed)


def _goes_home(positions: Positions, state: State, card: Card) -> bool:
    """True when ``card`` could go on some foundation as it stands (by rank and suit alone)."""
    engine = positions.engine
    for f in positions.foundations:
        accepts = engine.specs[f].accepts
        top = state.piles[f].top
        if accepts is None:
            continue
        if top is None:
            if accepts.empty.allows(card) and (accepts.suit is None or accepts.suit is card.suit):
                return True
        elif accepts.build is not None and accepts.build.follows(top, card):
            return True
    return False


def digging_rank(engine: Engine, state: State, move: Move, rnd: random.Random) -> float:
    """Safe cards home; a run that turns a face-down card over (deepest pile first); a whole pile onto
    a card; a pile's whole movable run onto a card (random order among those); other cards home; the
    stock; anything else; cards into an empty pile; cards back from the foundations last."""
    if move.kind is not MoveKind.MOVE:
        return 5.0
    src, dst = state.piles[move.src], state.piles[move.dst]
    src_spec, dst_spec = engine.specs[move.src], engine.specs[move.dst]
    if dst_spec.kind is PileKind.FOUNDATION:
        rule = engine.game.safe_to_foundation
        return 0.0 if rule is not None and rule(engine.game, state, move.src) else 3.0
    if src_spec.kind is PileKind.FOUNDATION:
        return 8.0
    if move.count == src.up_count and src.down_count:
        return 1.0 - src.down_count / 100
    if not dst.cards:
        return 7.0
    if move.count == len(src.cards):
        return 2.0
    if src_spec.takes is not None and move.count == src_spec.takes.counts(src)[-1]:
        return 2.5 + rnd.random()
    return 6.0 + rnd.random()


def restarting_greedy(engine: Engine, state: State, budget: Budget) -> Solution | None:
    """Play by :func:`digging_rank` (ties broken at random), never back to a position already seen;
    when a line ends without a win, start again from ``state`` with the next random order, until the
    budget is spent. Seeded, so the same deal gives the same line. None if no line won."""
    began = time.perf_counter()
    tries = 0
    while True:
        tries += 1
        rnd = random.Random(tries)
        current, seen, line = state, {state}, []
        while not engine.is_won(current):
            ranked = sorted(((digging_rank(engine, current, m, rnd), rnd.random(), m) for m in engine.legal_moves(current)
                             if engine.is_productive(current, m)), key=lambda t: (t[0], t[1]))
            try:
                step = _first_unseen(engine, current, [move for _, _, move in ranked], seen, budget)
            except _Spent:
                return None
            if step is None:
                break
            line.append(step[0])
            current = step[1]
            seen.add(current)
        else:
            return Solution(Outcome.SOLVED, tuple(line), budget.used, time.perf_counter() - began)


ROW_DEALT = SolverHooks(priority=klondike_priority, prune=whole_runs_prune, solve=restarting_greedy)
"""Search hooks for Klondike-shaped tables fed by row deals, with foundations that give cards back
(Gypsy): greedy lines restarted in new random orders first, then Klondike's ordering with
:func:`whole_runs_prune` for the search's first pass."""
