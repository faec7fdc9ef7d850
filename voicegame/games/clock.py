"""Clock, as AisleRiot plays it.

Forty-eight cards face down in twelve piles of four around a clock face, the last four in
the centre with the top one turned up. The centre's face-up card goes to its hour: ace at
one o'clock, two to ten at their hours, jack at eleven, queen at twelve; kings stay in the
centre. Each time a card is played, the bottom card of the pile it went to (for a king,
of the centre itself) comes face up onto the centre, to be played next. The game is over
when the fourth king comes up; it is won when every hour holds its four cards. There are
no decisions: say the card ("seven of spades up") for each card, or "auto" to have the
game played out at once, or "auto on" to have every card played as it turns up.

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Clock"):

- By voice the clock is two piles an hour: the hour's face-up cards ("hour seven", "seven
  pile"; a foundation taking only its rank) and the face-down cards still under it ("under
  hour seven"), so nothing face down is ever read out. Kings go to a pile of their own in
  the centre ("the kings").
- Score: one point per card, kings not counted, of the right rank at its hour, face up or
  still face down under it ("it is okay even if faced down"), out of 48.
- Won as soon as all 48 are at their hours (the kings still to come change nothing); lost
  when the fourth king comes up first ("No moves left").
"""

from __future__ import annotations

from voicegame.engine.auto import always_safe
from voicegame.engine import (
    TOP_CARD,
    Accepts,
    DealSpec,
    Direction,
    Empty,
    FeedBack,
    GameDef,
    PileKind,
    PileSpec,
    Sequence,
    State,
    SuitRule,
)
from voicegame.engine.cards import Rank
from voicegame.games.deal_rules import EMPTY, DealRules, same
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("clock")
"""How Clock and its piles are said (grammars/en/games/clock.toml)."""

HOURS = range(1, 13)
SAME_RANK = Sequence(Direction.UP, SuitRule.ANY, step=0)
FROM_CENTRE = frozenset({PileKind.RESERVE})


def hour(n: int) -> PileSpec:
    rank = Rank(n).spoken
    return PileSpec(f"hour{n}", PileKind.FOUNDATION, WORDS.names("hour", n, rank=rank),
                    accepts=Accepts(build=SAME_RANK, empty=Empty(rank=Rank(n)), single=True, sources=FROM_CENTRE),
                    number=n, group="hours")


def under(n: int) -> PileSpec:
    return PileSpec(f"under{n}", PileKind.RESERVE, WORDS.names("under", n), number=n, group="under")


CENTRE = PileSpec("centre", PileKind.RESERVE, WORDS.names("centre"), takes=TOP_CARD)
KINGS = PileSpec("kings", PileKind.FOUNDATION, WORDS.names("kings"),
                 accepts=Accepts(build=SAME_RANK, empty=Empty(rank=Rank.KING), single=True, sources=FROM_CENTRE))
PILES = (CENTRE, KINGS, *(hour(n) for n in HOURS), *(under(n) for n in HOURS))
FEED = FeedBack("centre", {**{f"hour{n}": f"under{n}" for n in HOURS}, "kings": "centre"})


def in_place(game: GameDef, state: State) -> int:
    """Cards of the right rank at their hour, face up on it or still face down under it."""
    index = game.layout.index
    return sum(len(state.piles[index[f"hour{n}"]].cards) + sum(1 for c in state.piles[index[f"under{n}"]].cards if c.rank == n)
               for n in HOURS)


def all_in_place(game: GameDef, state: State) -> bool:
    return in_place(game, state) == 48


def clock() -> GameDef:
    """Clock (no options)."""
    return GameDef(
        key="clock",
        title=WORDS.title,
        piles=PILES,
        layout_deal=(*(DealSpec(f"under{n}", down=4, up=0) for n in HOURS), DealSpec("centre", down=3, up=1)),
        deal_by_rows=False,
        rest_to="centre",
        score=in_place,
        max_score=48,
        is_won=all_in_place,
        won_key="won_clock",
        help_key="help_clock",
        group_names={"under": WORDS.names("under_group")},
        settle=FEED,
        # The only move there is, so "auto" may play it: Clock has no decisions.
        safe_to_foundation=always_safe,
    )


ENTRY = GameEntry.from_words(
    key="clock",
    factory=clock,
    search=Search.FIRST_HOME,  # one move at a time: nothing to choose
    deal=DealRules({**same("under", 12, (4, 4)), **same("hour", 12, EMPTY), "centre": (4, 3)}),
)
