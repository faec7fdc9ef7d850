"""Gypsy, as AisleRiot's manual describes it.

Two decks. Eight piles of three cards, two face down under one face up; the other eighty cards are the
stock, and each deal puts one card face up on each of the eight piles. The piles build down in
alternating colours; builds move as a unit, and an empty pile takes any card or build. Eight
foundations build up in suit from the ace to the king, and the top card of each may be played back
onto the piles.

Scoring, as the manual gives it: five points per foundation card, sixty more per finished foundation
(ace to king), and two per pair of face-up cards lying in alternating colours and sequence on the
piles: 1000 at most, with every card home.

Decisions where the manual is silent (the original help fills some):

- Two decks and no redeal (the original help); a deal may be made at any time, onto empty piles too.
- The foundations are numbered ("foundation three"): two take each suit, so a suit cannot name one.
- A "build" is a run in sequence and alternating colours; any such run moves.
"""

from __future__ import annotations


from voicegame.engine import EMPTY_ANY, TOP_CARD, Accepts, DealOnePerPile, DealSpec, GameDef, PileSpec, SuitRule, Takes
from voicegame.engine.safety import CopiesHome
from voicegame.engine.scoring import Points
from voicegame.games.deal_rules import DealRules, same
from voicegame.games.parts import ALTERNATE_DOWN, STOCK, numbered_foundation, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

WORDS = game_words("gypsy")
"""How Gypsy and its piles are said (grammars/en/games/gypsy.toml)."""

PILES_AT = range(1, 9)
SCORE = Points(card=5, finished=60, full=13, pair=2, pairs_by=ALTERNATE_DOWN)


def pile(n: int) -> PileSpec:
    return tableau_pile(n, Accepts(build=ALTERNATE_DOWN, empty=EMPTY_ANY), Takes(runs=True, sequence=ALTERNATE_DOWN),
                        id_prefix="pile", noun="pile", auto_turn=True)


def gypsy() -> GameDef:
    """Gypsy (no options): two decks, eight piles, no redeal."""
    return GameDef(
        key="gypsy",
        title=WORDS.title,
        piles=(STOCK, *(numbered_foundation(n, takes=TOP_CARD) for n in PILES_AT), *(pile(n) for n in PILES_AT)),
        layout_deal=tuple(DealSpec(f"pile{n}", down=2, up=1) for n in PILES_AT),
        stock_rule=DealOnePerPile(group="tableau"),
        decks=2,
        score=SCORE,
        max_score=1000,
        safe_to_foundation=CopiesHome(SuitRule.ALTERNATE),
        help_key="help_gypsy",
    )


ENTRY = GameEntry.from_words(
    key="gypsy",
    factory=gypsy,
    search=Search.ROW_DEALT,
    hint_budget=HintBudget(visits=2000),
    deal=DealRules({**same("pile", 8, (3, 2)), "stock": (80, None)}),
)
