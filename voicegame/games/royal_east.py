"""Royal East, as AisleRiot's manual describes it.

A three by three grid: the four corners are the foundations, the five cells of the cross between them
are the piles. One card goes on foundation one: the base card, whose rank every foundation starts
with. One card goes face up on each pile; the other forty-six are the stock, turned one at a time
onto the waste, with no redeal; the waste's top card is always available. Foundations build up in
suit from the base rank, an ace following a king, and cards on them are out of play. The piles build
down regardless of suit, a king going on an ace; cards move one at a time, and an empty pile takes
any available card.

Decisions where the manual is silent:

- Piles and foundations are numbered in reading order of the grid: foundations one and two the top
  corners, three and four the bottom ones; pile one the top of the cross, two to four its middle row
  (left, centre, right), five its foot.
- Score: one point per foundation card, out of 52 (the original help).
"""

from __future__ import annotations

from voicegame.engine import EMPTY_ANY, TOP_CARD, Accepts, DealSpec, Direction, DrawToWaste, GameDef, PileSpec, Sequence, SuitRule
from voicegame.engine.safety import BaseSeatsFilled
from voicegame.games.deal_rules import ONE, DealRules, same
from voicegame.games.parts import STOCK, WASTE, numbered_foundation, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("royal_east")
"""How Royal East and its piles are said (grammars/en/games/royal_east.toml)."""

DOWN_ANY_SUIT = Sequence(Direction.DOWN, SuitRule.ANY, wrap=True)
SAME_SUIT_UP = Sequence(Direction.UP, SuitRule.SAME, wrap=True)
BASE = "foundation1"


FOUNDATION = Accepts(build=SAME_SUIT_UP, empty=EMPTY_ANY, single=True, base_from=BASE)
"""What each foundation accepts (all alike)."""


def pile(n: int) -> PileSpec:
    return tableau_pile(n, Accepts(build=DOWN_ANY_SUIT, empty=EMPTY_ANY, single=True), TOP_CARD, id_prefix="pile", noun="pile")


def royal_east() -> GameDef:
    """Royal East (no options): draw one, no redeal."""
    return GameDef(
        key="royal_east",
        title=WORDS.title,
        piles=(STOCK, WASTE, *(numbered_foundation(n, FOUNDATION) for n in range(1, 5)), *(pile(n) for n in range(1, 6))),
        layout_deal=(DealSpec(BASE), *(DealSpec(f"pile{n}") for n in range(1, 6))),
        deal_by_rows=False,
        stock_rule=DrawToWaste(draw=1, redeals=0),
        safe_to_foundation=BaseSeatsFilled(SuitRule.ANY, BASE),
        help_key="help_royal_east",
    )


ENTRY = GameEntry.from_words(
    key="royal_east",
    factory=royal_east,
    search=Search.IN_SUIT,
    deal=DealRules({"foundation1": ONE, **same("pile", 5, ONE), "stock": (46, None)}),
)
