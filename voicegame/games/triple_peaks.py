"""Triple Peaks, as AisleRiot plays it.

Twenty-eight cards in three overlapping peaks: rows one to three (3, 6 and 9 cards)
face down, row four (10 cards) face up along the bottom. Each card of rows one to
three lies under the two cards just below it; a card turns up, and can be played,
once both are gone. Play any face-up card onto the waste if it is one rank above or
below the waste's top card, in any suit; ace and king are next to each other. The
stock turns one card at a time onto the waste, once through. Clear the peaks to win.

Scoring (kept from move to move in ``State.counters`` as (score, run)): each card
played scores the length of the current run, the cards played since the last stock
card was turned; turning a stock card costs five points and ends the run; each
peak card cleared adds 15, and clearing the whole tableau 15 more (466 at most).

Decisions where AisleRiot's manual is silent or unclear (see GAMES.md, "Ambiguities"):

- Stock: the 24 cards left after the layout; the first is turned onto the waste as
  part of the deal (free, so the manual's maximum of 466 can be reached), 23 remain.
- Multiplier scoring (option ``scoring="multiplier"``): the n-th card of a run scores 2**(n-1)
  (1, 2, 4, 8, 16: the manual's example, 1, 2, 4, 16, 32, is not a doubling series and
  we take its words, "points double"); bonuses are 25; turning a stock card costs nothing.
- Progressive rounds are not offered yet: clearing the tableau wins the game.
- Cards once on the waste stay there; only face-up tableau cards feed the waste.
- No moves left: the stock is empty and no face-up card fits (the engine's ``is_stuck``).
"""

from __future__ import annotations

from typing import Callable

from voicegame.engine import (
    EMPTY_NONE,
    TOP_CARD,
    Accepts,
    DealSpec,
    Direction,
    DrawToWaste,
    Event,
    GameDef,
    Move,
    MoveKind,
    PileKind,
    PileSpec,
    Sequence,
    State,
    SuitRule,
    Uncover,
)
from voicegame.games.parts import STOCK
from voicegame.engine.words import number_word
from voicegame.games.deal_rules import ONE, DealRules, each
from voicegame.games.entry import GameEntry, Option
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("triple_peaks")
"""How Triple Peaks and its piles are said (grammars/en/games/triple_peaks.toml)."""

ONE_UP_OR_DOWN = Sequence(Direction.EITHER, SuitRule.ANY, wrap=True)
ROW_SIZES = {1: 3, 2: 6, 3: 9, 4: 10}


def cell_id(row: int, n: int) -> str:
    return f"r{row}c{n}"


def covered_by(row: int, n: int) -> tuple[str, ...]:
    """The two cells lying on cell ``n`` (from 1) of ``row``; none for row four."""
    if row == 3:
        return (cell_id(4, n), cell_id(4, n + 1))
    if row == 2:
        peak, k = divmod(n - 1, 2)
        return (cell_id(3, 3 * peak + k + 1), cell_id(3, 3 * peak + k + 2))
    if row == 1:
        return (cell_id(2, 2 * n - 1), cell_id(2, 2 * n))
    return ()


def cell(row: int, n: int) -> PileSpec:
    r, c = number_word(row), number_word(n)
    names = WORDS.names("peak" if row == 1 else "spot", row=r, column=c)
    return PileSpec(cell_id(row, n), PileKind.TABLEAU, names, takes=TOP_CARD, number=n, group=f"row{row}")


WASTE = PileSpec(
    "waste",
    PileKind.WASTE,
    WORDS.names("waste"),
    accepts=Accepts(build=ONE_UP_OR_DOWN, empty=EMPTY_NONE, single=True, sources=frozenset({PileKind.TABLEAU})),
)
CELLS = tuple((row, n) for row in (1, 2, 3, 4) for n in range(1, ROW_SIZES[row] + 1))
PILES = (STOCK, WASTE, *(cell(row, n) for row, n in CELLS))
PEAKS = tuple(cell_id(1, n) for n in (1, 2, 3))
UNCOVER = Uncover({cell_id(row, n): covered_by(row, n) for row, n in CELLS if row < 4})


def cards_left(game: GameDef, state: State) -> int:
    return sum(len(state.piles[i].cards) for i in game.indices(PileKind.TABLEAU))


def score(game: GameDef, state: State) -> int:
    return state.counters[0] if state.counters else 0


def is_won(game: GameDef, state: State) -> bool:
    return cards_left(game, state) == 0


def _keep_score(multiplier: bool) -> Callable[[GameDef, State, Move, State, list[Event]], State]:
    bonus = 25 if multiplier else 15

    def keep_score(game: GameDef, before: State, move: Move, after: State, events: list[Event]) -> State:
        """Score the move: the run so far, a bonus for a peak and for the cleared tableau."""
        points, run = before.counters or (0, 0)
        if move.kind is MoveKind.DEAL:
            points, run = points - (0 if multiplier else 5), 0
        else:
            run += 1
            points += 2 ** (run - 1) if multiplier else run
            if game.piles[move.src].id in PEAKS:
                points += bonus
            if cards_left(game, after) == 0:
                points += bonus
        return State(after.piles, after.redeals, (points, run))

    return keep_score


def triple_peaks(scoring: str = "standard") -> GameDef:
    """Triple Peaks; ``scoring`` "standard" or "multiplier" (doubling run points, 25-point bonuses, free stock turns)."""
    if scoring not in ("standard", "multiplier"):
        raise ValueError("scoring must be standard or multiplier")
    multiplier = scoring == "multiplier"
    return GameDef(
        key="triple_peaks",
        title=WORDS.title + (", multiplier scoring" if multiplier else ""),
        piles=PILES,
        layout_deal=(*(DealSpec(cell_id(row, n), down=1 if row < 4 else 0, up=0 if row < 4 else 1) for row, n in CELLS), DealSpec("waste")),
        deal_by_rows=False,
        stock_rule=DrawToWaste(draw=1, redeals=0),
        score=score,
        max_score=466 if not multiplier else 2**28 - 1 + 100,
        announce_max_score=False,  # "of 466" (a perfect game) or "of 268435555" says nothing useful
        is_won=is_won,
        won_key="won_cleared",
        uncover=UNCOVER,
        settle=_keep_score(multiplier),
        help_key="help_triple_peaks",
        options={"scoring": scoring},
        group_names={f"row{r}": WORDS.names("row", r) for r in (1, 2, 3, 4)},
    )


ENTRY = GameEntry.from_words(
    key="triple_peaks",
    factory=triple_peaks,
    options=(Option("scoring", str, "standard", ("standard", "multiplier"), "multiplier: run points double with each card, bonuses 25, free stock turns"),),
    search=Search.GENERIC,
    deal=DealRules({**each("r1c", [(1, 1)] * 3), **each("r2c", [(1, 1)] * 6), **each("r3c", [(1, 1)] * 9),
                    **each("r4c", [(1, 0)] * 10), "stock": (23, None), "waste": ONE}, score=0),
)
