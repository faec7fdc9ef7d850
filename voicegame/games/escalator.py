"""Escalator, as AisleRiot plays it: Elevator (:mod:`voicegame.games.elevator`) with the pyramid
dealt face up.

Twenty-eight cards face up in a pyramid of seven overlapping rows; the other 24 are the
stock. A pyramid card is exposed, and may be played, once the two cards of the row below
lying on it are gone. Play an exposed card onto the waste if it is one rank above or below
the waste's top card, in any suit; ace and king are next to each other. The stock turns
one card at a time onto the waste, with no redeal.

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Escalator"; the waste and the
goal come from the original help, as in Elevator):

- The waste starts empty and takes no pyramid card while empty: the first stock card
  starts it.
- Won when the pyramid is clear; the stock need not be used up.
- Score: one point per pyramid card moved to the waste, out of 28.
- No moves left: the stock is empty and no exposed card fits on the waste.
"""

from __future__ import annotations

from voicegame.engine import GameDef
from voicegame.games.deal_rules import EMPTY, DealRules, pyramid
from voicegame.games.elevator import pyramid_to_waste
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search


def escalator() -> GameDef:
    """Escalator (no options)."""
    return pyramid_to_waste("escalator", face_up=True)


ENTRY = GameEntry.from_words(
    key="escalator",
    factory=escalator,
    search=Search.WASTE_TOP,
    deal=DealRules({**pyramid(7, lambda r: (1, 0)), "stock": (24, None), "waste": EMPTY}),
)
