"""Scuffle, as AisleRiot plays it: Auld Lang Syne (:mod:`voicegame.games.auld_lang_syne`) with two
redeals.

The four aces start the four foundations; the other 48 cards are the stock. Each deal puts
one card face up on each of four reserves. A reserve's top card may go only to a
foundation; the foundations build up from the ace to the king whatever the suits. Once the
stock is empty, the cards left on the reserves are gathered, shuffled and become the new
stock, twice at most. All 52 cards on the foundations wins.

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Scuffle"; the foundations and
reserves are Auld Lang Syne's, from the original help):

- A redeal is the player's "deal" once the stock is empty; the reserves are gathered
  from the first to the fourth, each from the bottom up, then shuffled.
- The shuffle is seeded by the gathered cards and the redeal's number, so undo and redo,
  replays and saves always see the same new stock.
- The aces go to the foundations in the order clubs, diamonds, hearts, spades.
- Score: one point per card on the foundations, the aces included, out of 52 (the original
  help says 48: it does not count the aces).
- No moves left: the stock is empty, no redeal is left (or the reserves are empty) and no
  reserve's top card fits a foundation.
"""

from __future__ import annotations

from dataclasses import replace

from voicegame.engine import DealOnePerPile, EachStock, GameDef, GatherToStock
from voicegame.games.auld_lang_syne import auld_lang_syne
from voicegame.games.deal_rules import EMPTY, FOUNDATIONS, DealRules, same
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("scuffle")
"""How Scuffle and its piles are said (grammars/en/games/scuffle.toml)."""


def scuffle() -> GameDef:
    """Scuffle (no options): two redeals."""
    return replace(
        auld_lang_syne(),
        key="scuffle",
        title=WORDS.title,
        stock_rule=EachStock((DealOnePerPile(group="reserves"), GatherToStock(group="reserves", redeals=2))),
        help_key="help_scuffle",
    )


ENTRY = GameEntry.from_words(
    key="scuffle",
    factory=scuffle,
    search=Search.FIRST_HOME,
    deal=DealRules({**same("reserve", 4, EMPTY), "stock": (48, None)},  # Auld Lang Syne's deal
                   cards=dict(zip(FOUNDATIONS, ("AC", "AD", "AH", "AS")))),
)
