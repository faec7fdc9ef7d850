"""What a game asks of the solver, declared as data beside the game: which shared set of search hooks
it uses and how much one "hint" may search.

The games layer may not import the solver (docs/ARCHITECTURE.md), so a game names its hooks from the
vocabulary below and ``voicegame.solver.hooks`` turns the name into the hooks; a test checks that the
solver has hooks for every name. A game's ``ENTRY`` must say its search, so that a game searched with
the generic hooks only is a decision written in its module, not an accident."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Search(Enum):
    """The shared sets of search hooks (``voicegame.solver.hooks_<module>``, the constant of the same
    name): forced moves, move ordering, pruning, a smaller position key or a whole solver of their own."""

    GENERIC = "generic"  # the generic ordering only: nothing of the game's own
    SIR_TOMMY = "sir_tommy"
    FIRST_HOME = "first_home"  # a card that can go home goes first
    PAIR_REMOVAL = "pair_removal"
    WASTE_TOP = "waste_top"  # only the waste top matters, as in Golf
    GOLF = "golf"
    ROYAL_PARADE = "royal_parade"
    THIEVES = "thieves"  # Golf with jokers: Golf's key, jokers played last
    KLONDIKE = "klondike"  # Klondike's own solver
    KLONDIKE_LIKE = "klondike_like"
    IN_SUIT = "in_suit"
    BASED = "based"
    ROW_DEALT = "row_dealt"
    FREECELL = "freecell"
    SUIT_CELLS = "suit_cells"
    OPEN_PACKER = "open_packer"
    HOME_FORCED = "home_forced"
    ANY_HOME_FORCED = "any_home_forced"
    DIGGING = "digging"
    SPIDER = "spider"
    ROWS = "rows"
    LOCKED_STOCK = "locked_stock"
    RANK_GATED = "rank_gated"
    SUITLESS_FOUNDATIONS = "suitless_foundations"
    LINE = "line"
    OPEN_ENDS = "open_ends"
    FILL_AND_CLEAR = "fill_and_clear"
    AUDIENCE = "audience"
    HOME_FIRST = "home_first"
    DIAMOND_MINE = "diamond_mine"
    ACCORDION = "accordion"
    FIRST_LAW = "first_law"
    FORTUNES = "fortunes"
    POKER = "poker"


@dataclass(frozen=True)
class HintBudget:
    """How much one "hint" may search in a game, where the defaults (``voicegame.solver.hints``: 4000
    positions expanded, 4000 moves weighed, 100,000 positions for a winning line) would cost more
    than 0.3 CPU-seconds. A hint then ends on work fixed in advance, the same hint on every machine,
    rather than on the clock (a guess cut short, different under load). None: the default.

    The budgets were set on deals 1-3 of bench/hints.py (a 2-core machine under load, so a little under
    what an idle one affords): ``nodes`` is 0.2 CPU-s over the 95th percentile of one position's cost
    with 4000 (Maze's 40 from 3.5 ms a position: its every gap takes any card that fits the line, so a
    position has some 300 moves to weigh); ``visits`` where a game's moves cost twice Klondike's
    (Fourteen and Gay Gordons on deals 4-6, Gypsy's two decks on deals 7-9); ``line_nodes`` where the
    game's own solver falls back to the generic search (10,000 to 17,000 positions a CPU-second) in
    positions Freecell Solver does not take (Glenwood's from deals 4-6). Deals 4-9 were seen before
    Fourteen, Gay Gordons, Glenwood and Gypsy were set, so bench/RESULTS.md counts them as tuning deals
    too and reports deals 10-12 as the held-out ones."""

    nodes: int | None = None
    visits: int | None = None
    line_nodes: int | None = None
