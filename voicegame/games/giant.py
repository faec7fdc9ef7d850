"""Giant, as AisleRiot's manual describes it.

Two decks. Eight piles get one card each, face up; the other 96 cards are the stock, and each
deal puts one card face up on every pile (a full row); there is no redeal. The piles build down
in alternating colours (option: in suit), cards move singly or in runs that follow the same rule,
and an empty pile takes any card or run. The reserve holds any single card. Eight foundations
build up in suit from the ace, and their top cards stay in play.

Decisions where the manual is silent or unclear (see GAMES.md):

- Two decks: the seed lacks the deck line; eight foundations and 96 stock cards need them.
- The stock deals a row whenever asked, empty piles or not (the manual sets no condition); the
  last row is whole (96 is twelve rows of eight).
- The eight foundations are "foundation one" to "foundation eight", each taking any suit's ace
  and then that suit; a foundation's top card may be played back onto the piles or the reserve.
- ``build``: "alternate" (the default) or "suit", the manual's two ways to play; the same rule
  says which runs move together and what a card goes on.
- No moves left: once the stock is empty and no move helps.
"""

from __future__ import annotations

from dataclasses import replace

from voicegame.engine import TOP_CARD, Accepts, DealOnePerPile, DealSpec, GameDef, PileKind, PileSpec, Sequence, Takes
from voicegame.engine.safety import CoveredHome
from voicegame.games.deal_rules import EMPTY, DealRules, same
from voicegame.games.parts import ALTERNATE_DOWN, DOWN_IN_SUIT, STOCK, numbered_foundation, tableau_pile
from voicegame.games.entry import GameEntry, Option
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

WORDS = game_words("giant")
"""How Giant and its piles are said (grammars/en/games/giant.toml)."""

PILES = range(1, 9)
BUILDS = {"alternate": ALTERNATE_DOWN, "suit": DOWN_IN_SUIT}

RESERVE = PileSpec("reserve", PileKind.CELL, WORDS.names("reserve"),
                   accepts=Accepts(build=None, single=True), takes=TOP_CARD)


def pile(n: int, build: Sequence) -> PileSpec:
    return tableau_pile(n, Accepts(build=build), Takes(runs=True, sequence=build), id_prefix="pile", noun="pile")


def giant(build: str = "alternate") -> GameDef:
    """Giant; ``build``: "alternate" (down in alternating colours) or "suit" (down in suit)."""
    if build not in BUILDS:
        raise ValueError("build must be alternate or suit")
    sequence = BUILDS[build]
    return GameDef(
        key="giant",
        title=WORDS.title if build == "alternate" else "Giant, same suit",
        piles=(STOCK, RESERVE, *(replace(numbered_foundation(n), takes=TOP_CARD) for n in PILES),
               *(pile(n, sequence) for n in PILES)),
        layout_deal=tuple(DealSpec(f"pile{n}") for n in PILES),
        decks=2,
        stock_rule=DealOnePerPile(group="tableau"),
        max_score=104,
        safe_to_foundation=CoveredHome(sequence.suit),
        help_key="help_giant" if build == "alternate" else "help_giant_suit",
        options={"build": build},
    )


ENTRY = GameEntry.from_words(
    key="giant",
    factory=giant,
    options=(Option("build", str, "alternate", ("alternate", "suit"), "how the piles build and which runs move: alternate colours or same suit"),),
    search=Search.ROWS,
    hint_budget=HintBudget(nodes=220),
    deal=DealRules({**same("pile", 8, (1, 0)), "stock": (96, None), "reserve": EMPTY}),
)
