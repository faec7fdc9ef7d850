"""Cover, as AisleRiot plays it.

Four cards face up on four piles; the other 48 are the stock. Two cards of the same suit are
removed together, and every empty pile is filled from the stock at once. The game ends when the four
cards showing are of four suits; it is won when the stock is empty.

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Cover"):

- Any two of the four cards may pair, wherever they lie; no card goes alone.
- Won when the stock is empty ("Empty the Stock"): the last pair taken leaves one card of each
  suit, since every suit has an odd number of cards.
- Score: two points per pair, that is one per card removed, out of 48.
- The stock is dealt only into gaps and stays face down.
- No moves left: the four cards are of four suits, while the stock still holds cards.
"""

from __future__ import annotations

from voicegame.engine import DealSpec, GameDef, PairRule, PileKind, PileSpec, State, Refill, same_suit
from voicegame.games.deal_rules import ONE, DealRules, same
from voicegame.games.entry import GameEntry
from voicegame.games.parts import DISCARD, STOCK, discarded
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("cover")
"""How Cover and its piles are said (grammars/en/games/cover.toml)."""

PILE_COUNT = 4


def _pile(n: int) -> PileSpec:
    return PileSpec(f"pile{n}", PileKind.TABLEAU, WORDS.names("pile", n), number=n, group="tableau")


PILES = (STOCK, DISCARD, *(_pile(n) for n in range(1, PILE_COUNT + 1)))


def stock_empty(game: GameDef, state: State) -> bool:
    return not state.piles[game.layout.stock].cards


def cover() -> GameDef:
    """Cover (no options)."""
    return GameDef(
        key="cover",
        title=WORDS.title,
        piles=PILES,
        layout_deal=tuple(DealSpec(f"pile{n}") for n in range(1, PILE_COUNT + 1)),
        score=discarded,
        max_score=48,
        is_won=stock_empty,
        won_key="won_cover",
        help_key="help_cover",
        group_names={"tableau": WORDS.names("tableau_group")},
        pairs=PairRule(discard="discard", together=same_suit),
        refill=Refill(group="tableau", source="stock", keep_down=True),
    )


ENTRY = GameEntry.from_words(
    key="cover",
    factory=cover,
    search=Search.PAIR_REMOVAL,
    deal=DealRules({**same("pile", 4, ONE), "stock": (48, None)}),
)
