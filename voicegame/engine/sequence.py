"""How one card may lie on another (:class:`Sequence`) and what an empty pile takes (:class:`Empty`).

These are the smallest rule objects; :mod:`voicegame.engine.rules` builds a pile's rules from them.

>>> from voicegame.engine.cards import Card
>>> down_alternate = Sequence(Direction.DOWN, SuitRule.ALTERNATE)
>>> down_alternate.follows(Card.from_code("8S"), Card.from_code("7H"))
True
>>> down_alternate.why_not(Card.from_code("8S"), Card.from_code("7C")).key
'needs_alternate'
>>> [int(r) for r in Sequence(Direction.UP, SuitRule.ANY, step=2, wrap=True).needed_ranks(Card.from_code("QD"))]
[1]
>>> Empty(rank=Rank.KING).allows(Card.from_code("QH"))
False
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from voicegame.engine.cards import RANKS, Card, Rank
from voicegame.engine.reason import Reason


class SuitRule(Enum):
    ANY = "any suit"
    SAME = "same suit"
    ALTERNATE = "alternate colours"
    DIFFERENT = "different suit"
    SAME_COLOUR = "same colour"  # Whitehead, Agnes: red on red, black on black


class Direction(Enum):
    DOWN = -1
    UP = 1
    EITHER = 0
    ANY_RANK = 2  # any card may lie on any other (a discard pile)


@dataclass(frozen=True)
class Sequence:
    """How one card may lie on another: direction, step, suit relation, wrap-around.

    ``closed``: ranks that nothing may go on (Golf's king, when there is no wrap-around)."""

    direction: Direction
    suit: SuitRule
    step: int = 1
    wrap: bool = False
    closed: frozenset[int] = frozenset()
    # Precomputed in __post_init__, not parameters; left out of equality, hashing and repr.
    _diffs: frozenset[int] = field(init=False, repr=False, compare=False)
    _over_ranks: dict[int, frozenset[int]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Precomputed for speed: legal-move generation calls follows() millions of times.
        if self.direction is Direction.ANY_RANK:
            diffs = set(range(-12, 13))
        elif self.direction is Direction.EITHER:
            diffs = {self.step, -self.step}
        else:
            diffs = {self.step * self.direction.value}
        if self.wrap:
            diffs = {d % 13 for d in diffs}
        object.__setattr__(self, "_diffs", frozenset(diffs))
        over = {under: frozenset(r for r in range(1, 14) if under not in self.closed and ((r - under) % 13 if self.wrap else r - under) in diffs) for under in range(1, 14)}
        object.__setattr__(self, "_over_ranks", over)

    def over_ranks(self, under: Card) -> frozenset[int]:
        """Every rank that may lie on ``under`` by rank alone (a fast necessary condition)."""
        return self._over_ranks[under.rank]

    def _rank_ok(self, under: Card, over: Card) -> bool:
        if self.closed and under.rank in self.closed:
            return False
        diff = over.rank - under.rank
        return (diff % 13 if self.wrap else diff) in self._diffs

    def _suit_ok(self, under: Card, over: Card) -> bool:
        rule = self.suit
        if rule is SuitRule.ALTERNATE:
            return under.colour is not over.colour
        if rule is SuitRule.SAME:
            return under.suit is over.suit
        if rule is SuitRule.ANY:
            return True
        if rule is SuitRule.SAME_COLOUR:
            return under.colour is over.colour
        return under.suit is not over.suit

    def follows(self, under: Card, over: Card) -> bool:
        """True when ``over`` may lie directly on ``under``."""
        return self._rank_ok(under, over) and self._suit_ok(under, over)

    def needed_ranks(self, under: Card) -> list[Rank]:
        """The ranks that may go on ``under``, for explanations and reading (from the precomputed table,
        which says what ``_rank_ok`` says for every rank)."""
        ranks = self._over_ranks.get(under.rank)
        if ranks is None:  # a card outside the table (a joker under a plain sequence)
            return [r for r in RANKS if self._rank_ok(under, Card(r, under.suit))]
        return [r for r in RANKS if r in ranks]

    def why_not(self, under: Card, over: Card) -> Reason | None:
        """None if ``over`` may lie on ``under``, else why not: :meth:`follows`' verdict, in words."""
        if self.follows(under, over):
            return None
        if not self._rank_ok(under, over):
            needed = self.needed_ranks(under)
            if not needed:
                return Reason("nothing_goes_on", {"card": over, "target": under})
            return Reason("needs_rank", {"card": over, "target": under, "ranks": needed})
        return Reason(f"needs_{self.suit.name.lower()}", {"card": over, "target": under})

    def is_run(self, cards: tuple[Card, ...]) -> bool:
        return all(self.follows(a, b) for a, b in zip(cards, cards[1:]))

    def describe(self) -> tuple[Reason, ...]:
        """The rule as short sentences: message keys and values (for generated help)."""
        if self.direction is Direction.ANY_RANK:
            parts = [Reason("rule_build_any")]
        else:
            parts = [Reason(f"rule_build_{self.direction.name.lower()}", {"step": self.step, "suit": self.suit.value})]
        if self.wrap:
            parts.append(Reason("rule_wrap"))
        if self.closed:
            parts.append(Reason("rule_closed", {"ranks": [Rank(r) for r in sorted(self.closed)]}))
        return tuple(parts)


@dataclass(frozen=True)
class Empty:
    """What an empty pile takes: anything, nothing, or only one rank."""

    allowed: bool = True
    rank: Rank | None = None

    def why_not(self, pile: str, card: Card) -> Reason | None:
        """None if ``card`` may go on the empty pile named ``pile``, else why not: :meth:`allows`' verdict, in words."""
        if self.allows(card):
            return None
        if not self.allowed:
            return Reason("empty_takes_nothing", {"pile": pile})
        return Reason("empty_needs_rank", {"pile": pile, "rank": self.rank, "card": card})

    def allows(self, card: Card) -> bool:
        """True when ``card`` may go on the empty pile (the one place this rule's verdict is made)."""
        return self.allowed and (self.rank is None or card.rank == self.rank)

    def describe(self) -> tuple[Reason, ...]:
        if not self.allowed:
            return (Reason("rule_empty_none"),)
        if self.rank is not None:
            return (Reason("rule_empty_rank", {"rank": self.rank}),)
        return (Reason("rule_empty_any"),)


EMPTY_ANY = Empty()
NO_RANKS: frozenset[int] = frozenset()
ALL_RANKS: frozenset[int] = frozenset(range(1, 14))
EMPTY_NONE = Empty(allowed=False)
