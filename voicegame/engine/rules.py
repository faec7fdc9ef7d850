"""What a pile is and what it allows: :class:`PileSpec` with its :class:`Accepts` and :class:`Takes`
rules, and the :class:`Layout` of a game's piles that rule hooks see.

Each rule both checks and explains: a check returns ``None`` when the move is
fine, or a :class:`Reason` (a message key plus values) that the narrator turns
into one spoken sentence. Help text comes from the same objects
(``describe``), so what the game says and what it enforces cannot drift apart.

One rule, one answer: :class:`Accepts` and :class:`Takes` make each verdict once, in ``refusal``
(None, or the part of the rule that refuses); ``allows`` (the fast yes or no) and ``why_not`` (the
reason) both ask it. tests/test_rules_agree.py checks the two against each other in every game.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.state import State
>>> column = PileSpec("column1", PileKind.TABLEAU, ("column one",),
...                   accepts=Accepts(build=Sequence(Direction.DOWN, SuitRule.ALTERNATE), empty=Empty(rank=Rank.KING)),
...                   takes=Takes(runs=True, sequence=Sequence(Direction.DOWN, SuitRule.ALTERNATE)))
>>> waste = PileSpec("waste", PileKind.WASTE, ("the waste",), takes=TOP_CARD)
>>> layout = Layout.of((waste, column))
>>> state = State((Pile((Card.from_code("7H"),)), Pile((Card.from_code("8S"),))))
>>> column.accepts.why_not(layout, state, waste, column, state.piles[1], (Card.from_code("7H"),)) is None
True
>>> column.accepts.why_not(layout, state, waste, column, Pile(), (Card.from_code("7H"),)).key
'empty_needs_rank'
>>> column.accepts.refusal(layout, state, waste, column, Pile(), (Card.from_code("7H"),))  # the part that says no
'empty'
>>> layout.index["column1"], layout.pile(state, "column1").top
(1, Card.from_code('8S'))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Protocol

from voicegame.engine.cards import Card, Rank, Suit
from voicegame.engine.piles import Pile, PileKind
from voicegame.engine.reason import Reason
from voicegame.engine.sequence import ALL_RANKS, EMPTY_ANY, EMPTY_NONE, NO_RANKS, Direction, Empty, Sequence, SuitRule
from voicegame.engine.state import State

__all__ = [
    "ALL_RANKS", "EMPTY_ANY", "EMPTY_NONE", "NO_RANKS", "TOP_CARD", "Accepts", "AcceptsHook", "Direction", "Empty",
    "HasLayout", "Layout", "Phase", "PileSpec", "Reason", "Sequence", "SuitRule", "Takes", "TakesHook",
]


@dataclass(frozen=True)
class PileSpec:
    """What a pile is: its id, kind, spoken names and rule objects.

    ``names`` are the ways to say the pile, canonical first ("pile three").
    ``accepts`` says what the player may put on it (None: nothing);
    ``takes`` says what the player may take from it (None: nothing).
    """

    id: str
    kind: PileKind
    names: tuple[str, ...]
    accepts: "Accepts | None" = None
    takes: "Takes | None" = None
    number: int | None = None
    suit: Suit | None = None
    auto_turn: bool = False
    group: str = ""

    @property
    def name(self) -> str:
        return self.names[0]


@dataclass(frozen=True)
class Layout:
    """A game's piles, and their indices by id, kind and group, computed once per game.

    Rule hooks get it, so a game never keeps its own table of pile indices."""

    index: dict[str, int]
    kinds: dict[PileKind, tuple[int, ...]]
    groups: dict[str, tuple[int, ...]]
    stock: int
    waste: int
    specs: tuple[PileSpec, ...] = ()

    @classmethod
    def of(cls, piles: tuple[PileSpec, ...]) -> "Layout":
        index = {spec.id: i for i, spec in enumerate(piles)}
        if len(index) != len(piles):
            raise ValueError("pile ids must be unique")
        kinds: dict[PileKind, tuple[int, ...]] = {}
        groups: dict[str, tuple[int, ...]] = {}
        for i, spec in enumerate(piles):
            kinds[spec.kind] = kinds.get(spec.kind, ()) + (i,)
            if spec.group:
                groups[spec.group] = groups.get(spec.group, ()) + (i,)
        stock = kinds.get(PileKind.STOCK, (-1,))[0]
        waste = kinds.get(PileKind.WASTE, (-1,))[0]
        return cls(index, kinds, groups, stock, waste, tuple(piles))

    def pile(self, state: State, pile_id: str) -> Pile:
        """What is on the pile ``pile_id`` in ``state``."""
        return state.piles[self.index[pile_id]]

    def indices(self, kind: PileKind) -> tuple[int, ...]:
        """The indices of every pile of ``kind``, in the game's order."""
        return self.kinds.get(kind, ())


