"""A game definition: piles, deal, stock rule, goal and scoring, as data.

A game module builds one :class:`GameDef` (usually in a few dozen lines) and
the :class:`~voicegame.engine.engine.Engine` runs it. Hooks exist only for
what the rule vocabulary cannot say.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from voicegame.engine.cards import Card
from voicegame.engine.moves import Event, Move
from voicegame.engine.pairs import PairRule
from voicegame.engine.piles import PileKind
from voicegame.engine.rules import Layout, PileSpec
from voicegame.engine.sequence import Sequence
from voicegame.engine.settling import Refill, Uncover
from voicegame.engine.state import State
from voicegame.engine.stock import StockRule
from voicegame.engine.stuck_search import ShuffleSearch


@dataclass(frozen=True)
class DealSpec:
    """Initial cards on one pile: ``down`` face down under ``up`` face up.

    ``hidden``: positions (from the bottom) among the ``up`` cards that are dealt face down
    after all, on face-up ones (see :attr:`Pile.hidden`); :meth:`faces` spells them.

    >>> DealSpec.faces("pile1", "dudu")
    DealSpec(pile='pile1', down=1, up=3, hidden=(2,))
    """

    pile: str
    down: int = 0
    up: int = 1
    hidden: tuple[int, ...] = ()

    @classmethod
    def faces(cls, pile: str, rows: str) -> "DealSpec":
        """One card per letter, bottom first: "d" face down, "u" face up ("dudu": Athena's rows)."""
        if not rows or set(rows) - {"d", "u"}:
            raise ValueError("faces are a string of 'd' and 'u'")
        down = len(rows) - len(rows.lstrip("d"))
        return cls(pile, down, len(rows) - down, tuple(j for j, f in enumerate(rows) if f == "d" and j >= down))


def foundation_cards(game: "GameDef", state: State) -> int:
    """Default score: one point per card on the foundations (AisleRiot's rule)."""
    return sum(len(state.piles[i].cards) for i in game.layout.kinds.get(PileKind.FOUNDATION, ()))


def all_on_foundations(game: "GameDef", state: State) -> bool:
    return foundation_cards(game, state) == 52 * game.decks


def free_space_run_limit(game: "GameDef", state: State, dst: int) -> int:
    """How many cards may move as one run onto pile ``dst`` when the player could move them
    one at a time through the free space (the FreeCell "supermove"):
    (empty cells + 1) * 2 ** (empty tableau piles), not counting ``dst`` itself, so the
    limit halves when the run goes to an empty pile."""
    piles = state.piles
    cells = sum(1 for i in game.layout.kinds.get(PileKind.CELL, ()) if not piles[i].cards)
    columns = sum(1 for i in game.layout.kinds.get(PileKind.TABLEAU, ()) if not piles[i].cards and i != dst)
    return (cells + 1) * (1 << columns)  # 2 ** columns, as an int


@dataclass(frozen=True)
class GameDef:
    """Everything the engine needs to know about one game with its options chosen.

    ``deal_by_rows``: deal one card to each pile in turn (as at a table) rather
    than filling pile by pile. Cards not placed by ``layout_deal`` go to ``rest_to``.
    ``group_names``: spoken names for groups of piles ("row two"), for reading them together.
    ``shuffle``: the deal order for a seed (None: :func:`voicegame.engine.cards.seeded_deck` of
    ``decks`` standard decks); FreeCell's Microsoft numbers and Spider's suit decks use it.
    ``max_run``: the most cards that may move at once onto a pile (None: no limit beyond
    the pile rules); see :func:`free_space_run_limit`.
    ``lift_off``: a run of thirteen cards, king down to ace, that follows this sequence on
    top of a tableau pile is moved at once to an empty foundation (Spider).
    ``settle``: (game, before, move, after, events) -> the position the move really leaves,
    appending what else happened to ``events``: run after every move and deal (Canfield's
    reserve filling a gap, Triple Peaks turning up uncovered cards and keeping score).
    ``pairs``: cards are removed one or two at a time by this rule (Treize, Monte Carlo);
    see :mod:`voicegame.engine.pairs`.
    ``refill``: after every move and deal, gaps in a group are filled from a pile (Canfield).
    ``uncover``: after every move and deal, a face-down card turns up once the piles covering
    it are empty (Triple Peaks). Both run before ``settle``.
    ``after_deal``: (game, dealt, seed) -> the starting position, for a deal the layout cannot
    say (Gaps takes the aces out and keeps the seed in ``counters`` for its reshuffles).
    """

    key: str
    title: str
    piles: tuple[PileSpec, ...]
    layout_deal: tuple[DealSpec, ...]
    stock_rule: StockRule | None = None
    decks: int = 1
    deal_by_rows: bool = True
    rest_to: str = "stock"
    score: Callable[["GameDef", State], int] = foundation_cards
    max_score: int = 52
    is_won: Callable[["GameDef", State], bool] = all_on_foundations
    safe_to_foundation: Callable[["GameDef", State, int], bool] | None = None
    help_key: str = ""
    won_key: str = "won"  # the message said on a win ("won_cleared": the table is clear)
    announce_max_score: bool = True  # False where the maximum is not a useful number to hear
    options: dict[str, object] = field(default_factory=dict)
    group_names: dict[str, tuple[str, ...]] = field(default_factory=dict)
    shuffle: Callable[[int], list[Card]] | None = None
    max_run: Callable[["GameDef", State, int], int] | None = None
    lift_off: Sequence | None = None
    settle: Callable[["GameDef", State, Move, State, list[Event]], State] | None = None
    pairs: PairRule | None = None
    after_deal: Callable[["GameDef", State, int], State] | None = None
    refill: Refill | None = None
    uncover: Uncover | None = None
    score_parts: Callable[["GameDef", State], list[tuple[str, str, int]]] | None = None
    """Optional: the parts the score is made of, said after it, each (what, a message key naming
    how it scores, points): Poker's lines, ("row two", "hand_flush", 5)."""
    stuck_search: ShuffleSearch | None = None
    """Optional (jumbo): "no moves left" asks whether any sequence of moves that only rearrange face-up
    cards reaches a move that makes progress (see :mod:`voicegame.engine.stuck_search`), for games where
    cards can shuttle for ever between equal places (two decks, foundations that give cards back)."""
    jokers: int = 0
    """Jokers dealt with the ``decks`` standard decks (Thieves: two); 0, every other game, leaves the
    deck and its shuffles as they always were. See :mod:`voicegame.engine.jokers`."""
    layout: Layout = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "layout", Layout.of(self.piles))

    @property
    def settles(self) -> bool:
        """True when something happens by itself after a move (``refill``, ``uncover`` or ``settle``)."""
        return self.settle is not None or self.refill is not None or self.uncover is not None

    def pile(self, pile_id: str) -> PileSpec:
        return self.piles[self.layout.index[pile_id]]

    def indices(self, kind: PileKind) -> tuple[int, ...]:
        return self.layout.indices(kind)


def free_cells_run_limit(game: "GameDef", state: State, dst: int) -> int:
    """How many cards may move as one run when only the free cells count: (empty cells + 1).
    Games whose empty piles take only kings (Bakers Game, Eight Off, Seahaven) cannot pass cards
    through an empty pile, so their manuals count the cells alone; off unless a game names it."""
    return 1 + sum(1 for i in game.layout.kinds.get(PileKind.CELL, ()) if not state.piles[i].cards)
