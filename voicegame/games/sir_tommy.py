"""Sir Tommy, as AisleRiot plays it.

All 52 cards start in the stock. It turns one card at a time onto the waste, and that card
must be played before the next: onto a foundation or onto any of four reserves. The four
foundations build up from ace to king whatever the suits; a reserve's top card may go
only to a foundation. All 52 cards on the foundations wins.

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Sir Tommy"; it is Hopscotch
with a step of one on every foundation):

- One pass through the stock, no redeal (the manual states none).
- "Placed at once" means the stock will not turn while a card is on the waste; meanwhile
  reserve cards may still go to the foundations, and the waste card can always go to a
  reserve.
- An empty foundation takes only an ace; a reserve takes any card, from the waste only,
  however many it holds; reserves are never built onto each other.
- Foundation cards are out of play.
- Score: one point per card on the foundations, out of 52 (the original help).
- No moves left: the stock and waste are empty and no reserve's top card fits a
  foundation.
"""

from __future__ import annotations

from voicegame.engine.auto import always_safe
from voicegame.engine import (
    EMPTY_ANY,
    TOP_CARD,
    Accepts,
    Direction,
    DrawToWaste,
    Empty,
    GameDef,
    PileKind,
    PileSpec,
    Sequence,
    SuitRule,
)
from voicegame.engine.cards import Rank
from voicegame.games.deal_rules import DealRules
from voicegame.games.parts import STOCK, numbered_foundation
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("sir_tommy")
"""How Sir Tommy and its piles are said (grammars/en/games/sir_tommy.toml)."""

SLOTS = range(1, 5)
UP_ANY_SUIT = Sequence(Direction.UP, SuitRule.ANY)
ANY_CARD = Sequence(Direction.ANY_RANK, SuitRule.ANY)


FOUNDATION = Accepts(build=UP_ANY_SUIT, empty=Empty(rank=Rank.ACE), single=True, sources=frozenset({PileKind.WASTE, PileKind.RESERVE}))
"""What each foundation accepts (all alike)."""


def reserve(n: int) -> PileSpec:
    return PileSpec(
        id=f"reserve{n}",
        kind=PileKind.RESERVE,
        names=WORDS.names("reserve", n),
        accepts=Accepts(build=ANY_CARD, empty=EMPTY_ANY, single=True, sources=frozenset({PileKind.WASTE})),
        takes=TOP_CARD,
        group="reserves",
    )


WASTE = PileSpec("waste", PileKind.WASTE, WORDS.names("waste"), takes=TOP_CARD)
PILES = (STOCK, WASTE, *(numbered_foundation(n, FOUNDATION) for n in SLOTS), *(reserve(n) for n in SLOTS))


def sir_tommy() -> GameDef:
    """Sir Tommy (no options): one pass, one card at a time."""
    return GameDef(
        key="sir_tommy",
        title=WORDS.title,
        piles=PILES,
        layout_deal=(),
        deal_by_rows=False,
        stock_rule=DrawToWaste(draw=1, redeals=0, waste_limit=1),
        max_score=52,
        help_key="help_sir_tommy",
        # Every card that can go home is safe to send ("auto"): the foundations build up by one in any suit
        # and never give back, so a card home only lets the next rank follow.
        safe_to_foundation=always_safe,
    )


ENTRY = GameEntry.from_words(
    key="sir_tommy",
    factory=sir_tommy,
    search=Search.SIR_TOMMY,
    deal=DealRules({"stock": (52, 52)}),
)
