"""Klondike as Xa11ytaire plays it (and AisleRiot's option presets).

Seven dealt piles (pile n: n-1 face down, one face up), four target piles built
up by suit from the ace, a stock turning three cards (or one) onto the waste,
restacked when empty. Decisions where the sources are silent:

- Each target pile belongs to one suit ("clubs", "diamonds", ...): Xa11ytaire
  implies it ("the matching suit's pile") and it gives every pile a name you can say.
- Cards on the target piles may be played back onto the dealt piles (AisleRiot does).
- With fewer cards in the stock than the draw count, the remaining cards are turned.
- ``passes`` limits passes through the stock (None: unlimited, Xa11ytaire's rule);
  AisleRiot's presets are draw three unlimited, draw one with three passes, and one pass.
"""

from __future__ import annotations

from voicegame.engine.cards import Rank, Suit
from voicegame.engine import Accepts, DealSpec, DrawToWaste, Empty, GameDef, PileSpec, Takes
from voicegame.engine.auto import opposite_colours_ready
from voicegame.games.parts import ALTERNATE_DOWN, STOCK, WASTE, suit_foundation, tableau_pile
from voicegame.engine.words import number_word
from voicegame.games.deal_rules import DealRules, klondike_triangle
from voicegame.games.entry import GameEntry, Option
from voicegame.games.search import Search


def tableau(n: int) -> PileSpec:
    return tableau_pile(n, Accepts(build=ALTERNATE_DOWN, empty=Empty(rank=Rank.KING)),
                        Takes(runs=True, sequence=ALTERNATE_DOWN), id_prefix="pile", noun="pile", auto_turn=True)




def klondike(draw: int = 3, passes: int | None = None) -> GameDef:
    """Klondike; ``draw`` 1 or 3 cards per turn, ``passes`` through the stock (None: unlimited)."""
    if draw not in (1, 3):
        raise ValueError("draw must be 1 or 3")
    if passes is not None and passes < 1:
        raise ValueError("passes must be at least 1")
    piles = (STOCK, WASTE, *(suit_foundation(s) for s in Suit), *(tableau(n) for n in range(1, 8)))
    return GameDef(
        key="klondike",
        title=f"Klondike, draw {number_word(draw)}" + ("" if passes is None else f", {number_word(passes)} pass{'' if passes == 1 else 'es'}"),
        piles=piles,
        layout_deal=tuple(DealSpec(f"pile{n}", down=n - 1, up=1) for n in range(1, 8)),
        stock_rule=DrawToWaste(draw=draw, redeals=None if passes is None else passes - 1),
        safe_to_foundation=opposite_colours_ready,
        help_key="help_klondike",
        options={"draw": draw, "passes": passes},
    )


ENTRY = GameEntry.from_words(
    key="klondike",
    factory=klondike,
    options=(
        Option("draw", int, 3, (1, 3), "cards turned from the stock each time"),
        Option("passes", int, None, None, "passes through the stock", allow_none=True, low=1),
    ),
    search=Search.KLONDIKE,
    deal=DealRules({**klondike_triangle(), "stock": (24, 24)}),
)