class HasLayout(Protocol):
    """Anything that knows a game's layout (a :class:`~voicegame.engine.game.GameDef`, an engine)."""

    @property
    def layout(self) -> Layout: ...


@dataclass(frozen=True)
class Phase:
    """A stretch of the game told by one pile: while ``pile`` still holds cards (``until_empty``
    True), or once it is empty (False). A rule with a phase applies only then (Camelot: cards are
    placed from the stock, then pairs removed once it is empty)."""

    pile: str
    until_empty: bool = True

    def now(self, layout: Layout, state: State) -> bool:
        return bool(layout.pile(state, self.pile).cards) is self.until_empty

    def why_not(self, layout: Layout, state: State) -> Reason | None:
        """None in this phase, else why a rule of it waits: :meth:`now`'s verdict, in words."""
        return None if self.now(layout, state) else self.reason(layout)

    def reason(self, layout: Layout) -> Reason:
        """What a rule of this phase says outside it ("only while the stock holds cards"); a phase
        that says it in its own words overrides this, never :meth:`why_not`."""
        name = layout.specs[layout.index[self.pile]].name
        return Reason("phase_until_empty" if self.until_empty else "phase_after_empty", {"pile": name})

    def describe(self) -> tuple[Reason, ...]:
        return (Reason("rule_phase_until_empty" if self.until_empty else "rule_phase_after_empty", {"pile": self.pile}),)


AcceptsHook = Callable[[Layout, State, PileSpec, PileSpec, tuple[Card, ...]], "Reason | None"]
"""A game hook: (layout, state, source spec, target spec, moving cards) -> reason or None."""
TakesHook = Callable[[Layout, State, PileSpec, Pile, int], "Reason | None"]
"""A game hook: (layout, state, source spec, source pile, count) -> reason or None."""


_CARD_PARTS = frozenset(("phase", "sources", "single", "suit", "rank", "max_cards"))
"""The parts of an :class:`Accepts` rule that judge the moving cards, whatever the pile's top."""
_ON_CARD_PARTS = frozenset(("face_down", "no_build", "build", "founded", "locked"))
"""The parts that judge a card laid on the pile's top card (the rest judge an empty pile)."""


