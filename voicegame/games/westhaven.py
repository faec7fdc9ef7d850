"""Westhaven, as AisleRiot's manual describes it.

Ten piles of three cards, the last row face up. The piles build down in alternating colours;
only the top card or the whole face-up part of a pile may be moved, and an empty pile takes any
card or group. Four foundations build up in suit from the ace, and cards on them are no longer
in play.

Decisions where the manual is silent (the seed lost the stock lines; the rest is AisleRiot's
own help, as GAMES.md records):

- The other 22 cards are the stock, turned one at a time onto the waste, once (no redeal).
- A face-up card turned up when the cards on it leave becomes the pile's face-up part.
"""

from __future__ import annotations

from voicegame.engine import EMPTY_ANY, Accepts, DealSpec, DrawToWaste, GameDef, PileSpec, Takes, top_or_all_face_up
from voicegame.engine.auto import opposite_colours_ready
from voicegame.engine.cards import Suit
from voicegame.games.deal_rules import DealRules, same
from voicegame.games.parts import ALTERNATE_DOWN, STOCK, WASTE, suit_foundation, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

WORDS = game_words("westhaven")
"""How Westhaven and its piles are said (grammars/en/games/westhaven.toml)."""

PILES = range(1, 11)


def tableau(n: int) -> PileSpec:
    return tableau_pile(n, Accepts(build=ALTERNATE_DOWN, empty=EMPTY_ANY),
                        Takes(runs=True, sequence=ALTERNATE_DOWN, extra=top_or_all_face_up),
                        id_prefix="pile", noun="pile", auto_turn=True)


def westhaven() -> GameDef:
    """Westhaven (no options): ten piles, draw one, one pass, foundations keep their cards."""
    return GameDef(
        key="westhaven",
        title=WORDS.title,
        piles=(STOCK, WASTE, *(suit_foundation(s, playback=False) for s in Suit), *(tableau(n) for n in PILES)),
        layout_deal=tuple(DealSpec(f"pile{n}", down=2, up=1) for n in PILES),
        stock_rule=DrawToWaste(draw=1, redeals=0),
        safe_to_foundation=opposite_colours_ready,
        help_key="help_westhaven",
    )


ENTRY = GameEntry.from_words(
    key="westhaven",
    factory=westhaven,
    search=Search.KLONDIKE_LIKE,
    hint_budget=HintBudget(nodes=460),
    deal=DealRules({**same("pile", 10, (3, 2)), "stock": (22, None)}),
)
