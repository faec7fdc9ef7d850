"""Golf, as AisleRiot plays it.

Seven columns of five cards, all face up; the other seventeen cards are the stock.
The stock turns one card at a time onto the waste, and never comes round again.
The top card of any column may go onto the waste if it is one rank above or below
the waste's top card, whatever its suit. Clear all seven columns to win.

Decisions where AisleRiot's manual is silent (see GAMES.md, "Ambiguities"):

- The waste starts empty, so the first move is always a draw; an empty waste
  takes no card from the columns (the stock holds 17 cards, as GAMES.md counts them).
- No wrap-around: only a two goes on an ace, and nothing goes on a king (the
  original help's rule), so a king on the waste waits for the next draw.
- Only the columns feed the waste; nothing is ever taken back from it.
- Won when the seven columns are empty; cards left in the stock do not matter.
- Score: one point per column card played to the waste, out of 35.
- No moves left: the stock is empty and no column's top card fits the waste.
"""

from __future__ import annotations

from voicegame.engine.cards import Rank
from voicegame.engine import (
    EMPTY_NONE,
    TOP_CARD,
    Accepts,
    DealSpec,
    Direction,
    DrawToWaste,
    GameDef,
    PileKind,
    PileSpec,
    Sequence,
    State,
    SuitRule,
)
from voicegame.games.deal_rules import EMPTY, DealRules, same
from voicegame.games.parts import STOCK
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("golf")
"""How Golf and its piles are said (grammars/en/games/golf.toml)."""

ONE_UP_OR_DOWN = Sequence(Direction.EITHER, SuitRule.ANY, closed=frozenset({int(Rank.KING)}))
COLUMNS = range(1, 8)


def column(n: int) -> PileSpec:
    return PileSpec(f"column{n}", PileKind.TABLEAU, WORDS.names("column", n), takes=TOP_CARD, number=n, group="columns")


def waste(build: Sequence) -> PileSpec:
    """The waste the columns' top cards go onto, one at a time, by ``build`` (Thieves shares it)."""
    return PileSpec(
        "waste",
        PileKind.WASTE,
        WORDS.names("waste"),
        accepts=Accepts(build=build, empty=EMPTY_NONE, single=True, sources=frozenset({PileKind.TABLEAU})),
    )


WASTE = waste(ONE_UP_OR_DOWN)
PILES = (STOCK, WASTE, *(column(n) for n in COLUMNS))


def cards_left(game: GameDef, state: State) -> int:
    return sum(len(state.piles[i].cards) for i in game.indices(PileKind.TABLEAU))


def score(game: GameDef, state: State) -> int:
    return 35 - cards_left(game, state)


def is_won(game: GameDef, state: State) -> bool:
    return cards_left(game, state) == 0


LAYOUT_DEAL = tuple(DealSpec(f"column{n}", up=5) for n in COLUMNS)
"""Five cards face up on each column (Thieves deals the same)."""


def golf() -> GameDef:
    """Golf (no options)."""
    return GameDef(
        key="golf",
        title=WORDS.title,
        piles=PILES,
        layout_deal=LAYOUT_DEAL,
        stock_rule=DrawToWaste(draw=1, redeals=0),
        score=score,
        max_score=35,
        is_won=is_won,
        won_key="won_cleared",
        help_key="help_golf",
    )


ENTRY = GameEntry.from_words(
    key="golf",
    factory=golf,
    search=Search.GOLF,
    deal=DealRules({**same("column", 7, (5, 0)), "stock": (17, None), "waste": EMPTY}),
)
