"""A small vocabulary of rule objects that piles are built from.

Each rule both checks and explains: a check returns ``None`` when the move is
fine, or a :class:`Reason` (a message key plus values) that the narrator turns
into one spoken sentence. Help text comes from the same objects
(``describe``), so what the game says and what it enforces cannot drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, Callable

from voicegame.engine.cards import Card, Rank, Suit

if TYPE_CHECKING:
    from voicegame.engine.piles import Pile, PileKind, PileSpec
    from voicegame.engine.state import State


@dataclass(frozen=True)
class Reason:
    """Why something cannot be done: a key in ``grammars/<lang>/messages.toml`` and its values."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)


class SuitRule(Enum):
    ANY = "any suit"
    SAME = "same suit"
    ALTERNATE = "alternate colours"
    DIFFERENT = "different suit"


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
        return under.suit is not over.suit

    def follows(self, under: Card, over: Card) -> bool:
        """True when ``over`` may lie directly on ``under``."""
        return self._rank_ok(under, over) and self._suit_ok(under, over)

    def needed_ranks(self, under: Card) -> list[Rank]:
        """The ranks that may go on ``under``, for explanations and reading."""
        return [r for r in Rank if self._rank_ok(under, Card(r, under.suit))]

    def why_not(self, under: Card, over: Card) -> Reason | None:
        if not self._rank_ok(under, over):
            needed = self.needed_ranks(under)
            if not needed:
                return Reason("nothing_goes_on", {"card": over, "target": under})
            return Reason("needs_rank", {"card": over, "target": under, "ranks": needed})
        if not self._suit_ok(under, over):
            return Reason(f"needs_{self.suit.name.lower()}", {"card": over, "target": under})
        return None

    def is_run(self, cards: tuple[Card, ...]) -> bool:
        return all(self.follows(a, b) for a, b in zip(cards, cards[1:]))

    def describe(self) -> Reason:
        return Reason("rule_sequence", {"direction": self.direction.name.lower(), "suit": self.suit.value, "step": self.step, "wrap": self.wrap})


@dataclass(frozen=True)
class Empty:
    """What an empty pile takes: anything, nothing, or only one rank."""

    allowed: bool = True
    rank: Rank | None = None

    def why_not(self, spec: "PileSpec", card: Card) -> Reason | None:
        if not self.allowed:
            return Reason("empty_takes_nothing", {"pile": spec.name})
        if self.rank is not None and card.rank != self.rank:
            return Reason("empty_needs_rank", {"pile": spec.name, "rank": self.rank, "card": card})
        return None


    def allows(self, card: Card) -> bool:
        return self.allowed and (self.rank is None or card.rank == self.rank)


EMPTY_ANY = Empty()
NO_RANKS: frozenset[int] = frozenset()
ALL_RANKS: frozenset[int] = frozenset(range(1, 14))
EMPTY_NONE = Empty(allowed=False)

ExtraCheck = Callable[["State", "PileSpec", "PileSpec", tuple[Card, ...]], "Reason | None"]
"""A game hook: (state, source spec, target spec, moving cards) -> reason or None."""


