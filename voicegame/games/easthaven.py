"""Easthaven, as AisleRiot's manual describes it.

Seven piles of three cards, two face down under one face up; the other thirty-one cards are the
stock. Each deal puts one card face up on each pile, and the last deal covers only the first three
piles; there are no redeals. The piles build down in alternating colours, and runs in sequence and
alternating colours move as a unit; an empty pile takes only a king, or a run starting with a king.
Any empty pile must be filled, if that is possible, before the next deal. Four foundations build up
in suit from the ace, and cards on them are no longer in play.

Decisions where the manual is silent:

- "If possible" means: some king, or run starting with a king, could be moved there now from
  another pile, without leaving a pile of its own empty (moving a whole pile from one gap to another
  fills nothing). The deal is refused, naming the pile to fill, only then.
- Each foundation belongs to one suit, so it can be named ("hearts").
- Score: one point per foundation card, out of 52.
"""

from __future__ import annotations

from voicegame.engine.cards import Rank, Suit
from voicegame.engine import Accepts, DealOnePerPile, DealSpec, Empty, GameDef, PileSpec, Takes
from voicegame.engine.auto import opposite_colours_ready
from voicegame.engine.stock_waits import GapsFilledFirst
from voicegame.games.deal_rules import DealRules, same
from voicegame.games.parts import ALTERNATE_DOWN, STOCK, suit_foundation, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("easthaven")
"""How Easthaven and its piles are said (grammars/en/games/easthaven.toml)."""

PILES_AT = range(1, 8)


def pile(n: int) -> PileSpec:
    return tableau_pile(n, Accepts(build=ALTERNATE_DOWN, empty=Empty(rank=Rank.KING)), Takes(runs=True, sequence=ALTERNATE_DOWN),
                        id_prefix="pile", noun="pile", auto_turn=True)


def easthaven() -> GameDef:
    """Easthaven (no options)."""
    return GameDef(
        key="easthaven",
        title=WORDS.title,
        piles=(STOCK, *(suit_foundation(s, playback=False) for s in Suit), *(pile(n) for n in PILES_AT)),
        layout_deal=tuple(DealSpec(f"pile{n}", down=2, up=1) for n in PILES_AT),
        stock_rule=GapsFilledFirst(DealOnePerPile(group="tableau"), gaps="tableau"),
        safe_to_foundation=opposite_colours_ready,
        help_key="help_easthaven",
    )


ENTRY = GameEntry.from_words(
    key="easthaven",
    factory=easthaven,
    search=Search.IN_SUIT,  # its greedy line and pruning won deals the Klondike hooks did not
    deal=DealRules({**same("pile", 7, (3, 2)), "stock": (31, None)}),
)
