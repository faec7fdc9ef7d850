"""Bakers Dozen, as AisleRiot plays it: thirteen piles of four, kings sunk to the bottom.

All 52 cards face up, four on each of thirteen piles; then every king is moved to the bottom of
its pile. The top card of a pile may go onto another pile's top card one rank higher, suit not
counting. An empty pile is never filled. Foundations build up in suit from the ace to the king,
and their top card may be played back onto a pile.

Decisions where AisleRiot's manual is silent (see GAMES.md, "Ambiguities"):

- Two kings in one pile keep the order they were dealt in, at the bottom (RankToBottom).
- Cards are dealt in rows across the thirteen piles, left to right.
- Piles are said "pile one" to "pile thirteen" (also "column one").
- Score: one point per card on the foundations, out of 52. Won when all 52 are home.
- No moves left: no card can move (the engine's ``is_stuck``).
"""

from __future__ import annotations

from voicegame.engine import EMPTY_NONE, TOP_CARD, Accepts, DealSpec, GameDef, RankToBottom
from voicegame.engine.cards import Rank, Suit
from voicegame.games.deal_rules import DealRules, same
from voicegame.games.parts import DOWN_ANY_SUIT, suit_foundation, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

WORDS = game_words("bakers_dozen")
"""How Bakers Dozen and its piles are said (grammars/en/games/bakers_dozen.toml)."""

PILES = (*(suit_foundation(s) for s in Suit),
         *(tableau_pile(n, Accepts(build=DOWN_ANY_SUIT, empty=EMPTY_NONE, single=True), TOP_CARD, id_prefix="pile",
                        noun="pile") for n in range(1, 14)))


def bakers_dozen() -> GameDef:
    """Bakers Dozen (no options)."""
    return GameDef(
        key="bakers_dozen",
        title=WORDS.title,
        piles=PILES,
        layout_deal=tuple(DealSpec(f"pile{n}", up=4) for n in range(1, 14)),
        after_deal=RankToBottom(Rank.KING, "tableau"),
        help_key="help_bakers_dozen",
    )


ENTRY = GameEntry.from_words(
    key="bakers_dozen",
    factory=bakers_dozen,
    search=Search.DIGGING,
    hint_budget=HintBudget(nodes=350),
    deal=DealRules(same("pile", 13, (4, 0))),
)
