"""Royal Parade, as the Accessible Solitaire app plays it.

Two decks. 32 cards face up in four rows of eight; 72 in the stock. Rows one,
two and three build 2-5-8-J, 3-6-9-Q and 4-7-10-K in suit; row four is a
holding row the stock deals onto, eight cards at a time. Aces are discarded.

Decisions where the seed is silent (see GAMES.md, "Ambiguities"):

- A spot in rows one to three is *founded* when its bottom card is its row's
  base (2, 3 or 4). Only founded piles take cards, and a founded pile never
  moves again, including the cards built on it (the seed fixes the base; we
  fix the whole pile so a finished build can never be undone by accident).
- A card that is not founded (any single dealt card in rows one to three that
  is not its row's base) may move onto a founded pile in any row, or, if it is
  a 2, 3 or 4, into an empty spot of its own base row.
- Only single cards move; nothing goes onto row four except by dealing; an
  ace can be discarded from any of the 32 spots.
- Score: cards in founded piles (base included), out of 96.
"""

from __future__ import annotations

from voicegame.engine.cards import Card, Rank
from voicegame.engine import (
    Accepts,
    DealOnePerPile,
    DealSpec,
    Direction,
    Empty,
    GameDef,
    PileKind,
    PileSpec,
    Sequence,
    State,
    SuitRule,
    Takes,
    TOP_CARD,
)
from voicegame.games.parts import STOCK
from voicegame.engine.words import number_word
from voicegame.games.deal_rules import DealRules, grid
from voicegame.games.entry import GameEntry
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

WORDS = game_words("royal_parade")
"""How Royal Parade and its piles are said (grammars/en/games/royal_parade.toml)."""

ROW_BASES = {1: Rank.TWO, 2: Rank.THREE, 3: Rank.FOUR}
BUILD = Sequence(Direction.UP, SuitRule.SAME, step=3)
COLUMNS = range(1, 9)


def spot_id(row: int, column: int) -> str:
    return f"r{row}c{column}"


def founded(pile_cards: tuple[Card, ...], row: int) -> bool:
    return bool(pile_cards) and pile_cards[0].rank == ROW_BASES[row]


def _build_row(row: int) -> tuple[Accepts, Takes]:
    """The rules of rows one to three: built only on a founded pile, and a founded pile stays put."""
    base = ROW_BASES[row]
    return Accepts(build=BUILD, empty=Empty(rank=base), single=True, founded=True), Takes(fixed_on=base)


def _spot(row: int, column: int, accepts: Accepts | None, takes: Takes) -> PileSpec:
    r, c = number_word(row), number_word(column)
    return PileSpec(
        id=spot_id(row, column),
        kind=PileKind.TABLEAU if row <= 3 else PileKind.RESERVE,
        names=WORDS.names("spot", row=r, column=c),
        accepts=accepts,
        takes=takes,
        number=column,
        group=f"row{row}",
    )


def _piles() -> tuple[PileSpec, ...]:
    spots: list[PileSpec] = []
    for row in (1, 2, 3):
        accepts, takes = _build_row(row)
        spots.extend(_spot(row, c, accepts, takes) for c in COLUMNS)
    spots.extend(_spot(4, c, None, TOP_CARD) for c in COLUMNS)
    discard = PileSpec(
        "discard",
        PileKind.DISCARD,
        WORDS.names("discard"),
        accepts=Accepts(build=Sequence(Direction.ANY_RANK, SuitRule.ANY), empty=Empty(rank=Rank.ACE), rank=Rank.ACE),
    )
    return (STOCK, discard, *spots)


PILES = _piles()


def score(game: GameDef, state: State) -> int:
    """Cards in founded piles, bases included."""
    piles = [(row, game.layout.pile(state, spot_id(row, c)).cards) for row in (1, 2, 3) for c in COLUMNS]
    return sum(len(cards) for row, cards in piles if founded(cards, row))


def is_won(game: GameDef, state: State) -> bool:
    return score(game, state) == 96


def royal_parade() -> GameDef:
    """Royal Parade (no options)."""
    return GameDef(
        key="royal_parade",
        title=WORDS.title,
        piles=PILES,
        layout_deal=tuple(DealSpec(spot_id(r, c)) for r in (1, 2, 3, 4) for c in COLUMNS),
        stock_rule=DealOnePerPile(group="row4"),
        decks=2,
        score=score,
        max_score=96,
        is_won=is_won,
        help_key="help_royal_parade",
        group_names={f"row{r}": WORDS.names("row", r) for r in (1, 2, 3, 4)},
    )


ENTRY = GameEntry.from_words(
    key="royal_parade",
    factory=royal_parade,
    search=Search.ROYAL_PARADE,
    hint_budget=HintBudget(nodes=320),
    deal=DealRules({**grid(4, 8, (1, 0)), "stock": (72, 72)}),
)
