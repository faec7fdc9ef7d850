"""Beleaguered Castle, as AisleRiot plays it: an open packer with the aces already home.

The four aces go on the foundations before the shuffle; the other 48 cards are dealt face
up on eight columns of six, four either side of the foundations. Columns build down
regardless of suit, one card at a time; an empty column takes any card. Foundations build up
in suit from the ace to the king, and the top card of a foundation may be played back onto
a column.

Streets and Alleys is this game without the aces set out first (:func:`open_packer`).

Decisions where AisleRiot's manual is silent (see GAMES.md, "Ambiguities"):

- Columns one to four are the left flank, five to eight the right; cards are dealt in rows
  across all eight, left to right.
- Score: one point per card on the foundations beyond the four aces, out of 48. Won when
  all 52 cards are home.
- No moves left: no card can move (the engine's ``is_stuck``); moves that only shuttle a card
  back and forth count as moves, as in every open game.
"""

from __future__ import annotations

from functools import partial

from voicegame.engine import TOP_CARD, Accepts, DealSpec, GameDef, PileSpec, State
from voicegame.engine.cards import Card, Rank, Suit, new_deck, shuffled
from voicegame.engine.game import foundation_cards
from voicegame.games.deal_rules import ACES as SUIT_ACES, DealRules, same
from voicegame.games.parts import DOWN_ANY_SUIT, suit_foundation, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

ACES = tuple(Card(Rank.ACE, suit) for suit in Suit)
"""The aces in the foundations' order (clubs, diamonds, hearts, spades)."""


def open_column(n: int) -> PileSpec:
    """Column ``n``: builds down in any suit, one card at a time; an empty column takes any card."""
    return tableau_pile(n, Accepts(build=DOWN_ANY_SUIT, single=True), TOP_CARD, group="columns")


def aces_first(seed: int) -> list[Card]:
    """The four aces (one for each foundation, dealt first) and then the other 48 shuffled."""
    rest = [card for card in new_deck() if card.rank != Rank.ACE]
    return [*ACES, *shuffled(rest, seed)]


def beyond_aces(game: GameDef, state: State) -> int:
    """Cards on the foundations beyond the four aces set out at the start."""
    return foundation_cards(game, state) - 4


def open_packer(key: str, heights: tuple[int, ...], aces_out: bool, help_key: str) -> GameDef:
    """Eight columns of ``heights`` cards, building down in any suit one card at a time, and
    foundations in suit that give their top card back; ``aces_out``: the aces start home."""
    piles = (*(suit_foundation(s) for s in Suit), *(open_column(n) for n in range(1, len(heights) + 1)))
    columns = tuple(DealSpec(f"column{n}", up=h) for n, h in enumerate(heights, start=1))
    if aces_out:
        return GameDef(key=key, title=game_words(key).title, piles=piles, help_key=help_key,
                       layout_deal=(*(DealSpec(s.value) for s in Suit), *columns),
                       shuffle=aces_first, score=beyond_aces, max_score=48)
    return GameDef(key=key, title=game_words(key).title, piles=piles, layout_deal=columns, help_key=help_key)


def beleaguered_castle() -> GameDef:
    """Beleaguered Castle (no options)."""
    return open_packer("beleaguered_castle", (6,) * 8, True, "help_beleaguered_castle")


ENTRY = GameEntry.from_words(
    key="beleaguered_castle",
    factory=beleaguered_castle,
    search=Search.OPEN_PACKER,
    hint_budget=HintBudget(nodes=310, line_nodes=1500),
    deal=DealRules(same("column", 8, (6, None)), cards=SUIT_ACES, score=0),
)
