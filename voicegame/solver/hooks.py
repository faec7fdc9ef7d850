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

The registry names where each game's hooks live and imports only that module when the game is
searched: solving Klondike does not load Freecell Solver's bindings, nor the other games' hooks.
The names of the hook modules are offered here too, imported on first use.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING

from voicegame.engine import Engine
from voicegame.solver.hook_base import GENERIC, SolverHooks, generic_priority

if TYPE_CHECKING:
    from voicegame.solver.hooks_freecell import (FREECELL, OPEN_PACKER, SUIT_CELLS, any_home_forced, digging_priority,
                                                 first_answer, freecell_forced, home_forced, low_cards_forced, seated_prune)
    from voicegame.solver.hooks_klondike import (BASED, IN_SUIT, KLONDIKE, KLONDIKE_LIKE, ROW_DEALT, greedy_line, klondike_forced,
                                                 klondike_priority, klondike_prune, safe_home_forced, seats_forced)
    from voicegame.solver.hooks_removal_and_waste import (GOLF, PAIR_REMOVAL, ROYAL_PARADE, SIR_TOMMY, first_home_forced, golf_key,
                                               golf_priority, royal_parade_forced, single_forced, without_discards_key)
    from voicegame.solver.hooks_spider import SPIDER, spider_priority, spider_prune

__all__ = [
    "BASED", "FREECELL", "GENERIC", "GOLF", "HINT_BUDGETS", "HOOKS", "HintBudget", "IN_SUIT", "KLONDIKE", "KLONDIKE_LIKE", "OPEN_PACKER", "PAIR_REMOVAL", "ROW_DEALT",
    "ROYAL_PARADE", "SIR_TOMMY", "SPIDER", "SUIT_CELLS", "SolverHooks", "any_home_forced", "digging_priority",
    "first_answer", "first_home_forced", "freecell_forced", "generic_priority", "golf_key", "golf_priority",
    "greedy_line", "home_forced", "hooks_for", "klondike_forced", "klondike_priority", "klondike_prune",
    "low_cards_forced", "royal_parade_forced", "safe_home_forced", "seats_forced", "single_forced",
    "spider_priority", "spider_prune", "without_discards_key",
]

_OFFERED: dict[str, str] = {
    **dict.fromkeys(("FREECELL", "OPEN_PACKER", "SUIT_CELLS", "any_home_forced", "digging_priority", "first_answer",
                     "freecell_forced", "home_forced", "low_cards_forced", "seated_prune"), "freecell"),
    **dict.fromkeys(("BASED", "IN_SUIT", "KLONDIKE", "KLONDIKE_LIKE", "ROW_DEALT", "greedy_line", "klondike_forced",
                     "klondike_priority", "klondike_prune", "safe_home_forced", "seats_forced"), "klondike"),
    **dict.fromkeys(("GOLF", "PAIR_REMOVAL", "ROYAL_PARADE", "SIR_TOMMY", "first_home_forced", "golf_key", "golf_priority",
                     "royal_parade_forced", "single_forced", "without_discards_key"), "removal_and_waste"),
    **dict.fromkeys(("SPIDER", "spider_priority", "spider_prune"), "spider"),
}
"""The names of the hook modules offered here -> the module (``hooks_<name>``) that holds each."""

HOOKS: dict[str, SolverHooks]
"""Every game's search hooks, by key: made when asked for (it imports every hook module)."""

