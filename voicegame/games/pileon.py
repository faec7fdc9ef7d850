"""Pileon, as AisleRiot plays it.

Fifteen piles in rows of four (the last row three). The 52 cards are dealt face up, four to each
of the first thirteen piles; the last two start empty. A pile's top card, or the cards of one
rank on top of it, may go onto a card of the same rank, so long as no pile then holds more than
four cards; an empty pile takes any card or group of one rank. A pile holding all four cards of
a rank is frozen: nothing leaves it. Thirteen frozen piles win (two piles end empty, not
necessarily the two that started so).

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Pileon"):

- The piles are said "pile one" to "pile fifteen", row by row: row one holds piles one to four,
  row four piles thirteen to fifteen.
- A frozen pile stays face up (AisleRiot turns its top card over only to show it is done); by
  voice "read" says it is done by its four cards of one rank, and moving from it is refused.
- Score: four points per frozen pile, out of 52.
- No moves left: no top card or group can go on a card of its rank, nor to an empty pile where
  that would change anything (a whole pile moved onto an empty one does not).
"""

from __future__ import annotations

from voicegame.engine import EMPTY_ANY, Accepts, DealSpec, Direction, GameDef, PileKind, Sequence, State, SuitRule, Takes
from voicegame.engine.freezing import Frozen
from voicegame.games.deal_rules import EMPTY, DealRules, same
from voicegame.games.entry import GameEntry
from voicegame.games.parts import tableau_pile
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

WORDS = game_words("pileon")
"""How Pileon and its piles are said (grammars/en/games/pileon.toml)."""

SAME_RANK = Sequence(Direction.UP, SuitRule.ANY, step=0)
FROZEN = Frozen(4)
PILES = tuple(tableau_pile(n, Accepts(build=SAME_RANK, empty=EMPTY_ANY, max_cards=4), Takes(runs=True, sequence=SAME_RANK, extra=FROZEN),
                           id_prefix="pile", names=WORDS.names("pile", n), group=f"row{(n - 1) // 4 + 1}") for n in range(1, 16))


def frozen_cards(game: GameDef, state: State) -> int:
    """Four points per frozen pile."""
    return sum(len(pile.cards) for pile in state.piles if FROZEN.complete(pile))


def all_frozen(game: GameDef, state: State) -> bool:
    return frozen_cards(game, state) == 52


def pileon() -> GameDef:
    """Pileon (no options)."""
    return GameDef(
        key="pileon",
        title=WORDS.title,
        piles=PILES,
        layout_deal=tuple(DealSpec(f"pile{n}", up=4) for n in range(1, 14)),
        deal_by_rows=False,
        score=frozen_cards,
        is_won=all_frozen,
        help_key="help_pileon",
        group_names={f"row{r}": WORDS.names("row", r) for r in range(1, 5)},
    )


ENTRY = GameEntry.from_words(
    key="pileon",
    factory=pileon,
    search=Search.GENERIC,
    hint_budget=HintBudget(nodes=160),
    deal=DealRules({**same("pile", 13, (4, 0)), "pile14": EMPTY, "pile15": EMPTY}),
)
