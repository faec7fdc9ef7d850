"""Auld Lang Syne, as AisleRiot plays it.

The four aces start the four foundations; the other 48 cards are the stock. Each deal puts
one card face up on each of four reserves. A reserve's top card may go only to a
foundation; the foundations build up from the ace to the king whatever the suits. All 52
cards on the foundations wins. A game of almost no decisions: by voice, "deal" and
"ace up"-style moves, or say "auto" to let the game play home every card it can.

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Auld Lang Syne"):

- The aces go to the foundations in the order clubs, diamonds, hearts, spades.
- No redeal (the manual names none; Scuffle is the game with redeals).
- The stock may be dealt at any time, even when a reserve card could go home.
- Reserves take no cards from the player and are never built on each other.
- Score: one point per card on the foundations, the four aces included, out of 52 (the
  original help's maximum).
- No moves left: the stock is empty and no reserve's top card fits a foundation.
"""

from __future__ import annotations

from voicegame.engine.auto import always_safe
from voicegame.engine import (
    EMPTY_NONE,
    TOP_CARD,
    Accepts,
    DealOnePerPile,
    DealSpec,
    Direction,
    GameDef,
    PileKind,
    PileSpec,
    Sequence,
    SuitRule,
)
from voicegame.engine.cards import Card, Rank, Suit, seeded_deck
from voicegame.games.deal_rules import EMPTY, FOUNDATIONS, DealRules, same
from voicegame.games.parts import STOCK, numbered_foundation
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("auld_lang_syne")
"""How Auld Lang Syne and its piles are said (grammars/en/games/auld_lang_syne.toml)."""

SLOTS = range(1, 5)
ACES = tuple(Card(Rank.ACE, suit) for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES))
UP_ANY_SUIT = Sequence(Direction.UP, SuitRule.ANY)


FOUNDATION = Accepts(build=UP_ANY_SUIT, empty=EMPTY_NONE, single=True, sources=frozenset({PileKind.RESERVE}))
"""What each foundation accepts (all alike)."""


def reserve(n: int) -> PileSpec:
    return PileSpec(f"reserve{n}", PileKind.RESERVE, WORDS.names("reserve", n), takes=TOP_CARD, number=n, group="reserves")


PILES = (STOCK, *(numbered_foundation(n, FOUNDATION) for n in SLOTS), *(reserve(n) for n in SLOTS))


def aces_first(seed: int) -> list[Card]:
    """The four aces first (one to each foundation), then the other 48 in seeded order."""
    return [*ACES, *(c for c in seeded_deck(seed) if c not in ACES)]


def auld_lang_syne() -> GameDef:
    """Auld Lang Syne (no options)."""
    return GameDef(
        key="auld_lang_syne",
        title=WORDS.title,
        piles=PILES,
        layout_deal=tuple(DealSpec(f"foundation{n}") for n in SLOTS),
        deal_by_rows=False,
        shuffle=aces_first,
        stock_rule=DealOnePerPile(group="reserves"),
        max_score=52,
        help_key="help_auld_lang_syne",
        # Every card that can go home is safe to send ("auto"): the foundations build up by one in any suit
        # and never give back, so a card home only lets the next rank follow.
        safe_to_foundation=always_safe,
    )


ENTRY = GameEntry.from_words(
    key="auld_lang_syne",
    factory=auld_lang_syne,
    search=Search.FIRST_HOME,
    deal=DealRules({**same("reserve", 4, EMPTY), "stock": (48, None)},
                   cards=dict(zip(FOUNDATIONS, ("AC", "AD", "AH", "AS"))), score=4),
)
