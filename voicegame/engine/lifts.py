"""Takes hooks that say which counts of a pile's face-up run may be lifted, for any game.

Optional vocabulary (off unless a pile's :class:`~voicegame.engine.rules.Takes` names one as
``extra``):

- :func:`top_or_all_face_up`: only the top card, or every face-up card of the pile together
  (Westhaven: "the top card or the complete face up portion of each pile is available").

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.piles import Pile, PileKind
>>> from voicegame.engine.rules import Layout, PileSpec, Takes
>>> from voicegame.engine.sequence import Direction, Sequence, SuitRule
>>> down = Sequence(Direction.DOWN, SuitRule.ALTERNATE)
>>> spec = PileSpec("pile1", PileKind.TABLEAU, ("pile one",), takes=Takes(runs=True, sequence=down, extra=top_or_all_face_up))
>>> pile = Pile(tuple(Card.from_code(c) for c in ("2C", "9S", "8H", "7C")), down=1)
>>> [top_or_all_face_up(Layout.of((spec,)), None, spec, pile, n) is None for n in (1, 2, 3)]
[True, False, True]
"""

from __future__ import annotations

from voicegame.engine.piles import Pile
from voicegame.engine.reason import Reason
from voicegame.engine.rules import Layout, PileSpec
from voicegame.engine.state import State


def top_or_all_face_up(layout: Layout, state: State | None, spec: PileSpec, pile: Pile, count: int) -> Reason | None:
    """None when ``count`` is 1 or every face-up card of ``pile``; else the reason ("top_or_all_face_up")."""
    if count == 1 or count == pile.up_count:
        return None
    return Reason("top_or_all_face_up", {"card": pile.cards[-count], "pile": spec.name})
