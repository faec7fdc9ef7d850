"""Backbone, as AisleRiot plays it (Vincent Povirk's game).

Two decks. The reserve is two stacks of nine cards with one card, the backbone,
lying across both; eight piles, four on each side of the reserve, get one card
each; the other 77 cards are the stock, turned one at a time onto the waste, with
one redeal (two passes). Eight foundations build up in suit from the ace; cards
there are out of play. The piles build down in suit, one card at a time; an empty
pile takes any card except one from the reserve. The backbone card and then the
top cards of the two stacks play onto the piles or the foundations.

Decisions where AisleRiot's manual is silent or unclear:

- "Cards that are not obscured": the backbone card lies across both stacks, so
  neither stack gives a card until it has gone; then each stack's top card is free.
- Every reserve card is face up (they can be read); only the free ones can move.
- The redeal turns the waste back over into the stock, keeping its order.
- The foundations are "foundation one" to "foundation eight", each taking any
  suit's ace and then that suit.
- Score: one point per card on the foundations (the original help), 104 at most.
"""

from __future__ import annotations

from voicegame.engine import TOP_CARD, Accepts, DealSpec, DrawToWaste, GameDef, PileKind, PileSpec, Takes
from voicegame.engine.auto import same_suit_ready
from voicegame.games.deal_rules import ONE, DealRules, same
from voicegame.games.parts import DOWN_IN_SUIT, STOCK, WASTE, numbered_foundation, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("backbone")
"""How Backbone and its piles are said (grammars/en/games/backbone.toml)."""

PILES_AT = range(1, 9)
NOT_FROM_THE_RESERVE = frozenset({PileKind.TABLEAU, PileKind.WASTE})

BACKBONE = PileSpec("backbone", PileKind.RESERVE, WORDS.names("backbone"), takes=TOP_CARD, group="reserve")


def stack(n: int, side: str) -> PileSpec:
    """A reserve stack: its top card is free once the backbone card has gone."""
    return PileSpec(f"stack{n}", PileKind.RESERVE, WORDS.names("stack", n, side=side),
                    takes=Takes(blocked_by=("backbone",)), number=n, group="reserve")


def pile(n: int) -> PileSpec:
    """Builds down in suit, one card at a time; an empty pile takes any card but a reserve card."""
    return tableau_pile(n, Accepts(build=DOWN_IN_SUIT, empty_from=NOT_FROM_THE_RESERVE), Takes(),
                        id_prefix="pile", noun="pile")


def backbone() -> GameDef:
    """Backbone (no options)."""
    return GameDef(
        key="backbone",
        title=WORDS.title,
        piles=(STOCK, WASTE, *(numbered_foundation(n) for n in range(1, 9)), BACKBONE, stack(1, "left"), stack(2, "right"),
               *(pile(n) for n in PILES_AT)),
        layout_deal=(DealSpec("stack1", up=9), DealSpec("stack2", up=9), DealSpec("backbone"),
                     *(DealSpec(f"pile{n}") for n in PILES_AT)),
        decks=2,
        max_score=104,
        stock_rule=DrawToWaste(draw=1, redeals=1),
        safe_to_foundation=same_suit_ready,
        help_key="help_backbone",
    )


ENTRY = GameEntry.from_words(
    key="backbone",
    factory=backbone,
    search=Search.IN_SUIT,
    deal=DealRules({"stack1": (9, 0), "stack2": (9, 0), "backbone": (1, 0), **same("pile", 8, ONE),
                    "stock": (77, None)}),
)
