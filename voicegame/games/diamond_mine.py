"""Diamond Mine, as AisleRiot plays it.

Thirteen piles of four cards, three face down under one face up; there is no stock. The one
foundation takes only diamonds: any diamond starts it, then it builds up in sequence, the ace
following the king. On the piles, a card other than a diamond goes on the next rank up, in any
suit, and a build of such cards moves as a unit. An empty pile takes any card or build but a
diamond. A diamond moves only to the foundation. Win with every diamond on the foundation and
each other suit in one pile, king down to ace, in the tableau.

Decisions where AisleRiot's manual is silent (see GAMES.md, "Diamond Mine"):

- The foundation wraps from king to ace: it "can start from any number", and all thirteen
  diamonds must fit on it.
- Nothing goes on a diamond in the tableau: diamonds "cannot be moved except" to the
  foundation and are never part of a build.
- A build is a run down in rank, in any suit, from the top of a pile; it moves as a unit of any
  length (no free cells limit it).
- The foundation's cards stay there.
- A face-down card turns up as soon as it is uncovered.
- Score (out of 100, the manual's): each diamond on the foundation scores its face value (ace 1
  to king 13), and each face-up run of thirteen cards of one suit, king down to ace, scores 3.
- No moves left: no card can move anywhere useful (a build that is a whole pile moving to
  another empty pile does not count).
"""

from __future__ import annotations

from voicegame.engine import (
    EMPTY_ANY,
    Accepts,
    DealSpec,
    Direction,
    ExceptSuit,
    GameDef,
    PileKind,
    PileSpec,
    Sequence,
    State,
    SuitRule,
    Takes,
)
from voicegame.engine.cards import Card, Rank, Suit
from voicegame.engine.pairs import card_value
from voicegame.games.deal_rules import EMPTY, DealRules, same
from voicegame.games.entry import GameEntry
from voicegame.games.parts import DOWN_ANY_SUIT, DOWN_IN_SUIT, tableau_pile
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("diamond_mine")
"""How Diamond Mine and its piles are said (grammars/en/games/diamond_mine.toml)."""

PILE_COUNT = 13
UP_ROUND_THE_CORNER = Sequence(Direction.UP, SuitRule.SAME, wrap=True)

FOUNDATION = PileSpec(
    "foundation",
    PileKind.FOUNDATION,
    WORDS.names("foundation"),
    accepts=Accepts(build=UP_ROUND_THE_CORNER, empty=EMPTY_ANY, suit=Suit.DIAMONDS, single=True),
    suit=Suit.DIAMONDS,
    group="foundations",
)


def pile(n: int) -> PileSpec:
    """Pile ``n``: builds down in any suit, diamonds kept out; a build moves as a unit."""
    return tableau_pile(n, Accepts(build=DOWN_ANY_SUIT, empty=EMPTY_ANY, extra=ExceptSuit(Suit.DIAMONDS)),
                        Takes(runs=True, sequence=DOWN_ANY_SUIT), id_prefix="pile", noun="pile", auto_turn=True)


PILES = (FOUNDATION, *(pile(n) for n in range(1, PILE_COUNT + 1)))


def whole_suits(cards: tuple[Card, ...]) -> int:
    """Runs of thirteen cards of one suit, king down to ace, in ``cards`` (face-up cards of a pile)."""
    return sum(1 for k in range(len(cards) - 12)
               if cards[k].rank == Rank.KING and DOWN_IN_SUIT.is_run(cards[k : k + 13]))


def runs_in_tableau(game: GameDef, state: State) -> int:
    return sum(whole_suits(state.piles[i].face_up) for i in game.indices(PileKind.TABLEAU))


def score(game: GameDef, state: State) -> int:
    """Face value of every diamond on the foundation, and 3 for every whole suit in the tableau."""
    home = game.layout.pile(state, "foundation").cards
    return sum(card_value(c) for c in home) + 3 * runs_in_tableau(game, state)


def is_won(game: GameDef, state: State) -> bool:
    return len(game.layout.pile(state, "foundation").cards) == 13 and runs_in_tableau(game, state) == 3


def diamond_mine() -> GameDef:
    """Diamond Mine (no options)."""
    return GameDef(
        key="diamond_mine",
        title=WORDS.title,
        piles=PILES,
        layout_deal=tuple(DealSpec(f"pile{n}", down=3, up=1) for n in range(1, PILE_COUNT + 1)),
        score=score,
        max_score=100,
        is_won=is_won,
        won_key="won_diamond_mine",
        help_key="help_diamond_mine",
    )


ENTRY = GameEntry.from_words(
    key="diamond_mine",
    factory=diamond_mine,
    search=Search.DIAMOND_MINE,
    deal=DealRules({**same("pile", 13, (4, 3)), "foundation": EMPTY}),
)
