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

from voicegame.engine import Engine
from voicegame.solver.hook_base import GENERIC, SolverHooks, generic_priority
from voicegame.solver.hooks_freecell import (FREECELL, OPEN_PACKER, SUIT_CELLS, any_home_forced, digging_priority,
                                             first_answer, freecell_forced, home_forced, low_cards_forced, seated_prune)
from voicegame.solver.hooks_klondike import (BASED, IN_SUIT, KLONDIKE, KLONDIKE_LIKE, ROW_DEALT, greedy_line, klondike_forced,
                                             klondike_priority, klondike_prune, safe_home_forced, seats_forced)
from voicegame.solver.hooks_others import (GOLF, PAIR_REMOVAL, ROYAL_PARADE, SIR_TOMMY, first_home_forced, golf_key,
                                           golf_priority, royal_parade_forced, single_forced, without_discards_key)
from voicegame.solver.hooks_spider import SPIDER, spider_priority, spider_prune
from voicegame.solver.hooks_rows import ROWS
from voicegame.solver.hooks_locks import LOCKED_STOCK
from voicegame.solver.hooks_jokers import THIEVES
from voicegame.solver.hooks_pair4 import AUDIENCE, FILL_AND_CLEAR, HOME_FIRST, LINE, OPEN_ENDS, RANK_GATED, SUITLESS_FOUNDATIONS
from voicegame.solver.hooks_pair3 import ACCORDION, DIAMOND_MINE, FIRST_LAW, FORTUNES, POKER

__all__ = [
    "BASED", "FREECELL", "GENERIC", "GOLF", "HINT_NODES", "HOOKS", "LINE_NODES", "IN_SUIT", "KLONDIKE", "KLONDIKE_LIKE", "OPEN_PACKER", "PAIR_REMOVAL", "ROW_DEALT",
    "ROYAL_PARADE", "SIR_TOMMY", "SPIDER", "SUIT_CELLS", "SolverHooks", "any_home_forced", "digging_priority",
    "first_answer", "first_home_forced", "freecell_forced", "generic_priority", "golf_key", "golf_priority",
    "greedy_line", "home_forced", "hooks_for", "klondike_forced", "klondike_priority", "klondike_prune",
    "low_cards_forced", "royal_parade_forced", "safe_home_forced", "seated_prune", "seats_forced", "single_forced",
    "spider_priority", "spider_prune", "without_discards_key",
]

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
    "thieves": THIEVES,  # Golf with jokers: Golf's key, jokers played last
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
    "forty_thieves": IN_SUIT,
    "backbone": IN_SUIT,
    # kfam3 (issue 21)
    "easthaven": IN_SUIT,  # its greedy line and pruning won deals the Klondike hooks did not
    "union_square": IN_SUIT,
    "glenwood": IN_SUIT,  # safe_home_forced is sound: its foundations keep their cards
    "royal_east": IN_SUIT,
    "agnes": BASED,
    "gypsy": ROW_DEALT,
    # kfam4 (issue 21)
    "giant": ROWS,
    "terrace": LOCKED_STOCK,
    "aunt_mary": KLONDIKE,  # Klondike's rules on another deal: Klondike's own solver (it checks its lines)
    "athena": KLONDIKE,  # athena (issue 21): Klondike's rules and solver; face-up cards under face-down ones modelled as face down
    # pair4 (issue 23)
    "osmosis": RANK_GATED,
    "peek": RANK_GATED,
    "napoleons_tomb": SUITLESS_FOUNDATIONS,
    "maze": LINE,
    "labyrinth": OPEN_ENDS,
    "camelot": FILL_AND_CLEAR,
    "kings_audience": AUDIENCE,
    "plait": HOME_FIRST,
    "diamond_mine": DIAMOND_MINE,  # pair3
    "accordion": ACCORDION,
    "cover": PAIR_REMOVAL,
    "first_law": FIRST_LAW,
    "fortunes": FORTUNES,
    "valentine": FIRST_LAW,  # moves before deals, as in First Law
    "poker": POKER,
    "jumbo": ROW_DEALT,  # jumbo (issue 21): its restarting greedy lines win deals the generic search did not
}
"""The search hooks of each game, by key (a game not here gets the generic ordering only)."""

HINT_NODES: dict[str, int] = {
    "accordion": 160,
    "bakers_dozen": 350,
    "bakers_game": 810,
    "bear_river": 650,
    "beleaguered_castle": 310,
    "bristol": 930,
    "chessboard": 490,
    "cruel": 680,
    "eight_off": 140,
    "forty_thieves": 330,
    "freecell": 140,
    "gaps": 150,
    "giant": 220,
    "jamestown": 650,
    "king_albert": 340,
    "maze": 40,
    "monte_carlo": 700,
    "pileon": 160,
    "royal_parade": 320,
    "spider": 200,
    "spider_three_decks": 170,
    "streets_and_alleys": 720,
    "union_square": 110,
    "westhaven": 460,
    "yukon": 790,
}
"""Positions one "hint" may expand, in the games where 4000 cost more than 0.3 CPU-seconds, so that
a hint ends on a number fixed in advance (the same hint on every machine) rather than on the clock
(a guess cut short, different under load): 0.2 CPU-s over the 95th percentile of one position's cost in
bench/hints.py's positions, measured with 4000 on a 2-core machine under load (so a little under
what an idle machine affords), rounded down; Maze's 40 from 3.5 ms a position (its every gap takes
any card that fits the line, so each position has some 300 moves to weigh)."""

LINE_NODES: dict[str, int] = {"maze": 1500, "streets_and_alleys": 1500, "beleaguered_castle": 1500}
"""Positions a game's own solver may search for a winning line to hint from, where 100,000 would
take more than a hint's time: these fall back to the generic search (10,000 to 17,000 positions a
CPU-second) in the positions Freecell Solver does not take."""



def hooks_for(engine: Engine) -> SolverHooks:
    return HOOKS.get(engine.game.key, GENERIC)