HOOKS_AT: dict[str, tuple[str, str]] = {
    "sir_tommy": ("removal_and_waste", "SIR_TOMMY"),
    "auld_lang_syne": ("removal_and_waste", "FIRST_HOME"),
    "scuffle": ("removal_and_waste", "FIRST_HOME"),
    "carpet": ("removal_and_waste", "FIRST_HOME"),
    "clock": ("removal_and_waste", "FIRST_HOME"),  # one move at a time: nothing to choose
    "thirteen": ("removal_and_waste", "PAIR_REMOVAL"),
    "yield": ("removal_and_waste", "PAIR_REMOVAL"),
    "fourteen": ("removal_and_waste", "PAIR_REMOVAL"),
    "block_ten": ("removal_and_waste", "PAIR_REMOVAL"),
    "gay_gordons": ("removal_and_waste", "PAIR_REMOVAL"),
    "helsinki": ("removal_and_waste", "PAIR_REMOVAL"),
    "jamestown": ("removal_and_waste", "PAIR_REMOVAL"),
    "isabel": ("removal_and_waste", "PAIR_REMOVAL"),
    "neighbor": ("removal_and_waste", "PAIR_REMOVAL"),
    "quatorze": ("removal_and_waste", "PAIR_REMOVAL"),
    "elevator": ("removal_and_waste", "WASTE_TOP"),  # only the waste top matters, as in Golf
    "escalator": ("removal_and_waste", "WASTE_TOP"),
    "klondike": ("klondike", "KLONDIKE"),
    "saratoga": ("klondike", "KLONDIKE"),  # Klondike's rules with every card face up: Klondike's own solver
    "gold_mine": ("klondike", "KLONDIKE_LIKE"),
    "whitehead": ("klondike", "KLONDIKE_LIKE"),
    "thumb_and_pouch": ("klondike", "KLONDIKE_LIKE"),
    "westhaven": ("klondike", "KLONDIKE_LIKE"),
    "royal_parade": ("removal_and_waste", "ROYAL_PARADE"),
    "freecell": ("freecell", "FREECELL"),
    "golf": ("removal_and_waste", "GOLF"),
    "thieves": ("jokers", "THIEVES"),  # Golf with jokers: Golf's key, jokers played last
    "spider": ("spider", "SPIDER"),
    "bakers_game": ("freecell", "SUIT_CELLS"),
    "eight_off": ("freecell", "SUIT_CELLS"),
    "seahaven": ("freecell", "SUIT_CELLS"),
    "beleaguered_castle": ("freecell", "OPEN_PACKER"),
    "streets_and_alleys": ("freecell", "OPEN_PACKER"),
    "spiderette": ("spider", "SPIDER"),
    "will_o_the_wisp": ("spider", "SPIDER"),
    "spider_three_decks": ("spider", "SPIDER"),
    "cruel": ("freecell", "HOME_FORCED"),
    "bear_river": ("freecell", "ANY_HOME_FORCED"),
    "bakers_dozen": ("freecell", "DIGGING"),
    "forty_thieves": ("klondike", "IN_SUIT"),
    "backbone": ("klondike", "IN_SUIT"),
    "easthaven": ("klondike", "IN_SUIT"),  # its greedy line and pruning won deals the Klondike hooks did not
    "union_square": ("klondike", "IN_SUIT"),
    "glenwood": ("klondike", "IN_SUIT"),  # safe_home_forced is sound: its foundations keep their cards
    "royal_east": ("klondike", "IN_SUIT"),
    "agnes": ("klondike", "BASED"),
    "gypsy": ("klondike", "ROW_DEALT"),
    "giant": ("rows", "ROWS"),
    "terrace": ("locks", "LOCKED_STOCK"),
    "aunt_mary": ("klondike", "KLONDIKE"),  # Klondike's rules on another deal: Klondike's own solver (it checks its lines)
    "athena": ("klondike", "KLONDIKE"),  # Klondike's rules and solver; face-up cards under face-down ones modelled as face down
    "osmosis": ("rank_gates", "RANK_GATED"),
    "peek": ("rank_gates", "RANK_GATED"),
    "napoleons_tomb": ("rank_gates", "SUITLESS_FOUNDATIONS"),
    "maze": ("rank_gates", "LINE"),
    "labyrinth": ("rank_gates", "OPEN_ENDS"),
    "camelot": ("rank_gates", "FILL_AND_CLEAR"),
    "kings_audience": ("rank_gates", "AUDIENCE"),
    "plait": ("rank_gates", "HOME_FIRST"),
    "diamond_mine": ("lines_and_sets", "DIAMOND_MINE"),
    "accordion": ("lines_and_sets", "ACCORDION"),
    "cover": ("removal_and_waste", "PAIR_REMOVAL"),
    "first_law": ("lines_and_sets", "FIRST_LAW"),
    "fortunes": ("lines_and_sets", "FORTUNES"),
    "valentine": ("lines_and_sets", "FIRST_LAW"),  # moves before deals, as in First Law
    "poker": ("lines_and_sets", "POKER"),
    "jumbo": ("klondike", "ROW_DEALT"),  # its restarting greedy lines win deals the generic search did not
}
"""Where the search hooks of each game are, by key: (``hooks_<module>``, the name there). A game not
here gets the generic ordering only."""


