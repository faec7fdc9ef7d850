"""Streets and Alleys, as AisleRiot plays it: Beleaguered Castle with the aces dealt in.

All 52 cards face up on eight columns, seven cards on each of the four on the left, six on
each of the four on the right. Columns build down regardless of suit, one card at a time;
an empty column takes any card. Foundations build up in suit from the ace to the king, and
the top card of a foundation may be played back onto a column.

Decisions where AisleRiot's manual is silent (see GAMES.md, "Ambiguities"): its page gives
only the layout; the rules are Beleaguered Castle's (the original help), and so are the
decisions in :mod:`voicegame.games.beleaguered_castle`, except that the score is one point per
card on the foundations, out of 52, as the original help says.
"""

from __future__ import annotations

from voicegame.engine import GameDef
from voicegame.games.beleaguered_castle import open_packer
from voicegame.games.deal_rules import EMPTY_SUITS, FACE_UP, DealRules, each
from voicegame.games.entry import GameEntry
from voicegame.games.search import HintBudget, Search


def streets_and_alleys() -> GameDef:
    """Streets and Alleys (no options)."""
    return open_packer("streets_and_alleys", (7, 7, 7, 7, 6, 6, 6, 6), False, "help_streets_and_alleys")


ENTRY = GameEntry.from_words(
    key="streets_and_alleys",
    factory=streets_and_alleys,
    search=Search.OPEN_PACKER,
    hint_budget=HintBudget(nodes=720, line_nodes=1500),
    deal=DealRules({**each("column", [(7, None)] * 4 + [(6, None)] * 4), **EMPTY_SUITS}, every=FACE_UP),
)