@dataclass(frozen=True)
class Accepts:
    """What the player may put on a pile.

    ``build``: how a card goes on the pile's top card (None: nothing goes on a card).
    ``empty``: what an empty pile takes. ``suit``/``rank``: the pile takes only this suit/rank.
    ``single``: one card at a time. ``sources``: pile kinds that may feed it
    (None: any). ``extra``: a game hook for rules this vocabulary cannot say.
    """

    build: Sequence | None
    empty: Empty = EMPTY_ANY
    suit: Suit | None = None
    rank: Rank | None = None
    single: bool = False
    sources: "frozenset[PileKind] | None" = None
    extra: ExtraCheck | None = None

    def first_ranks(self, target: "Pile") -> frozenset[int] | None:
        """The ranks a moved run's first card could have to go on ``target`` (None: any rank).

        A necessary condition only, for skipping hopeless checks in legal-move generation;
        :meth:`allows` has the final word."""
        if target.cards:
            if self.build is None or target.down == len(target.cards):
                return NO_RANKS
            ranks = self.build.over_ranks(target.cards[-1])
        elif not self.empty.allowed:
            return NO_RANKS
        elif self.empty.rank is not None:
            ranks = frozenset((int(self.empty.rank),))
        else:
            ranks = None
        if self.rank is not None:
            ranks = frozenset((int(self.rank),)) & (ranks if ranks is not None else ALL_RANKS)
        return ranks

    def allows(self, state: "State", src: "PileSpec", dst: "PileSpec", target: "Pile", cards: tuple[Card, ...]) -> bool:
        """The same verdict as ``why_not(...) is None``, without building a reason (fast path)."""
        first = cards[0]
        if self.single and len(cards) > 1:
            return False
        if self.suit is not None and first.suit is not self.suit:
            return False
        if self.rank is not None and first.rank != self.rank:
            return False
        if self.sources is not None and src.kind not in self.sources:
            return False
        if target.cards:
            if self.build is None or target.down == len(target.cards) or not self.build.follows(target.cards[-1], first):
                return False
        elif not self.empty.allows(first):
            return False
        return self.extra is None or self.extra(state, src, dst, cards) is None

    def why_not(self, state: "State", src: "PileSpec", dst: "PileSpec", target: "Pile", cards: tuple[Card, ...]) -> Reason | None:
        first = cards[0]
        if self.sources is not None and src.kind not in self.sources:
            return Reason("source_not_allowed", {"pile": dst.name, "source": src.name})
        if self.single and len(cards) > 1:
            return Reason("single_only", {"pile": dst.name, "card": first})
        if self.suit is not None and first.suit is not self.suit:
            return Reason("wrong_suit", {"pile": dst.name, "suit": self.suit, "card": first})
        if self.rank is not None and first.rank != self.rank:
            return Reason("wrong_rank", {"pile": dst.name, "rank": self.rank, "card": first})
        top = target.top
        if top is None:
            reason = self.empty.why_not(dst, first)
        elif not target.top_face_up:
            reason = Reason("target_face_down", {"pile": dst.name})
        elif self.build is None:
            reason = Reason("takes_no_cards", {"pile": dst.name})
        else:
            reason = self.build.why_not(top, first)
        if reason is None and self.extra is not None:
            reason = self.extra(state, src, dst, cards)
        return reason


@dataclass(frozen=True)
class Takes:
    """What the player may take from a pile.

    ``runs`` False: only the top card. True: any face-up run from the top whose
    cards follow ``sequence`` (None: any face-up cards, as in Yukon).
    ``extra``: a game hook that can forbid taking (Royal Parade's fixed bases).
    """

    runs: bool = False
    sequence: Sequence | None = None
    extra: Callable[["State", "PileSpec", "Pile", int], Reason | None] | None = None

    def counts(self, pile: "Pile") -> range:
        """How many cards may be lifted from the top: 1..n (empty range if none)."""
        up = pile.up_count
        if up == 0:
            return range(1, 1)
        if not self.runs:
            return range(1, 2)
        if self.sequence is None:
            return range(1, up + 1)
        cards = pile.cards
        n = 1
        while n < up and self.sequence.follows(cards[-n - 1], cards[-n]):
            n += 1
        return range(1, n + 1)

    def why_not(self, state: "State", spec: "PileSpec", pile: "Pile", count: int) -> Reason | None:
        if not pile.cards:
            return Reason("pile_empty", {"pile": spec.name})
        if count > pile.up_count:
            return Reason("card_face_down", {"pile": spec.name})
        if count not in self.counts(pile):
            card = pile.cards[-count]
            if not self.runs:
                return Reason("not_on_top", {"card": card, "pile": spec.name})
            if self.sequence is not None and self.sequence.suit is SuitRule.SAME:
                lifted = pile.cards[-count:]
                if all(self.sequence._rank_ok(a, b) for a, b in zip(lifted, lifted[1:])):
                    return Reason("not_one_suit", {"card": card, "pile": spec.name})  # in sequence, mixed suits (Spider)
            return Reason("not_a_run", {"card": card, "pile": spec.name})
        if self.extra is not None:
            return self.extra(state, spec, pile, count)
        return None


TOP_CARD = Takes()
