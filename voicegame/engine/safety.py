"""Auto-play's safety rules for foundations that start at a base rank, or that several decks share.
kfam3, issue 21. Values for ``GameDef.safe_to_foundation``, off unless a game names one.

- :class:`BaseSeatsFilled`: foundations start at the rank of the bottom card of a base pile and turn
  the corner (Agnes, Royal East, Glenwood).
- :class:`CopiesHome`: one suit per foundation, any number of decks (Gypsy).
"""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine.auto import SeatsFilled
from voicegame.engine.cards import Rank, Suit
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
