"""The conversation around the game: what is offered, waiting for "yes", asked or hinted.

One :class:`Dialogue` holds everything the next turn may be an answer to. The session reads it to
decide what a turn means, and :meth:`Dialogue.begin_turn` closes, in one place, what the turn's intent
does not keep open.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from voicegame.engine import Move
from voicegame.language.command import Intent
from voicegame.language.resolve import Ask
from voicegame.play.reply import Reply
from voicegame.storage.autosave import Offer

KEEPS_QUESTION = frozenset({Intent.REPEAT, Intent.WHAT_CAN_I_SAY, Intent.HELP, Intent.PILE_RULES, Intent.FASTER, Intent.SLOWER, Intent.LOUDER, Intent.QUIETER})
"""Intents that leave an open question open (everything else drops it)."""
KEEPS_OFFER = KEEPS_QUESTION | {Intent.ALL_COMMANDS, Intent.BRIEF, Intent.VERBOSE, Intent.STATISTICS, Intent.QUIT}
"""Intents acted on while "Resume your game?" waits for its answer, leaving it open. Besides these,
only "yes" and "new game" answer it, and "play spider" or "previous game" go elsewhere; anything
else is an unclear answer: asked again, and the second time the saved game is resumed."""
UNCLEAR_ANSWERS = 2
"""Unclear answers to "Resume your game?" before the saved game is resumed anyway."""
NO_TO_PENDING = "kept_game"
"""What "no" to a destructive command waiting for "yes" says, unless the question set another."""

Action = Callable[[Reply], None]
"""What "yes" does: acts on the reply of the turn that said it."""


@dataclass
class Opened:
    """What was open when a turn began (the question and hint it may answer)."""

    question: Ask | None
    hinted: Move | None


@dataclass
class Dialogue:
    """Everything open between two turns."""

    offer: Offer | None = None  # a saved game offered at the greeting: "Resume ...? Say yes or new game"
    unclear_answers: int = 0  # unclear answers to the open offer so far
    pending: Action | None = None  # a destructive command waiting for "yes"
    pending_no: str = NO_TO_PENDING  # the message key "no" to ``pending`` says
    question: Ask | None = None  # which card or pile was meant ("Which six? ...")
    hinted: Move | None = None  # the move the last reply hinted at: "yes" plays it
    told_yes_plays_hint: bool = False  # the first hint says that "yes" plays it; later ones do not
    more_pages: list[list[str]] = field(default_factory=list)  # what "more" reads next
    more_end: str = "board_end"  # the message key said after the last page ("That is the whole board.")
    told_more: bool = False  # the first board reading says that "more" goes on
    left_a_game: bool = False  # a game under way was left for one whose saved game is offered: say it is kept after the answer
    previous_chain: list[str] = field(default_factory=list)  # ids gone through by "previous game" turn after turn
    last_sentences: list[str] = field(default_factory=list)  # what "repeat" says

    def question_open(self) -> bool:
        """Is anything waiting for an answer (so that bare answers may be heard)?"""
        return self.question is not None or self.pending is not None or self.offer is not None

    def wait_for_yes(self, action: Action, no: str = NO_TO_PENDING) -> None:
        """``action`` waits for "yes"; "no" says message ``no``."""
        self.pending, self.pending_no = action, no

    def take_pending(self) -> tuple[Action | None, str]:
        """The action waiting for "yes" and what "no" says; nothing waits any more."""
        taken = self.pending, self.pending_no
        self.pending, self.pending_no = None, NO_TO_PENDING
        return taken

    def begin_turn(self, intent: str) -> Opened:
        """What the turn may answer; the question and the hint close unless ``intent`` keeps them
        (repeat, help...), and "more" reads on only right after a reading."""
        opened = Opened(self.question, self.hinted)
        if intent not in KEEPS_QUESTION:
            self.question = self.hinted = None
            if intent != Intent.MORE:
                self.more_pages = []
        return opened

    def open_offer(self, offer: Offer | None) -> None:
        self.offer, self.unclear_answers = offer, 0

    def take_offer(self) -> Offer:
        offer, self.offer = self.offer, None
        assert offer is not None
        return offer