@dataclass(frozen=True)
class Accepts:
    """What the player may put on a pile.

    ``build``: how a card goes on the pile's top card (None: nothing goes on a card).
    ``empty``: what an empty pile takes. ``suit``/``rank``: the pile takes only this suit/rank.
    ``single``: one card at a time. ``sources``: pile kinds that may feed it
    (None: any). ``extra``: a game hook for rules this vocabulary cannot say.

    Optional vocabulary, off by default:

    ``base_from``: an empty pile takes only the rank of the bottom card of this pile, a base
    rank set by the deal (Canfield's foundations follow foundation one's first card).
    ``founded``: a pile holding cards takes more only when its bottom card is the rank its
    empty pile takes (``empty.rank``): it is founded (Royal Parade's rows).
    ``locks_direction``: with a build in either direction, the pile's top two cards fix the
    direction from then on (Union Square).
    ``phase``: the pile takes cards only in this :class:`Phase` of the game.
    ``empty_from``: an empty pile takes cards only from piles of these kinds (None: from any
    pile the other rules allow); Backbone's gaps are never filled from the reserve.
    ``max_cards``: the pile never holds more than this many cards (Eagle Wing's three).
    ``base_step``: with ``base_from``, the empty pile takes the base rank moved by this many ranks,
    round the corner (-1: one rank below the base, Lady Jane's empty piles).
    """

    build: Sequence | None
    empty: Empty = EMPTY_ANY
    suit: Suit | None = None
    rank: Rank | None = None
    single: bool = False
    sources: frozenset[PileKind] | None = None
    extra: AcceptsHook | None = None
    base_from: str | None = None
    founded: bool = False
    locks_direction: bool = False
    phase: Phase | None = None
    empty_from: frozenset[PileKind] | None = None
    max_cards: int | None = None
    base_step: int = 0
    plain: bool = field(init=False, repr=False, compare=False)
    """True when only ``build``, ``empty``, ``suit`` and ``single`` speak (no other optional vocabulary,
    no hook): then :meth:`first_ranks`, the suit and the build's suit rule are the whole verdict, and
    legal-move generation asks no more (set in ``__post_init__``, not a parameter)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "plain", self.phase is None and self.sources is None
                           and self.rank is None and self.max_cards is None and not self.founded
                           and not self.locks_direction and self.base_from is None and self.empty_from is None
                           and self.extra is None and type(self).refusal is Accepts.refusal
                           and type(self).first_ranks is Accepts.first_ranks)

    def first_ranks(self, target: Pile) -> frozenset[int] | None:
        """The ranks a moved run's first card could have to go on ``target`` (None: any rank).

        A necessary condition only, for skipping hopeless checks in legal-move generation;
        :meth:`refusal` has the final word."""
        if target.cards:
            if self.build is None or not target.top_face_up:
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

    def base_rank(self, layout: Layout, state: State) -> Rank | None:
        """The rank an empty pile takes by ``base_from`` (None: no base rule, or no base dealt yet)."""
        if self.base_from is None:
            return None
        base = layout.pile(state, self.base_from)
        if not base.cards:
            return None
        return base.cards[0].rank if not self.base_step else Rank((base.cards[0].rank - 1 + self.base_step) % 13 + 1)

    def _is_founded(self, target: Pile) -> bool:
        return target.cards[0].rank == self.empty.rank

    def _turns_back(self, target: Pile, first: Card) -> bool:
        """True when ``first`` on ``target`` would reverse the direction its top two cards set."""
        if len(target.cards) - target.down < 2:
            return False
        below, top = target.cards[-2], target.cards[-1]
        was = (top.rank - below.rank) % 13
        now = (first.rank - top.rank) % 13
        return (was <= 6) != (now <= 6)

    def refusal(self, layout: Layout, state: State, src: PileSpec, dst: PileSpec, target: Pile, cards: tuple[Card, ...]) -> str | Reason | None:
        """Which part of the rule refuses ``cards`` on ``target``: None if no part does, the game hook's
        reason, or the name of the part (``"sources"``, ``"build"``...) for :meth:`why_not` to put into words.

        The one place the verdict is made (one rule, one answer): :meth:`allows` and
        :meth:`why_not` both ask it, so they cannot disagree, and naming a part costs no more than
        saying no, so legal-move generation asks it directly. The order of the checks is the order
        in which the player is told what is wrong. One body of checks, not split in parts: it is
        the innermost call of legal-move generation, and three calls in place of one cost Canfield's
        legal moves 12% more CPU (measured 2026-11-29)."""
        first = cards[0]
        if self.phase is not None and not self.phase.now(layout, state):
            return "phase"
        if self.sources is not None and src.kind not in self.sources:
            return "sources"
        if self.single and len(cards) > 1:
            return "single"
        if self.suit is not None and first.suit is not self.suit:
            return "suit"
        if self.rank is not None and first.rank != self.rank:
            return "rank"
        if self.max_cards is not None and len(target.cards) + len(cards) > self.max_cards:
            return "max_cards"
        if target.cards:
            if not target.top_face_up:
                return "face_down"
            if self.build is None:
                return "no_build"
            if not self.build.follows(target.cards[-1], first):
                return "build"
            if self.founded and not self._is_founded(target):
                return "founded"
            if self.locks_direction and self._turns_back(target, first):
                return "locked"
        else:
            if not self.empty.allows(first):
                return "empty"
            if self.base_from is not None and first.rank != (self.base_rank(layout, state) or first.rank):
                return "base"
            if self.empty_from is not None and src.kind not in self.empty_from:
                return "empty_from"
        return None if self.extra is None else self.extra(layout, state, src, dst, cards)

    def allows(self, layout: Layout, state: State, src: PileSpec, dst: PileSpec, target: Pile, cards: tuple[Card, ...]) -> bool:
        """True when ``cards`` may go on ``target``: ``why_not(...) is None``, without building a reason."""
        return self.refusal(layout, state, src, dst, target, cards) is None

    def why_not(self, layout: Layout, state: State, src: PileSpec, dst: PileSpec, target: Pile, cards: tuple[Card, ...]) -> Reason | None:
        """None if ``cards`` may go on ``target``, else the reason: :meth:`refusal`'s verdict, in words."""
        part = self.refusal(layout, state, src, dst, target, cards)
        if part is None or isinstance(part, Reason):
            return part
        first, top = cards[0], target.top
        if part in _CARD_PARTS:
            return self._card_reason(part, layout, src, dst, first)
        if part in _ON_CARD_PARTS:
            return self._on_card_reason(part, dst, top, first)
        return self._on_empty_reason(part, layout, state, src, dst, first)

    def _card_reason(self, part: str, layout: Layout, src: PileSpec, dst: PileSpec, first: Card) -> Reason:
        """The verdict of :meth:`refusal`'s checks of the cards whatever the top card, in words."""
        if part == "phase":
            assert self.phase is not None  # refusal names the phase only when there is one
            return self.phase.reason(layout)
        if part == "sources":
            return Reason("source_not_allowed", {"pile": dst.name, "source": src.name})
        if part == "single":
            return Reason("single_only", {"pile": dst.name, "card": first})
        if part == "suit":
            return Reason("wrong_suit", {"pile": dst.name, "suit": self.suit, "card": first})
        if part == "rank":
            return Reason("wrong_rank", {"pile": dst.name, "rank": self.rank, "card": first})
        assert part == "max_cards", part
        return Reason("pile_full", {"pile": dst.name, "count": self.max_cards})

    def _on_card_reason(self, part: str, dst: PileSpec, top: Card | None, first: Card) -> Reason | None:
        """The verdict of :meth:`refusal`'s checks against the top card, in words."""
        if part == "face_down":
            return Reason("target_face_down", {"pile": dst.name})
        if part == "no_build":
            return Reason("takes_no_cards", {"pile": dst.name})
        if part == "build":
            assert self.build is not None and top is not None  # refusal names the build only on a card
            return self.build.why_not(top, first)
        if part == "founded":
            return Reason("not_founded", {"pile": dst.name, "card": top, "base": self.empty.rank})
        assert part == "locked", part
        return Reason("direction_locked", {"pile": dst.name, "card": first, "target": top})

    def _on_empty_reason(self, part: str, layout: Layout, state: State, src: PileSpec, dst: PileSpec, first: Card) -> Reason | None:
        """The verdict of :meth:`refusal`'s checks of an empty pile, in words."""
        if part == "empty":
            if not self.empty.allowed and dst.kind is PileKind.WASTE and self.build is not None:
                return Reason("empty_waste_draw_first", {"pile": dst.name})  # a waste that builds (Thieves, Golf) starts from the stock
            return self.empty.why_not(dst.name, first)
        if part == "base":
            return Reason("empty_needs_rank", {"pile": dst.name, "rank": self.base_rank(layout, state), "card": first})
        assert part == "empty_from", part
        return Reason("empty_not_from", {"pile": dst.name, "source": src.name})

    def describe(self) -> tuple[Reason, ...]:
        """What the pile takes, as short sentences: message keys and values (for generated help)."""
        parts = list(self.build.describe()) if self.build is not None else [Reason("rule_no_build")]
        parts += self.empty.describe()
        parts += self._describe_card_limits()
        parts += self._describe_pile_limits()
        if self.extra is not None:
            parts.append(Reason("rule_game_hook"))
        return tuple(parts)

    def _describe_card_limits(self) -> list[Reason]:
        """The rule's limits on the cards: the base rank, suit and rank, one at a time, the sources."""
        parts = []
        if self.base_from is not None:
            parts.append(Reason("rule_base_from", {"pile": self.base_from}) if not self.base_step
                         else Reason("rule_base_step", {"pile": self.base_from, "step": self.base_step}))
        if self.suit is not None:
            parts.append(Reason("rule_only_suit", {"suit": self.suit}))
        if self.rank is not None:
            parts.append(Reason("rule_only_rank", {"rank": self.rank}))
        if self.single:
            parts.append(Reason("rule_single"))
        if self.sources is not None:
            parts.append(Reason("rule_sources", {"kinds": sorted(kind.value for kind in self.sources)}))
        return parts

    def _describe_pile_limits(self) -> list[Reason]:
        """The rule's limits set by the pile or the game: founded, locked direction, phase, what may
        fill it when empty, its size."""
        parts = []
        if self.founded:
            parts.append(Reason("rule_founded", {"rank": self.empty.rank}))
        if self.locks_direction:
            parts.append(Reason("rule_locks_direction"))
        if self.phase is not None:
            parts += self.phase.describe()
        if self.empty_from is not None:
            parts.append(Reason("rule_empty_from", {"kinds": sorted(kind.value for kind in self.empty_from)}))
        if self.max_cards is not None:
            parts.append(Reason("rule_max_cards", {"count": self.max_cards}))
        return parts


