"""Game-specific help for the search: the shared sets of hooks a game may declare.

A game declares which set its search uses, and its hint budget, as data in its registry entry
(``GameEntry.search``, ``GameEntry.hint_budget``: voicegame/games/search.py), since the games layer
may not import the solver; the hooks themselves live in the ``hooks_<module>`` modules. Every hook
is optional:

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

``HOOKS_MODULE`` names where each set lives and only that module is imported when a game is
searched: solving Klondike does not load Freecell Solver's bindings, nor the other games' hooks.
The names of the hook modules are offered here too, imported on first use.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from voicegame.engine import Engine
from voicegame.games import all_games, entry_of
from voicegame.games.search import HintBudget, Search
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
    "BASED", "FREECELL", "GENERIC", "GOLF", "HOOKS", "HOOKS_MODULE", "HintBudget", "IN_SUIT", "KLONDIKE", "KLONDIKE_LIKE", "OPEN_PACKER", "PAIR_REMOVAL", "ROW_DEALT",
    "ROYAL_PARADE", "SIR_TOMMY", "SPIDER", "SUIT_CELLS", "SolverHooks", "any_home_forced", "digging_priority",
    "first_answer", "first_home_forced", "freecell_forced", "generic_priority", "golf_key", "golf_priority",
    "greedy_line", "hint_budget_for", "home_forced", "hooks_for", "hooks_of", "klondike_forced", "klondike_priority", "klondike_prune",
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
"""Every game's search hooks, by key, for the games that declare hooks of their own: made when asked for
(it imports every game and every hook module)."""

HOOKS_MODULE: dict[Search, str] = {
    **dict.fromkeys((Search.SIR_TOMMY, Search.FIRST_HOME, Search.PAIR_REMOVAL, Search.WASTE_TOP, Search.GOLF,
                     Search.ROYAL_PARADE), "removal_and_waste"),
    **dict.fromkeys((Search.KLONDIKE, Search.KLONDIKE_LIKE, Search.IN_SUIT, Search.BASED, Search.ROW_DEALT), "klondike"),
    **dict.fromkeys((Search.FREECELL, Search.SUIT_CELLS, Search.OPEN_PACKER, Search.HOME_FORCED, Search.ANY_HOME_FORCED,
                     Search.DIGGING), "freecell"),
    Search.THIEVES: "jokers",
    Search.SPIDER: "spider",
    Search.ROWS: "rows",
    Search.LOCKED_STOCK: "locks",
    **dict.fromkeys((Search.RANK_GATED, Search.SUITLESS_FOUNDATIONS, Search.LINE, Search.OPEN_ENDS, Search.FILL_AND_CLEAR,
                     Search.AUDIENCE, Search.HOME_FIRST), "rank_gates"),
    **dict.fromkeys((Search.DIAMOND_MINE, Search.ACCORDION, Search.FIRST_LAW, Search.FORTUNES, Search.POKER),
                    "lines_and_sets"),
}
"""Where each shared set of hooks a game may declare (``GameEntry.search``) lives: the module
``hooks_<module>``, under the set's name (``Search.SUIT_CELLS`` -> ``hooks_freecell.SUIT_CELLS``).
Only that module is imported when the game is searched; ``Search.GENERIC`` is the generic ordering."""


def hooks_of(search: Search) -> SolverHooks:
    """The hooks of one shared set (the generic ones for ``Search.GENERIC``)."""
    if search is Search.GENERIC:
        return GENERIC
    hooks: SolverHooks = getattr(import_module(f"voicegame.solver.hooks_{HOOKS_MODULE[search]}"), search.name)
    return hooks


def hooks_for(engine: Engine) -> SolverHooks:
    """The search hooks ``engine``'s game declares (the generic ones for a game the registry lacks)."""
    entry = entry_of(engine.game.key)
    return GENERIC if entry is None else hooks_of(entry.search)


def hint_budget_for(engine: Engine) -> HintBudget:
    """How much one hint may search in ``engine``'s game (the defaults for a game the registry lacks)."""
    entry = entry_of(engine.game.key)
    return HintBudget() if entry is None else entry.hint_budget


def __getattr__(name: str) -> object:
    if name == "HOOKS":
        return {entry.key: hooks_of(entry.search) for entry in all_games() if entry.search is not Search.GENERIC}
    if name in _OFFERED:
        value = getattr(import_module(f"voicegame.solver.hooks_{_OFFERED[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
