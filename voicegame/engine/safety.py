"""Auto-play's safety rules for foundations that start at a base rank, or that several decks share. Values for ``GameDef.safe_to_foundation``, off unless a game names one.

- :class:`BaseSeatsFilled`: foundations start at the rank of the bottom card of a base pile and turn
  the corner (Agnes, Royal East, Glenwood).
- :class:`CopiesHome`: one suit per foundation, any number of decks (Gypsy).
- :class:`CoveredHome`: any suit rule and any number of decks, optionally round the corner (Giant,
  Zebra, Kansas, Terrace). It and ``CopiesHome`` differ only in twos (always safe in ``CopiesHome``)
  and the corner: the two branches were written at the same time; one could replace the other.

>>> from voicegame.engine.sequence import SuitRule
>>> from voicegame.engine.cards import Card
>>> [s.value for s in CoveredHome(SuitRule.ALTERNATE).covers(Card.from_code("7H"))]
['clubs', 'spades']
"""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine.auto import SeatsFilled
from voicegame.engine.cards import Card, Rank, Suit
from voicegame.engine.game import GameDef
from voicegame.engine.piles import PileKind
from voicegame.engine.sequence import SuitRule
from voicegame.engine.state import State


@dataclass(frozen=True)
class BaseSeatsFilled:
    """A card ``d`` ranks above the base (round the corner) is safe on the foundations once every
    foundation of a suit whose card one rank lower could lie on it (by ``suit``, the table's build
    rule) holds ``d`` cards; one rank above the base always (the base-rank cards that could lie on
    it can always go to an empty foundation instead). A base-rank card seats the foundations' last
    rank when the table turns the corner (``wraps``), so it is safe only when it does not. Never
    safe before the base is known."""

    suit: SuitRule
    base: str
    wraps: bool = True

    def __call__(self, game: GameDef, state: State, src: int) -> bool:
        card = state.piles[src].top
        base = game.layout.pile(state, self.base)
        if card is None or not base.cards:
            return False
        distance = (card.rank - base.cards[0].rank) % 13
        if distance == 1 or (distance == 0 and not self.wraps):
            return True
        if distance == 0:
            distance = 13  # its seats are the last rank of each foundation
        heights: dict[Suit, int] = {}
        for i in game.indices(PileKind.FOUNDATION):
            cards = state.piles[i].cards
            if cards:
                heights[cards[0].suit] = len(cards)
        return all(heights.get(s, 0) >= distance for s in SeatsFilled(self.suit).seated_by(card))


@dataclass(frozen=True)
class CopiesHome:
    """One suit per foundation pile, ``game.decks`` decks: an ace or two is always safe; any other card
    once every copy of each card one rank lower that could lie on it (by ``suit``) is home."""

    suit: SuitRule

    def __call__(self, game: GameDef, state: State, src: int) -> bool:
        card = state.piles[src].top
        if card is None:
            return False
        if card.rank <= Rank.TWO:
            return True
        seated = set(SeatsFilled(self.suit).seated_by(card))
        home = sum(1 for i in game.indices(PileKind.FOUNDATION) for c in state.piles[i].cards
                   if c.suit in seated and c.rank == card.rank - 1)
        return home == len(seated) * game.decks


@dataclass(frozen=True)
class CoveredHome:
    """A card is safe to send home once every card that could ever be built on it on the table (one
    rank lower, of a suit the table's ``suit`` rule allows on it) is on the foundations already,
    counting every deck; aces always are. With one deck and ``SuitRule.ALTERNATE`` this is a stricter
    :func:`~voicegame.engine.auto.opposite_colours_ready`: it counts cards, not foundation heights, so
    it holds for foundations of any suit and any number of decks (Giant, Zebra, Jumbo).

    ``wrap`` (off by default): the table builds round the corner, so a king may lie on an ace and
    an ace is safe only once every king that could lie on it is home (Kansas)."""

    suit: SuitRule
    wrap: bool = False

    def covers(self, card: Card) -> tuple[Suit, ...]:
        """The suits of the cards one rank lower that may lie on ``card`` on the table."""
        rule = self.suit
        return tuple(s for s in Suit if rule is SuitRule.ANY
                     or (rule is SuitRule.SAME and s is card.suit)
                     or (rule is SuitRule.DIFFERENT and s is not card.suit)
                     or (rule is SuitRule.ALTERNATE and s.colour is not card.colour)
                     or (rule is SuitRule.SAME_COLOUR and s.colour is card.colour))

    def __call__(self, game: GameDef, state: State, src: int) -> bool:
        card = state.piles[src].top
        if card is None:
            return False
        if card.rank == Rank.ACE and not self.wrap:
            return True
        lower = card.rank - 1 if card.rank != Rank.ACE else Rank.KING
        suits = self.covers(card)
        home = sum(1 for i in game.layout.indices(PileKind.FOUNDATION) for c in state.piles[i].cards
                   if c.rank == lower and c.suit in suits)
        return home == len(suits) * game.decks
