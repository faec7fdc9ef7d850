"""Fourteen, as AisleRiot plays it.

All 52 cards are dealt face up onto twelve piles: five cards on each of the first four,
four on each of the others. The top card of each pile is in play. Two of them whose values
add up to fourteen (ace 1, jack 11, queen 12, king 13) are removed together. Empty piles
are never filled; there is no stock.

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Fourteen"):

- Two sevens make fourteen and are removed together like any other pair.
- No card goes alone (the manual names no single cards).
- Won when all 52 cards are removed (the original help's goal).
- Score: one point per card removed, out of 52 (the original help).
- No moves left: no two top cards add up to fourteen.
"""

from __future__ import annotations

from voicegame.engine import DealSpec, GameDef, PairRule, PileKind, PileSpec
from voicegame.games.deal_rules import DealRules, each
from voicegame.games.parts import DISCARD, all_discarded, discarded
from voicegame.games.entry import GameEntry
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

WORDS = game_words("fourteen")
"""How Fourteen and its piles are said (grammars/en/games/fourteen.toml)."""

PILE_COUNT = 12


def pile_id(n: int) -> str:
    return f"pile{n}"


def _pile(n: int) -> PileSpec:
    return PileSpec(pile_id(n), PileKind.TABLEAU, WORDS.names("pile", n), number=n, group="tableau")


PILES = (DISCARD, *(_pile(n) for n in range(1, PILE_COUNT + 1)))
PAIRS = PairRule(discard="discard", sums_to=14)


def fourteen() -> GameDef:
    """Fourteen (no options)."""
    return GameDef(
        key="fourteen",
        title=WORDS.title,
        piles=PILES,
        layout_deal=tuple(DealSpec(pile_id(n), up=5 if n <= 4 else 4) for n in range(1, PILE_COUNT + 1)),
        score=discarded,
        max_score=52,
        is_won=all_discarded,
        won_key="won_cleared",
        help_key="help_fourteen",
        pairs=PAIRS,
    )


ENTRY = GameEntry.from_words(
    key="fourteen",
    factory=fourteen,
    search=Search.PAIR_REMOVAL,
    hint_budget=HintBudget(visits=2000),
    deal=DealRules(each("pile", [(5, 0)] * 4 + [(4, 0)] * 8)),
)
