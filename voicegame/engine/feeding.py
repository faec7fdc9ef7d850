"""A pile fed from the bottom of the pile a card was just played to (Clock), as data.

:class:`FeedBack` is a ``settle`` hook of a :class:`~voicegame.engine.game.GameDef`: after a card
is played onto one of the piles it names, the bottom card of that pile's feeder, if it is face
down, comes face up onto the top of ``target``.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.moves import Move
>>> from voicegame.engine.piles import PileKind
>>> from voicegame.engine.rules import Layout, PileSpec
>>> class Game:
...     layout = Layout.of((PileSpec("centre", PileKind.RESERVE, ("centre",)), PileSpec("seven", PileKind.FOUNDATION, ("seven",)),
...                         PileSpec("under7", PileKind.RESERVE, ("under seven",))))
>>> after = State((Pile(), Pile((Card.from_code("7H"),)), Pile((Card.from_code("2S"), Card.from_code("9C")), down=2)))
>>> fed = FeedBack("centre", {"seven": "under7"})(Game(), after, Move.cards(0, 1), after, [])
>>> fed.piles[0].cards, fed.piles[0].face_up, fed.piles[2].cards
((Card.from_code('2S'),), (Card.from_code('2S'),), (Card.from_code('9C'),))
"""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine.moves import Event, Move, MoveKind, Moved
from voicegame.engine.piles import Pile
from voicegame.engine.reason import Reason
from voicegame.engine.rules import HasLayout
from voicegame.engine.state import State


@dataclass(frozen=True)
class FeedBack:
    """After a card is played onto pile ``p`` of ``feeders`` (pile id -> feeder pile id), the
    feeder's bottom card, when face down, is taken and laid face up on top of ``target``. A
    feeder may be ``target`` itself (Clock's kings: the centre's own bottom card comes up)."""

    target: str
    feeders: dict[str, str]

    def __call__(self, game: HasLayout, before: State, move: Move, after: State, events: list[Event]) -> State:
        if move.kind is not MoveKind.MOVE:
            return after
        layout = game.layout
        feeder_id = self.feeders.get(layout.specs[move.dst].id)
        if feeder_id is None:
            return after
        feeder, target = layout.index[feeder_id], layout.index[self.target]
        pile = after.piles[feeder]
        if not pile.cards or pile.down == 0:
            return after
        card = pile.cards[0]
        rest = Pile(pile.cards[1:], pile.down - 1)
        if feeder == target:
            new = Pile((*rest.cards, card), rest.down)
            events.append(Moved((card,), feeder, target))
            return after.with_piles({target: new})
        above = after.piles[target]
        events.append(Moved((card,), feeder, target))
        return after.with_piles({feeder: rest, target: Pile((*above.cards, card), min(above.down, len(above.cards)))})

    def describe(self) -> tuple[Reason, ...]:
        return (Reason("rule_feed_back", {"pile": self.target}),)
