"""Agnes, as AisleRiot's manual describes it.

Seven piles dealt as a Klondike triangle (pile n: n-1 face down under one face up), then one card on
foundation one: the base card, whose rank every foundation starts with. The other twenty-three cards
are the stock: each deal puts one card face up on each of the seven piles; there are no redeals.
Foundations build up in suit from the base rank, turning the corner from king to ace, and their cards
are still in play. The piles build down in the same colour (red on red, black on black), and a run in
sequence and one colour moves as a unit. An empty pile can be filled only by the next deal.

Decisions where the manual is silent or unclear:

- The last deal has only two cards: they go on piles one and two (the manual's "batches of seven"
  cannot be whole; as in Lady Jane and Easthaven, the short deal covers the first piles).
- The piles turn the corner too (a king may go on an ace of the same colour), as the foundations do
  and as Canfield and Lady Jane play here.
- Foundation cards may be played back onto the piles ("still in play"), the base card of a
  foundation too, as AisleRiot allows: the base rank stays the dealt one (AisleRiot's BASE-VAL).
- A deal may be made at any time, also onto empty piles.
- Score: one point per foundation card, out of 52.
"""

from __future__ import annotations

from voicegame.engine import EMPTY_ANY, EMPTY_NONE, TOP_CARD, Accepts, DealOnePerPile, DealSpec, Direction, GameDef, PileSpec, Sequence, SuitRule, Takes
from voicegame.engine.safety import BaseSeatsFilled
from voicegame.games.deal_rules import ONE, DealRules, klondike_triangle
from voicegame.games.parts import STOCK, RememberedBase, numbered_foundation, remember_base, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("agnes")
"""How Agnes and its piles are said (grammars/en/games/agnes.toml)."""

SAME_COLOUR_DOWN = Sequence(Direction.DOWN, SuitRule.SAME_COLOUR, wrap=True)
SAME_SUIT_UP = Sequence(Direction.UP, SuitRule.SAME, wrap=True)
PILES_AT = range(1, 8)
BASE = "foundation1"


FOUNDATION = RememberedBase(build=SAME_SUIT_UP, empty=EMPTY_ANY, single=True, base_from=BASE)
"""What each foundation accepts (all alike)."""


def pile(n: int) -> PileSpec:
    """Builds down in one colour round the corner; runs of one colour move; only a deal fills a gap."""
    return tableau_pile(n, Accepts(build=SAME_COLOUR_DOWN, empty=EMPTY_NONE), Takes(runs=True, sequence=SAME_COLOUR_DOWN),
                        id_prefix="pile", noun="pile", auto_turn=True)


def agnes() -> GameDef:
    """Agnes (no options)."""
    return GameDef(
        key="agnes",
        title=WORDS.title,
        piles=(STOCK, *(numbered_foundation(n, FOUNDATION, takes=TOP_CARD) for n in range(1, 5)), *(pile(n) for n in PILES_AT)),
        layout_deal=(*(DealSpec(f"pile{n}", down=n - 1, up=1) for n in PILES_AT), DealSpec(BASE)),
        stock_rule=DealOnePerPile(group="tableau"),
        after_deal=remember_base(BASE),
        safe_to_foundation=BaseSeatsFilled(SuitRule.SAME_COLOUR, BASE),
        help_key="help_agnes",
    )


ENTRY = GameEntry.from_words(
    key="agnes",
    factory=agnes,
    search=Search.BASED,
    deal=DealRules({**klondike_triangle(), "foundation1": ONE, "stock": (23, None)}),
)
