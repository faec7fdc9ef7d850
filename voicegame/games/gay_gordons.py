"""Gay Gordons, as AisleRiot plays it.

Two cards face up on a reserve, the other fifty face up on ten piles of five. The top card
of the reserve and of each pile is in play. Two of them are removed together when their
values add up to eleven (ace 1), when they are a king and a queen, or when they are two
jacks. Empty piles are never filled and the reserve takes no cards.

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Gay Gordons"):

- An ace counts one and so pairs with a ten.
- No card goes alone.
- Won when all 52 cards are removed (the original help's goal).
- Score: two points per pair, that is one per card removed, out of 52.
- No moves left: no two cards in play go together.
"""

from __future__ import annotations

from voicegame.engine import DealSpec, GameDef, PairRule, PileKind, PileSpec
from voicegame.engine.cards import Rank
from voicegame.games.deal_rules import DealRules, same
from voicegame.games.parts import DISCARD, all_discarded, discarded
from voicegame.games.entry import GameEntry
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

WORDS = game_words("gay_gordons")
"""How Gay Gordons and its piles are said (grammars/en/games/gay_gordons.toml)."""

PILE_COUNT = 10


def pile_id(n: int) -> str:
    return f"pile{n}"


def _pile(n: int) -> PileSpec:
    return PileSpec(pile_id(n), PileKind.TABLEAU, WORDS.names("pile", n), number=n, group="tableau")


RESERVE = PileSpec("reserve", PileKind.RESERVE, WORDS.names("reserve"))
PILES = (RESERVE, DISCARD, *(_pile(n) for n in range(1, PILE_COUNT + 1)))
PAIRS = PairRule(discard="discard", sums_to=11, rank_mates=frozenset({(Rank.KING, Rank.QUEEN), (Rank.JACK, Rank.JACK)}))


def gay_gordons() -> GameDef:
    """Gay Gordons (no options)."""
    return GameDef(
        key="gay_gordons",
        title=WORDS.title,
        piles=PILES,
        layout_deal=(DealSpec("reserve", up=2), *(DealSpec(pile_id(n), up=5) for n in range(1, PILE_COUNT + 1))),
        score=discarded,
        max_score=52,
        is_won=all_discarded,
        won_key="won_cleared",
        help_key="help_gay_gordons",
        pairs=PAIRS,
    )


ENTRY = GameEntry.from_words(
    key="gay_gordons",
    factory=gay_gordons,
    search=Search.PAIR_REMOVAL,
    hint_budget=HintBudget(visits=2000),
    deal=DealRules({"reserve": (2, 0), **same("pile", 10, (5, 0))}),
)
