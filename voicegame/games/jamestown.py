"""Jamestown, as AisleRiot plays it.

Nine cards face up in a block of three rows of three; the other 43 are the stock. Two
cards of the same rank are removed together. Every empty spot of the block is filled from
the stock at once.

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Jamestown"; the manual keeps
only the rule, and the layout is Block Ten's, from the original help):

- Any two cards of the block may pair, wherever they lie.
- "As fast as possible": there is no clock; by voice the game waits for the player.
- The stock is dealt only into gaps, never turned by the player; it stays face down.
- Won when all 52 cards are removed; score two points per pair, one per card, out of 52.
- No moves left: no two cards of the block share a rank, even while the stock holds cards.
"""

from __future__ import annotations

from voicegame.engine import DealSpec, GameDef, PairRule, PileKind, PileSpec, Refill
from voicegame.games.deal_rules import ONE, DealRules, grid
from voicegame.games.parts import DISCARD, STOCK, all_discarded, discarded, spot_id, spot_names
from voicegame.games.entry import GameEntry
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

WORDS = game_words("jamestown")
"""How Jamestown and its piles are said (grammars/en/games/jamestown.toml)."""

SIZE = range(1, 4)
CELLS = tuple(spot_id(r, c) for r in SIZE for c in SIZE)


def _cell(row: int, column: int) -> PileSpec:
    return PileSpec(spot_id(row, column), PileKind.TABLEAU, spot_names(row, column), group="block")


PILES = (STOCK, DISCARD, *(_cell(r, c) for r in SIZE for c in SIZE))
PAIRS = PairRule(discard="discard", same_rank=True)


def jamestown() -> GameDef:
    """Jamestown (no options)."""
    return GameDef(
        key="jamestown",
        title=WORDS.title,
        piles=PILES,
        layout_deal=tuple(DealSpec(cell) for cell in CELLS),
        score=discarded,
        max_score=52,
        is_won=all_discarded,
        won_key="won_cleared",
        help_key="help_jamestown",
        group_names={"block": WORDS.names("block_group")},
        pairs=PAIRS,
        refill=Refill(group="block", source="stock", keep_down=True),
    )


ENTRY = GameEntry.from_words(
    key="jamestown",
    factory=jamestown,
    search=Search.PAIR_REMOVAL,
    hint_budget=HintBudget(nodes=650),
    deal=DealRules({**grid(3, 3, ONE), "stock": (43, 43)}),
)