def _hooks(where: tuple[str, str]) -> SolverHooks:
    module, name = where
    hooks: SolverHooks = getattr(import_module(f"voicegame.solver.hooks_{module}"), name)
    return hooks


@dataclass(frozen=True)
class HintBudget:
    """How much one "hint" may search in a game, where the defaults (``voicegame.solver.hints``: 4000
    positions expanded, 4000 moves weighed, 100,000 positions for a winning line) would cost more
    than 0.3 CPU-seconds. A hint then ends on work fixed in advance, the same hint on every machine,
    rather than on the clock (a guess cut short, different under load). None: the default."""

    nodes: int | None = None
    visits: int | None = None
    line_nodes: int | None = None


HINT_BUDGETS: dict[str, HintBudget] = {
    "accordion": HintBudget(nodes=160),
    "bakers_dozen": HintBudget(nodes=350),
    "bakers_game": HintBudget(nodes=810),
    "bear_river": HintBudget(nodes=650),
    "beleaguered_castle": HintBudget(nodes=310, line_nodes=1500),
    "bristol": HintBudget(nodes=930),
    "chessboard": HintBudget(nodes=490),
    "cruel": HintBudget(nodes=680),
    "eight_off": HintBudget(nodes=140),
    "forty_thieves": HintBudget(nodes=330),
    "fourteen": HintBudget(visits=2000),
    "freecell": HintBudget(nodes=140),
    "gaps": HintBudget(nodes=150),
    "gay_gordons": HintBudget(visits=2000),
    "giant": HintBudget(nodes=220),
    "glenwood": HintBudget(line_nodes=500),
    "gypsy": HintBudget(visits=2000),
    "jamestown": HintBudget(nodes=650),
    "king_albert": HintBudget(nodes=340),
    "maze": HintBudget(nodes=40, line_nodes=1500),
    "monte_carlo": HintBudget(nodes=700),
    "pileon": HintBudget(nodes=160),
    "royal_parade": HintBudget(nodes=320),
    "spider": HintBudget(nodes=200),
    "spider_three_decks": HintBudget(nodes=170),
    "streets_and_alleys": HintBudget(nodes=720, line_nodes=1500),
    "union_square": HintBudget(nodes=110),
    "westhaven": HintBudget(nodes=460),
    "yukon": HintBudget(nodes=790),
}
"""Each game's hint budget where it differs from the defaults, set on deals 1-3 of bench/hints.py
(a 2-core machine under load, so a little under what an idle one affords): ``nodes`` is 0.2 CPU-s over
the 95th percentile of one position's cost with 4000 (Maze's 40 from 3.5 ms a position: its every gap
takes any card that fits the line, so a position has some 300 moves to weigh); ``visits`` where a
game's moves cost twice Klondike's (Fourteen and Gay Gordons on deals 4-6, Gypsy's two decks on
deals 7-9); ``line_nodes`` where the game's own solver
falls back to the generic search (10,000 to 17,000 positions a CPU-second) in positions Freecell
Solver does not take (Glenwood's from deals 4-6). Deals 4-9 were seen before Fourteen, Gay Gordons,
Glenwood and Gypsy were set, so bench/RESULTS.md counts them as tuning deals too and reports deals
10-12 as the held-out ones."""


def hooks_for(engine: Engine) -> SolverHooks:
    where = HOOKS_AT.get(engine.game.key)
    return GENERIC if where is None else _hooks(where)


def __getattr__(name: str) -> object:
    if name == "HOOKS":
        return {key: _hooks(where) for key, where in HOOKS_AT.items()}
    if name in _OFFERED:
        value = getattr(import_module(f"voicegame.solver.hooks_{_OFFERED[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
