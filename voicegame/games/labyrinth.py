"""Labyrinth, as AisleRiot plays it.

The four aces are taken out before the shuffle and start four foundations, built up in suit to the
king. Eight cards are dealt face up, one on each of eight piles; the other 40 are the stock. Both
the top and the bottom card of every pile may go to a foundation; nothing is built on the piles.
A pile left empty is filled at once from the stock, until the player first deals. Dealing puts one
card on each of the eight piles. There is no redeal. All 52 cards on the foundations wins.

By voice a pile is two: "pile three" is the pile with its top card, and "bottom three" holds its
bottom card whenever the pile has two cards or more (a pile of one card is just "pile three").
Both are read and played like any pile's top.

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Labyrinth"):

- Eight piles ("the eight cards in the Tableau piles").
- The player may deal at any time, not only when no card can be played; a deal puts a card on
  every pile, the empty ones too. After the first deal an empty pile stays empty until the next.
- The aces go to the foundations clubs, diamonds, hearts, spades; foundation cards stay there.
- Score: one point per card played to the foundations, the aces not counted, out of 48.
- No moves left: the stock is empty and no pile's top or bottom card fits a foundation.
"""

from __future__ import annotations

from voicegame.engine.auto import always_safe
from voicegame.engine import TOP_CARD, DealOnePerPile, DealSpec, GameDef, PileKind, PileSpec, State
from voicegame.engine.cards import Card, Rank, Suit, seeded_deck
from voicegame.engine.ends import OpenBottoms
from voicegame.games.deal_rules import ACES as SUIT_ACES, EMPTY, ONE, DealRules, same
from voicegame.games.entry import GameEntry
from voicegame.games.parts import STOCK, suit_foundation
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("labyrinth")
"""How Labyrinth and its piles are said (grammars/en/games/labyrinth.toml)."""

SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
ACES = tuple(Card(Rank.ACE, suit) for suit in SUITS)
COLUMNS = range(1, 9)


def _pile(n: int) -> PileSpec:
    return PileSpec(f"pile{n}", PileKind.TABLEAU, WORDS.names("pile", n), takes=TOP_CARD, number=n, group="piles")


def _foot(n: int) -> PileSpec:
    return PileSpec(f"bottom{n}", PileKind.RESERVE, WORDS.names("bottom", n), takes=TOP_CARD, number=n, group="bottoms")


PILES = (STOCK, *(suit_foundation(s, playback=False) for s in SUITS), *(_pile(n) for n in COLUMNS), *(_foot(n) for n in COLUMNS))
ENDS = OpenBottoms(tuple((f"pile{n}", f"bottom{n}") for n in COLUMNS), refill_from="stock", until_dealt=True)


def aces_first(seed: int) -> list[Card]:
    """The four aces first (one to each foundation), then the other 48 in seeded order."""
    return [*ACES, *(c for c in seeded_deck(seed) if c not in ACES)]


def played_home(game: GameDef, state: State) -> int:
    """The cards on the foundations but the aces, which start there."""
    return sum(1 for i in game.indices(PileKind.FOUNDATION) for card in state.piles[i].cards if card.rank != Rank.ACE)


def labyrinth() -> GameDef:
    """Labyrinth (no options)."""
    return GameDef(
        key="labyrinth",
        title=WORDS.title,
        piles=PILES,
        layout_deal=(*(DealSpec(s.value) for s in SUITS), *(DealSpec(f"pile{n}") for n in COLUMNS)),
        deal_by_rows=False,
        shuffle=aces_first,
        stock_rule=DealOnePerPile("piles"),
        score=played_home,
        max_score=48,
        help_key="help_labyrinth",
        group_names={"piles": WORDS.names("piles_group"), "bottoms": WORDS.names("bottoms_group")},
        settle=ENDS,
        # Every card that can go home is safe to send ("auto"): nothing is built on the piles.
        safe_to_foundation=always_safe,
    )


ENTRY = GameEntry.from_words(
    key="labyrinth",
    factory=labyrinth,
    search=Search.OPEN_ENDS,
    deal=DealRules({**same("pile", 8, ONE), **same("bottom", 8, EMPTY), "stock": (40, None)}, cards=SUIT_ACES),
)
