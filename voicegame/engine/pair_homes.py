"""Two cards that go home together (King's Audience: a king and queen of one suit to an empty
throne, an ace and jack of one suit to an empty foundation, the jack on top).

Off unless a game names it: a :class:`PairsHome` gives a :class:`~voicegame.engine.pairs.PairRule`
both its ``together`` check (:meth:`PairsHome.together`) and where the pair goes (``send``,
:meth:`PairsHome.send`).

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.piles import Pile, PileKind
>>> from voicegame.engine.rules import PileSpec
>>> specs = (PileSpec("w", PileKind.WASTE, ("waste",)), PileSpec("r", PileKind.RESERVE, ("reserve",)),
...          PileSpec("t1", PileKind.FOUNDATION, ("throne one",), group="thrones"))
>>> homes = PairsHome(((Rank.QUEEN, Rank.KING, "thrones"),))
>>> layout = Layout.of(specs)
>>> state = State((Pile((Card.from_code("KH"),)), Pile((Card.from_code("QH"),)), Pile()))
>>> homes.together(layout, state, (0, 0), (1, 0)) is None
True
>>> homes.send(layout, state, (Card.from_code("KH"), Card.from_code("QH")))
('t1', (Card.from_code('QH'), Card.from_code('KH')))
>>> homes.together(layout, State((Pile((Card.from_code("KH"),)), Pile((Card.from_code("QS"),)), Pile())), (0, 0), (1, 0)).key
'pair_not_one_suit'
"""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine.cards import Card, Rank
from voicegame.engine.piles import Pile  # noqa: F401 (the doctest builds piles)
from voicegame.engine.reason import Reason
from voicegame.engine.rules import Layout
from voicegame.engine.state import State

Place = tuple[int, int]


@dataclass(frozen=True)
class PairsHome:
    """``homes``: (bottom rank, top rank, group): two cards of one suit with these ranks go together,
    the bottom rank first, onto the first empty pile of the group."""

    homes: tuple[tuple[Rank, Rank, str], ...]

    def home_of(self, a: Card, b: Card) -> tuple[Rank, Rank, str] | None:
        for home in self.homes:
            if {a.rank, b.rank} == {home[0], home[1]}:
                return home
        return None

    def empty_pile(self, layout: Layout, state: State, group: str) -> str | None:
        for i in layout.groups.get(group, ()):
            if not state.piles[i].cards:
                return layout.specs[i].id
        return None

    def together(self, layout: Layout, state: State, first: Place, second: Place | None) -> Reason | None:
        """A PairRule ``together`` hook: None when the two cards go home together now."""
        a = state.piles[first[0]].cards[first[1]]
        if second is None:
            return Reason("not_alone", {"card": a})
        b = state.piles[second[0]].cards[second[1]]
        home = self.home_of(a, b)
        if home is None:
            return Reason("not_a_home_pair", {"first": a, "second": b})
        if a.suit is not b.suit:
            return Reason("pair_not_one_suit", {"first": a, "second": b})
        if self.empty_pile(layout, state, home[2]) is None:
            return Reason("no_empty_home", {"first": a, "second": b, "group": home[2]})
        return None

    def send(self, layout: Layout, state: State, cards: tuple[Card, ...]) -> tuple[str, tuple[Card, ...]]:
        """A PairRule ``send`` hook: the empty pile the pair goes to, and the pair bottom rank first."""
        home = self.home_of(cards[0], cards[-1])
        assert home is not None and len(cards) == 2  # together() allowed the pair
        pile = self.empty_pile(layout, state, home[2])
        assert pile is not None
        ordered = cards if cards[0].rank == home[0] else (cards[1], cards[0])
        return pile, ordered
