"""Auto-play's safety rule for games of any number of decks (kfam4, issue 21).

>>> from voicegame.engine.sequence import SuitRule
>>> from voicegame.engine.cards import Card
>>> [s.value for s in CoveredHome(SuitRule.ALTERNATE).covers(Card.from_code("7H"))]
['clubs', 'spades']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from voicegame.engine.cards import Card, Rank, Suit
from voicegame.engine.piles import PileKind
from voicegame.engine.sequence import SuitRule
from voicegame.engine.state import State

if TYPE_CHECKING:
    from voicegame.engine.game import GameDef


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

    def __call__(self, game: "GameDef", state: State, src: int) -> bool:
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
