"""Fortunes, as AisleRiot plays it (the game also called Aces Up).

Four piles of one card face up; the other 48 cards are the stock. Saying deal puts one card on each
pile. Aces are high. When two top cards show the same suit, the lower may be discarded. An empty pile
takes any card, or any group of cards from the top of another pile; nothing else moves. Discard every
card but the four aces to win.

Decisions where AisleRiot's manual is silent or unclear (see GAMES.md, "Fortunes"):

- The first deal puts one card on each of the four piles (as every later deal does).
- A "group of cards" is any number of cards from the top of a pile, down to its bottom card; one card
  is a group too. Cards go nowhere but to an empty pile or, one at a time, to the discard pile.
- Dealing is allowed at any time, onto empty piles as well.
- Score: one point per card discarded, out of 48 (the original help's).
- Won when the 48 cards other than the aces are discarded (the four aces are then all that is left).
- No moves left: the stock is empty, no top card is outranked in its suit, and no group can go to an
  empty pile usefully.
"""

from __future__ import annotations

from voicegame.engine import (
    EMPTY_ANY,
    EMPTY_NONE,
    Accepts,
    DealOnePerPile,
    DealSpec,
    Direction,
    GameDef,
    OutrankedInSuit,
    PileKind,
    PileSpec,
    Sequence,
    State,
    SuitRule,
    Takes,
)
from voicegame.games.deal_rules import ONE, DealRules, same
from voicegame.games.entry import GameEntry
from voicegame.games.parts import STOCK, discarded, tableau_pile
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("fortunes")
"""How Fortunes and its piles are said (grammars/en/games/fortunes.toml)."""

PILE_COUNT = 4
ANY_CARD = Sequence(Direction.ANY_RANK, SuitRule.ANY)

DISCARD = PileSpec(
    "discard",
    PileKind.DISCARD,
    WORDS.names("discard"),
    accepts=Accepts(build=ANY_CARD, empty=EMPTY_ANY, single=True, sources=frozenset({PileKind.TABLEAU}),
                    extra=OutrankedInSuit("tableau", aces_high=True)),
)


def pile(n: int) -> PileSpec:
    """Pile ``n``: nothing goes on a card; an empty pile takes any group from the top of a pile."""
    return tableau_pile(n, Accepts(build=None, empty=EMPTY_ANY), Takes(runs=True, sequence=None), id_prefix="pile",
                        noun="pile")


PILES = (STOCK, DISCARD, *(pile(n) for n in range(1, PILE_COUNT + 1)))


def only_aces_left(game: GameDef, state: State) -> bool:
    return discarded(game, state) == 48


def fortunes() -> GameDef:
    """Fortunes (no options)."""
    return GameDef(
        key="fortunes",
        title=WORDS.title,
        piles=PILES,
        layout_deal=tuple(DealSpec(f"pile{n}") for n in range(1, PILE_COUNT + 1)),
        stock_rule=DealOnePerPile(group="tableau"),
        score=discarded,
        max_score=48,
        is_won=only_aces_left,
        won_key="won_fortunes",
        help_key="help_fortunes",
    )


ENTRY = GameEntry.from_words(
    key="fortunes",
    factory=fortunes,
    search=Search.FORTUNES,
    deal=DealRules({**same("pile", 4, ONE), "stock": (48, None)}),
)
