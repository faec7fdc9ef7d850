"""Helsinki, as AisleRiot plays it.

Ten cards face up, one on each of ten piles; the other 42 are the stock. Two cards whose
values add up to thirteen (ace 1, jack 11, queen 12) are removed together; a king is
removed by itself. Every empty pile is filled from the stock at once.

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Helsinki"):

- Any two of the ten cards may pair, wherever they lie.
- "Go as fast as you can": there is no clock; by voice the game waits for the player.
- The stock is dealt only into gaps, never turned by the player; it stays face down.
- Won when all 52 cards are removed; score one point per card removed, out of 52 (the
  original help).
- No moves left: no king and no two cards adding up to thirteen among the ten, even while
  the stock holds cards.
"""

from __future__ import annotations

from voicegame.engine import DealSpec, GameDef, PairRule, PileKind, PileSpec, Refill
from voicegame.engine.cards import Rank
from voicegame.games.deal_rules import ONE, DealRules, same
from voicegame.games.parts import DISCARD, STOCK, all_discarded, discarded
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("helsinki")
"""How Helsinki and its piles are said (grammars/en/games/helsinki.toml)."""

PILE_COUNT = 10


def pile_id(n: int) -> str:
    return f"pile{n}"


def _pile(n: int) -> PileSpec:
    return PileSpec(pile_id(n), PileKind.TABLEAU, WORDS.names("pile", n), group="tableau")


PILES = (STOCK, DISCARD, *(_pile(n) for n in range(1, PILE_COUNT + 1)))
PAIRS = PairRule(discard="discard", sums_to=13, singles=frozenset({Rank.KING}))


def helsinki() -> GameDef:
    """Helsinki (no options)."""
    return GameDef(
        key="helsinki",
        title=WORDS.title,
        piles=PILES,
        layout_deal=tuple(DealSpec(pile_id(n)) for n in range(1, PILE_COUNT + 1)),
        score=discarded,
        max_score=52,
        is_won=all_discarded,
        won_key="won_cleared",
        help_key="help_helsinki",
        group_names={"tableau": WORDS.names("tableau_group")},
        pairs=PAIRS,
        refill=Refill(group="tableau", source="stock", keep_down=True),
    )


ENTRY = GameEntry.from_words(
    key="helsinki",
    factory=helsinki,
    search=Search.PAIR_REMOVAL,
    deal=DealRules({**same("pile", 10, ONE), "stock": (42, 42)}),
)
