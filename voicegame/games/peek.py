"""Peek, as AisleRiot plays it: Osmosis with the reserves open.

Four reserves of four cards, all face up ("The Reserves are open for you to see"); everything
else is Osmosis (see :mod:`voicegame.games.osmosis`): one base card on foundation one, which
takes its suit in any order; each other foundation starts with the base rank and takes only
ranks already on the foundation above; the stock turns one card at a time with two redeals, or
three at a time with unlimited redeals (``cards_per_deal=3``).

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Peek"): the manual keeps only
Peek's reserve line; every other rule, and every decision, is Osmosis's. Only a reserve's top
card plays, although all four can be read.
"""

from __future__ import annotations

from voicegame.engine import GameDef
from voicegame.games.deal_rules import ONE, DealRules, same
from voicegame.games.entry import GameEntry
from voicegame.games.osmosis import DRAW, reserves_game
from voicegame.games.search import Search


def peek(cards_per_deal: int = 1) -> GameDef:
    """Peek: ``cards_per_deal`` 1 (two redeals) or 3 (unlimited redeals)."""
    return reserves_game("peek", cards_per_deal, 0, "help_peek")


ENTRY = GameEntry.from_words(
    key="peek",
    factory=peek,
    options=(DRAW,),
    search=Search.RANK_GATED,
    deal=DealRules({**same("reserve", 4, (4, 0)), "foundation1": ONE, "stock": (35, None)}),  # Osmosis face up
)
