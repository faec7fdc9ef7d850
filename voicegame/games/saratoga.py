"""Saratoga, as AisleRiot's manual describes it: Klondike with every card dealt face up.

Seven piles dealt as in Klondike (pile n gets n cards, row by row), but all face up. The piles
build down in alternating colours, runs move together, and only a king or a run headed by a
king goes on an empty pile. Four foundations build up in suit from the ace.

Decisions where the manual is silent (the seed keeps only the tableau line; the rest is
AisleRiot's own help, as GAMES.md records):

- The stock turns one card at a time onto the waste and may be gone through three times (two
  redeals); the waste is turned back over in order.
- Foundation cards are still in play: the top card may be played back onto the piles.
"""

from __future__ import annotations

from voicegame.engine import Accepts, DealSpec, DrawToWaste, Empty, GameDef, PileSpec, Takes
from voicegame.engine.auto import opposite_colours_ready
from voicegame.engine.cards import Rank, Suit
from voicegame.games.deal_rules import DealRules, each
from voicegame.games.parts import ALTERNATE_DOWN, STOCK, WASTE, suit_foundation, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("saratoga")
"""How Saratoga and its piles are said (grammars/en/games/saratoga.toml)."""


def tableau(n: int) -> PileSpec:
    return tableau_pile(n, Accepts(build=ALTERNATE_DOWN, empty=Empty(rank=Rank.KING)), Takes(runs=True, sequence=ALTERNATE_DOWN),
                        id_prefix="pile", noun="pile")


def saratoga() -> GameDef:
    """Saratoga (no options): draw one, three passes, every card face up."""
    return GameDef(
        key="saratoga",
        title=WORDS.title,
        piles=(STOCK, WASTE, *(suit_foundation(s) for s in Suit), *(tableau(n) for n in range(1, 8))),
        layout_deal=tuple(DealSpec(f"pile{n}", down=0, up=n) for n in range(1, 8)),
        stock_rule=DrawToWaste(draw=1, redeals=2),
        safe_to_foundation=opposite_colours_ready,
        help_key="help_saratoga",
    )


ENTRY = GameEntry.from_words(
    key="saratoga",
    factory=saratoga,
    search=Search.KLONDIKE,  # Klondike's rules with every card face up: Klondike's own solver
    deal=DealRules({**each("pile", [(n, 0) for n in range(1, 8)]), "stock": (24, None)}),
)
