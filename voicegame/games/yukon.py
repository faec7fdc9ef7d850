"""Yukon, as AisleRiot plays it.

Seven piles dealt as in Klondike (pile n: n-1 face down under one face up), then
the other 24 cards face up, four each on piles two to seven. Build down in
alternating colours. Any face-up card moves with everything on it, in order or
not, as long as that card fits where it goes; an empty pile takes only a king
(with whatever lies on it). A face-down card turns up when it is uncovered.
Four foundations build up in suit from the ace. There is no stock.

Decisions where AisleRiot's manual is silent:

- The foundations come from the original help: ace to king in suit, and cards
  on them are out of play (they may not come back to the table).
- Only the top card of a pile goes to a foundation, one at a time.
- Each foundation belongs to one suit, so it can be named ("hearts").
- Score: one point per card on the foundations (the original help), out of 52.
"""

from __future__ import annotations

from voicegame.engine.cards import Rank, Suit
from voicegame.engine import Accepts, DealSpec, Empty, GameDef, PileSpec, Takes
from voicegame.engine.auto import opposite_colours_ready
from voicegame.games.deal_rules import DealRules, each
from voicegame.games.parts import ALTERNATE_DOWN, suit_foundation, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

WORDS = game_words("yukon")
"""How Yukon and its piles are said (grammars/en/games/yukon.toml)."""

PILES_AT = range(1, 8)


def pile(n: int) -> PileSpec:
    """Any face-up card moves with everything on it (the Yukon rule): runs with no sequence rule."""
    return tableau_pile(n, Accepts(build=ALTERNATE_DOWN, empty=Empty(rank=Rank.KING)), Takes(runs=True, sequence=None),
                        id_prefix="pile", noun="pile", auto_turn=True)


def yukon() -> GameDef:
    """Yukon (no options)."""
    return GameDef(
        key="yukon",
        title=WORDS.title,
        piles=(*(suit_foundation(s, playback=False) for s in Suit), *(pile(n) for n in PILES_AT)),
        layout_deal=tuple(DealSpec(f"pile{n}", down=n - 1, up=1 if n == 1 else 5) for n in PILES_AT),
        safe_to_foundation=opposite_colours_ready,
        help_key="help_yukon",
    )


ENTRY = GameEntry.from_words(
    key="yukon",
    factory=yukon,
    search=Search.GENERIC,
    hint_budget=HintBudget(nodes=790),
    deal=DealRules(each("pile", [(n - 1 + (1 if n == 1 else 5), n - 1) for n in range(1, 8)]), absent=("stock", "waste"),
                   score=0),
)
