"""Doublets, as AisleRiot plays it.

Seven reserve piles of one card each, in an arch, and one foundation card below them; the rest of
the deck is the stock. A king dealt to a reserve goes to the bottom of the stock and the next card is
dealt in its place. Build the foundation by doubling, in any suit: the next card is worth twice the
top card (jack 11, queen 12), less thirteen above thirteen, so ace, two, four, eight, three, six,
queen, jack, nine, five, ten, seven and round again. The stock turns one card at a time onto the
waste, whose top card may go home; the deck can be gone through three times. A reserve holds one
card, and an empty reserve is filled at once from the waste, or from the stock when the waste is
empty. A king that lands in a reserve later stays there for good. Put the 48 cards that are not kings
on the foundation to win.

Decisions where AisleRiot's manual is silent or unclear (see GAMES.md, "Doublets"):

- The foundation's "original card" is the card dealt to it after the seven reserves; a king dealt
  there goes to the bottom of the stock and is replaced too (nothing doubles into a king, so a king
  foundation could never grow).
- Only a reserve's card or the waste's top card goes to the foundation; nothing is placed in a
  reserve by hand.
- The number of passes is the option ``redeals`` (default 2: three passes through the deck).
- Score: one point per card on the foundation, the starting card included, out of 48; won at 48.
- No moves left: no card fits the foundation and the stock and waste cannot be turned again (or
  every card of them has been seen once round without one fitting).
"""

from __future__ import annotations

from voicegame.engine import (
    EMPTY_NONE,
    TOP_CARD,
    Accepts,
    DealSpec,
    Direction,
    Doubles,
    DrawToWaste,
    GameDef,
    PileKind,
    PileSpec,
    RankToStockBottom,
    Refill,
    Sequence,
    State,
    SuitRule,
)
from voicegame.engine.cards import Rank
from voicegame.games.deal_rules import ONE, DealRules, same
from voicegame.games.entry import GameEntry, Option
from voicegame.games.search import Search
from voicegame.engine.game import foundation_cards
from voicegame.games.parts import STOCK, WASTE
from voicegame.games.words import game_words

WORDS = game_words("doublets")
"""How Doublets and its piles are said (grammars/en/games/doublets.toml)."""

RESERVES = range(1, 8)
ANY_CARD = Sequence(Direction.ANY_RANK, SuitRule.ANY)

FOUNDATION = PileSpec(
    "foundation",
    PileKind.FOUNDATION,
    WORDS.names("foundation"),
    accepts=Accepts(build=ANY_CARD, empty=EMPTY_NONE, single=True, extra=Doubles()),
    group="foundations",
)


def reserve(n: int) -> PileSpec:
    """Reserve ``n`` of the arch: one card, which may go home; refilled by itself."""
    return PileSpec(f"reserve{n}", PileKind.RESERVE, WORDS.names("reserve", n), takes=TOP_CARD, number=n,
                    group="reserves")


PILES = (STOCK, WASTE, FOUNDATION, *(reserve(n) for n in RESERVES))
KINGS_OUT = RankToStockBottom(Rank.KING, "reserves")
KING_OFF_HOME = RankToStockBottom(Rank.KING, "foundations")


def kings_replaced(game: GameDef, state: State, seed: int) -> State:
    """Kings dealt to the reserves, then to the foundation, go to the bottom of the stock."""
    return KING_OFF_HOME(game, KINGS_OUT(game, state, seed), seed)


def all_but_kings_home(game: GameDef, state: State) -> bool:
    return foundation_cards(game, state) == 48


def doublets(redeals: int = 2) -> GameDef:
    """Doublets; ``redeals``: how many times the waste may be turned back into the stock."""
    return GameDef(
        key="doublets",
        title=WORDS.title,
        piles=PILES,
        layout_deal=(*(DealSpec(f"reserve{n}") for n in RESERVES), DealSpec("foundation")),
        deal_by_rows=False,
        stock_rule=DrawToWaste(draw=1, redeals=redeals),
        after_deal=kings_replaced,
        max_score=48,
        is_won=all_but_kings_home,
        won_key="won_doublets",
        help_key="help_doublets",
        options={"redeals": redeals},
        refill=Refill(group="reserves", source="waste", fallback="stock", keep_down=True),
    )


ENTRY = GameEntry.from_words(
    key="doublets",
    factory=doublets,
    options=(Option("redeals", int, 2, None, "times the waste may be turned back into the stock", low=0),),
    search=Search.GENERIC,
    deal=DealRules({**same("reserve", 7, ONE), "foundation": ONE, "stock": (44, None)}),
)
