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
from voicegame.games.spiderette import COLUMNS, one_deck_spider
from voicegame.games.entry import GameEntry


def will_o_the_wisp() -> GameDef:
    """Will o' the Wisp (no options)."""
    return one_deck_spider("will_o_the_wisp", "Will o' the Wisp", tuple(DealSpec(f"column{n}", down=2, up=1) for n in COLUMNS),
                           "help_will_o_the_wisp")


ENTRY = GameEntry(
    key="will_o_the_wisp",
    family="Spider-like: Spider proper",
    title="Will o' the Wisp",
    aliases=("will o the wisp", "will of the wisp", "wisp"),
    factory=will_o_the_wisp,
    summary="Spiderette dealt two down and one up on each of seven columns; the last deal covers three columns.",
)
