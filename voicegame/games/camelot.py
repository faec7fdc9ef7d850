"""Camelot, as AisleRiot plays it.

All 52 cards start in the stock. Phase one: turn a card onto the waste, which holds one card, and
place it at once in an empty spot of a four by four grid: a king only in a corner, a queen only in
the middle two spots of the top or bottom row, a jack only in the middle two spots of the left or
right column, any other card anywhere. Once the grid is full, phase two: remove tens alone and two
cards that add up to ten together (ace one). Turning the next card goes back to phase one, and
phase two comes back only when the grid is full again, or once the stock and waste are empty. The
game is won when the stock and waste are empty and only the twelve court cards are left, each in
its border spot.

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Camelot"):

- Ace counts one; court cards never add up to ten, so they stay.
- The figure of the winning tableau is missing: since court cards can only ever be placed on
  their border spots, the game is won once all 40 other cards are removed with the stock and
  waste empty, whatever the suits.
- Any two cards of the grid may be removed together, wherever they lie.
- Score: one point per card removed, out of 40.
- No moves left: the waste card fits no empty spot (or the grid is full) and nothing can be removed.
"""

from __future__ import annotations

from voicegame.engine import Accepts, DrawToWaste, EMPTY_ANY, GameDef, PairRule, PileKind, PileSpec, State
from voicegame.engine.cards import Rank
from voicegame.engine.gating import RanksOnly
from voicegame.engine.rounds import FillThenClear
from voicegame.games.deal_rules import EMPTY, DealRules, grid
from voicegame.games.entry import GameEntry
from voicegame.games.parts import DISCARD, STOCK, WASTE, discarded, spot_id, spot_names
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("camelot")
"""How Camelot and its piles are said (grammars/en/games/camelot.toml)."""

SIZE = range(1, 5)
PIPS = frozenset(range(1, 11))
CORNERS = {(1, 1), (1, 4), (4, 1), (4, 4)}
QUEEN_SPOTS = {(1, 2), (1, 3), (4, 2), (4, 3)}
JACK_SPOTS = {(2, 1), (3, 1), (2, 4), (3, 4)}
ROUNDS = FillThenClear("grid", ("stock", "waste"))
MAX_SCORE = 40


def spot_ranks(row: int, column: int) -> frozenset[int]:
    """The ranks spot (row, column) takes: every card below the jack, and its court rank."""
    if (row, column) in CORNERS:
        return PIPS | {Rank.KING}
    if (row, column) in QUEEN_SPOTS:
        return PIPS | {Rank.QUEEN}
    if (row, column) in JACK_SPOTS:
        return PIPS | {Rank.JACK}
    return PIPS


def _spot(row: int, column: int) -> PileSpec:
    return PileSpec(spot_id(row, column), PileKind.TABLEAU, spot_names(row, column),
                    accepts=Accepts(build=None, empty=EMPTY_ANY, single=True, sources=frozenset({PileKind.WASTE}),
                                    extra=RanksOnly(spot_ranks(row, column))),
                    number=(row - 1) * 4 + column, group="grid")


def forty_removed(game: GameDef, state: State) -> bool:
    return discarded(game, state) == MAX_SCORE


def camelot() -> GameDef:
    """Camelot (no options)."""
    return GameDef(
        key="camelot",
        title=WORDS.title,
        piles=(STOCK, WASTE, DISCARD, *(_spot(r, c) for r in SIZE for c in SIZE)),
        layout_deal=(),
        stock_rule=DrawToWaste(draw=1, redeals=0, waste_limit=1),
        pairs=PairRule(discard="discard", sums_to=10, singles=frozenset({Rank.TEN}), free=ROUNDS.free_places),
        settle=ROUNDS,
        score=discarded,
        max_score=MAX_SCORE,
        is_won=forty_removed,
        help_key="help_camelot",
        won_key="won_camelot",
        group_names={"grid": WORDS.names("grid_group")},
    )


ENTRY = GameEntry.from_words(
    key="camelot",
    factory=camelot,
    search=Search.FILL_AND_CLEAR,
    deal=DealRules({**grid(4, 4, EMPTY), "stock": (52, None)}),
)
