"""What one turn of play produced."""

from __future__ import annotations

from dataclasses import dataclass, field

from voicegame.engine import Move
from voicegame.language.command import Command


@dataclass
class Reply:
    """What one turn produced: for the speaker, the earcon player and the trace."""

    heard: str
    command: Command | None = None
    moves: list[Move] = field(default_factory=list)
    sentences: list[str] = field(default_factory=list)
    earcons: list[str] = field(default_factory=list)
    quit: bool = False

    def refuse(self, sentence: str, earcon: str = "illegal") -> None:
        """Say why nothing happened, with the earcon for it."""
        self.sentences.append(sentence)
        self.earcons.append(earcon)

    def ask(self, question: str) -> None:
        """Ask ``question``; the player's answer comes next turn."""
        self.sentences.append(question)
        self.earcons.append("question")