@dataclass(frozen=True)
class Takes:
    """What the player may take from a pile.

    ``runs`` False: only the top card. True: any face-up run from the top whose
    cards follow ``sequence`` (None: any face-up cards, as in Yukon).
    ``extra``: a game hook that can forbid taking (Gaps' fixed rows).

    Optional vocabulary, off by default:

    ``keep``: the bottom ``keep`` cards never leave (Canfield's foundation bases).
    ``fixed_on``: once the pile's bottom card is this rank it is founded, and nothing leaves
    it (Royal Parade's rows).
    ``blocked_by``: nothing leaves the pile while any of these piles (ids) holds a card: a card
    lying across it (Backbone's stacks under the backbone card).
    """

    runs: bool = False
    sequence: Sequence | None = None
    extra: TakesHook | None = None
    keep: int = 0
    fixed_on: Rank | None = None
    blocked_by: tuple[str, ...] = ()
    under: tuple[str, ...] = ()
    """Ids of piles lying on this one: nothing leaves it while any of them holds a card (a face-up
    pyramid card covered by the row below: Escalator)."""

    def counts(self, pile: Pile) -> range:
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

    def forbids(self, layout: Layout, state: State, spec: PileSpec, pile: Pile, count: int) -> Reason | None:
        """Why ``count`` cards (already a liftable number) may not leave the pile, by the optional vocabulary
        and the hook; None if they may. Legal-move generation asks this for every count."""
        if self.keep and len(pile.cards) - count < self.keep:
            return Reason("base_card_stays", {"card": pile.cards[0], "pile": spec.name})
        if self.fixed_on is not None and pile.cards and pile.cards[0].rank == self.fixed_on:
            return Reason("pile_locked", {"pile": spec.name, "card": pile.cards[-1]})
        for other in self.blocked_by:
            if layout.pile(state, other).cards:
                return Reason("pile_blocked", {"pile": spec.name, "by": layout.specs[layout.index[other]].name})
        if self.under and pile.cards and any(layout.pile(state, p).cards for p in self.under):
            return Reason("card_not_free", {"card": pile.cards[-1], "pile": spec.name})
        if self.extra is not None:
            return self.extra(layout, state, spec, pile, count)
        return None

    def refusal(self, layout: Layout, state: State, spec: PileSpec, pile: Pile, count: int) -> str | Reason | None:
        """Which part of the rule keeps ``count`` cards on the pile: None if none does, the reason of
        :meth:`forbids`, or the name of the part (``"empty"``, ``"face_down"``, ``"run"``) for
        :meth:`why_not` to put into words. The one place the verdict is made (as :meth:`Accepts.refusal`);
        legal-move generation asks its parts, :meth:`counts` and :meth:`forbids`, directly."""
        if not pile.cards:
            return "empty"
        if count > pile.up_count:
            return "face_down"
        if count not in self.counts(pile):
            return "run"
        return self.forbids(layout, state, spec, pile, count)

    def allows(self, layout: Layout, state: State, spec: PileSpec, pile: Pile, count: int) -> bool:
        """True when ``count`` cards may leave the pile: ``why_not(...) is None``, without building a reason."""
        return self.refusal(layout, state, spec, pile, count) is None

    def why_not(self, layout: Layout, state: State, spec: PileSpec, pile: Pile, count: int) -> Reason | None:
        """None if ``count`` cards may leave the pile, else the reason: :meth:`refusal`'s verdict, in words."""
        part = self.refusal(layout, state, spec, pile, count)
        if part is None or isinstance(part, Reason):
            return part
        if part == "empty":
            return Reason("pile_empty", {"pile": spec.name})
        if part == "face_down":
            if pile.hidden and pile.shows(len(pile.cards) - count):  # a face-up card under a face-down one
                return Reason("card_under_face_down", {"card": pile.cards[-count], "pile": spec.name})
            return Reason("card_face_down", {"pile": spec.name})
        card = pile.cards[-count]
        if not self.runs:
            return Reason("not_on_top", {"card": card, "pile": spec.name})
        if self.sequence is not None and self.sequence.suit is SuitRule.SAME:
            lifted = pile.cards[-count:]
            if all(self.sequence._rank_ok(a, b) for a, b in zip(lifted, lifted[1:])):
                return Reason("not_one_suit", {"card": card, "pile": spec.name})  # in sequence, mixed suits (Spider)
        return Reason("not_a_run", {"card": card, "pile": spec.name})

    @property
    def restricted(self) -> bool:
        """True when :meth:`forbids` can refuse (a hook or optional vocabulary is set)."""
        return self.extra is not None or self.keep > 0 or self.fixed_on is not None or bool(self.blocked_by) or bool(self.under)

    def describe(self) -> tuple[Reason, ...]:
        """What may be taken, as short sentences: message keys and values (for generated help)."""
        if not self.runs:
            parts = [Reason("rule_top_card")]
        elif self.sequence is None:
            parts = [Reason("rule_any_run")]
        else:
            parts = [Reason("rule_runs"), *self.sequence.describe()]
        if self.keep:
            parts.append(Reason("rule_keep", {"count": self.keep}))
        if self.fixed_on is not None:
            parts.append(Reason("rule_fixed_on", {"rank": self.fixed_on}))
        if self.blocked_by:
            parts.append(Reason("rule_blocked_by", {"piles": " and ".join(self.blocked_by)}))
        if self.under:
            parts.append(Reason("rule_covered"))
        if self.extra is not None:
            parts.append(Reason("rule_game_hook"))
        return tuple(parts)


TOP_CARD = Takes()
