"""Poker, as AisleRiot plays it (Poker squares).

All 52 cards are in the stock. Saying draw turns one card onto the waste, which holds one card: put
it in any empty cell of a five by five grid before the next is turned; once placed, a card stays. The
twelve lines of the grid (five rows, five columns and the two diagonals) are scored as poker hands by
the British table: straight flush 30, four of a kind 16, straight 12, full house 10, three of a kind
6, flush 5, two pair 3, one pair 1. The game ends when the grid is full; 75 points or more wins. In
shuffle mode (the option ``shuffle``), placed cards may be moved again: to an empty cell, or onto
another card, the two trading places; 120 points or more then wins.

Decisions where AisleRiot's manual is silent or unclear (see GAMES.md, "Poker"):

- Straights run ace low (ace to five) or ace high (ten to ace), never round the corner.
- A line not yet full scores the hand its cards already make (a pair, three or four of a kind, two
  pairs, a full house need no more); straights and flushes need five cards.
- Nothing is turned once the grid is full: the 27 cards left in the stock are never seen.
- In shuffle mode a card moved onto a taken cell swaps with it; the waste card goes only to an empty
  cell. The game is won as soon as the grid is full and scores 120; with less, the player may go on
  swapping.
- No moves left: the grid is full (and, in shuffle mode, the player stops swapping) below the
  winning score.
"""

from __future__ import annotations

from voicegame.engine import (
    EMPTY_ANY,
    TOP_CARD,
    Accepts,
    DealSpec,
    Direction,
    DrawToWaste,
    GameDef,
    HandScores,
    PileKind,
    PileSpec,
    Sequence,
    State,
    SuitRule,
    SwapBack,
    TableFull,
    source_top,
    taken_only_by_swap,
)
from voicegame.games.deal_rules import DealRules
from voicegame.games.entry import GameEntry, Option
from voicegame.games.parts import STOCK, WASTE, spot_id, spot_names
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("poker")
"""How Poker and its piles are said (grammars/en/games/poker.toml)."""

SIZE = range(1, 6)
CELLS = tuple(spot_id(r, c) for r in SIZE for c in SIZE)
ANY_CARD = Sequence(Direction.ANY_RANK, SuitRule.ANY)
LINES: dict[str, tuple[str, ...]] = {
    **{WORDS.names("row", r)[0]: tuple(spot_id(r, c) for c in SIZE) for r in SIZE},
    **{WORDS.names("line_column", c)[0]: tuple(spot_id(r, c) for r in SIZE) for c in SIZE},
    "the falling diagonal": tuple(spot_id(n, n) for n in SIZE),
    "the rising diagonal": tuple(spot_id(6 - n, n) for n in SIZE),
}
SCORES = HandScores(LINES)
TO_WIN = {"off": 75, "on": 120}


def cell(row: int, column: int, shuffle: bool) -> PileSpec:
    """A grid cell: one card, from the waste (and, in shuffle mode, from another cell)."""
    if shuffle:
        accepts = Accepts(build=ANY_CARD, empty=EMPTY_ANY, single=True, extra=taken_only_by_swap)
    else:
        accepts = Accepts(build=None, empty=EMPTY_ANY, single=True, sources=frozenset({PileKind.WASTE}), extra=source_top)
    return PileSpec(spot_id(row, column), PileKind.TABLEAU, spot_names(row, column), accepts=accepts,
                    takes=TOP_CARD if shuffle else None, number=column, group="grid")


def hands_score(game: GameDef, state: State) -> int:
    """The twelve lines' points by the British table."""
    return SCORES.total(game.layout, state)


def hands_said(game: GameDef, state: State) -> list[tuple[str, str, int]]:
    """The lines that score, for "score": "Row two: a flush, 5 points."."""
    return SCORES.parts(game.layout, state)


def poker(shuffle: str = "off") -> GameDef:
    """Poker squares; ``shuffle``: "on" lets placed cards move again (and needs 120 to win)."""
    target = TO_WIN[shuffle]

    def won(game: GameDef, state: State) -> bool:
        return all(state.piles[i].cards for i in game.layout.groups["grid"]) and hands_score(game, state) >= target

    return GameDef(
        key="poker",
        title=WORDS.title,
        piles=(STOCK, WASTE, *(cell(r, c, shuffle == "on") for r in SIZE for c in SIZE)),
        layout_deal=(),
        stock_rule=TableFull(DrawToWaste(draw=1, redeals=0, waste_limit=1), "grid"),
        score=hands_score,
        max_score=276,
        announce_max_score=False,  # the winning total is what matters: the help and the won message say it
        score_parts=hands_said,
        is_won=won,
        won_key="won_poker" if shuffle == "off" else "won_poker_shuffle",
        help_key="help_poker" if shuffle == "off" else "help_poker_shuffle",
        options={"shuffle": shuffle},
        group_names={"grid": WORDS.names("grid_group")},
        settle=SwapBack("grid") if shuffle == "on" else None,
    )


ENTRY = GameEntry.from_words(
    key="poker",
    factory=poker,
    options=(Option("shuffle", str, "off", ("off", "on"), "on: placed cards may be moved or swapped; 120 points to win"),),
    search=Search.POKER,
    deal=DealRules({"stock": (52, None)}),
)
