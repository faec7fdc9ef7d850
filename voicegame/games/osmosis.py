"""Osmosis, as AisleRiot plays it.

Four reserves of four cards, three face down under one face up; nothing is built on them and
only a reserve's top card plays, after which the card under it turns up. One card is dealt to
the first of four foundations: its rank is the base. The other 35 cards are the stock, turned
one card at a time onto the waste, with two redeals. Foundation one takes any card of its suit,
in any order. Each other foundation starts with a card of the base rank and then takes any card
of its own suit whose rank already lies on the foundation directly above it. All 52 cards on the
foundations wins.

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Osmosis"):

- The rank gate holds for a foundation's first card too: foundation three can be started only
  once foundation two holds the base rank, that is once foundation two is started. The
  foundations are filled in order.
- The option ``cards_per_deal=3`` (``--cards-per-deal 3``, "Three card deals") turns three cards at a time with unlimited redeals;
  the default turns one card at a time with two redeals (three passes).
- Only the top card of a reserve plays (the reserves are spread so all their face-up cards can
  be read), and only to a foundation; the waste's top card also plays only to a foundation.
  Foundation cards never move again.
- Score: one point per card on the foundations, the dealt base card included, out of 52.
- No moves left: no reserve or waste card fits a foundation, and the stock (once every card of
  it has been seen) cannot bring one.
"""

from __future__ import annotations

from voicegame.engine import (
    EMPTY_NONE, TOP_CARD, Accepts, DealSpec, Direction, DrawToWaste, GameDef, PileKind, PileSpec, Sequence, State, SuitRule,
)
from voicegame.engine.gating import RankIn
from voicegame.games.deal_rules import ONE, DealRules, same
from voicegame.games.entry import GameEntry, Option
from voicegame.games.search import Search
from voicegame.games.words import game_words
from voicegame.games.parts import STOCK, WASTE, numbered_foundation

WORDS = game_words("osmosis")
"""How Osmosis and its piles are said (grammars/en/games/osmosis.toml)."""

SLOTS = range(1, 5)
ANY_RANK_IN_SUIT = Sequence(Direction.ANY_RANK, SuitRule.SAME)
FROM_PLAY = frozenset({PileKind.RESERVE, PileKind.WASTE})


def foundation(n: int) -> PileSpec:
    """Foundation one takes its suit in any order; the others start with the base rank and take
    only ranks already on the foundation above."""
    if n == 1:
        accepts = Accepts(build=ANY_RANK_IN_SUIT, empty=EMPTY_NONE, single=True, sources=FROM_PLAY)
    else:
        accepts = Accepts(build=ANY_RANK_IN_SUIT, base_from="foundation1", single=True, sources=FROM_PLAY,
                          extra=RankIn(f"foundation{n - 1}"))
    return numbered_foundation(n, accepts)


def reserve(n: int) -> PileSpec:
    return PileSpec(f"reserve{n}", PileKind.RESERVE, WORDS.names("reserve", n), takes=TOP_CARD, number=n,
                    auto_turn=True, group="reserves")


FOUNDATIONS = tuple(foundation(n) for n in SLOTS)


def not_a_base(game: GameDef, state: State, pile: int) -> bool:
    """A card is safe to send home ("auto") unless it is of the base rank: starting a foundation
    chooses its suit, which the manual asks the player to choose with care."""
    top = state.piles[pile].top
    base = game.layout.pile(state, "foundation1").cards
    return top is not None and bool(base) and top.rank != base[0].rank


def reserves_game(key: str, draw: int, down: int, help_key: str) -> GameDef:
    """Osmosis and Peek: four reserves of four cards (``down`` of them face down), the base card, the stock."""
    return GameDef(
        key=key,
        title=game_words(key).title if draw == 1 else f"{game_words(key).title}, three card deals",
        piles=(STOCK, WASTE, *FOUNDATIONS, *(reserve(n) for n in SLOTS)),
        layout_deal=(*(DealSpec(f"reserve{n}", down=down, up=4 - down) for n in SLOTS), DealSpec("foundation1")),
        deal_by_rows=False,
        stock_rule=DrawToWaste(draw=draw, redeals=2 if draw == 1 else None),
        safe_to_foundation=not_a_base,
        help_key=help_key,
        options={"cards_per_deal": draw},
        group_names={"reserves": WORDS.names("reserves_group"), "foundations": WORDS.names("foundations_group")},
    )


def osmosis(cards_per_deal: int = 1) -> GameDef:
    """Osmosis: ``cards_per_deal`` 1 (two redeals) or 3 (unlimited redeals)."""
    return reserves_game("osmosis", cards_per_deal, 3, "help_osmosis")


DRAW = Option("cards_per_deal", int, 1, (1, 3), "cards turned from the stock each time (three: unlimited redeals)")

ENTRY = GameEntry.from_words(
    key="osmosis",
    factory=osmosis,
    options=(DRAW,),
    search=Search.RANK_GATED,
    deal=DealRules({**same("reserve", 4, (4, 3)), "foundation1": ONE, "stock": (35, None)}),
)
