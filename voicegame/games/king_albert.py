"""King Albert, as AisleRiot's manual describes it.

Nine piles of nine, eight, ... down to one card, dealt face down with the top card of each turned up;
one card face up on each of seven reserve piles. There is no stock. The piles build down in
alternating colours, and an empty pile takes any card or build. Reserve cards play onto the piles or
the foundations; nothing goes on a reserve, and an empty reserve stays empty. Four foundations build
up in suit from the ace to the king; their cards are still in play.

Decisions where the manual is silent:

- A build (a run in sequence and alternating colours) moves as a unit, whatever its length (the manual:
  empty piles take "any card or build of cards").
- A face-down card turns up as soon as it is uncovered.
- Foundation cards may be played back onto the piles ("still in play").
- Each foundation belongs to one suit, so it can be named ("hearts").
- Score: one point per foundation card, out of 52 (the original help).
"""

from __future__ import annotations

from voicegame.engine.cards import Suit
from voicegame.engine import EMPTY_ANY, TOP_CARD, Accepts, DealSpec, GameDef, PileKind, PileSpec, Takes
from voicegame.engine.auto import opposite_colours_ready
from voicegame.games.deal_rules import ONE, DealRules, each, same
from voicegame.games.parts import ALTERNATE_DOWN, suit_foundation, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

WORDS = game_words("king_albert")
"""How King Albert and its piles are said (grammars/en/games/king_albert.toml)."""

PILES_AT = range(1, 10)
RESERVES = range(1, 8)


def pile(n: int) -> PileSpec:
    return tableau_pile(n, Accepts(build=ALTERNATE_DOWN, empty=EMPTY_ANY), Takes(runs=True, sequence=ALTERNATE_DOWN),
                        id_prefix="pile", noun="pile", auto_turn=True)


def reserve(n: int) -> PileSpec:
    return PileSpec(f"reserve{n}", PileKind.RESERVE, WORDS.names("reserve", n), takes=TOP_CARD, number=n,
                    group="reserve")


def king_albert() -> GameDef:
    """King Albert (no options)."""
    return GameDef(
        key="king_albert",
        title=WORDS.title,
        piles=(*(suit_foundation(s) for s in Suit), *(reserve(n) for n in RESERVES), *(pile(n) for n in PILES_AT)),
        layout_deal=(*(DealSpec(f"pile{n}", down=9 - n, up=1) for n in PILES_AT), *(DealSpec(f"reserve{n}") for n in RESERVES)),
        deal_by_rows=False,
        safe_to_foundation=opposite_colours_ready,
        help_key="help_king_albert",
    )


ENTRY = GameEntry.from_words(
    key="king_albert",
    factory=king_albert,
    search=Search.GENERIC,
    hint_budget=HintBudget(nodes=340),
    deal=DealRules({**each("pile", [(10 - n, 9 - n) for n in range(1, 10)]), **same("reserve", 7, ONE)},
                   absent=("stock",)),
)
