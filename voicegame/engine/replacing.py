"""Cards of one rank dealt to some piles sent to the bottom of the stock and replaced (Doublets'
kings), as a ``GameDef.after_deal`` value.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.rules import PileSpec
>>> from voicegame.engine.piles import PileKind
>>> from voicegame.engine.game import DealSpec, GameDef
>>> from voicegame.engine.engine import Engine
>>> game = GameDef(key="toy", title="Toy", piles=(PileSpec("stock", PileKind.STOCK, ("stock",)),
...                PileSpec("r1", PileKind.RESERVE, ("reserve one",), group="reserves"),
...                PileSpec("r2", PileKind.RESERVE, ("reserve two",), group="reserves")),
...                layout_deal=(DealSpec("r1"), DealSpec("r2")), deal_by_rows=False)
>>> dealt = Engine(game).deal_cards([Card.from_code(c) for c in "KS 5H KD 2C 9S".split()])
>>> after = RankToStockBottom(Rank.KING, "reserves")(game, dealt, 0)
>>> [p.cards[0].code for p in after.piles[1:]], [c.code for c in after.piles[0].cards]
(['2C', '5H'], ['KD', 'KS', '9S'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from voicegame.engine.cards import Rank
from voicegame.engine.piles import Pile
from voicegame.engine.state import State

if TYPE_CHECKING:
    from voicegame.engine.game import GameDef


@dataclass(frozen=True)
class RankToStockBottom:
    """After the deal, a card of ``rank`` on top of a pile of ``group`` (in the group's order) goes to
    the bottom of the stock and the stock's next card is dealt there face up instead, again until the
    pile shows another rank."""

    rank: Rank
    group: str

    def __call__(self, game: "GameDef", state: State, seed: int) -> State:
        layout = game.layout
        stock = state.piles[layout.stock]
        for i in layout.groups.get(self.group, ()):
            pile = state.piles[i]
            while pile.cards and pile.cards[-1].rank == self.rank and any(c.rank != self.rank for c in stock.cards):
                sent = pile.cards[-1]
                stock = Pile((sent, *stock.cards), stock.down + 1 if stock.down == len(stock.cards) else stock.down)
                pile = Pile((*pile.cards[:-1], stock.cards[-1]), pile.down)
                stock = stock.without_top(1)
            state = state.with_piles({i: pile})
        return state.with_piles({layout.stock: stock})
