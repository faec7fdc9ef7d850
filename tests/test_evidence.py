"""What the listening policy weighs (voicegame.listen.evidence): a command's effect and whether what is
open is its to answer, from how the game stands, without a session."""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine import Move, MoveKind
from voicegame.language.command import Command
from voicegame.language.resolve import Ask, Play
from voicegame.listen.evidence import Open, answerable, effect_of, situation_of
from voicegame.listen.policy import Effect
from voicegame.listen.understanding import How, Understanding


@dataclass
class Standing:
    over: bool = False
    under_way: bool = False
    refused: frozenset[str] = frozenset()

    def is_over(self) -> bool:
        return self.over

    def in_progress(self) -> bool:
        return self.under_way

    def refused_anyway(self, intent: str) -> bool:
        return intent in self.refused


MOVE = Move(MoveKind.MOVE, 1, 2)


def test_a_new_deal_ends_a_game_under_way_and_only_changes_one_that_is_over():
    assert effect_of("new_game", Standing()) is Effect.ENDS_GAME
    assert effect_of("new_game", Standing(over=True)) is Effect.CHANGES_GAME
    assert effect_of("quit", Standing(over=True)) is Effect.ENDS_GAME  # quitting is never only a change


def test_what_would_be_refused_anyway_changes_nothing():
    assert effect_of("undo", Standing()) is Effect.CHANGES_GAME
    assert effect_of("undo", Standing(refused=frozenset({"undo"}))) is Effect.TELLS
    assert effect_of("read_board", Standing()) is Effect.TELLS


def test_yes_and_no_answer_only_what_waits_for_them():
    assert not answerable(Command("yes"), Open())
    assert answerable(Command("yes"), Open(waiting=True)) and answerable(Command("no"), Open(hinted=True))
    assert answerable(Command("answer"), Open(question=True)) and not answerable(Command("answer"), Open(hinted=True))


def test_the_situation_of_a_command():
    standing = Standing(under_way=True)
    parsed = Understanding(How.PARSED, Command("new_game"))
    situation = situation_of(parsed, None, Open(), standing)
    assert situation.effect is Effect.ENDS_GAME and situation.asks_anyway  # "This game is not finished..."
    assert situation_of(parsed, None, Open(offer=True), standing).effect is Effect.TELLS  # the offer is answered first
    move = Understanding(How.PARSED, Command("move"))
    assert situation_of(move, Play(MOVE), Open(), standing).effect is Effect.CHANGES_GAME
    assert situation_of(move, Ask("which_move", (("draw", MOVE),)), Open(), standing).effect is Effect.TELLS
    assert situation_of(Understanding(How.MATCHED, None, Play(MOVE)), None, Open(), standing).effect is Effect.CHANGES_GAME
    assert situation_of(Understanding(How.PARSED, Command("yes")), None, Open(waiting=True), standing).effect is Effect.TELLS
    assert situation_of(Understanding(How.REJECTED), None, Open(), standing).effect is Effect.TELLS
