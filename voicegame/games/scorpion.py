"""Scorpion, as AisleRiot plays it.

Seven columns of seven cards: in columns one to four the lowest three are face
down, the rest face up; columns five to seven are all face up. The last three
cards are the stock. Build down in suit. Any face-up card moves together with
everything on it, in order or not (the Yukon rule), as long as that card fits
where it goes. An empty column takes only a king (with whatever lies on it).
Saying deal puts the three stock cards one each on columns one, two and three.
Win by building four columns of one suit each, king down to ace.

Decisions where AisleRiot's manual is silent (see GAMES.md, "Ambiguities"):

- The deal sentence's "first four rows" and "last three rows" mean columns: the
  three face-down cards sit at the bottom of columns one to four.
- The stock may be dealt at any time, even onto an empty column (AisleRiot's rule).
- There are no foundations: finished runs stay in their columns, and the game is
  won when four columns each hold one suit from king down to ace (and so the
  other three are empty).
- Score (out of 100): one point for every face-up card lying on the next rank up of
  its own suit; four more for every column holding exactly one whole suit, king to
  ace; three for every face-down card turned up.
- No moves left: the stock is dealt and no card can move anywhere useful (the
  engine's ``is_stuck``; a king that already heads a column moving to another
  empty column does not count).
"""

from __future__ import annotations

from voicegame.engine.cards import Card, Rank
from voicegame.engine import (
    Accepts,
    DealOnePerPile,
    DealSpec,
    Empty,
    GameDef,
    PileKind,
    PileSpec,
    State,
    Takes,
)
from voicegame.games.deal_rules import DealRules, each
from voicegame.games.parts import DOWN_IN_SUIT, STOCK, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("scorpion")
"""How Scorpion and its piles are said (grammars/en/games/scorpion.toml)."""

COLUMNS = range(1, 8)
FACE_DOWN_AT_DEAL = 12


def column(n: int) -> PileSpec:
    """Any face-up card moves with everything on it (Yukon style): runs with no sequence rule."""
    return tableau_pile(n, Accepts(build=DOWN_IN_SUIT, empty=Empty(rank=Rank.KING)), Takes(runs=True, sequence=None),
                        auto_turn=True)


PILES = (STOCK, *(column(n) for n in COLUMNS))


def is_full_suit(pile_cards: tuple[Card, ...]) -> bool:
    """King down to ace in one suit, nothing else."""
    return len(pile_cards) == 13 and pile_cards[0].rank == Rank.KING and DOWN_IN_SUIT.is_run(pile_cards)


def score(game: GameDef, state: State) -> int:
    points = 0
    for i in game.indices(PileKind.TABLEAU):
        pile = state.piles[i]
        up = pile.face_up
        points += sum(1 for under, over in zip(up, up[1:]) if DOWN_IN_SUIT.follows(under, over))
        points += 4 if pile.down == 0 and is_full_suit(pile.cards) else 0
        points -= 3 * pile.down
    return points + 3 * FACE_DOWN_AT_DEAL


def is_won(game: GameDef, state: State) -> bool:
    return sum(1 for i in game.indices(PileKind.TABLEAU) if state.piles[i].down == 0 and is_full_suit(state.piles[i].cards)) == 4


def scorpion() -> GameDef:
    """Scorpion (no options)."""
    return GameDef(
        key="scorpion",
        title=WORDS.title,
        piles=PILES,
        layout_deal=tuple(DealSpec(f"column{n}", down=3, up=4) if n <= 4 else DealSpec(f"column{n}", up=7) for n in COLUMNS),
        stock_rule=DealOnePerPile(group="tableau"),  # three cards: they land on columns one to three
        score=score,
        max_score=100,
        is_won=is_won,
        won_key="won_suits",
        help_key="help_scorpion",
    )


ENTRY = GameEntry.from_words(
    key="scorpion",
    factory=scorpion,
    search=Search.GENERIC,
    deal=DealRules({**each("column", [(7, 3 if n <= 4 else 0) for n in range(1, 8)]), "stock": (3, None)}),
)
