"""Carpet, as AisleRiot plays it.

The four aces are taken out and start the four foundations, which build up in suit to the
king. Twenty cards are dealt face up as the "carpet", four rows of five; the other 28 are
the stock, turned one card at a time onto the waste with no redeal. Every carpet card and
the waste's top card may go to a foundation; nothing is built on the carpet. A gap in the
carpet is filled at once from the waste, or from the stock when the waste is empty.

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Carpet"):

- The aces go to the foundations clubs, diamonds, hearts, spades.
- Foundation cards stay on the foundations: the carpet takes no cards, so there is nowhere
  they could go back to.
- A gap is filled from the waste even when the waste card could go home instead.
- Score: one point per card played to the foundations, the aces not counted, out of 48
  (the original help's maximum).
- No moves left: the stock is empty and no carpet card or waste card fits a foundation.
"""

from __future__ import annotations

from voicegame.engine.auto import always_safe
from voicegame.engine import TOP_CARD, DealSpec, DrawToWaste, GameDef, PileKind, PileSpec, Refill, State
from voicegame.engine.cards import Card, Rank, Suit, seeded_deck
from voicegame.engine.game import all_on_foundations
from voicegame.games.deal_rules import ACES as SUIT_ACES, EMPTY, DealRules, grid
from voicegame.games.parts import STOCK, WASTE, spot_id, spot_names, suit_foundation
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("carpet")
"""How Carpet and its piles are said (grammars/en/games/carpet.toml)."""

ROWS, COLUMNS = range(1, 5), range(1, 6)
SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
ACES = tuple(Card(Rank.ACE, suit) for suit in SUITS)
CELLS = tuple(spot_id(r, c) for r in ROWS for c in COLUMNS)


def _cell(row: int, column: int) -> PileSpec:
    return PileSpec(spot_id(row, column), PileKind.TABLEAU, spot_names(row, column), takes=TOP_CARD, group="carpet")


PILES = (STOCK, WASTE, *(suit_foundation(s, playback=False) for s in SUITS), *(_cell(r, c) for r in ROWS for c in COLUMNS))


def aces_first(seed: int) -> list[Card]:
    """The four aces first (one to each foundation), then the other 48 in seeded order."""
    return [*ACES, *(c for c in seeded_deck(seed) if c not in ACES)]


def played_home(game: GameDef, state: State) -> int:
    """The cards on the foundations but the aces, which start there."""
    return sum(1 for i in game.indices(PileKind.FOUNDATION) for card in state.piles[i].cards if card.rank != Rank.ACE)


def carpet() -> GameDef:
    """Carpet (no options)."""
    return GameDef(
        key="carpet",
        title=WORDS.title,
        piles=PILES,
        layout_deal=(*(DealSpec(s.value) for s in SUITS), *(DealSpec(cell) for cell in CELLS)),
        deal_by_rows=False,
        shuffle=aces_first,
        stock_rule=DrawToWaste(draw=1, redeals=0),
        score=played_home,
        max_score=48,
        is_won=all_on_foundations,
        help_key="help_carpet",
        group_names={"carpet": WORDS.names("carpet_group")},
        refill=Refill(group="carpet", source="waste", keep_down=True, fallback="stock"),
        # Every card that can go home is safe to send ("auto"): nothing builds on the carpet, so a card never
        # waits for another to go on it.
        safe_to_foundation=always_safe,
    )


ENTRY = GameEntry.from_words(
    key="carpet",
    factory=carpet,
    search=Search.FIRST_HOME,
    deal=DealRules({**grid(4, 5, (1, 0)), "stock": (28, None), "waste": EMPTY}, cards=SUIT_ACES, score=0),
)
