"""Canfield, as AisleRiot plays it.

The first card dealt goes to foundation one and sets the base rank for every
foundation; thirteen cards form the reserve (only its top face up); four piles
get one card each; the other thirty-four are the stock, turned three at a time
onto the waste, as often as you like. Foundations build up in suit from the base
rank, turning the corner from king to ace. The four piles build down in
alternating colours; a gap in them is filled at once from the reserve, and once
the reserve is used up a gap takes any card or run.

Decisions where AisleRiot's manual is silent (see GAMES.md):

- The piles also turn the corner: a king may go on an ace (as the foundations do,
  and as the classic casino game plays).
- Any run in sequence moves together (the manual: "groups of cards can be moved").
- Foundation cards stay in play and may be played back onto the piles, except the
  bottom card of each foundation: it founds the pile and stays (so the base rank
  can always be read from foundation one, and a foundation never needs refounding).
- Fewer than three cards left in the stock are turned all at once; the waste is
  turned back over in order whenever the stock is empty, with no limit.
- Score: one point per foundation card, out of 52 (10 is the casino's break-even).
- No moves left: only once the whole stock has been seen (after the first turn of
  the waste), when going round the stock again offers nothing (``is_stuck``).
"""

from __future__ import annotations

from voicegame.engine import (
    EMPTY_ANY,
    TOP_CARD,
    Accepts,
    DealSpec,
    Direction,
    DrawToWaste,
    GameDef,
    PileKind,
    PileSpec,
    Refill,
    Sequence,
    State,
    SuitRule,
    Takes,
)
from voicegame.engine.cards import Rank
from voicegame.games.deal_rules import EMPTY, ONE, DealRules, same
from voicegame.games.parts import STOCK, WASTE, numbered_foundation, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("canfield")
"""How Canfield and its piles are said (grammars/en/games/canfield.toml)."""

ALTERNATE_DOWN = Sequence(Direction.DOWN, SuitRule.ALTERNATE, wrap=True)
SAME_SUIT_UP = Sequence(Direction.UP, SuitRule.SAME, wrap=True)
SLOTS = range(1, 5)
BASE = "foundation1"  # its first card, dealt, sets every foundation's base rank and never leaves


FOUNDATION = Accepts(build=SAME_SUIT_UP, empty=EMPTY_ANY, single=True, base_from=BASE)
"""What each foundation accepts (all alike)."""


def tableau(n: int) -> PileSpec:
    return tableau_pile(n, Accepts(build=ALTERNATE_DOWN, empty=EMPTY_ANY), Takes(runs=True, sequence=ALTERNATE_DOWN),
                        id_prefix="pile", noun="pile")


RESERVE = PileSpec("reserve", PileKind.RESERVE, WORDS.names("reserve"), takes=TOP_CARD, auto_turn=True)
PILES = (STOCK, WASTE, RESERVE, *(numbered_foundation(n, FOUNDATION, takes=Takes(keep=1)) for n in SLOTS), *(tableau(n) for n in SLOTS))


def base_card_safe(game: GameDef, state: State, src: int) -> bool:
    """Auto-play's safety rule with a base rank: the first two ranks of a foundation are always
    safe; any other card once both foundations of the other colour hold as many cards as it is
    ranks from the base."""
    card = state.piles[src].top
    if card is None:
        return False
    base: Rank = game.layout.pile(state, BASE).cards[0].rank
    distance = (card.rank - base) % 13
    if distance <= 1:
        return True
    heights = {pile.cards[0].suit: len(pile.cards) for pile in (state.piles[i] for i in game.indices(PileKind.FOUNDATION)) if pile.cards}
    opposite = [s for s in heights if s.colour is not card.colour]
    return len(opposite) == 2 and all(heights[s] >= distance for s in opposite)


def canfield() -> GameDef:
    """Canfield (no options): draw three, unlimited redeals."""
    return GameDef(
        key="canfield",
        title=WORDS.title,
        piles=PILES,
        layout_deal=(DealSpec(BASE), DealSpec("reserve", down=12, up=1), *(DealSpec(f"pile{n}") for n in SLOTS)),
        deal_by_rows=False,
        stock_rule=DrawToWaste(draw=3, redeals=None),
        refill=Refill(group="tableau", source="reserve"),
        safe_to_foundation=base_card_safe,
        help_key="help_canfield",
    )


ENTRY = GameEntry.from_words(
    key="canfield",
    factory=canfield,
    search=Search.GENERIC,
    deal=DealRules({"foundation1": ONE, "foundation2": EMPTY, "reserve": (13, 12), **same("pile", 4, ONE),
                    "stock": (34, None), "waste": EMPTY}, score=1),
)
