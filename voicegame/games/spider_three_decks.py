"""Spider Three Decks, as AisleRiot plays it: Spider with 156 cards on twelve columns.

Three standard decks. Twelve columns: the first six get four cards face down and one up, the
other six three down and one up; the other 102 cards are the stock. Build down regardless of
suit, but only a run in one suit moves together; an empty column takes any card or run. The
stock deals one card face up on every column at any time, empty columns or not. A run of
thirteen in one suit, king down to ace, goes to one of twelve foundations. Twelve runs win.

Decisions where AisleRiot's manual is silent (see GAMES.md, "Ambiguities"), as in
:mod:`voicegame.games.spider`:

- 102 stock cards make eight deals of twelve and a last deal of six, onto columns one to six.
- A finished run in one suit is lifted off to a foundation at once; the manual's harder goal,
  the twelve runs left in the tableau, is not offered.
- Score: one point for every face-up card on the next rank up in its own suit, twelve for
  every run lifted off (the original help's "run length minus one" for each run), out of 144.
- No moves left: the stock is empty and no card can move (the engine's ``is_stuck``).
"""

from __future__ import annotations

from voicegame.engine import DealOnePerPile, DealSpec, GameDef
from voicegame.games.deal_rules import DealRules, each, same
from voicegame.games.parts import DOWN_IN_SUIT, STOCK
from voicegame.games.spider import column, foundation, score
from voicegame.games.entry import GameEntry
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

WORDS = game_words("spider_three_decks")
"""How Spider Three Decks and its piles are said (grammars/en/games/spider_three_decks.toml)."""

COLUMNS = range(1, 13)
PILES = (STOCK, *(foundation(n) for n in range(1, 13)), *(column(n) for n in COLUMNS))


def spider_three_decks() -> GameDef:
    """Spider Three Decks (no options)."""
    return GameDef(
        key="spider_three_decks",
        title=WORDS.title,
        piles=PILES,
        layout_deal=tuple(DealSpec(f"column{n}", down=4 if n <= 6 else 3, up=1) for n in COLUMNS),
        stock_rule=DealOnePerPile(group="tableau"),
        decks=3,
        score=score,
        max_score=144,
        lift_off=DOWN_IN_SUIT,
        help_key="help_spider_three_decks",
    )


ENTRY = GameEntry.from_words(
    key="spider_three_decks",
    factory=spider_three_decks,
    search=Search.SPIDER,
    hint_budget=HintBudget(nodes=170),
    deal=DealRules({**each("column", [(5, 4)] * 6 + [(4, 3)] * 6), "stock": (102, None),
                    **same("foundation", 12, (None, None))}),
)
