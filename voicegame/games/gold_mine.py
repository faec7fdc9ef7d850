"""Gold Mine, as AisleRiot's manual describes it.

Seven piles, all empty to start; every card begins in the stock, turned three at a time onto
the waste, once: "When Stock is empty, game over." The piles build down in alternating
colours, runs move together, and an empty pile takes any card or run. Four foundations build
up in suit from the ace.

Decisions where the manual is silent (the seed lost the foundation and waste lines; see
GAMES.md):

- Foundations as in Klondike and AisleRiot's own help: one per suit, ace to king, and the top
  card may be played back onto the piles.
- With fewer than three cards left in the stock, the remaining cards are turned.
- "Game over" is the engine's "No moves left": once the stock is empty and no move helps.
- The manual's strategy line about filling "empty foundation piles" means the table's piles.
"""

from __future__ import annotations

from voicegame.engine import EMPTY_ANY, Accepts, DrawToWaste, GameDef, PileSpec, Takes
from voicegame.engine.auto import opposite_colours_ready
from voicegame.engine.cards import Suit
from voicegame.games.deal_rules import EMPTY, DealRules, same
from voicegame.games.parts import ALTERNATE_DOWN, STOCK, WASTE, suit_foundation, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("gold_mine")
"""How Gold Mine and its piles are said (grammars/en/games/gold_mine.toml)."""


def tableau(n: int) -> PileSpec:
    return tableau_pile(n, Accepts(build=ALTERNATE_DOWN, empty=EMPTY_ANY), Takes(runs=True, sequence=ALTERNATE_DOWN),
                        id_prefix="pile", noun="pile", auto_turn=True)


def gold_mine() -> GameDef:
    """Gold Mine (no options): an empty table, draw three, one pass."""
    return GameDef(
        key="gold_mine",
        title=WORDS.title,
        piles=(STOCK, WASTE, *(suit_foundation(s) for s in Suit), *(tableau(n) for n in range(1, 8))),
        layout_deal=(),
        stock_rule=DrawToWaste(draw=3, redeals=0),
        safe_to_foundation=opposite_colours_ready,
        help_key="help_gold_mine",
    )


ENTRY = GameEntry.from_words(
    key="gold_mine",
    factory=gold_mine,
    search=Search.KLONDIKE_LIKE,
    deal=DealRules({"stock": (52, None), **same("pile", 7, EMPTY)}),
)
