"""Glenwood, as AisleRiot's manual describes it.

Four reserve piles of three cards, face up, of which only the top card is available; four piles of one
card each; the other thirty-six cards are the stock, turned one at a time onto the waste, with one
redeal. The first move of the game is to choose a reserve card for foundation one: its rank is then
the rank every foundation starts with. Foundations build up in suit from there, turning the corner
from king to ace, and cards on them are out of play. The piles build down in alternating colours; a
pile's top card may go to a foundation, and a whole pile onto another pile ("Whole piles can be played
on to another Tableau"), never part of one; an empty pile is filled with any available reserve card
or, once every reserve is empty, with the waste's top card, never from another pile. Nothing goes on
a reserve.

Decisions where the manual is silent or unclear:

- Until foundation one has its card, nothing else may be done: no pile takes a card and the stock
  does not turn ("the first item of play").
- The piles turn the corner too (a king may go on an ace), as the foundations do and as Canfield plays
  here.
- Empty piles are filled by the player, not at once by themselves ("can be filled").
- Score: one point per foundation card, out of 52.
"""

from __future__ import annotations

from voicegame.engine import (
    EMPTY_ANY, TOP_CARD, Accepts, DealSpec, Direction, DrawToWaste, GameDef, Layout, PileKind, PileSpec, Reason, Sequence,
    State, SuitRule, Takes, top_or_all_face_up,
)
from voicegame.engine.cards import Card
from voicegame.engine.first_card import AfterFirstCard
from voicegame.engine.gap_sources import FirstFrom
from voicegame.engine.safety import BaseSeatsFilled
from voicegame.engine.stock_waits import StockInPhase
from voicegame.games.deal_rules import EMPTY, ONE, DealRules, same
from voicegame.games.parts import STOCK, WASTE, numbered_foundation, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

WORDS = game_words("glenwood")
"""How Glenwood and its piles are said (grammars/en/games/glenwood.toml)."""

ALTERNATE_DOWN = Sequence(Direction.DOWN, SuitRule.ALTERNATE, wrap=True)
SAME_SUIT_UP = Sequence(Direction.UP, SuitRule.SAME, wrap=True)
SLOTS = range(1, 5)
BASE = "foundation1"
CHOSEN = AfterFirstCard(BASE)  # once foundation one holds its card: after the first move


def foundation(n: int) -> PileSpec:
    """Foundation one takes a reserve card first; the others its rank, once it has one."""
    if n == 1:
        accepts = Accepts(build=SAME_SUIT_UP, empty=EMPTY_ANY, single=True, empty_from=frozenset({PileKind.RESERVE}))
    else:
        accepts = Accepts(build=SAME_SUIT_UP, empty=EMPTY_ANY, single=True, base_from=BASE, phase=CHOSEN)
    return numbered_foundation(n, accepts)


def reserve(n: int) -> PileSpec:
    return PileSpec(f"reserve{n}", PileKind.RESERVE, WORDS.names("reserve", n), takes=TOP_CARD, number=n,
                    group="reserve")


GAPS = FirstFrom("reserve", then=frozenset({PileKind.WASTE}))


def whole_piles(layout: Layout, state: State, src: PileSpec, dst: PileSpec, cards: tuple[Card, ...]) -> Reason | None:
    """Gaps take reserve cards first (:data:`GAPS`); from a pile, only the whole pile goes onto another."""
    if (reason := GAPS(layout, state, src, dst, cards)) is not None:
        return reason
    if src.kind is PileKind.TABLEAU and len(cards) < len(layout.pile(state, src.id).cards):
        return Reason("whole_pile_only", {"pile": src.name, "card": cards[0]})
    return None


def pile(n: int) -> PileSpec:
    """Builds down in alternating colours round the corner; takes a whole pile, or a reserve or waste card."""
    return tableau_pile(n, Accepts(build=ALTERNATE_DOWN, empty=EMPTY_ANY, phase=CHOSEN, extra=whole_piles),
                        Takes(runs=True, sequence=ALTERNATE_DOWN, extra=top_or_all_face_up), id_prefix="pile", noun="pile")


def glenwood() -> GameDef:
    """Glenwood (no options): draw one, one redeal."""
    return GameDef(
        key="glenwood",
        title=WORDS.title,
        piles=(STOCK, WASTE, *(foundation(n) for n in SLOTS), *(reserve(n) for n in SLOTS), *(pile(n) for n in SLOTS)),
        layout_deal=(*(DealSpec(f"reserve{n}", up=3) for n in SLOTS), *(DealSpec(f"pile{n}") for n in SLOTS)),
        deal_by_rows=False,
        stock_rule=StockInPhase(DrawToWaste(draw=1, redeals=1), CHOSEN),
        safe_to_foundation=BaseSeatsFilled(SuitRule.ALTERNATE, BASE),
        help_key="help_glenwood",
    )


ENTRY = GameEntry.from_words(
    key="glenwood",
    factory=glenwood,
    search=Search.IN_SUIT,  # safe_home_forced is sound: its foundations keep their cards
    hint_budget=HintBudget(line_nodes=500),
    deal=DealRules({**same("reserve", 4, (3, 0)), **same("pile", 4, ONE), "stock": (36, None),
                    **same("foundation", 4, EMPTY)}),
)
