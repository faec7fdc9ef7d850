"""Isabel, as AisleRiot plays it.

All 52 cards on thirteen piles of four: three face down under one face up. Two top cards
of the same rank are removed together; the card under each then turns face up and comes
into play. Empty piles are never filled; there is no stock.

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Isabel"):

- The layout (thirteen piles, three cards face down and one face up) is the original
  help's: the manual says only that each pile starts with four cards.
- Only top cards are in play, and a card turns up as soon as the one on it is removed.
- Won when all 52 cards are removed; score two points per pair, one per card, out of 52.
- No moves left: no two top cards share a rank.
"""

from __future__ import annotations

from voicegame.engine import DealSpec, GameDef, PairRule, PileKind, PileSpec, Uncover
from voicegame.games.deal_rules import DealRules, same
from voicegame.games.parts import DISCARD, all_discarded, discarded
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("isabel")
"""How Isabel and its piles are said (grammars/en/games/isabel.toml)."""

PILE_COUNT = 13


def pile_id(n: int) -> str:
    return f"pile{n}"


def _pile(n: int) -> PileSpec:
    return PileSpec(pile_id(n), PileKind.TABLEAU, WORDS.names("pile", n), number=n, group="tableau")


PILES = (DISCARD, *(_pile(n) for n in range(1, PILE_COUNT + 1)))
PAIRS = PairRule(discard="discard", same_rank=True)
TURN_UP = Uncover({pile_id(n): () for n in range(1, PILE_COUNT + 1)})  # nothing lies on a pile: its top turns up at once


def isabel() -> GameDef:
    """Isabel (no options)."""
    return GameDef(
        key="isabel",
        title=WORDS.title,
        piles=PILES,
        layout_deal=tuple(DealSpec(pile_id(n), down=3, up=1) for n in range(1, PILE_COUNT + 1)),
        score=discarded,
        max_score=52,
        is_won=all_discarded,
        won_key="won_cleared",
        help_key="help_isabel",
        pairs=PAIRS,
        uncover=TURN_UP,
    )


ENTRY = GameEntry.from_words(
    key="isabel",
    factory=isabel,
    search=Search.PAIR_REMOVAL,
    deal=DealRules(same("pile", 13, (4, 3))),
)
