"""Kansas, as AisleRiot's manual describes it.

The first card dealt goes to foundation one and sets the base rank of every foundation; twelve
cards form the reserve, whose top card is in play; three piles get one card each; the other 36
cards are the stock, turned one at a time onto the waste, with no redeal. Foundations build up
in suit from the base rank, aces on kings; cards there are out of play. The three piles build
down regardless of suit, and groups move together. A gap is filled at once from the reserve; once
the reserve is used up, a gap may be filled with the waste's top card, when you like.

Decisions where the manual is silent or unclear (see GAMES.md):

- The setup line says the foundations are built with "the ranks continuous" and no word of suit;
  the rules line says "in suit": they build in suit.
- The reserve's eleven lower cards are face down (as Canfield's are); only its top is face up.
- The piles turn the corner too: a king may go on an ace (as Canfield's do).
- A group moves together when it runs down one rank at a time (in any suit).
- Once the reserve is empty a gap takes only the waste's top card (the manual names no other
  source).
- Score: one point per card on the foundations, the base card included; 52 at most.
"""

from __future__ import annotations

from voicegame.engine import (EMPTY_ANY, TOP_CARD, Accepts, DealSpec, Direction, DrawToWaste, GameDef, PileKind, PileSpec,
                              Refill, Sequence, SuitRule, Takes)
from voicegame.engine.safety import CoveredHome
from voicegame.games.deal_rules import ONE, DealRules, same
from voicegame.games.parts import STOCK, WASTE, numbered_foundation, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("kansas")
"""How Kansas and its piles are said (grammars/en/games/kansas.toml)."""

DOWN_ANY_WRAP = Sequence(Direction.DOWN, SuitRule.ANY, wrap=True)
SUIT_UP_WRAP = Sequence(Direction.UP, SuitRule.SAME, wrap=True)
BASE = "foundation1"
PILES = range(1, 4)


FOUNDATION = Accepts(build=SUIT_UP_WRAP, empty=EMPTY_ANY, single=True, base_from=BASE)
"""What each foundation accepts (all alike)."""


def pile(n: int) -> PileSpec:
    return tableau_pile(n, Accepts(build=DOWN_ANY_WRAP, empty_from=frozenset({PileKind.WASTE})), Takes(runs=True, sequence=DOWN_ANY_WRAP),
                        id_prefix="pile", noun="pile")


RESERVE = PileSpec("reserve", PileKind.RESERVE, WORDS.names("reserve"), takes=TOP_CARD, auto_turn=True)


def kansas() -> GameDef:
    """Kansas (no options): draw one, no redeal."""
    return GameDef(
        key="kansas",
        title=WORDS.title,
        piles=(STOCK, WASTE, RESERVE, *(numbered_foundation(n, FOUNDATION) for n in range(1, 5)), *(pile(n) for n in PILES)),
        layout_deal=(DealSpec(BASE), DealSpec("reserve", down=11, up=1), *(DealSpec(f"pile{n}") for n in PILES)),
        deal_by_rows=False,
        stock_rule=DrawToWaste(draw=1, redeals=0),
        refill=Refill(group="tableau", source="reserve"),
        safe_to_foundation=CoveredHome(SuitRule.ANY, wrap=True),
        help_key="help_kansas",
    )


ENTRY = GameEntry.from_words(
    key="kansas",
    factory=kansas,
    search=Search.GENERIC,  # a candidate for hooks of its own: the solver won none of seeds 1-200
    deal=DealRules({"foundation1": ONE, "reserve": (12, 11), **same("pile", 3, ONE), "stock": (36, None)}, score=1),
)
