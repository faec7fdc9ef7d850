"""Zebra, as AisleRiot's manual describes it.

Two decks. The eight aces start the eight foundations, which build up in alternating colours
(any suit of the other colour) to the king; cards there are out of play. Eight piles get one
card each, face up; the other 88 cards are the stock, turned one at a time onto the waste, with
one redeal. The piles build down in alternating colours, and only a pile's top card moves to
another pile; "a whole pile can be moved to an appropriate Foundation with one drag": a pile (or
the part of it from its top) goes home in one move, its top card first. A gap is filled at once
from the waste, or from the stock when the waste is empty.

Decisions where the manual is silent or unclear (see GAMES.md):

- Two decks: the manual's eight aces need them (the original help says so).
- "A whole pile ... to an appropriate Foundation": part of a pile, from its top, may go home in
  one move too ("pile three up" takes the most that fits); it is the same as moving its cards
  one at a time, which the manual allows.
- "One redeal": the waste is turned back over into the stock (in order) once, so the stock is
  gone through twice.
- A gap is filled after every move and deal, so an empty pile is seen only once the waste and
  stock are both empty; it then takes any card.
- The eight foundations are "foundation one" to "foundation eight", in the order of the aces
  dealt to them (clubs, diamonds, hearts, spades, twice).
- Score: one point per card moved to the foundations (the aces are dealt), 96 at most.
"""

from __future__ import annotations

from voicegame.engine import (EMPTY_ANY, EMPTY_NONE, Accepts, DealSpec, Direction, DrawToWaste, GameDef, PileKind, PileSpec,
                              Refill, Sequence, State, SuitRule, Takes)
from voicegame.engine.cards import Card, Rank, Suit, seeded_deck
from voicegame.engine.safety import CoveredHome
from voicegame.games.deal_rules import ONE, DealRules, same
from voicegame.games.parts import ALTERNATE_DOWN, STOCK, WASTE, numbered_foundation, runs_home, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("zebra")
"""How Zebra and its piles are said (grammars/en/games/zebra.toml)."""

PILES = range(1, 9)
UP_ALTERNATE = Sequence(Direction.UP, SuitRule.ALTERNATE)


FOUNDATION = Accepts(build=UP_ALTERNATE, empty=EMPTY_NONE, single=True)
"""A foundation: its ace is dealt, then up in alternating colours to the king, one card at a time."""


def pile(n: int) -> PileSpec:
    """Builds down in alternating colours; its top card moves to another pile, the pile (from its top) to a foundation."""
    return tableau_pile(n, Accepts(build=ALTERNATE_DOWN, empty=EMPTY_ANY, single=True), Takes(runs=True, sequence=ALTERNATE_DOWN),
                        id_prefix="pile", noun="pile")


def aces_first(seed: int) -> list[Card]:
    """The deal order: the eight aces (one to each foundation), then the other 96 cards shuffled."""
    return [Card(Rank.ACE, suit) for _ in range(2) for suit in Suit] + [c for c in seeded_deck(seed, 2) if c.rank != Rank.ACE]


def score(game: GameDef, state: State) -> int:
    """Cards moved to the foundations: every card there but the dealt aces."""
    return sum(len(state.piles[i].cards) - 1 for i in game.indices(PileKind.FOUNDATION) if state.piles[i].cards)


def zebra() -> GameDef:
    """Zebra (no options): draw one, one redeal."""
    return GameDef(
        key="zebra",
        title=WORDS.title,
        piles=(STOCK, WASTE, *(runs_home(numbered_foundation(n, FOUNDATION)) for n in PILES), *(pile(n) for n in PILES)),
        layout_deal=(*(DealSpec(f"foundation{n}") for n in PILES), *(DealSpec(f"pile{n}") for n in PILES)),
        deal_by_rows=False,
        decks=2,
        shuffle=aces_first,
        stock_rule=DrawToWaste(draw=1, redeals=1),
        refill=Refill(group="tableau", source="waste", keep_down=True, fallback="stock"),
        score=score,
        max_score=96,
        safe_to_foundation=CoveredHome(SuitRule.ALTERNATE),
        help_key="help_zebra",
    )


ENTRY = GameEntry.from_words(
    key="zebra",
    factory=zebra,
    search=Search.GENERIC,
    deal=DealRules({**same("foundation", 8, ONE), **same("pile", 8, (1, 0)), "stock": (88, None)},
                   ranks={f"foundation{n}": "A" for n in range(1, 9)}, score=0),
)
