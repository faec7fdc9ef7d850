"""Whitehead, as AisleRiot's manual describes it.

Seven piles dealt face up, one card in the first up to seven in the seventh. The piles build
down by colour (red on red, black on black), but only runs in one suit move as a unit; an
empty pile takes any card or such a run. Four foundations build up in suit from the ace.

Decisions where the manual is silent (the seed keeps only the tableau and rules lines; the rest
is AisleRiot's own help, as GAMES.md records):

- The other 24 cards are the stock, turned one at a time onto the waste, once (no redeal).
- Foundation cards are still in play: the top card may be played back onto the piles.
- A run that is in sequence and one colour but mixes two suits cannot move as one; its top
  card (or the part in one suit) can.
- A run in one suit goes onto its foundation in one move ("two of spades up" with the ace on
  it sends the ace, then the two), its top card first. The manual does not say; AisleRiot lets
  such a run be dragged home, and a player who sees 2S AS expects to send them up together:
  it is only the two single moves in one command.
"""

from __future__ import annotations

from voicegame.engine import EMPTY_ANY, Accepts, DealSpec, Direction, DrawToWaste, GameDef, PileSpec, Sequence, SuitRule, Takes
from voicegame.engine.auto import SeatsFilled
from voicegame.engine.cards import Suit
from voicegame.games.deal_rules import DealRules, each
from voicegame.games.parts import DOWN_IN_SUIT, STOCK, WASTE, runs_home, suit_foundation, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("whitehead")
"""How Whitehead and its piles are said (grammars/en/games/whitehead.toml)."""

SAME_COLOUR_DOWN = Sequence(Direction.DOWN, SuitRule.SAME_COLOUR)


def tableau(n: int) -> PileSpec:
    return tableau_pile(n, Accepts(build=SAME_COLOUR_DOWN, empty=EMPTY_ANY), Takes(runs=True, sequence=DOWN_IN_SUIT),
                        id_prefix="pile", noun="pile")


def whitehead() -> GameDef:
    """Whitehead (no options): all face up, draw one, one pass."""
    return GameDef(
        key="whitehead",
        title=WORDS.title,
        piles=(STOCK, WASTE, *(runs_home(suit_foundation(s)) for s in Suit), *(tableau(n) for n in range(1, 8))),
        layout_deal=tuple(DealSpec(f"pile{n}", down=0, up=n) for n in range(1, 8)),
        stock_rule=DrawToWaste(draw=1, redeals=0),
        safe_to_foundation=SeatsFilled(SuitRule.SAME_COLOUR),
        help_key="help_whitehead",
    )


ENTRY = GameEntry.from_words(
    key="whitehead",
    factory=whitehead,
    search=Search.KLONDIKE_LIKE,
    deal=DealRules(each("pile", [(n, 0) for n in range(1, 8)])),
)
