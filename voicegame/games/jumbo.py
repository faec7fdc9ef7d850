"""Jumbo, as AisleRiot's manual describes it.

Klondike with two decks. Nine piles: one card face down to each pile, then one card to the first
eight, then to the first seven and so on, until the first pile holds nine cards (45 in all); the
last card dealt on each pile is turned up. The other 59 cards are the stock, turned one at a time
onto the waste, with one redeal. The piles build down in alternating colours, runs move together,
and an empty pile takes only a king or a run headed by a king. Eight foundations build up in suit
from the ace, and their cards stay in play.

Decisions where the manual is silent or unclear (see GAMES.md):

- Two decks: stated only in AisleRiot's own help (and needed by the 104 cards).
- The seed lost the foundation line (it repeats Giant's): eight foundations, "foundation one" to
  "foundation eight", each taking any suit's ace and then that suit; a foundation's top card may
  be played back onto the piles ("Cards in Foundations are still in play").
- "One redeal": the waste is turned back over into the stock (in order) once, so the stock is
  gone through twice.
- A face-down card left on top of a pile turns up by itself.
- No moves left: with two decks a run can go back and forth for ever between the two sixes of spades,
  or a card from a foundation to the piles and home again, so the game is lost once no such
  rearrangement of the face-up cards leads to a card turned up, the waste card played, or a win, and
  the stock (after the redeal, every card seen) brings no card that fits (the engine's
  ``ShuffleSearch``; it looks only at what the player sees).
"""

from __future__ import annotations

from dataclasses import replace

from voicegame.engine import TOP_CARD, Accepts, DealSpec, DrawToWaste, Empty, GameDef, PileSpec, Takes
from voicegame.engine.cards import Rank
from voicegame.engine.safety import CoveredHome
from voicegame.engine.stuck_search import ShuffleSearch
from voicegame.engine.sequence import SuitRule
from voicegame.games.deal_rules import DealRules, each
from voicegame.games.parts import ALTERNATE_DOWN, STOCK, WASTE, numbered_foundation, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("jumbo")
"""How Jumbo and its piles are said (grammars/en/games/jumbo.toml)."""

PILES = range(1, 10)


def pile(n: int) -> PileSpec:
    return tableau_pile(n, Accepts(build=ALTERNATE_DOWN, empty=Empty(rank=Rank.KING)), Takes(runs=True, sequence=ALTERNATE_DOWN),
                        id_prefix="pile", noun="pile", auto_turn=True)


def jumbo() -> GameDef:
    """Jumbo (no options): two decks, nine piles, draw one, one redeal."""
    return GameDef(
        key="jumbo",
        title=WORDS.title,
        piles=(STOCK, WASTE, *(replace(numbered_foundation(n), takes=TOP_CARD) for n in range(1, 9)), *(pile(n) for n in PILES)),
        layout_deal=tuple(DealSpec(f"pile{n}", down=9 - n, up=1) for n in PILES),
        decks=2,
        stock_rule=DrawToWaste(draw=1, redeals=1),
        max_score=104,
        safe_to_foundation=CoveredHome(SuitRule.ALTERNATE),
        help_key="help_jumbo",
        stuck_search=ShuffleSearch(),
    )


ENTRY = GameEntry.from_words(
    key="jumbo",
    factory=jumbo,
    search=Search.ROW_DEALT,  # its restarting greedy lines win deals the generic search did not
    deal=DealRules({**each("pile", [(n, n - 1) for n in range(9, 0, -1)]), "stock": (59, None)}),
)
