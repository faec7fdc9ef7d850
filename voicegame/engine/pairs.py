"""Pair removal (Treize, Monte Carlo, Pyramid-like games): which cards are free, which go together.

A *place* is (pile index, position from the bottom). The engine asks a game's
:class:`PairRule` for the free places of a position, then whether one card may go
alone or two cards together; removed cards go onto the pile ``discard``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from voicegame.engine.cards import Card, Rank
from voicegame.engine.piles import PileKind
from voicegame.engine.rules import Reason
from voicegame.engine.state import State

if TYPE_CHECKING:
    from voicegame.engine.game import GameDef

Place = tuple[int, int]


def card_value(card: Card) -> int:
    """Ace 1, two to ten as printed, jack 11, queen 12, king 13."""
    return int(card.rank)


@dataclass(frozen=True)
class PairRule:
    """What may be removed.

    ``sums_to``: two cards whose values add up to this go together (Treize: 13).
    ``same_rank``: two cards of equal rank go together (Monte Carlo).
    ``singles``: ranks removed on their own (Treize: kings).
    ``covered_by``: pile id -> ids of the piles that must all be empty before its card is
    free (a pyramid); piles of kind tableau not named here are free when they hold a card.
    ``free``: the game's own list of free places (replaces the default: the top card of
    every uncovered tableau pile and of the waste).
    ``together``: a further check on the chosen places (Monte Carlo: the two cells touch;
    Treize: the card under the waste's top only pairs with the top); None for a single card.
    """

    discard: str
    sums_to: int | None = None
    same_rank: bool = False
    singles: frozenset[Rank] = frozenset()
    covered_by: dict[str, tuple[str, ...]] = field(default_factory=dict)
    free: Callable[["GameDef", State], list[Place]] | None = None
    together: Callable[["GameDef", State, Place, Place | None], Reason | None] | None = None

    def free_places(self, game: "GameDef", state: State) -> list[Place]:
        if self.free is not None:
            return self.free(game, state)
        index = game.layout.index
        out = []
        for i in game.indices(PileKind.TABLEAU) + game.indices(PileKind.WASTE):
            pile = state.piles[i]
            if not pile.top_face_up:
                continue
            cover = self.covered_by.get(game.piles[i].id, ())
            if all(not state.piles[index[c]].cards for c in cover):
                out.append((i, len(pile.cards) - 1))
        return out

    def why_not(self, game: "GameDef", state: State, first: Place, second: Place | None) -> Reason | None:
        """None if the card at ``first`` may go alone (``second`` None) or with the one at ``second``."""
        a = state.piles[first[0]].cards[first[1]]
        if second is None:
            if a.rank not in self.singles:
                return Reason("not_alone", {"card": a})
        else:
            b = state.piles[second[0]].cards[second[1]]
            if self.sums_to is not None:
                if a.rank in self.singles or b.rank in self.singles:
                    return Reason("goes_alone", {"card": a if a.rank in self.singles else b})
                if card_value(a) + card_value(b) != self.sums_to:
                    return Reason("not_a_sum", {"first": a, "second": b, "total": self.sums_to})
            if self.same_rank and a.rank != b.rank:
                return Reason("not_same_rank", {"first": a, "second": b})
        if self.together is not None:
            return self.together(game, state, first, second)
        return None

    def describe(self) -> Reason:
        return Reason("rule_pairs", {"total": self.sums_to, "same_rank": self.same_rank})
