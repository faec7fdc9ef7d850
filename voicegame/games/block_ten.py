"""Block Ten, as AisleRiot plays it.

Nine cards face up in a block of three rows of three; the other 43 are the stock. Two
cards whose values add up to ten (ace 1) are removed together; jacks, queens and kings are
removed in pairs; tens can never be removed. Every empty spot of the block is filled from
the stock at once.

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Block Ten"):

- "Jacks, Queens and Kings are removed in pairs": two cards of the same rank (jack with
  jack, queen with queen, king with king), never a jack with a queen.
- An ace counts one.
- Any two cards of the block may pair, wherever they lie (the manual names no adjacency).
- The goal "remove all cards" cannot be met, since tens stay: the game is won when the 48
  other cards are removed (the original help's maximum, 48 points, agrees), leaving the
  four tens.
- Score: two points per pair, that is one per card removed, out of 48.
- The stock is dealt only into gaps and is never turned by the player; it stays face down.
- No moves left: no two cards of the block pair (a block of nine with no pair ends the
  game even while the stock holds cards: a game of pure luck).
"""

from __future__ import annotations

from voicegame.engine import DealSpec, GameDef, PairRule, PileKind, PileSpec, Refill, State
from voicegame.engine.cards import Rank
from voicegame.games.deal_rules import ONE, DealRules, grid
from voicegame.games.parts import DISCARD, STOCK, discarded, spot_id, spot_names
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("block_ten")
"""How Block Ten and its piles are said (grammars/en/games/block_ten.toml)."""

SIZE = range(1, 4)
CELLS = tuple(spot_id(r, c) for r in SIZE for c in SIZE)
COURTS = frozenset((rank, rank) for rank in (Rank.JACK, Rank.QUEEN, Rank.KING))
MAX_SCORE = 48


def _cell(row: int, column: int) -> PileSpec:
    return PileSpec(spot_id(row, column), PileKind.TABLEAU, spot_names(row, column), group="block")


PILES = (STOCK, DISCARD, *(_cell(r, c) for r in SIZE for c in SIZE))
PAIRS = PairRule(discard="discard", sums_to=10, rank_mates=COURTS)


def all_but_tens(game: GameDef, state: State) -> bool:
    return discarded(game, state) == MAX_SCORE


def block_ten() -> GameDef:
    """Block Ten (no options)."""
    return GameDef(
        key="block_ten",
        title=WORDS.title,
        piles=PILES,
        layout_deal=tuple(DealSpec(cell) for cell in CELLS),
        score=discarded,
        max_score=MAX_SCORE,
        is_won=all_but_tens,
        won_key="won_block_ten",
        help_key="help_block_ten",
        group_names={"block": WORDS.names("block_group")},
        pairs=PAIRS,
        refill=Refill(group="block", source="stock", keep_down=True),
    )


ENTRY = GameEntry.from_words(
    key="block_ten",
    factory=block_ten,
    search=Search.PAIR_REMOVAL,
    deal=DealRules({**grid(3, 3, ONE), "stock": (43, 43)}),
)
