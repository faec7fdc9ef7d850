"""Maze, as AisleRiot plays it.

Fifty-four spaces in six rows of nine, read as one line: the end of a row runs on to the start of
the next. The 48 cards without the kings are dealt face up, leaving the ninth space of every row
empty. A card may move into an empty space whose left neighbour is the card one rank lower in its
suit, or whose right neighbour is the card one rank higher in its suit. An ace may go to the right
of any queen or into the top left space; a queen may go to the left of any ace or into the bottom
right space. Cards move one at a time, and only into spaces. The goal: ace to queen of one suit,
then ace to queen of another, and so on four times, with an ace in the top left space.

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Maze"):

- The deck is the 48 cards without the kings (as the manual's heading says): the kings are put
  aside first, on a pile of removed kings that plays no part, and the 48 are dealt into spaces
  one to eight of each row, so six spaces are empty.
- The line does not wrap from the bottom right space to the top left one; those two spaces take
  an ace and a queen instead.
- The gaps may end anywhere: the cards are read along the line with the gaps skipped.
- Score: a card scores one point when it follows the card before it on the line, gaps skipped
  (one rank higher in the same suit, or an ace after a queen), and an ace that is the line's first
  card scores too; out of 48. The game is won at 48 points with a card in the top left space.
"""

from __future__ import annotations

from voicegame.engine import EMPTY_ANY, TOP_CARD, Accepts, DealSpec, GameDef, PileKind, PileSpec, State
from voicegame.engine.cards import Card, Rank, Suit, seeded_deck
from voicegame.engine.lines import InLine
from voicegame.games.deal_rules import EMPTY, ONE, DealRules, grid
from voicegame.games.entry import GameEntry
from voicegame.games.parts import spot_id, spot_names
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

WORDS = game_words("maze")
"""How Maze and its piles are said (grammars/en/games/maze.toml)."""

ROWS, COLUMNS = range(1, 7), range(1, 10)
CELLS = tuple(spot_id(r, c) for r in ROWS for c in COLUMNS)
LINE = InLine(CELLS, Rank.ACE, Rank.QUEEN)
KINGS = tuple(Card(Rank.KING, suit) for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES))
REMOVED = PileSpec("kings", PileKind.DISCARD, WORDS.names("kings"))


def _space(row: int, column: int) -> PileSpec:
    return PileSpec(spot_id(row, column), PileKind.TABLEAU, spot_names(row, column),
                    accepts=Accepts(build=None, empty=EMPTY_ANY, single=True, extra=LINE), takes=TOP_CARD,
                    number=(row - 1) * 9 + column, group=f"row{row}")


def kings_aside(seed: int) -> list[Card]:
    """The four kings first (onto the removed kings), then the other 48 in seeded order."""
    return [*KINGS, *(card for card in seeded_deck(seed) if card.rank != Rank.KING)]


def in_order(game: GameDef, state: State) -> int:
    """One point for each card that follows the card before it on the line (gaps skipped), and for
    an ace first on the line."""
    cards = [card for cell in CELLS if (card := game.layout.pile(state, cell).top) is not None]
    first = 1 if cards and cards[0].rank == Rank.ACE else 0
    return first + sum(1 for before, after in zip(cards, cards[1:]) if LINE.follows(before, after))


def sorted_from_top_left(game: GameDef, state: State) -> bool:
    return in_order(game, state) == 48 and bool(game.layout.pile(state, CELLS[0]).cards)


def maze() -> GameDef:
    """Maze (no options)."""
    return GameDef(
        key="maze",
        title=WORDS.title,
        piles=(REMOVED, *(_space(r, c) for r in ROWS for c in COLUMNS)),
        layout_deal=(DealSpec("kings", up=4), *(DealSpec(spot_id(r, c)) for r in ROWS for c in COLUMNS if c != 9)),
        deal_by_rows=False,
        shuffle=kings_aside,
        score=in_order,
        max_score=48,
        is_won=sorted_from_top_left,
        help_key="help_maze",
        group_names={f"row{r}": WORDS.names("row", r) for r in ROWS},
    )


ENTRY = GameEntry.from_words(
    key="maze",
    factory=maze,
    search=Search.LINE,
    hint_budget=HintBudget(nodes=40, line_nodes=1500),
    deal=DealRules({"kings": (4, None), **grid(6, 8, ONE), **{f"r{r}c9": EMPTY for r in range(1, 7)}},
                   ranks={"kings": "K"}),
)
