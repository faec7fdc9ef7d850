"""Valentine, as AisleRiot plays it.

Four piles of one card face up; the other 48 cards are the stock, and the waste holds one card. A
card goes on the card one rank above it in its suit (ace low, king high, no wrap), with the cards
lying on it. Saying deal fills the empty piles from the stock; when none is empty, it turns one card
onto the empty waste, which may go on a pile the same way; once the waste card fits nowhere, deal
sends every pile's cards under the stock, puts the waste card on pile one and a stock card on each
other pile. Win with each pile holding one suit, king at the bottom up to the ace on top.

Decisions where AisleRiot's manual is silent or unclear (see GAMES.md, "Valentine"):

- The recycling click is on the stock (the manual says "the Foundation", which the game does not have).
- The cards sent under the stock go in pile order, each pile from its bottom card up, so they come
  back in that order after the rest of the stock.
- A card moves with the cards lying on it (they are its own suit going down); nothing goes on an
  empty pile by hand: only deal fills it.
- Deal turns a card onto the waste even while a move is left on the piles; it sends the piles under
  the stock only once the waste card fits nowhere ("at this point" in the manual).
- When the stock is empty at a recycle, the piles are still sent under it and dealt again.
- "There is no scoring in this game": the score is 1 for a won game and 0 otherwise.
- The manual gives the game no losing end, and neither does this one: deal can always do something
  (fill, turn or send the piles under the stock), so "no moves left" is never said; a deal that goes
  round for ever is abandoned by starting a new game. (The solver wins some deals in tens of
  thousands of steps, most of them deals, and gives up on others.)
"""

from __future__ import annotations

from voicegame.engine import EMPTY_NONE, Accepts, DealSpec, GameDef, PileKind, PileSpec, Recycle, State, Takes
from voicegame.games.deal_rules import EMPTY, ONE, DealRules, same
from voicegame.games.entry import GameEntry
from voicegame.games.parts import DOWN_IN_SUIT, STOCK, WASTE, tableau_pile
from voicegame.games.scorpion import is_full_suit
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("valentine")
"""How Valentine and its piles are said (grammars/en/games/valentine.toml)."""

PILE_COUNT = 4


def pile(n: int) -> PileSpec:
    """Pile ``n``: down in suit; filled only by the stock."""
    return tableau_pile(n, Accepts(build=DOWN_IN_SUIT, empty=EMPTY_NONE), Takes(runs=True, sequence=DOWN_IN_SUIT),
                        id_prefix="pile", noun="pile")


PILES = (STOCK, WASTE, *(pile(n) for n in range(1, PILE_COUNT + 1)))


def four_suits(game: GameDef, state: State) -> bool:
    return all(is_full_suit(state.piles[i].cards) for i in game.indices(PileKind.TABLEAU))


def won_or_not(game: GameDef, state: State) -> int:
    """There is no scoring: 1 for a won game, else 0."""
    return int(four_suits(game, state))


def valentine() -> GameDef:
    """Valentine (no options)."""
    return GameDef(
        key="valentine",
        title=WORDS.title,
        piles=PILES,
        layout_deal=tuple(DealSpec(f"pile{n}") for n in range(1, PILE_COUNT + 1)),
        stock_rule=Recycle("tableau"),
        score=won_or_not,
        max_score=1,
        announce_max_score=False,
        is_won=four_suits,
        won_key="won_suits",
        help_key="help_valentine",
    )


ENTRY = GameEntry.from_words(
    key="valentine",
    factory=valentine,
    search=Search.FIRST_LAW,  # moves before deals, as in First Law
    deal=DealRules({**same("pile", 4, ONE), "stock": (48, None), "waste": EMPTY}),
)
