"""Elevator, as AisleRiot plays it (and, face up, Escalator: see :mod:`voicegame.games.escalator`).

Twenty-eight cards in a pyramid of seven overlapping rows (one card, then two, ... then
seven), face down except the bottom row; the other 24 are the stock. A pyramid card is
exposed once the two cards of the row below lying on it are gone, and then turns face up.
Play an exposed card onto the waste if it is one rank above or below the waste's top card,
in any suit; ace and king are next to each other. The stock turns one card at a time onto
the waste, with no redeal. Move every pyramid card to the waste to win.

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Elevator"):

- The waste starts empty and takes no pyramid card while empty: the first stock card
  starts it.
- A face-down card turns up as soon as both cards lying on it are gone.
- Won when the pyramid is clear ("move all cards to waste" means the pyramid's; the stock
  need not be used up).
- Score: one point per pyramid card moved to the waste, out of 28.
- No moves left: the stock is empty and no exposed card fits on the waste.
"""

from __future__ import annotations

from voicegame.engine import (
    EMPTY_NONE,
    TOP_CARD,
    Accepts,
    DealSpec,
    Direction,
    DrawToWaste,
    GameDef,
    PileKind,
    PileSpec,
    Sequence,
    State,
    SuitRule,
    Takes,
    Uncover,
)
from voicegame.games.deal_rules import EMPTY, DealRules, pyramid
from voicegame.games.parts import STOCK, spot_id, spot_names
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("elevator")
"""How Elevator and its piles are said (grammars/en/games/elevator.toml)."""

ROWS = range(1, 8)
CELLS = tuple((r, c) for r in ROWS for c in range(1, r + 1))
ONE_UP_OR_DOWN = Sequence(Direction.EITHER, SuitRule.ANY, wrap=True)
COVERED_BY: dict[str, tuple[str, ...]] = {spot_id(r, c): (spot_id(r + 1, c), spot_id(r + 1, c + 1)) for r, c in CELLS if r < 7}

WASTE = PileSpec(
    "waste",
    PileKind.WASTE,
    WORDS.names("waste"),
    accepts=Accepts(build=ONE_UP_OR_DOWN, empty=EMPTY_NONE, single=True, sources=frozenset({PileKind.TABLEAU})),
)


def _cell(row: int, position: int, face_up: bool) -> PileSpec:
    takes = Takes(under=COVERED_BY.get(spot_id(row, position), ())) if face_up else TOP_CARD
    return PileSpec(spot_id(row, position), PileKind.TABLEAU, spot_names(row, position, "pyramid_spot"), takes=takes,
                    number=position, group=f"row{row}")


def pyramid_left(game: GameDef, state: State) -> int:
    return sum(len(state.piles[i].cards) for i in game.indices(PileKind.TABLEAU))


def moved_to_waste(game: GameDef, state: State) -> int:
    """One point per pyramid card on the waste."""
    return 28 - pyramid_left(game, state)


def pyramid_clear(game: GameDef, state: State) -> bool:
    return pyramid_left(game, state) == 0


def pyramid_to_waste(key: str, face_up: bool) -> GameDef:
    """The pyramid game, its cards face down but the bottom row (Elevator) or all face up (Escalator)."""
    return GameDef(
        key=key,
        title=game_words(key).title,
        piles=(STOCK, WASTE, *(_cell(r, c, face_up) for r, c in CELLS)),
        layout_deal=tuple(DealSpec(spot_id(r, c), down=int(r < 7 and not face_up), up=int(r == 7 or face_up)) for r, c in CELLS),
        stock_rule=DrawToWaste(draw=1, redeals=0),
        score=moved_to_waste,
        max_score=28,
        is_won=pyramid_clear,
        won_key="won_pyramid_clear",
        help_key=f"help_{key}",
        group_names={f"row{r}": WORDS.names("row", r) for r in ROWS},
        uncover=None if face_up else Uncover(COVERED_BY),
    )


def elevator() -> GameDef:
    """Elevator (no options)."""
    return pyramid_to_waste("elevator", face_up=False)


ENTRY = GameEntry.from_words(
    key="elevator",
    factory=elevator,
    search=Search.WASTE_TOP,  # only the waste top matters, as in Golf
    deal=DealRules({**pyramid(7, lambda r: (1, 0 if r == 7 else 1)), "stock": (24, None), "waste": EMPTY}),
)
