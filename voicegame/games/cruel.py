"""Cruel, as AisleRiot plays it: the aces home, twelve piles of four, redeal without limit.

The four aces go on the foundations before the shuffle; the other 48 cards are dealt face up,
four at a time, onto twelve piles. The top card of a pile goes onto a top card one rank higher
in its suit, or home: foundations build up in suit from the ace to the king. A redeal (say deal)
gathers the piles in order and deals them out again four at a time (GatherAndRedeal), as often as
you like.

Decisions where AisleRiot's manual is silent or contradicts itself (see GAMES.md, "Ambiguities"):

- Twelve piles ("up to thirteen" in the manual, but 48 cards in fours make twelve); an empty
  pile is never filled except by a redeal, which fills the piles from the first.
- One card moves at a time, the top card; every card is face up.
- The gather: pile one's cards, bottom up, then pile two's, and so on; dealt again from pile
  one, four each, so that a redeal after no move changes nothing (and is refused).
- Cards on the foundations stay there.
- No moves left: no card can move and a redeal would change nothing. The manual's degenerate
  loop (one move and a redeal that bring back the same deal) is not detected: the player hears
  the same position again and can stop.
- Score: one point per card on the foundations beyond the four aces, out of 48. Won when all 52
  cards are home.
"""

from __future__ import annotations

from voicegame.engine import EMPTY_NONE, TOP_CARD, Accepts, DealSpec, GameDef, GatherAndRedeal
from voicegame.engine.cards import Suit
from voicegame.games.beleaguered_castle import aces_first, beyond_aces
from voicegame.games.deal_rules import ACES, FACE_UP, DealRules, same
from voicegame.games.parts import DOWN_IN_SUIT, STOCK, suit_foundation, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

WORDS = game_words("cruel")
"""How Cruel and its piles are said (grammars/en/games/cruel.toml)."""

PILES = (STOCK, *(suit_foundation(s, playback=False) for s in Suit),
         *(tableau_pile(n, Accepts(build=DOWN_IN_SUIT, empty=EMPTY_NONE, single=True), TOP_CARD, id_prefix="pile",
                        noun="pile") for n in range(1, 13)))


def cruel() -> GameDef:
    """Cruel (no options): unlimited redeals."""
    return GameDef(
        key="cruel",
        title=WORDS.title,
        piles=PILES,
        layout_deal=(*(DealSpec(s.value) for s in Suit), *(DealSpec(f"pile{n}", up=4) for n in range(1, 13))),
        deal_by_rows=False,
        shuffle=aces_first,
        stock_rule=GatherAndRedeal(group="tableau", per_pile=4),
        score=beyond_aces,
        max_score=48,
        help_key="help_cruel",
    )


ENTRY = GameEntry.from_words(
    key="cruel",
    factory=cruel,
    search=Search.HOME_FORCED,
    hint_budget=HintBudget(nodes=680),
    deal=DealRules(same("pile", 12, (4, None)), cards=ACES, every=FACE_UP, score=0),
)
