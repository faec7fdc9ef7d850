"""Union Square, as AisleRiot's manual describes it.

Two decks. Sixteen piles, a four by four grid of one card each, face up; the other eighty-eight cards
are the stock, turned one at a time onto the waste, with no redeal; the waste's top card is available.
Only the top card of a pile moves, one card at a time. A pile builds up or down in suit, but each pile
follows one direction only: once its top two cards go up (a three of clubs on a two), only the four
of clubs may follow. An empty pile takes any available card. Four foundations, one per suit, build
from the ace up to the king, then the second king, and back down to the ace: twenty-six cards each.
Cards on the foundations are out of play.

Decisions where the manual is silent:

- A pile's direction is read from its top two cards whenever a card comes to it: when cards leave and
  one card is left, it may again go either way.
- Cards do not turn the corner on the piles (nothing goes between king and ace).
- Piles are numbered in reading order of the grid ("pile one" to "pile sixteen").
- Score: one point per foundation card, out of 104 (the original help).
"""

from __future__ import annotations

from voicegame.engine.cards import Rank, Suit
from voicegame.engine import EMPTY_ANY, TOP_CARD, Accepts, DealSpec, Direction, DrawToWaste, Empty, GameDef, PileSpec, Sequence, SuitRule
from voicegame.engine.there_and_back import UpThenDown
from voicegame.games.deal_rules import ONE, DealRules, same
from voicegame.games.parts import STOCK, WASTE, suit_foundation, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

WORDS = game_words("union_square")
"""How Union Square and its piles are said (grammars/en/games/union_square.toml)."""

EITHER_IN_SUIT = Sequence(Direction.EITHER, SuitRule.SAME)
ANY_IN_SUIT = Sequence(Direction.ANY_RANK, SuitRule.SAME)  # the rank each next card needs: UpThenDown
PILES_AT = range(1, 17)


def foundation(suit: Suit) -> PileSpec:
    """Ace up to king, the second king, back down to the ace, in ``suit``; nothing comes back."""
    return suit_foundation(suit, playback=False, accepts=Accepts(build=ANY_IN_SUIT, empty=Empty(rank=Rank.ACE), suit=suit, single=True,
                                                                 extra=UpThenDown()))


def pile(n: int) -> PileSpec:
    return tableau_pile(n, Accepts(build=EITHER_IN_SUIT, empty=EMPTY_ANY, single=True, locks_direction=True), TOP_CARD,
                        id_prefix="pile", noun="pile")


def union_square() -> GameDef:
    """Union Square (no options): two decks, draw one, no redeal."""
    return GameDef(
        key="union_square",
        title=WORDS.title,
        piles=(STOCK, WASTE, *(foundation(s) for s in Suit), *(pile(n) for n in PILES_AT)),
        layout_deal=tuple(DealSpec(f"pile{n}") for n in PILES_AT),
        stock_rule=DrawToWaste(draw=1, redeals=0),
        decks=2,
        max_score=104,
        help_key="help_union_square",
    )


ENTRY = GameEntry.from_words(
    key="union_square",
    factory=union_square,
    search=Search.IN_SUIT,
    hint_budget=HintBudget(nodes=110),
    deal=DealRules({**same("pile", 16, ONE), "stock": (88, None)}),
)
