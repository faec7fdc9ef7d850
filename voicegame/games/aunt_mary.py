"""Aunt Mary, as AisleRiot's help describes it.

Six piles of six cards, dealt in six rows: the first row is face up on pile one and face down on
the others; the second row face up on piles one and two, face down on the rest; and so on, each
row turning up one pile more, so that pile one is all face up and pile six has one face-up card
on five face-down ones (21 cards showing). The other 16 cards are the stock, turned one at a time
onto the waste, with two redeals. The piles build down in alternating colours, built groups move
together, and an empty pile takes only a king or a group headed by a king. Four foundations build
up in suit from the ace, and their top cards may come back onto the piles.

Decisions where the manual is silent or unclear (see GAMES.md: the seed keeps only the tableau
paragraph, cut off after the glossary; the rest is AisleRiot's own help):

- Face-down cards are only ever under face-up ones (the manual puts each face-down card on a pile
  not yet turned up), so the deal is pile n: n - 1 face down under 7 - n face up.
- The face-up cards dealt on a pile need not be in sequence: only a group running down in
  alternating colours moves together, and the cards under it wait until it has gone.
- "Two redeals": the waste is turned back over into the stock (in order) twice, so the stock is
  gone through three times.
- Each foundation belongs to one suit ("clubs", "diamonds", ...), as in Klondike.
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

WORDS = game_words("aunt_mary")
"""How Aunt Mary and its piles are said (grammars/en/games/aunt_mary.toml)."""

PILES = range(1, 7)


def pile(n: int) -> PileSpec:
    return tableau_pile(n, Accepts(build=ALTERNATE_DOWN, empty=Empty(rank=Rank.KING)), Takes(runs=True, sequence=ALTERNATE_DOWN),
                        id_prefix="pile", noun="pile", auto_turn=True)


def aunt_mary() -> GameDef:
    """Aunt Mary (no options): six piles, draw one, two redeals."""
    return GameDef(
        key="aunt_mary",
        title=WORDS.title,
        piles=(STOCK, WASTE, *(suit_foundation(s) for s in Suit), *(pile(n) for n in PILES)),
        layout_deal=tuple(DealSpec(f"pile{n}", down=n - 1, up=7 - n) for n in PILES),
        stock_rule=DrawToWaste(draw=1, redeals=2),
        safe_to_foundation=opposite_colours_ready,
        help_key="help_aunt_mary",
    )


ENTRY = GameEntry.from_words(
    key="aunt_mary",
    factory=aunt_mary,
    search=Search.KLONDIKE,  # Klondike's rules on another deal: Klondike's own solver (it checks its lines)
    deal=DealRules({**each("pile", [(6, n) for n in range(6)]), "stock": (16, None)}),
)
