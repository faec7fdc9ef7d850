"""Ten Across, as AisleRiot plays it.

Ten columns across the table hold fifty cards, and the last two cards lie face up in two
temporary spots above them. Column one and column ten are all face up; each column nearer
the middle has one more face-down card at the bottom (none, one, two, three, four, then the
same again from the other end). Build down in suit: a face-up card goes on the card one rank
above it in its suit, together with every card lying on it, in order or not (only the card
at its base must fit). Only a king, with whatever lies on it, goes to an empty column. A
temporary spot holds one card. Win with four columns each holding one suit, king down to ace.

Decisions where AisleRiot's manual is silent (see GAMES.md, "Ten Across"):

- The deal: the manual's passes (left to right, then right to left, each showing one more
  card at either end) leave column k (and column 11 - k) with k - 1 face-down cards under
  the face-up ones; the cards are dealt in the seeded order row by row left to right (the
  direction of a pass changes only which random card lands where, not what a deal can be).
- "Allow temporary spots use" is the option ``spots``: ``reuse`` (the default: an empty spot
  takes any one card again) or ``once`` (an emptied spot stays empty).
- A spot's card may go onto a column (by the building rule, or a king to an empty column);
  a spot takes only one card, never a group.
- Face-down cards turn up as soon as they are uncovered.
- "You win or lose. There is no scoring": the score is 1 for a won game and 0 otherwise.
- No moves left: no card can move anywhere useful (a king that already heads a column
  moving to another empty column does not count).
"""

from __future__ import annotations

from voicegame.engine import (
    EMPTY_ANY,
    EMPTY_NONE,
    TOP_CARD,
    Accepts,
    DealSpec,
    Empty,
    GameDef,
    PileKind,
    PileSpec,
    State,
    Takes,
)
from voicegame.engine.cards import Rank
from voicegame.games.deal_rules import ONE, DealRules, each
from voicegame.games.entry import GameEntry, Option
from voicegame.games.parts import DOWN_IN_SUIT, tableau_pile
from voicegame.games.scorpion import is_won as four_whole_suits
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("ten_across")
"""How Ten Across and its piles are said (grammars/en/games/ten_across.toml)."""

COLUMNS = range(1, 11)
SPOTS = (1, 2)


def face_down_at_deal(n: int) -> int:
    """Face-down cards at the bottom of column ``n``: none at either end, four in the middle."""
    return min(n, 11 - n) - 1


def column(n: int) -> PileSpec:
    """Any face-up card moves with everything on it (Yukon style): runs with no sequence rule."""
    return tableau_pile(n, Accepts(build=DOWN_IN_SUIT, empty=Empty(rank=Rank.KING)), Takes(runs=True, sequence=None),
                        auto_turn=True)


def spot(n: int, reuse: bool) -> PileSpec:
    """Temporary spot ``n``: one card out of play; once emptied it takes a card again only with ``reuse``."""
    return PileSpec(f"spot{n}", PileKind.CELL, WORDS.names("spot", n),
                    accepts=Accepts(build=None, empty=EMPTY_ANY if reuse else EMPTY_NONE, single=True), takes=TOP_CARD,
                    number=n, group="spots")


def won_or_not(game: GameDef, state: State) -> int:
    """There is no scoring: 1 for a won game, else 0."""
    return int(four_whole_suits(game, state))


def ten_across(spots: str = "reuse") -> GameDef:
    """Ten Across; ``spots``: "reuse" (an empty temporary spot takes a card again) or "once"."""
    return GameDef(
        key="ten_across",
        title=WORDS.title,
        piles=(*(spot(n, spots == "reuse") for n in SPOTS), *(column(n) for n in COLUMNS)),
        layout_deal=(*(DealSpec(f"column{n}", down=face_down_at_deal(n), up=5 - face_down_at_deal(n)) for n in COLUMNS),
                     *(DealSpec(f"spot{n}") for n in SPOTS)),
        deal_by_rows=False,
        score=won_or_not,
        max_score=1,
        announce_max_score=False,
        is_won=four_whole_suits,
        won_key="won_suits",
        help_key="help_ten_across" if spots == "reuse" else "help_ten_across_once",
        options={"spots": spots},
        group_names={"spots": WORDS.names("spots_group")},
    )


ENTRY = GameEntry.from_words(
    key="ten_across",
    factory=ten_across,
    options=(Option("spots", str, "reuse", ("reuse", "once"), "once: an emptied temporary spot stays empty"),),
    search=Search.GENERIC,
    deal=DealRules({**each("column", [(5, down) for down in (0, 1, 2, 3, 4, 4, 3, 2, 1, 0)]),
                    "spot1": ONE, "spot2": ONE}),
)
