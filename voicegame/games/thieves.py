"""Thieves, as AisleRiot plays it: Golf with a joker deck.

Fifty-four cards, the 52 and two jokers (the red joker and the black joker). Seven columns of five
cards, all face up; the other nineteen are the stock. A card may be dealt from the stock to the waste
at any time, and the stock never comes round again. The top card of any column may go onto the
waste if it is one rank above or below the waste's top card, whatever its suit. Jokers are wild
both ways: any card may go on a joker, and a joker may go on any card.

Decisions where AisleRiot's manual is silent (see GAMES.md, "Ambiguities"):

- The waste starts empty (the original help), so the first move is always a draw; an empty
  waste takes no card from the columns ("The waste is empty: say draw to turn a card onto it
  first."). Why: AisleRiot deals the card after the columns' 35 straight onto the waste, so its
  waste is never empty and no column card is ever played onto nothing; the first draw here turns
  that same card, reaching the same positions. Letting a column card start the waste would give
  a free choice AisleRiot never gives (and it would score, while a dealt card does not).
- No wrap-around (the manual is silent, as for Golf): only a two or a joker goes on an ace, and
  only a queen or a joker on a king. Unlike Golf's original help, Thieves' manual does not close
  the king: "built up or down" lets a queen go on it.
- Only the columns feed the waste; nothing is ever taken back from it.
- Scoring, per card played from a column to the waste (a card the stock turns scores nothing):
  ace 8, two and three 6, four and five 4, six to eight 2, nine and ten 4, jack 6, queen 6,
  king 8, jokers 0. The manual's table has no jack: it is symmetric about the seven (ace and king
  8, two and queen 6, four and ten 4), so the jack scores as the three, 6. The maximum is what
  the 35 highest-scoring cards would make, 204; it is not announced (a deal rarely allows it).
- Won when the seven columns are empty ("move all cards to the waste": what is left in the stock
  could always be turned onto the waste, so it does not matter).
- No moves left: the stock is empty and no column's top card fits the waste.
"""

from __future__ import annotations

from voicegame.engine import Direction, DrawToWaste, GameDef, SuitRule
from voicegame.engine.jokers import RankPoints, Wild
from voicegame.games.deal_rules import EMPTY, DealRules, same
from voicegame.games.entry import GameEntry
from voicegame.games.golf import COLUMNS, LAYOUT_DEAL, column, is_won, waste
from voicegame.games.parts import STOCK
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("thieves")
"""How Thieves and its piles are said (grammars/en/games/thieves.toml)."""

UP_OR_DOWN_JOKERS_WILD = Wild(Direction.EITHER, SuitRule.ANY)
POINTS = RankPoints((8, 6, 6, 4, 4, 2, 2, 2, 4, 4, 6, 6, 8, 0))
"""Ace to king, then the joker (the jack's 6 is this module's decision)."""
MAX_SCORE = 4 * 8 + 4 * 8 + 16 * 6 + 11 * 4
"""The 35 highest-scoring cards: eight aces and kings, sixteen twos, threes, jacks and queens, and
eleven of the fours, fives, nines and tens."""
WASTE = waste(UP_OR_DOWN_JOKERS_WILD)
PILES = (STOCK, WASTE, *(column(n) for n in COLUMNS))


def thieves() -> GameDef:
    """Thieves (no options)."""
    return GameDef(
        key="thieves",
        title=WORDS.title,
        piles=PILES,
        layout_deal=LAYOUT_DEAL,
        stock_rule=DrawToWaste(draw=1, redeals=0),
        jokers=2,
        score=POINTS.score,
        settle=POINTS.settle,
        max_score=MAX_SCORE,
        announce_max_score=False,
        is_won=is_won,
        won_key="won_thieves",
        help_key="help_thieves",
    )


ENTRY = GameEntry.from_words(
    key="thieves",
    factory=thieves,
    search=Search.THIEVES,  # Golf with jokers: Golf's key, jokers played last
    deal=DealRules({**same("column", 7, (5, 0)), "stock": (19, None), "waste": EMPTY}),
)
