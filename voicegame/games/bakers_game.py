"""Bakers Game, as AisleRiot plays it: FreeCell built down in suit, kings alone in empty columns.

All 52 cards face up on eight columns (7, 7, 7, 7, 6, 6, 6, 6), four reserves (free cells)
that hold one card each, four foundations built up by suit from the ace. Columns build
down in suit; an empty column takes only a king or a run starting with a king. A run may
move as one command when it has at most one card more than there are free reserves.

Eight Off and Seahaven are this game with other cells and columns; they share
:func:`suit_cells_game`.

Decisions where AisleRiot's manual is silent (see GAMES.md, "Ambiguities"):

- Run moves count free cells only, as the manual says: (free cells + 1) cards. Empty
  columns do not add to it: they take only kings, so no card could rest there on the way.
- Cards on the foundations stay there: the manual says playing them back is never useful,
  and Freecell Solver's answers assume it.
- Deals are voicegame's seeded shuffle (not Microsoft's FreeCell numbers), dealt in rows
  left to right.
- Score: one point per card on the foundations, out of 52. Won when all 52 are home.
- No moves left: no card can move (the engine's ``is_stuck``).
"""

from __future__ import annotations

from voicegame.engine.auto import always_safe
from voicegame.engine import Accepts, DealSpec, Empty, GameDef, PileKind, PileSpec, State, Takes, free_cells_run_limit
from voicegame.engine.cards import Rank, Suit
from voicegame.games.deal_rules import EMPTY, EMPTY_SUITS, FACE_UP, DealRules, each, same
from voicegame.games.freecell import cell
from voicegame.games.parts import DOWN_IN_SUIT, runs_home, suit_foundation, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

KINGS_ONLY = Empty(rank=Rank.KING)


def suit_column(n: int) -> PileSpec:
    """Column ``n``: builds down in suit, a king (or a king's run) on an empty column."""
    return tableau_pile(n, Accepts(build=DOWN_IN_SUIT, empty=KINGS_ONLY), Takes(runs=True, sequence=DOWN_IN_SUIT), group="columns")


def runs_home_or_cells(game: GameDef, state: State, dst: int) -> int:
    """A run in suit goes to its foundation whatever its length; between columns, the free cells' limit."""
    if game.piles[dst].kind is PileKind.FOUNDATION:
        return 13
    return free_cells_run_limit(game, state, dst)


def suit_cells_game(key: str, cells: int, heights: tuple[int, ...], in_cells: tuple[int, ...],
                    help_key: str, groups_home: bool = False) -> GameDef:
    """A free-cell game built down in suit with kings-only empty columns: ``cells`` reserves,
    columns of ``heights`` cards, and one card dealt to each reserve in ``in_cells`` (numbers from 1).
    ``groups_home``: a run in suit goes to its foundation in one move, top card first (Seahaven)."""
    home = runs_home if groups_home else (lambda spec: spec)
    piles = (*(cell(n) for n in range(1, cells + 1)), *(home(suit_foundation(s, playback=False)) for s in Suit),
             *(suit_column(n) for n in range(1, len(heights) + 1)))
    deal = (*(DealSpec(f"column{n}", up=h) for n, h in enumerate(heights, start=1)), *(DealSpec(f"cell{n}") for n in in_cells))
    return GameDef(
        key=key,
        title=game_words(key).title,
        piles=piles,
        layout_deal=deal,
        max_run=runs_home_or_cells if groups_home else free_cells_run_limit,
        # Auto-play's rule for games built down in suit whose foundations never give a card back: every card
        # that may go up is safe (the only card that could sit on it, one rank lower in its suit, is home
        # already).
        safe_to_foundation=always_safe,
        help_key=help_key,
    )


def bakers_game() -> GameDef:
    """Bakers Game (no options)."""
    return suit_cells_game("bakers_game", 4, (7, 7, 7, 7, 6, 6, 6, 6), (), "help_bakers_game")


ENTRY = GameEntry.from_words(
    key="bakers_game",
    factory=bakers_game,
    search=Search.SUIT_CELLS,
    hint_budget=HintBudget(nodes=810),
    deal=DealRules({**each("column", [(7, None)] * 4 + [(6, None)] * 4), **same("cell", 4, EMPTY), **EMPTY_SUITS},
                   every=FACE_UP),
)
