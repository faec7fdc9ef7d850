"""A stretch of the game that begins once a pile holds its first card.

A :class:`~voicegame.engine.rules.Phase` (for ``Accepts.phase`` or
:class:`~voicegame.engine.stock_waits.StockInPhase`) that says so in its own words: Glenwood's first
move chooses foundation one's card, and nothing else may be done before it.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.piles import Pile, PileKind
>>> from voicegame.engine.rules import Layout, PileSpec
>>> from voicegame.engine.state import State
>>> layout = Layout.of((PileSpec("foundation1", PileKind.FOUNDATION, ("foundation one",)),))
>>> AfterFirstCard("foundation1").why_not(layout, State((Pile(),))).key
'phase_first_card'
>>> AfterFirstCard("foundation1").why_not(layout, State((Pile((Card.from_code("7H"),)),))) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine.reason import Reason
from voicegame.engine.rules import Layout, Phase


@dataclass(frozen=True)
class AfterFirstCard(Phase):
    """From the moment ``pile`` holds a card on (``until_empty`` stays True: the phase lasts while the
    pile holds cards)."""

    def reason(self, layout: Layout) -> Reason:
        return Reason("phase_first_card", {"pile": layout.specs[layout.index[self.pile]].name})

    def describe(self) -> tuple[Reason, ...]:
        return (Reason("rule_phase_first_card", {"pile": self.pile}),)
