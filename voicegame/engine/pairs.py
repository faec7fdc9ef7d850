"""Pair removal (Treize, Monte Carlo, Pyramid-like games): which cards are free, which go together.

A *place* is (pile index, position from the bottom). The engine asks a game's
:class:`PairRule` for the free places of a position, then whether one card may go
alone or two cards together; removed cards go onto the pile ``discard``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from voicegame.engine.cards import Card, Rank
from voicegame.engine.piles import PileKind
from voicegame.engine.reason import Reason
from voicegame.engine.rules import HasLayout, Layout, Phase
from voicegame.engine.state import State

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
    ``both_ends``: ids of piles whose bottom card is free as well as their top (Treize's waste).
    ``under_top``: ids of piles whose card under the top is free too, but only to go with
    the top card (Treize's waste).
    ``phase``: pairs are removed only in this :class:`~voicegame.engine.rules.Phase` (Camelot:
    once the stock is empty); no card is free before.
    ``free``: the game's own list of free places (replaces the default: the top card of
    every uncovered tableau pile, of every reserve and of the waste, with the ends above).
    ``together``: a further check on the chosen places (Monte Carlo: the two cells touch);
    None for a single card. Both hooks get the game's layout.
    """

    discard: str
    sums_to: int | None = None
    same_rank: bool = False
    singles: frozenset[Rank] = frozenset()
    covered_by: dict[str, tuple[str, ...]] = field(default_factory=dict)
    both_ends: frozenset[str] = frozenset()
    under_top: frozenset[str] = frozenset()
    phase: Phase | None = None
    free: Callable[[Layout, State], list[Place]] | None = None
    together: Callable[[Layout, State, Place, Place | None], Reason | None] | None = None
    rank_mates: frozenset[tuple[Rank, Rank]] = frozenset()
    """Pairs of ranks that go together besides the sum, in either order (Block Ten: jack with
    jack, queen with queen, king with king; Gay Gordons: jack with jack, queen with king)."""

    send: Callable[[Layout, State, tuple[Card, ...]], tuple[str, tuple[Card, ...]]] | None = None
    """Where removed cards go instead of ``discard``, and in which order from the bottom: (pile id,
    cards) for the cards removed together (King's Audience: a king and queen to an empty throne;
    see :mod:`voicegame.engine.pair_homes`)."""

    def mates(self, first: Rank, second: Rank) -> bool:
        """True when ``rank_mates`` lets these two ranks go together."""
        return (first, second) in self.rank_mates or (second, first) in self.rank_mates

    def free_places(self, game: HasLayout, state: State) -> list[Place]:
        """Every free place, pile by pile in the game's order (a pile's top, then the card under it, then its bottom)."""
        layout = game.layout
        if self.phase is not None and not self.phase.now(layout, state):
            return []
        if self.free is not None:
            return self.free(layout, state)
        index = layout.index
        out: list[Place] = []
        for i in layout.indices(PileKind.TABLEAU) + layout.indices(PileKind.RESERVE) + layout.indices(PileKind.WASTE):
            pile = state.piles[i]
            if not pile.top_face_up:
                continue
            pile_id = layout.specs[i].id
            if all(not state.piles[index[c]].cards for c in self.covered_by.get(pile_id, ())):
                n = len(pile.cards)
                ends = (n - 1, n - 2 if pile_id in self.under_top else -1, 0 if pile_id in self.both_ends else -1)
                out.extend((i, at) for at in dict.fromkeys(ends) if 0 <= at and at >= pile.down)
        return out

    def why_not(self, game: HasLayout, state: State, first: Place, second: Place | None) -> Reason | None:
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
                if card_value(a) + card_value(b) != self.sums_to and not self.mates(a.rank, b.rank):
                    return Reason("not_a_sum", {"first": a, "second": b, "total": self.sums_to})
            if self.same_rank and a.rank != b.rank:
                return Reason("not_same_rank", {"first": a, "second": b})
        reason = self._under_top_alone(game.layout, state, first, second)
        if reason is None and self.together is not None:
            reason = self.together(game.layout, state, first, second)
        return reason

    def _under_top_alone(self, layout: Layout, state: State, first: Place, second: Place | None) -> Reason | None:
        """The card under a pile's top (when it is not also its bottom) goes only with the top."""
        for pile_id in self.under_top:
            i = layout.index[pile_id]
            n = len(state.piles[i].cards)
            under = (i, n - 2)
            # with two cards the one under the top is also the bottom: free alone only when both ends are
            if (n >= 3 or (n == 2 and pile_id not in self.both_ends)) and under in (first, second) and {first, second} != {under, (i, n - 1)}:
                return Reason("waste_second_with_top")
        return None

    def describe(self) -> tuple[Reason, ...]:
        """What may be removed, as short sentences: message keys and values (for generated help)."""
        parts = []
        if self.sums_to is not None:
            parts.append(Reason("rule_pairs_sum", {"total": self.sums_to}))
        if self.same_rank:
            parts.append(Reason("rule_pairs_rank"))
        if self.singles:
            parts.append(Reason("rule_singles", {"ranks": sorted(self.singles)}))
        if self.covered_by:
            parts.append(Reason("rule_covered"))
        if self.both_ends:
            parts.append(Reason("rule_both_ends", {"piles": sorted(self.both_ends)}))
        if self.under_top:
            parts.append(Reason("rule_under_top", {"piles": sorted(self.under_top)}))
        for first, second in sorted(self.rank_mates):
            parts.append(Reason("rule_rank_mate", {"first": first, "second": second}))
        if self.phase is not None:
            parts += self.phase.describe()
        if self.free is not None or self.together is not None:
            parts.append(Reason("rule_game_hook"))
        return tuple(parts)
