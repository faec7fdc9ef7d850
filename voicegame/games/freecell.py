"""FreeCell, as AisleRiot plays it, dealt by the classic Microsoft game numbers.

All 52 cards face up on eight columns (7, 7, 7, 7, 6, 6, 6, 6), four free cells
that hold one card each, four foundations built up by suit from the ace. Columns
build down in alternating colours; an empty column takes any card or run.

Deal numbers (``--seed N`` is Microsoft FreeCell game N, for N from 1 up):
the Microsoft C runtime generator, ``state = (state * 214013 + 2531011) mod 2**31``
seeded with N, each draw ``rand = state >> 16``. The deck starts ordered
AC AD AH AS 2C 2D ... KS; 52 times, pick index ``rand % remaining``, deal that
card, and move the last remaining card into its place. The dealt cards go left to
right in rows across the eight columns, so deal 1 begins JD 2D 9H JC 5D 7H 7C 5H.

Decisions where AisleRiot's manual is silent (see GAMES.md, "Ambiguities"):

- Run moves ("supermoves"): a run may move as one command when it could be moved
  card by card through the free space: at most (free cells + 1) * 2 ** (empty
  columns) cards, halved when the run goes into an empty column. The manual counts
  only free cells; we count empty columns too, as every FreeCell since Microsoft's does.
- Cards on the foundations stay there (Microsoft's rule; AisleRiot never plays them back).
- Score: one point per card on the foundations, out of 52. Won when all 52 are home.
- No moves left: every cell full and no card can move (the engine's ``is_stuck``).
"""

from __future__ import annotations

from voicegame.engine.cards import RANKS, Card, Suit
from voicegame.engine import (
    TOP_CARD,
    Accepts,
    DealSpec,
    GameDef,
    PileKind,
    PileSpec,
    Takes,
    free_space_run_limit,
)
from voicegame.engine.auto import opposite_colours_ready
from voicegame.games.deal_rules import FACE_UP, DealRules, each
from voicegame.games.parts import ALTERNATE_DOWN, suit_foundation, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

WORDS = game_words("freecell")
"""How FreeCell and its piles are said (grammars/en/games/freecell.toml)."""

MICROSOFT_ORDER = [Card(rank, suit) for rank in RANKS for suit in Suit]
"""AC AD AH AS 2C ... KS: the unshuffled deck of Microsoft's deals."""


def microsoft_deal(number: int) -> list[Card]:
    """The 52 cards of Microsoft FreeCell game ``number`` in dealing order (first card dealt first)."""
    deck = list(MICROSOFT_ORDER)
    state = number & 0x7FFFFFFF
    dealt = []
    for remaining in range(52, 0, -1):
        state = (state * 214013 + 2531011) & 0x7FFFFFFF
        index = (state >> 16) % remaining
        dealt.append(deck[index])
        deck[index] = deck[remaining - 1]
    return dealt


def cell(n: int) -> PileSpec:
    return PileSpec(
        id=f"cell{n}",
        kind=PileKind.CELL,
        names=WORDS.names("cell", n),
        accepts=Accepts(build=None, single=True),
        takes=TOP_CARD,
        group="cells",
    )


def column(n: int) -> PileSpec:
    return tableau_pile(n, Accepts(build=ALTERNATE_DOWN), Takes(runs=True, sequence=ALTERNATE_DOWN), group="columns")


PILES = (*(cell(n) for n in range(1, 5)), *(suit_foundation(s, playback=False) for s in Suit), *(column(n) for n in range(1, 9)))


def freecell() -> GameDef:
    """FreeCell (no options); the seed is the Microsoft game number."""
    return GameDef(
        key="freecell",
        title=WORDS.title,
        piles=PILES,
        layout_deal=tuple(DealSpec(f"column{n}", up=7 if n <= 4 else 6) for n in range(1, 9)),
        shuffle=microsoft_deal,
        max_run=free_space_run_limit,
        safe_to_foundation=opposite_colours_ready,
        help_key="help_freecell",
    )


ENTRY = GameEntry.from_words(
    key="freecell",
    factory=freecell,
    seeds=(1, 1_000_000),
    search=Search.FREECELL,
    hint_budget=HintBudget(nodes=140),
    deal=DealRules(each("column", [(7, None)] * 4 + [(6, None)] * 4), every=FACE_UP, absent=("stock", "waste")),
)
