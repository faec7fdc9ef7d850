"""King's Audience, as AisleRiot plays it.

Sixteen cards are dealt face up in the antechamber, the outer rectangle; the other 36 are the
stock, turned one card at a time onto the waste, with no redeal. An antechamber card or the
waste's top card is available. A king and queen of one suit, both available, go together to an
empty throne; an ace and jack of one suit go together to an empty foundation, the jack on top, and
that foundation then builds down in suit from the jack. A gap in the antechamber is filled at once
from the waste, or from the stock when the waste is empty. Every card on a throne or a foundation
wins.

By voice a pair is named like any pair: "pair king and queen of hearts", "match ace of spades with
jack of spades".

Decisions where AisleRiot's manual is unclear (see GAMES.md, "King's Audience"):

- The antechamber spots are said "reserve one" to "reserve sixteen", clockwise from the top left.
- A pair goes to the first empty throne or foundation, in order; on a throne the king lies on
  the queen.
- A foundation builds down to the two (its ace is underneath); thrones take nothing more.
- Cards on thrones and foundations stay there.
- Score: one point per card in the audience chamber (thrones and foundations), out of 52.
- No moves left: the stock is used up and no pair or card can go in.
"""

from __future__ import annotations

from voicegame.engine.auto import always_safe
from voicegame.engine import (
    EMPTY_NONE,
    TOP_CARD,
    Accepts,
    DealSpec,
    Direction,
    DrawToWaste,
    GameDef,
    PairRule,
    PileKind,
    PileSpec,
    Refill,
    Sequence,
    SuitRule,
)
from voicegame.engine.cards import Rank
from voicegame.engine.pair_homes import PairsHome
from voicegame.games.deal_rules import ONE, DealRules, same
from voicegame.games.entry import GameEntry
from voicegame.games.parts import STOCK, WASTE, numbered_foundation
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("kings_audience")
"""How King's Audience and its piles are said (grammars/en/games/kings_audience.toml)."""

SLOTS = range(1, 5)
ANTECHAMBER = range(1, 17)
HOMES = PairsHome(((Rank.QUEEN, Rank.KING, "thrones"), (Rank.ACE, Rank.JACK, "foundations")))


def reserve(n: int) -> PileSpec:
    return PileSpec(f"reserve{n}", PileKind.RESERVE, WORDS.names("reserve", n), takes=TOP_CARD, number=n, group="antechamber")


def throne(n: int) -> PileSpec:
    return PileSpec(f"throne{n}", PileKind.FOUNDATION, WORDS.names("throne", n), number=n, group="thrones")


FOUNDATION = Accepts(build=Sequence(Direction.DOWN, SuitRule.SAME), empty=EMPTY_NONE, single=True)
"""What each foundation accepts (all alike)."""


def kings_audience() -> GameDef:
    """King's Audience (no options)."""
    return GameDef(
        key="kings_audience",
        title=WORDS.title,
        piles=(STOCK, WASTE, *(throne(n) for n in SLOTS), *(numbered_foundation(n, FOUNDATION) for n in SLOTS), *(reserve(n) for n in ANTECHAMBER)),
        layout_deal=tuple(DealSpec(f"reserve{n}") for n in ANTECHAMBER),
        deal_by_rows=False,
        stock_rule=DrawToWaste(draw=1, redeals=0),
        pairs=PairRule(discard="throne1", together=HOMES.together, send=HOMES.send),
        refill=Refill(group="antechamber", source="waste", keep_down=True, fallback="stock"),
        # Every card that can go to a foundation is safe to send ("auto"): each suit has one foundation, and
        # nothing is built anywhere else.
        safe_to_foundation=always_safe,
        help_key="help_kings_audience",
        group_names={"antechamber": WORDS.names("antechamber_group"), "thrones": WORDS.names("thrones_group"), "foundations": WORDS.names("foundations_group")},
    )


ENTRY = GameEntry.from_words(
    key="kings_audience",
    factory=kings_audience,
    search=Search.AUDIENCE,
    deal=DealRules({**same("reserve", 16, ONE), "stock": (36, None)}),
)
