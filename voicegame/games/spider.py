"""Spider, as AisleRiot plays it, with one, two or four suits.

104 cards: two standard decks (four suits, the classic), four decks of hearts
and spades (two suits), or eight decks of spades (one suit). Ten columns: columns
one, four, seven and ten get five cards face down, the others four, and each one
more face up; the other fifty are the stock. Build down regardless of suit, but
only a run in one suit moves together. Dealing puts one card face up on every
column, and only when no column is empty. A run of thirteen in one suit, king
down to ace, is lifted off to a foundation at once. Lift off all eight to win.

Decisions where AisleRiot's manual is silent (see GAMES.md, "Ambiguities"):

- A run is lifted off only when it is in one suit (the options text implies it),
  and it is lifted off automatically, as soon as it is complete, after a move or a
  deal; the player never moves cards to the foundations and never takes them back.
  (The manual's harder goal, leaving the runs in the tableau, is not offered.)
- An empty column takes any card or any one-suit run.
- Score: for every column, one point for each face-up card that lies on the next
  rank up in its own suit, plus twelve for every run lifted off; out of 96.
- No moves left: the stock is empty and no card can move (the engine's ``is_stuck``).
"""

from __future__ import annotations

from functools import partial

from voicegame.engine.cards import RANKS, Card, Suit, shuffled
from voicegame.engine import (
    Accepts,
    DealOnePerPile,
    DealSpec,
    Direction,
    GameDef,
    PileKind,
    PileSpec,
    Sequence,
    State,
    SuitRule,
    Takes,
)
from voicegame.games.parts import STOCK, numbered_foundation
from voicegame.engine.words import number_word
from voicegame.games.deal_rules import DealRules, each
from voicegame.games.entry import GameEntry, Option
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

WORDS = game_words("spider")
"""How Spider and its piles are said (grammars/en/games/spider.toml)."""

DOWN_ANY_SUIT = Sequence(Direction.DOWN, SuitRule.ANY)
DOWN_IN_SUIT = Sequence(Direction.DOWN, SuitRule.SAME)
SUIT_SETS = {1: (Suit.SPADES,), 2: (Suit.HEARTS, Suit.SPADES), 4: tuple(Suit)}
COLUMNS = range(1, 11)


def spider_cards(suits: int) -> list[Card]:
    """The 104 cards for ``suits`` 1, 2 or 4, in the documented unshuffled order (suit by suit, ace to king)."""
    chosen = SUIT_SETS[suits]
    copies = 8 // len(chosen)
    return [Card(rank, suit) for _ in range(copies) for suit in chosen for rank in RANKS]


def column(n: int) -> PileSpec:
    return PileSpec(
        id=f"column{n}",
        kind=PileKind.TABLEAU,
        names=WORDS.names("column", n),
        accepts=Accepts(build=DOWN_ANY_SUIT),
        takes=Takes(runs=True, sequence=DOWN_IN_SUIT),
        number=n,
        auto_turn=True,
        group="tableau",
    )


def foundation(n: int) -> PileSpec:
    """Where a finished run goes ("run three"): nothing is put on it by hand (the Spider family shares it)."""
    return numbered_foundation(n, None, names=WORDS.names("foundation", n))


PILES = (STOCK, *(foundation(n) for n in range(1, 9)), *(column(n) for n in COLUMNS))


def score(game: GameDef, state: State) -> int:
    lifted = sum(12 for i in game.indices(PileKind.FOUNDATION) if state.piles[i].cards)
    built = 0
    for i in game.indices(PileKind.TABLEAU):
        up = state.piles[i].face_up
        built += sum(1 for under, over in zip(up, up[1:]) if DOWN_IN_SUIT.follows(under, over))
    return lifted + built


def spider(suits: int = 4) -> GameDef:
    """Spider with ``suits`` 1, 2 or 4 (two standard decks)."""
    if suits not in SUIT_SETS:
        raise ValueError("suits must be 1, 2 or 4")
    deck = spider_cards(suits)
    return GameDef(
        key="spider",
        title=WORDS.title if suits == 4 else f"Spider, {number_word(suits)} suit{'s' if suits > 1 else ''}",
        piles=PILES,
        layout_deal=tuple(DealSpec(f"column{n}", down=5 if n in (1, 4, 7, 10) else 4, up=1) for n in COLUMNS),
        stock_rule=DealOnePerPile(group="tableau", needs_no_empty=True),
        decks=2,
        shuffle=partial(shuffled, deck),
        score=score,
        max_score=96,
        lift_off=DOWN_IN_SUIT,
        help_key="help_spider",
        options={"suits": suits},
    )


ENTRY = GameEntry.from_words(
    key="spider",
    factory=spider,
    options=(Option("suits", int, 4, (1, 2, 4), "suits in the 104 cards: 1, 2 or 4"),),
    search=Search.SPIDER,
    hint_budget=HintBudget(nodes=200),
    deal=DealRules({**each("column", [(6, 5) if n in (1, 4, 7, 10) else (5, 4) for n in range(1, 11)]),
                    "stock": (50, None)}),
)
