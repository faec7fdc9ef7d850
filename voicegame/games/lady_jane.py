"""Lady Jane, as AisleRiot plays it.

Seven piles dealt as in Klondike (pile n: n-1 face down under one face up); then
one card on each of seven reserve piles; then one card on foundation one, which
sets the base rank for every foundation. The other sixteen cards are the stock:
each deal puts one card on each reserve pile (the last deal puts its two cards on
reserve piles one and two). Foundations build up in suit from the base rank,
turning the corner from king to ace; cards there stay in play, the base card too
(the base rank is the deal's, whatever leaves foundation one). The piles build
down in alternating colours and runs move together; an empty pile takes only a
card one rank below the base rank (or a run starting with one), so that rank heads
a pile and the base rank ends it: nothing goes on a card of the base rank. The top card of
each reserve pile plays onto the piles or the foundations; nothing is built on the
reserve, and its gaps are filled only by the next deal.

Decisions where AisleRiot's manual is silent or unclear:

- The piles turn the corner as the foundations do (a king may go on an ace), so an
  empty pile's rank, one below the base, heads the longest possible run (AisleRiot's
  own rules turn the corner too, and put nothing on the base rank).
- Foundation cards may be played back onto the piles ("still in play"), the base
  card of a foundation too, as AisleRiot allows: the base rank stays the dealt one.
- A deal may be made at any time, also onto empty reserve piles.
- Score: one point per foundation card, out of 52.
"""

from __future__ import annotations

from voicegame.engine import EMPTY_ANY, TOP_CARD, DealOnePerPile, DealSpec, Direction, GameDef, Layout, PileKind, PileSpec, Reason, Sequence, State, SuitRule, Takes
from voicegame.engine.cards import Card
from voicegame.games.deal_rules import ONE, DealRules, klondike_triangle, same
from voicegame.games.parts import STOCK, RememberedBase, numbered_foundation, remember_base, remembered_base, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("lady_jane")
"""How Lady Jane and its piles are said (grammars/en/games/lady_jane.toml)."""

ALTERNATE_DOWN = Sequence(Direction.DOWN, SuitRule.ALTERNATE, wrap=True)
SAME_SUIT_UP = Sequence(Direction.UP, SuitRule.SAME, wrap=True)
PILES_AT = range(1, 8)
BASE = "foundation1"


FOUNDATION = RememberedBase(build=SAME_SUIT_UP, empty=EMPTY_ANY, single=True, base_from=BASE)
"""What each foundation accepts (all alike)."""


def not_on_the_base(layout: Layout, state: State, src: PileSpec, dst: PileSpec, cards: tuple[Card, ...]) -> Reason | None:
    """Nothing goes on a card of the base rank: the rank below it heads a pile, so the base rank is a pile's lowest."""
    top = layout.pile(state, dst.id).top
    base = remembered_base(layout, state, BASE)
    if top is not None and base is not None and top.rank == base:
        return Reason("nothing_goes_on", {"card": cards[0], "target": top})
    return None


def pile(n: int) -> PileSpec:
    """Builds down in alternating colours round the corner to the base rank; an empty pile takes the rank below the base."""
    return tableau_pile(n, RememberedBase(build=ALTERNATE_DOWN, base_from=BASE, base_step=-1, extra=not_on_the_base),
                        Takes(runs=True, sequence=ALTERNATE_DOWN), id_prefix="pile", noun="pile", auto_turn=True)


def reserve(n: int) -> PileSpec:
    return PileSpec(f"reserve{n}", PileKind.RESERVE, WORDS.names("reserve", n), takes=TOP_CARD, number=n, group="reserve")


def lady_jane() -> GameDef:
    """Lady Jane (no options)."""
    return GameDef(
        key="lady_jane",
        title=WORDS.title,
        piles=(STOCK, *(numbered_foundation(n, FOUNDATION, takes=TOP_CARD) for n in range(1, 5)), *(reserve(n) for n in PILES_AT), *(pile(n) for n in PILES_AT)),
        layout_deal=(*(DealSpec(f"pile{n}", down=n - 1, up=1) for n in PILES_AT), *(DealSpec(f"reserve{n}") for n in PILES_AT), DealSpec(BASE)),
        stock_rule=DealOnePerPile(group="reserve"),
        after_deal=remember_base(BASE),
        help_key="help_lady_jane",
    )


ENTRY = GameEntry.from_words(
    key="lady_jane",
    factory=lady_jane,
    search=Search.GENERIC,
    deal=DealRules({**klondike_triangle(), **same("reserve", 7, ONE), "foundation1": ONE, "stock": (16, None)}),
)
