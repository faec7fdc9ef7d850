"""First Law, as AisleRiot plays it.

All 52 cards start in the stock. Saying deal puts one card face up on each of four piles. When the
top cards of two or more piles share a rank, you may move the others onto the leftmost of them, one
card at a time. Four cards of one rank showing together leave play. When the stock is empty, deal
gathers the piles, the right one onto the one left of it, and turns them over as the stock again, so
the first card dealt stays the first card dealt; redeals are unlimited. Remove every card to win.

Decisions where AisleRiot's manual is silent or unclear (see GAMES.md, "First Law"):

- Moving like cards onto the leftmost is the player's choice, never forced: the manual's "use the
  brakes" means choosing when not to move.
- Only the card on top of a pile moves, onto the top card of the leftmost pile showing its rank; the
  leftmost card itself never moves, and nothing goes on an empty pile (only a deal fills it).
- "All four cards showing are the same rank": the four piles' top cards share a rank, or the four
  cards of a rank lie together on top of one pile (as moving like cards onto the leftmost gathers
  them). Either way they leave play at once.
- Won when every card is removed (the original help's goal). Score: one point per set of four
  removed, out of 13.
- The manual gives no end to a game going round for ever: "no moves left" is said when no move is
  possible and dealing round through the whole stock comes back to the same position without one.
"""

from __future__ import annotations

from voicegame.engine import (
    EMPTY_NONE,
    TOP_CARD,
    Accepts,
    DealOnePerPile,
    Direction,
    EachStock,
    GameDef,
    GatherInOrder,
    Leftmost,
    PileKind,
    PileSpec,
    RemoveSets,
    Sequence,
    State,
    SuitRule,
)
from voicegame.games.deal_rules import EMPTY, DealRules, same
from voicegame.games.entry import GameEntry
from voicegame.games.parts import DISCARD, STOCK, all_discarded, discarded
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("first_law")
"""How First Law and its piles are said (grammars/en/games/first_law.toml)."""

PILE_COUNT = 4
ANY_CARD = Sequence(Direction.ANY_RANK, SuitRule.ANY)


def _pile(n: int) -> PileSpec:
    """Pile ``n``: a like card goes on it only when it is the leftmost showing that rank."""
    return PileSpec(f"pile{n}", PileKind.TABLEAU, WORDS.names("pile", n),
                    accepts=Accepts(build=ANY_CARD, empty=EMPTY_NONE, single=True, extra=Leftmost("tableau", same_rank=True)),
                    takes=TOP_CARD, number=n, group="tableau")


PILES = (STOCK, DISCARD, *(_pile(n) for n in range(1, PILE_COUNT + 1)))


def sets_removed(game: GameDef, state: State) -> int:
    """One point per set of four removed."""
    return discarded(game, state) // 4


def first_law() -> GameDef:
    """First Law (no options)."""
    return GameDef(
        key="first_law",
        title=WORDS.title,
        piles=PILES,
        layout_deal=(),
        stock_rule=EachStock((DealOnePerPile(group="tableau"), GatherInOrder("tableau"))),
        score=sets_removed,
        max_score=13,
        is_won=all_discarded,
        won_key="won_cleared",
        help_key="help_first_law",
        group_names={"tableau": WORDS.names("tableau_group")},
        settle=RemoveSets("tableau", "discard"),
    )


ENTRY = GameEntry.from_words(
    key="first_law",
    factory=first_law,
    search=Search.FIRST_LAW,
    deal=DealRules({"stock": (52, None), **same("pile", 4, EMPTY)}),
)
