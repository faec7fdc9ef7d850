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
import time
from typing import Callable

from voicegame.engine.cards import Card, Rank, Suit
from voicegame.engine import Direction, Engine, Move, MoveKind, Pile, PileKind, State
from voicegame.engine.auto import SeatsFilled
from voicegame.solver import freecell as own_freecell
from voicegame.solver import freecell_solver
from voicegame.solver import klondike as fast_klondike
from voicegame.solver.core import Action, Budget, Outcome, PositionKey, Positions, Solution

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


# ----- kfam1: Klondike's relatives (issue 21) ------------------------------------------------------
def seats_forced(positions: Positions, state: State) -> Move | None:
    """Klondike's forced rule for any game of one-suit foundations whose table builds down by one
    rank under a suit rule (read from the first tableau pile): a tableau card that may go up and
    that no card could ever need on the table. Aces and twos always; a card of rank r when every
    foundation of a suit whose r-1 card could lie on it holds r-1 and, when foundation cards may
    come back down, every suit whose r-2 card could lie on one of those r-1 cards holds r-2
    (as :func:`klondike_forced` argues for alternating colours). None for other games."""
    engine = positions.engine
    tableau = engine.game.indices(PileKind.TABLEAU)
    accepts = engine.specs[tableau[0]].accepts if tableau else None
    build = accepts.build if accepts is not None else None
    if build is None or build.direction is not Direction.DOWN or build.step != 1 or build.wrap:
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
        if card.rank > Rank.TWO:
            lower = [Card(Rank(card.rank - 1), s) for s in seats.seated_by(card)]
            if any(heights[c.suit] < c.rank for c in lower):
                continue
            if playback and any(heights[s] < card.rank - 2 for c in lower for s in seats.seated_by(c)):
                continue
        for f in positions.foundations:
            if engine.specs[f].suit is card.suit:
                return Move(MoveKind.MOVE, i, f, 1)
    return None


KLONDIKE_LIKE = SolverHooks(forced=seats_forced, priority=klondike_priority, prune=klondike_prune)
"""Klondike's search hooks without its own solver, for games of Klondike's shape with other build
rules (Gold Mine, Whitehead, Thumb and Pouch, Westhaven)."""

# ----- pair removal (pairfam, issue 23) ----------------------------------------------------------
def single_forced(positions: Positions, state: State) -> Move | None:
    """A free card that goes alone (Thirteen's kings), removed at once. Safe: such a card never
    pairs with another, and removing it only frees what lay under it (the games using this
    hook put nothing back on their piles, so a gone card can never be needed)."""
    game = positions.engine.game
    rule = game.pairs
    if rule is None or not rule.singles:
        return None
    for place in rule.free_places(game, state):
        if state.piles[place[0]].cards[place[1]].rank in rule.singles and rule.why_not(game, state, place, None) is None:
            return Move.pair(place, None)
    return None


def without_discards_key(positions: Positions, state: State) -> PositionKey:
    """The position without its discard piles: nothing leaves them and every card is somewhere,
    so what they hold follows from the rest; only the order cards were removed in differs, and
    that can never matter again (so two orders of the same removals are searched once)."""
    engine = positions.engine
    discards = set(engine.game.indices(PileKind.DISCARD))
    piles = state.piles
    return (*((piles[i].down, *map(id, piles[i].cards)) for i in range(len(piles)) if i not in discards), state.redeals)


PAIR_REMOVAL = SolverHooks(forced=single_forced, priority=generic_priority, key=without_discards_key)


# ----- Sir Tommy (pairfam, issue 23) -----------------------------------------------------------------
def first_home_forced(positions: Positions, state: State) -> Move | None:
    """Any card that can go home, at once. Safe where the foundations build up in any suit by one
    and never give back (Sir Tommy): every foundation showing a rank is as good as any other, a
    card home only lets the next rank follow, and in a reserve it only covers the cards below."""
    engine = positions.engine
    for move in engine.legal_moves(state):
        if move.kind is MoveKind.MOVE and engine.specs[move.dst].kind is PileKind.FOUNDATION:
            return move
    return None


def sir_tommy_priority(positions: Positions, state: State, action: Action) -> float:
    """The waste card onto the reserve whose top is lowest above it (it will leave first), an empty
    reserve next, a reserve with a lower top last (the card would bury it)."""
    move = action[-1]
    if move.kind is not MoveKind.MOVE:
        return 50.0
    pile = state.piles[move.dst] if len(action) == 1 else None
    if pile is None or not state.piles[move.src].cards:
        return 10.0
    card = state.piles[move.src].cards[-1]
    if not pile.cards:
        return 20.0
    gap = int(pile.cards[-1].rank) - int(card.rank)
    return gap if gap >= 0 else 30.0 - gap


SIR_TOMMY = SolverHooks(forced=first_home_forced, priority=sir_tommy_priority)


HOOKS: dict[str, SolverHooks] = {
    "sir_tommy": SIR_TOMMY,
    "auld_lang_syne": SolverHooks(forced=first_home_forced, priority=generic_priority),
    "scuffle": SolverHooks(forced=first_home_forced, priority=generic_priority),
    "carpet": SolverHooks(forced=first_home_forced, priority=generic_priority),
    "clock": SolverHooks(forced=first_home_forced, priority=generic_priority),  # one move at a time: nothing to choose
    "thirteen": PAIR_REMOVAL,
    "yield": PAIR_REMOVAL,
    "fourteen": PAIR_REMOVAL,
    "block_ten": PAIR_REMOVAL,
    "gay_gordons": PAIR_REMOVAL,
    "helsinki": PAIR_REMOVAL,
    "jamestown": PAIR_REMOVAL,
    "isabel": PAIR_REMOVAL,
    "neighbor": PAIR_REMOVAL,
    "quatorze": PAIR_REMOVAL,
    "elevator": SolverHooks(priority=generic_priority, key=golf_key),  # only the waste top matters, as in Golf
    "escalator": SolverHooks(priority=generic_priority, key=golf_key),
    "klondike": KLONDIKE,
    "saratoga": KLONDIKE,  # Klondike's rules with every card face up: Klondike's own solver
    "gold_mine": KLONDIKE_LIKE,
    "whitehead": KLONDIKE_LIKE,
    "thumb_and_pouch": KLONDIKE_LIKE,
    "westhaven": KLONDIKE_LIKE,
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


# ----- kfam2 (issue 21): games that build down in suit, one card at a time -----------------------------
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
    return _in_suit(pile.cards[-move.count - 1], pile.cards[-move.count])


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
        step = None
        for _, _, move in ranked:
            if not budget.spend():
                return None
            after = engine.apply(state, move)[0]
            if after not in seen:
                step = (move, after)
                break
        if step is None:
            return None
        line.append(step[0])
        state = step[1]
        seen.add(state)
    return Solution(Outcome.SOLVED, tuple(line), budget.used, time.perf_counter() - began)


IN_SUIT = SolverHooks(forced=safe_home_forced, priority=in_suit_priority, prune=in_suit_prune, solve=greedy_line)
HOOKS["forty_thieves"] = IN_SUIT
HOOKS["backbone"] = IN_SUIT
