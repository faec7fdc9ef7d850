"""Pile specifications and build sequences that many games share.

A game module picks from these (or declares its own); ids and spoken names
made here are part of the save format and the command language, so a game
keeps the ids it has always had.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from voicegame.engine.cards import Rank, Suit
from voicegame.engine import TOP_CARD, Accepts, Direction, Empty, GameDef, Layout, PileKind, PileSpec, Sequence, State, SuitRule, Takes
from voicegame.engine.homing import RunsHome
from voicegame.engine.words import number_word
from voicegame.games.words import shared_names

ALTERNATE_DOWN = Sequence(Direction.DOWN, SuitRule.ALTERNATE)
SAME_SUIT_UP = Sequence(Direction.UP, SuitRule.SAME)
DOWN_IN_SUIT = Sequence(Direction.DOWN, SuitRule.SAME)
DOWN_ANY_SUIT = Sequence(Direction.DOWN, SuitRule.ANY)

STOCK = PileSpec("stock", PileKind.STOCK, shared_names("stock"))
WASTE = PileSpec("waste", PileKind.WASTE, shared_names("waste"), takes=TOP_CARD)
DISCARD = PileSpec("discard", PileKind.DISCARD, shared_names("discard"))


def discarded(game: GameDef, state: State) -> int:
    """Cards on the discard pile: the score of the games won by removing every card."""
    return sum(len(state.piles[i].cards) for i in game.indices(PileKind.DISCARD))


def all_discarded(game: GameDef, state: State) -> bool:
    return discarded(game, state) == 52


def suit_foundation(suit: Suit, playback: bool = True, accepts: Accepts | None = None) -> PileSpec:
    """A foundation for one suit, named by its suit ("clubs", "clubs pile"): ace to king unless the
    game's ``accepts`` says otherwise. ``playback``: its top card may be played back onto the table."""
    return PileSpec(
        id=suit.value,
        kind=PileKind.FOUNDATION,
        names=shared_names("suit_foundation", suit=suit.value, singular=suit.singular),
        accepts=accepts or Accepts(build=SAME_SUIT_UP, empty=Empty(rank=Rank.ACE), suit=suit, single=True),
        takes=TOP_CARD if playback else None,
        suit=suit,
        group="foundations",
    )


def tableau_pile(n: int, accepts: Accepts, takes: Takes, *, id_prefix: str = "column", noun: str = "column",
                 names: tuple[str, ...] | None = None, auto_turn: bool = False, group: str = "tableau") -> PileSpec:
    """Tableau pile number ``n``: id ``<id_prefix><n>``, said as the shared ``noun`` says it ("column
    three" or "pile three"), or by its own ``names``."""
    return PileSpec(
        id=f"{id_prefix}{n}",
        kind=PileKind.TABLEAU,
        names=names or shared_names(noun, n),
        accepts=accepts,
        takes=takes,
        number=n,
        auto_turn=auto_turn,
        group=group,
    )


def spot_id(row: int, column: int) -> str:
    """The id of a grid spot: "r2c5" (part of the save format)."""
    return f"r{row}c{column}"


def spot_place(pile_id: str) -> tuple[int, int]:
    """(row, column) of a grid spot's id: "r2c5" -> (2, 5)."""
    row, column = pile_id[1:].split("c")
    return int(row), int(column)


def spot_names(row: int, column: int, noun: str = "spot") -> tuple[str, ...]:
    """How a grid spot is said: "row two column five" and the short "row two five" in every game (one
    way to name a place); a pyramid's own word ("row two card five", the noun ``pyramid_spot``) is
    understood too."""
    return shared_names(noun, row=number_word(row), column=number_word(column))


ACE_UP_IN_SUIT = Accepts(build=SAME_SUIT_UP, empty=Empty(rank=Rank.ACE), single=True)
"""The usual foundation of a game with two decks: any suit's ace, then up in that suit, one card at a time."""


def numbered_foundation(n: int, accepts: Accepts | None = ACE_UP_IN_SUIT, *, takes: Takes | None = None,
                        names: tuple[str, ...] | None = None) -> PileSpec:
    """Foundation ``n``, id ``foundation<n>``, said "foundation three" or "home three" (or its game's
    own ``names``), taking what ``accepts`` allows (by default :data:`ACE_UP_IN_SUIT`); cards on it
    stay there unless the game's ``takes`` lets them back."""
    return PileSpec(f"foundation{n}", PileKind.FOUNDATION, names or shared_names("foundation", n), accepts=accepts, takes=takes,
                    number=n, group="foundations")


def runs_home(spec: PileSpec) -> PileSpec:
    """``spec``, a foundation, also taking a run from the table in one move, laid in reverse, its top
    card first (:class:`~voicegame.engine.homing.RunsHome`): the manuals' "groups of cards can be moved
    to the Foundation"."""
    accepts = spec.accepts
    assert accepts is not None
    fields = {name: getattr(accepts, name) for name, f in accepts.__dataclass_fields__.items() if f.init}
    return replace(spec, accepts=RunsHome(**fields))


@dataclass(frozen=True)
class RememberedBase(Accepts):
    """An :class:`Accepts` whose ``base_from`` rank is the deal's, kept in ``State.counters[0]`` by
    :func:`remember_base`: it holds after the base card itself leaves its foundation (Agnes, Lady
    Jane: "Cards in Foundations are still in play"). Without the counter (a position built by hand),
    the base pile's bottom card, as :class:`Accepts` reads it."""

    def base_rank(self, layout: Layout, state: State) -> Rank | None:
        if self.base_from is None or not state.counters:
            return super().base_rank(layout, state)
        return Rank((state.counters[0] - 1 + self.base_step) % 13 + 1)


def remember_base(pile_id: str) -> Callable[[GameDef, State, int], State]:
    """A GameDef ``after_deal``: remember the rank of the bottom card dealt to ``pile_id`` in ``State.counters[0]``."""

    def after_deal(game: GameDef, dealt: State, seed: int) -> State:
        return replace(dealt, counters=(int(game.layout.pile(dealt, pile_id).cards[0].rank),))

    return after_deal


def remembered_base(layout: Layout, state: State, pile_id: str) -> Rank | None:
    """The deal's base rank (see :func:`remember_base`), or the bottom card of ``pile_id`` in a position built by hand."""
    if state.counters:
        return Rank(state.counters[0])
    base = layout.pile(state, pile_id)
    return base.cards[0].rank if base.cards else None
