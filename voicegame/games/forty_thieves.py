"""Forty Thieves, as AisleRiot plays it.

Two decks. Ten piles of four cards, all face up; the other 64 cards are the stock,
turned one at a time onto the waste, with no redeal. Eight foundations build up in
suit from the ace. The piles build down in suit; cards move one at a time, and an
empty pile takes any card. As a short cut a run going down in suit moves at once
when there are enough empty piles to move it card by card: 2 to the power of the
empty piles (not counting the one it goes to). "Cards can also be moved in groups
to the Foundation piles": a run going down in suit goes home in one move, whatever
the empty piles, its top card first, so it lies there in reverse ("pile three to
foundation one", or name the run's lowest-placed card: "three of diamonds up").

Scoring (the manual's): five points per card on the foundations and sixty more for
every foundation finished ace to king; 1000 at most.

Decisions where AisleRiot's manual is silent or unclear:

- The eight foundations are "foundation one" to "foundation eight", each taking any
  suit's ace and then that suit; cards on them stay there (the manual never moves
  them back).
- Two decks: the manual does not say, but its eight foundations and 40 dealt cards need them.
- The waste's top card plays onto the piles or the foundations; nothing goes on the waste.
"""

from __future__ import annotations

from voicegame.engine import Accepts, DealSpec, DrawToWaste, GameDef, PileKind, PileSpec, State, Takes, free_space_run_limit
from voicegame.engine.auto import same_suit_ready
from voicegame.engine.game import foundation_cards
from voicegame.games.deal_rules import EMPTY, DealRules, same
from voicegame.games.parts import DOWN_IN_SUIT, STOCK, WASTE, numbered_foundation, runs_home, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

WORDS = game_words("forty_thieves")
"""How Forty Thieves and its piles are said (grammars/en/games/forty_thieves.toml)."""

PILES_AT = range(1, 11)


def pile(n: int) -> PileSpec:
    """Builds down in suit; an empty pile takes any card; runs in suit move as the free space allows."""
    return tableau_pile(n, Accepts(build=DOWN_IN_SUIT), Takes(runs=True, sequence=DOWN_IN_SUIT),
                        id_prefix="pile", noun="pile")


def run_limit(game: GameDef, state: State, dst: int) -> int:
    """Runs between piles: as the free space allows; a run to a foundation: any length (the manual's groups)."""
    if game.piles[dst].kind is PileKind.FOUNDATION:
        return 13
    return free_space_run_limit(game, state, dst)


def score(game: GameDef, state: State) -> int:
    finished = sum(1 for i in game.indices(PileKind.FOUNDATION) if len(state.piles[i].cards) == 13)
    return 5 * foundation_cards(game, state) + 60 * finished


def forty_thieves() -> GameDef:
    """Forty Thieves (no options)."""
    return GameDef(
        key="forty_thieves",
        title=WORDS.title,
        piles=(STOCK, WASTE, *(runs_home(numbered_foundation(n)) for n in range(1, 9)), *(pile(n) for n in PILES_AT)),
        layout_deal=tuple(DealSpec(f"pile{n}", up=4) for n in PILES_AT),
        decks=2,
        stock_rule=DrawToWaste(draw=1, redeals=0),
        score=score,
        max_score=1000,
        max_run=run_limit,
        safe_to_foundation=same_suit_ready,
        help_key="help_forty_thieves",
    )


ENTRY = GameEntry.from_words(
    key="forty_thieves",  # not "thieves": Thieves is a game of its own
    factory=forty_thieves,
    search=Search.IN_SUIT,
    hint_budget=HintBudget(nodes=330),
    deal=DealRules({**same("pile", 10, (4, 0)), "stock": (64, None), "waste": EMPTY,
                    **same("foundation", 8, (None, None))}, absent=("foundation9",)),
)
