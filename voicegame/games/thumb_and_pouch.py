"""Thumb and Pouch, as AisleRiot's manual describes it.

Seven piles dealt as in Klondike (pile n gets n cards, only the top one face up). The piles
build down in any suit but the card's own, runs in that order move together, and an empty pile
takes any such run (not only a king). The stock turns one card at a time onto the waste, and
the deck may be gone through three times; the waste is turned back over in order. Four
foundations build up in suit from the ace.

Decisions where the manual is silent (the seed lost the stock count and foundation lines; the
rest is AisleRiot's own help, as GAMES.md records):

- The 24 cards left after the deal are the stock.
- Foundation cards are still in play: the top card may be played back onto the piles.
- "Any suit but own" is checked card by card: a run may alternate between any two suits.
"""

from __future__ import annotations

from voicegame.engine import EMPTY_ANY, Accepts, DealSpec, Direction, DrawToWaste, GameDef, PileSpec, Sequence, SuitRule, Takes
from voicegame.engine.auto import SeatsFilled
from voicegame.engine.cards import Suit
from voicegame.games.deal_rules import DealRules, klondike_triangle
from voicegame.games.parts import STOCK, WASTE, suit_foundation, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("thumb_and_pouch")
"""How Thumb and Pouch and its piles are said (grammars/en/games/thumb_and_pouch.toml)."""

OTHER_SUIT_DOWN = Sequence(Direction.DOWN, SuitRule.DIFFERENT)


def tableau(n: int) -> PileSpec:
    return tableau_pile(n, Accepts(build=OTHER_SUIT_DOWN, empty=EMPTY_ANY), Takes(runs=True, sequence=OTHER_SUIT_DOWN),
                        id_prefix="pile", noun="pile", auto_turn=True)


def thumb_and_pouch() -> GameDef:
    """Thumb and Pouch (no options): draw one, three passes."""
    return GameDef(
        key="thumb_and_pouch",
        title=WORDS.title,
        piles=(STOCK, WASTE, *(suit_foundation(s) for s in Suit), *(tableau(n) for n in range(1, 8))),
        layout_deal=tuple(DealSpec(f"pile{n}", down=n - 1, up=1) for n in range(1, 8)),
        stock_rule=DrawToWaste(draw=1, redeals=2),
        safe_to_foundation=SeatsFilled(SuitRule.DIFFERENT),
        help_key="help_thumb_and_pouch",
    )


ENTRY = GameEntry.from_words(
    key="thumb_and_pouch",
    factory=thumb_and_pouch,
    search=Search.KLONDIKE_LIKE,
    deal=DealRules({**klondike_triangle(), "stock": (24, None)}),
)
