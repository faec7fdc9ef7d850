"""Eagle Wing, as AisleRiot plays it.

The first card dealt goes to foundation one and sets the base rank for every
foundation; thirteen cards go face down to the reserve (the trunk); eight piles,
four on each side of it, get one card each; the other thirty are the stock, turned
one at a time onto the waste, with two redeals (three passes). Foundations build
up in suit from the base rank, turning the corner from king to ace; cards there are
out of play. The piles build down in suit, one card at a time, and a pile never
holds more than three cards; "to ease monotony, groups of cards can be moved to
Foundation": a pile's run down in suit goes home in one move, its top card first. A gap is filled at once from the reserve; the
reserve's cards stay face down until only one is left, which turns up and may be
played onto a foundation or a pile. Once the reserve is empty, a gap takes a card
from the waste or from another pile.

Decisions where AisleRiot's manual is silent or unclear:

- The piles turn the corner as the foundations do (an ace may go on a two, a king
  on an ace), as in Canfield.
- The waste is turned back over into the stock in order when the stock is empty.
- Score: one point per foundation card (the original help), out of 52.
"""

from __future__ import annotations

from voicegame.engine import EMPTY_ANY, TOP_CARD, Accepts, DealSpec, Direction, DrawToWaste, GameDef, PileKind, PileSpec, Refill, Sequence, SuitRule, Takes
from voicegame.games.deal_rules import ONE, DealRules, same
from voicegame.games.parts import STOCK, WASTE, numbered_foundation, runs_home, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("eagle_wing")
"""How Eagle Wing and its piles are said (grammars/en/games/eagle_wing.toml)."""

DOWN_IN_SUIT = Sequence(Direction.DOWN, SuitRule.SAME, wrap=True)
SAME_SUIT_UP = Sequence(Direction.UP, SuitRule.SAME, wrap=True)
SLOTS = range(1, 9)
BASE = "foundation1"  # its first card, dealt, sets every foundation's base rank
MOST_CARDS = 3


FOUNDATION = Accepts(build=SAME_SUIT_UP, empty=EMPTY_ANY, single=True, base_from=BASE)
"""What each foundation accepts (all alike)."""


def pile(n: int) -> PileSpec:
    """Builds down in suit, one card at a time, three cards at most; its run goes to a foundation whole."""
    return tableau_pile(n, Accepts(build=DOWN_IN_SUIT, max_cards=MOST_CARDS, single=True), Takes(runs=True, sequence=DOWN_IN_SUIT),
                        id_prefix="pile", noun="pile")


TRUNK = PileSpec("reserve", PileKind.RESERVE, WORDS.names("reserve"), takes=TOP_CARD)


def eagle_wing() -> GameDef:
    """Eagle Wing (no options): draw one, two redeals."""
    return GameDef(
        key="eagle_wing",
        title=WORDS.title,
        piles=(STOCK, WASTE, TRUNK, *(runs_home(numbered_foundation(n, FOUNDATION)) for n in range(1, 5)), *(pile(n) for n in SLOTS)),
        layout_deal=(DealSpec(BASE), DealSpec("reserve", down=13, up=0), *(DealSpec(f"pile{n}") for n in SLOTS)),
        deal_by_rows=False,
        stock_rule=DrawToWaste(draw=1, redeals=2),
        refill=Refill(group="tableau", source="reserve", reveal_last=True),
        help_key="help_eagle_wing",
    )


ENTRY = GameEntry.from_words(
    key="eagle_wing",
    factory=eagle_wing,
    search=Search.GENERIC,
    deal=DealRules({"foundation1": ONE, "reserve": (13, 13), **same("pile", 8, ONE), "stock": (30, None)}),
)
