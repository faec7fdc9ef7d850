"""Bristol, as AisleRiot plays it: eight fans of three, a stock dealt onto three reserves.

Eight piles of three cards face up; the other 28 are the stock. Each deal puts one card on
each of the three reserves (the last deal, one card, on reserve one); there is no redeal. The top card of a
pile or a reserve moves, one at a time; it goes onto a pile's top card one rank higher, suit
not counting. An empty pile is never filled, and an empty reserve only by the next deal. Four
foundations build up from the ace to the king regardless of suit, and their cards stay there.

Decisions where AisleRiot's manual is silent (see GAMES.md, "Ambiguities"):

- The foundations are numbered, foundation one to four ("foundation one"), since any suit may
  build on any of them; an ace goes on any empty one.
- The stock may be dealt at any time until it is empty.
- Score: one point per card on the foundations, out of 52. Won when all 52 are home.
- No moves left: the stock is empty and no card can move (the engine's ``is_stuck``).
"""

from __future__ import annotations

from voicegame.engine import (
    EMPTY_NONE, TOP_CARD, Accepts, DealOnePerPile, DealSpec, Direction, Empty, GameDef, PileKind, PileSpec, Sequence,
    SuitRule,
)
from voicegame.engine.cards import Rank
from voicegame.games.deal_rules import EMPTY, DealRules, same
from voicegame.games.parts import DOWN_ANY_SUIT, STOCK, numbered_foundation, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

WORDS = game_words("bristol")
"""How Bristol and its piles are said (grammars/en/games/bristol.toml)."""

UP_ANY_SUIT = Sequence(Direction.UP, SuitRule.ANY)


FOUNDATION = Accepts(build=UP_ANY_SUIT, empty=Empty(rank=Rank.ACE), single=True)
"""What each foundation accepts (all alike)."""


def reserve(n: int) -> PileSpec:
    return PileSpec(f"reserve{n}", PileKind.RESERVE, WORDS.names("reserve", n), takes=TOP_CARD, number=n, group="reserves")


PILES = (STOCK, *(reserve(n) for n in range(1, 4)), *(numbered_foundation(n, FOUNDATION, names=WORDS.names("foundation", n)) for n in range(1, 5)),
         *(tableau_pile(n, Accepts(build=DOWN_ANY_SUIT, empty=EMPTY_NONE, single=True), TOP_CARD, id_prefix="pile",
                        noun="pile") for n in range(1, 9)))


def bristol() -> GameDef:
    """Bristol (no options)."""
    return GameDef(
        key="bristol",
        title=WORDS.title,
        piles=PILES,
        layout_deal=tuple(DealSpec(f"pile{n}", up=3) for n in range(1, 9)),
        stock_rule=DealOnePerPile(group="reserves"),
        help_key="help_bristol",
    )


ENTRY = GameEntry.from_words(
    key="bristol",
    factory=bristol,
    search=Search.GENERIC,
    hint_budget=HintBudget(nodes=930),
    deal=DealRules({**same("pile", 8, (3, None)), "stock": (28, None), **same("reserve", 3, EMPTY)}),
)
