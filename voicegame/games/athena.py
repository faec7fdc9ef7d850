"""Athena, as AisleRiot's manual describes it: Klondike with a different opening layout.

Seven piles of four cards, dealt in four rows: the first row face down, the second face up, the
third face down and the fourth face up, so each pile holds (bottom first) a face-down card, a
face-up card, a face-down card and a face-up card: fourteen cards show. The other 24 cards are
the stock, turned one at a time onto the waste; when it is empty the waste is turned back over
in order, and the deck may be gone through three times (two redeals). The piles build down in
alternating colours, builds move together, and an empty pile takes only a king or a build with a
king at the bottom. Four foundations build up in suit from the ace; their top cards may be
played back onto the piles.

Decisions where the manual is silent or unclear:

- A face-up card under a face-down one (the second row) cannot be taken until the face-down card
  on it has turned up and left: only the cards above every face-down card of a pile can move
  (:attr:`~voicegame.engine.piles.Pile.hidden`), and a build never includes a face-down card.
- A face-down card left on top of a pile turns up by itself, as in Klondike, whether it is the
  third-row card or the bottom one. The face-up second-row card it uncovers does not join the
  card above it in a build unless the two happen to run down in alternating colours.
- Each foundation belongs to one suit ("clubs", "diamonds", ...), as in Klondike.
- The manual names no options ("two redeals" is a rule, not a preset), so Athena has none.
"""

from __future__ import annotations

from voicegame.engine import DealSpec, DrawToWaste, GameDef
from voicegame.engine.auto import opposite_colours_ready
from voicegame.engine.cards import Suit
from voicegame.games.deal_rules import EMPTY, DealRules, same
from voicegame.games.klondike import tableau
from voicegame.games.parts import STOCK, WASTE, suit_foundation
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("athena")
"""How Athena and its piles are said (grammars/en/games/athena.toml)."""

ROWS = "dudu"
"""The four rows, bottom first: face down, face up, face down, face up."""


def athena() -> GameDef:
    """Athena (no options): seven piles of four in alternating rows, draw one, two redeals."""
    return GameDef(
        key="athena",
        title=WORDS.title,
        piles=(STOCK, WASTE, *(suit_foundation(s) for s in Suit), *(tableau(n) for n in range(1, 8))),
        layout_deal=tuple(DealSpec.faces(f"pile{n}", ROWS) for n in range(1, 8)),
        stock_rule=DrawToWaste(draw=1, redeals=2),
        safe_to_foundation=opposite_colours_ready,
        help_key="help_athena",
    )


ENTRY = GameEntry.from_words(
    key="athena",
    factory=athena,
    search=Search.KLONDIKE,  # Klondike's rules and solver; face-up cards under face-down ones modelled as face down
    deal=DealRules({**same("pile", 7, (4, 2)), "stock": (24, None), "waste": EMPTY}),
)
