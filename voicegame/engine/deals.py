"""Deal adjustments a game's layout cannot say, as ``GameDef.after_deal`` values.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.rules import PileSpec
>>> from voicegame.engine.piles import PileKind
>>> from voicegame.engine.game import DealSpec, GameDef
>>> from voicegame.engine.engine import Engine
>>> game = GameDef(key="toy", title="Toy", piles=(PileSpec("p1", PileKind.TABLEAU, ("pile one",), group="tableau"),),
...                layout_deal=(DealSpec("p1", up=4),))
>>> dealt = Engine(game).deal_cards([Card.from_code(c) for c in "5H KS 2C KD".split()])
>>> [c.code for c in RankToBottom(Rank.KING, "tableau")(game, dealt, 0).piles[0].cards]
['KS', 'KD', '5H', '2C']
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
class RankToBottom:
    """After the deal, every card of ``rank`` in a pile of ``group`` goes to the bottom of its pile,
    in the order it was dealt; the other cards keep their order above it (Bakers Dozen's kings).
    Face-down counts are kept."""

    rank: Rank
    group: str

    def __call__(self, game: "GameDef", state: State, seed: int) -> State:
        changes = {}
        for i in game.layout.groups.get(self.group, ()):
            pile = state.piles[i]
            sunk = tuple(c for c in pile.cards if c.rank == self.rank)
            if sunk:
                changes[i] = Pile(sunk + tuple(c for c in pile.cards if c.rank != self.rank), pile.down)
        return state.with_piles(changes)
