"""Bear River, as AisleRiot plays it: eighteen small piles, a dealt base rank, no pile above three.

One card is dealt face up on foundation one: its rank is the base, and the other three cards of
that rank start the other foundations. Foundations build up in suit from the base, queen to king
to ace to two, and their cards stay there. The other 51 cards are dealt face up on eighteen piles
in three rows of six: the first five of a row get three cards, the sixth (a hole) two. The top
card of a pile may go onto another pile's top card of its suit one rank higher or lower (king and
ace next to each other); no pile may hold more than three cards (AtMost). An empty standard pile
is never filled; an empty hole takes any card.

Decisions where AisleRiot's manual is silent (see GAMES.md, "Ambiguities"):

- Piles are numbered one to eighteen in rows ("pile seven" is row two's first), also said by row
  ("row two pile one"); the holes are piles six, twelve and eighteen.
- The cards are dealt pile by pile, after the base card.
- Score: one point per card on the foundations (the base card counts), out of 52. Won when all
  52 are home.
- No moves left: no card can move (the engine's ``is_stuck``).
"""

from __future__ import annotations

from voicegame.engine import (
    EMPTY_ANY, EMPTY_NONE, TOP_CARD, Accepts, AtMost, DealSpec, Direction, GameDef, PileKind, PileSpec, Sequence, SuitRule,
)
from voicegame.engine.words import number_word
from voicegame.games.deal_rules import FACE_UP, ONE, DealRules, each
from voicegame.games.entry import GameEntry
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words
from voicegame.games.parts import numbered_foundation

WORDS = game_words("bear_river")
"""How Bear River and its piles are said (grammars/en/games/bear_river.toml)."""

UP_IN_SUIT_WRAPPING = Sequence(Direction.UP, SuitRule.SAME, wrap=True)
EITHER_IN_SUIT_WRAPPING = Sequence(Direction.EITHER, SuitRule.SAME, wrap=True)
BASE = "foundation1"
HOLES = (6, 12, 18)


FOUNDATION = Accepts(build=UP_IN_SUIT_WRAPPING, empty=EMPTY_ANY, single=True, base_from=BASE)
"""What each foundation accepts (all alike)."""


def pile(n: int) -> PileSpec:
    row, place = (n - 1) // 6 + 1, (n - 1) % 6 + 1
    hole = n in HOLES
    names = WORDS.names("hole" if hole else "pile", n, row=number_word(row), place=number_word(place))
    return PileSpec(f"pile{n}", PileKind.TABLEAU, names, number=n, group="tableau", takes=TOP_CARD,
                    accepts=Accepts(build=EITHER_IN_SUIT_WRAPPING, empty=EMPTY_ANY if hole else EMPTY_NONE, single=True, extra=AtMost(3)))


def bear_river() -> GameDef:
    """Bear River (no options)."""
    return GameDef(
        key="bear_river",
        title=WORDS.title,
        piles=(*(numbered_foundation(n, FOUNDATION, names=WORDS.names("foundation", n)) for n in range(1, 5)), *(pile(n) for n in range(1, 19))),
        layout_deal=(DealSpec(BASE), *(DealSpec(f"pile{n}", up=2 if n in HOLES else 3) for n in range(1, 19))),
        deal_by_rows=False,
        help_key="help_bear_river",
    )


ENTRY = GameEntry.from_words(
    key="bear_river",
    factory=bear_river,
    search=Search.ANY_HOME_FORCED,
    hint_budget=HintBudget(nodes=650),
    deal=DealRules({"foundation1": ONE, **each("pile", ([(3, None)] * 5 + [(2, None)]) * 3)}, every=FACE_UP),
)
