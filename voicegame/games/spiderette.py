"""Spiderette, as AisleRiot plays it: Spider with one deck on seven columns dealt as in Klondike.

52 cards. Seven columns of 1 to 7 cards, the top card of each face up; the other 24 are the
stock. Build down regardless of suit, but only a run in one suit moves together; an empty
column takes any card or run. Dealing puts one card face up on every column, and only when no
column is empty; the last deal, of three cards, goes on the first three columns. A run of
thirteen in one suit, king down to ace, goes to a foundation. Four runs win.

Will o' the Wisp is this game with another deal (:func:`one_deck_spider`).

Decisions where AisleRiot's manual is silent (see GAMES.md, "Ambiguities"), as in
:mod:`voicegame.games.spider`:

- A finished run in one suit is lifted off to a foundation at once, after a move or a deal
  (the manual's "may be moved"; nothing is gained by leaving it, and Spider does the same).
- Score: one point for every face-up card on the next rank up in its own suit, twelve for every
  run lifted off (the manual's "every pair of cards in suit and sequence"), out of 48.
- No moves left: the stock is empty and no card can move (the engine's ``is_stuck``).
"""

from __future__ import annotations

from voicegame.engine import DealOnePerPile, DealSpec, GameDef
from voicegame.games.deal_rules import DealRules, klondike_triangle
from voicegame.games.parts import DOWN_IN_SUIT, STOCK
from voicegame.games.spider import column, foundation, score
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

COLUMNS = range(1, 8)
PILES = (STOCK, *(foundation(n) for n in range(1, 5)), *(column(n) for n in COLUMNS))


def one_deck_spider(key: str, deal: tuple[DealSpec, ...], help_key: str) -> GameDef:
    """One-deck Spider on seven columns dealt by ``deal``, the rest the stock."""
    return GameDef(
        key=key,
        title=game_words(key).title,
        piles=PILES,
        layout_deal=deal,
        stock_rule=DealOnePerPile(group="tableau", needs_no_empty=True),
        score=score,
        max_score=48,
        lift_off=DOWN_IN_SUIT,
        help_key=help_key,
    )


def spiderette() -> GameDef:
    """Spiderette (no options)."""
    return one_deck_spider("spiderette", tuple(DealSpec(f"column{n}", down=n - 1, up=1) for n in COLUMNS),
                           "help_spiderette")


ENTRY = GameEntry.from_words(
    key="spiderette",
    factory=spiderette,
    search=Search.SPIDER,
    deal=DealRules({**klondike_triangle("column"), "stock": (24, None)}),
)
