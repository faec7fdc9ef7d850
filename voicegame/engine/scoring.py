"""Scores made of points per card home, per finished foundation and per ordered pair on the table. A value for ``GameDef.score``, off unless a game names one.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.game import GameDef
>>> from voicegame.engine.piles import Pile, PileKind
>>> from voicegame.engine.rules import PileSpec
>>> from voicegame.engine.sequence import Direction, Sequence, SuitRule
>>> piles = (PileSpec("home", PileKind.FOUNDATION, ("home",)), PileSpec("pile1", PileKind.TABLEAU, ("pile one",)))
>>> score = Points(card=5, finished=60, pair=2, pairs_by=Sequence(Direction.DOWN, SuitRule.ALTERNATE))
>>> game = GameDef(key="toy", title="Toy", piles=piles, layout_deal=(), score=score)
>>> score(game, State((Pile((Card.from_code("AH"),)), Pile(tuple(Card.from_code(c) for c in ("9S", "8H", "7C", "7D"))))))
9
"""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine.game import GameDef
from voicegame.engine.piles import Pile, PileKind
from voicegame.engine.sequence import Sequence
from voicegame.engine.state import State


@dataclass(frozen=True)
class Points:
    """``card`` points per foundation card, ``finished`` more per foundation of ``full`` cards, and
    ``pair`` per two face-up cards on a tableau pile lying in order by ``pairs_by`` (Gypsy: 5, 60, 2)."""

    card: int = 1
    finished: int = 0
    full: int = 13
    pair: int = 0
    pairs_by: Sequence | None = None

    def __call__(self, game: GameDef, state: State) -> int:
        total = 0
        for i in game.indices(PileKind.FOUNDATION):
            held = len(state.piles[i].cards)
            total += self.card * held + (self.finished if held >= self.full else 0)
        if self.pair and self.pairs_by is not None:
            for i in game.indices(PileKind.TABLEAU):
                total += self.pair * self.pairs_in(state.piles[i])
        return total

    def pairs_in(self, pile: Pile) -> int:
        rule = self.pairs_by
        assert rule is not None
        up = pile.face_up
        return sum(1 for a, b in zip(up, up[1:]) if rule.follows(a, b))
