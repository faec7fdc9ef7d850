"""Napoleon's Tomb, as AisleRiot plays it.

A three by three grid, all face up: the centre and the four corners are foundations, the four
edge spots are reserves holding one card each. The corners build up from seven to king, the
centre down from six to ace and then from six again, four times over; suits do not count, and
a card on a foundation stays there. Cards come from the stock, turned onto the waste; the waste's
top card goes to a foundation or an empty reserve, a reserve's card to a foundation. Every card
of six and below in the centre and every seven and above on a corner wins.

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Napoleon's Tomb"):

- The grid starts empty: all 52 cards are in the stock.
- One card is turned at a time with no redeal (the manual gives no redeal count for it); the
  option ``cards_per_deal=3`` ("Deal Three Cards") turns three at a time with three passes
  through the stock (two redeals).
- By voice the corners are "foundation one" to "foundation four" (or "corner one", "top left
  corner"...), the edge spots "reserve one" to "reserve four".
- A reserve takes any card, from the waste or from another reserve; moving one card between two
  empty-bottomed reserves changes nothing and the hint never offers it.
- The manual's "Autoplay" option is the "auto on" command every game has: each card that can go
  to a foundation then goes by itself (every such card is safe: suits do not count, and the
  foundations never give cards back).
- Score: one point per card on the foundations, out of 52.
- No moves left: the stock is used up and no waste or reserve card fits a foundation.
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
from voicegame.engine.rank_cycles import RankCycle
from voicegame.games.deal_rules import DealRules
from voicegame.games.entry import GameEntry, Option
from voicegame.games.parts import STOCK, WASTE
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("napoleons_tomb")
"""How Napoleon's Tomb and its piles are said (grammars/en/games/napoleons_tomb.toml)."""

CORNERS = ("top left", "top right", "bottom left", "bottom right")
EDGES = ("top", "left", "right", "bottom")
UP_ANY_SUIT = Sequence(Direction.UP, SuitRule.ANY)
ANY_CARD = Sequence(Direction.ANY_RANK, SuitRule.ANY)


def corner(n: int) -> PileSpec:
    """Corner ``n`` (top left, top right, bottom left, bottom right): seven up to king, any suit."""
    return PileSpec(f"corner{n}", PileKind.FOUNDATION, WORDS.names("corner", n, place=CORNERS[n - 1]),
                    accepts=Accepts(build=UP_ANY_SUIT, empty=Empty(rank=Rank.SEVEN), single=True), number=n, group="corners")


def reserve(n: int) -> PileSpec:
    """Edge spot ``n`` (top, left, right, bottom): one card."""
    return PileSpec(f"reserve{n}", PileKind.CELL, WORDS.names("reserve", n, place=EDGES[n - 1]),
                    accepts=Accepts(build=None, empty=EMPTY_ANY, single=True), takes=TOP_CARD, number=n, group="reserves")


CENTRE = PileSpec("centre", PileKind.FOUNDATION, WORDS.names("centre"),
                  accepts=Accepts(build=ANY_CARD, empty=Empty(rank=Rank.SIX), single=True, extra=RankCycle((6, 5, 4, 3, 2, 1))))


def napoleons_tomb(cards_per_deal: int = 1) -> GameDef:
    """Napoleon's Tomb: ``cards_per_deal`` 1 (one pass) or 3 (three passes)."""
    return GameDef(
        key="napoleons_tomb",
        title=WORDS.title if cards_per_deal == 1 else "Napoleon's Tomb, deal three cards",
        piles=(STOCK, WASTE, CENTRE, *(corner(n) for n in range(1, 5)), *(reserve(n) for n in range(1, 5))),
        layout_deal=(),
        stock_rule=DrawToWaste(draw=cards_per_deal, redeals=0 if cards_per_deal == 1 else 2),
        # Every card that can go to a foundation is safe to send ("auto"): suits do not count, so any corner
        # or centre showing the rank below is as good as another, and foundations never give back.
        safe_to_foundation=always_safe,
        help_key="help_napoleons_tomb",
        options={"cards_per_deal": cards_per_deal},
        group_names={"corners": WORDS.names("corners_group"), "reserves": WORDS.names("reserves_group")},
    )


ENTRY = GameEntry.from_words(
    key="napoleons_tomb",
    factory=napoleons_tomb,
    options=(Option("cards_per_deal", int, 1, (1, 3), "cards turned from the stock each time (three: three passes)"),),
    search=Search.SUITLESS_FOUNDATIONS,
    deal=DealRules({"stock": (52, None)}),
)
