"""A base rank the player chooses: the first card played to a group of piles sets the rank every
other empty pile of the group takes (Chessboard's foundations).

An :data:`~voicegame.engine.rules.AcceptsHook` value (``Accepts(extra=SameBase("foundations"))``),
off unless a game names it.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.piles import Pile, PileKind
>>> from voicegame.engine.rules import Layout, PileSpec
>>> from voicegame.engine.state import State
>>> piles = tuple(PileSpec(f"f{n}", PileKind.FOUNDATION, (f"foundation {n}",), group="foundations") for n in (1, 2))
>>> layout, rule = Layout.of(piles), SameBase("foundations")
>>> rule(layout, State((Pile(), Pile())), piles[0], piles[1], (Card.from_code("7H"),)) is None  # the first sets it
True
>>> rule(layout, State((Pile((Card.from_code("9C"),)), Pile())), piles[0], piles[1], (Card.from_code("7H"),)).key
'empty_needs_rank'
"""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine.cards import Card, Rank
from voicegame.engine.reason import Reason
from voicegame.engine.rules import Layout, PileSpec
from voicegame.engine.state import State


@dataclass(frozen=True)
class SameBase:
    """An empty pile of ``group`` takes only the rank at the bottom of the group's other piles; while
    they are all empty, any rank (the card played there chooses the base)."""

    group: str

    def base(self, layout: Layout, state: State) -> Rank | None:
        """The chosen base rank, or None while no pile of the group holds a card."""
        for i in layout.groups.get(self.group, ()):
            cards = state.piles[i].cards
            if cards:
                return cards[0].rank
        return None

    def __call__(self, layout: Layout, state: State, src: PileSpec, dst: PileSpec, cards: tuple[Card, ...]) -> Reason | None:
        if layout.pile(state, dst.id).cards:
            return None
        base = self.base(layout, state)
        if base is None or cards[0].rank == base:
            return None
        return Reason("empty_needs_rank", {"pile": dst.name, "rank": base, "card": cards[0]})
