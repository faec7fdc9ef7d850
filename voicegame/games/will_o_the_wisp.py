"""Will o' the Wisp, as AisleRiot plays it: Spiderette dealt three cards to each column.

52 cards. Seven columns of two cards face down and one face up; the other 31 are the stock.
Every rule is Spiderette's (:mod:`voicegame.games.spiderette`): build down regardless of suit,
move runs in one suit, an empty column takes any card or run, deal one card to every column
(the last deal, of three cards, to the first three), four runs of thirteen in one suit win.

Decisions where AisleRiot's manual is silent (see GAMES.md, "Ambiguities"): its page gives the
stock, deal and building only; the foundations, goal and score are Spiderette's (the original
help), and so is the rule that no column may be empty when dealing, and the decisions written
in :mod:`voicegame.games.spiderette`.
"""

from __future__ import annotations

from voicegame.engine import DealSpec, GameDef
from voicegame.games.deal_rules import DealRules, same
from voicegame.games.spiderette import COLUMNS, one_deck_spider
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search


def will_o_the_wisp() -> GameDef:
    """Will o' the Wisp (no options)."""
    return one_deck_spider("will_o_the_wisp", tuple(DealSpec(f"column{n}", down=2, up=1) for n in COLUMNS),
                           "help_will_o_the_wisp")


ENTRY = GameEntry.from_words(
    key="will_o_the_wisp",
    factory=will_o_the_wisp,
    search=Search.SPIDER,
    deal=DealRules({**same("column", 7, (3, 2)), "stock": (31, None)}),
)
