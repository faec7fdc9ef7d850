"""A heard turn goes one way: recognised, understood once, weighed, decided once, and the command
decided on is carried out as it was understood, not parsed or resolved again."""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable
from unittest import mock

from voicegame.audio.recognisers import Heard
from voicegame.language.parse import Parser
from voicegame.engine import MoveKind
from voicegame.language.resolve import Ask, Resolver
from voicegame.play import session as session_module
from voicegame.play.session import Session

LEGAL = "six of diamonds on seven of spades"  # Klondike deal 7: legal at the start


def _counted(calls: Counter[str], name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    def counting(*args: Any, **kwargs: Any) -> Any:
        calls[name] += 1
        return function(*args, **kwargs)
    return counting


def _calls_of(turn: Callable[[], Any]) -> Counter[str]:
    calls: Counter[str] = Counter()
    with mock.patch.object(Parser, "parse", _counted(calls, "parse", Parser.parse)), \
            mock.patch.object(Resolver, "resolve_move", _counted(calls, "resolve_move", Resolver.resolve_move)), \
            mock.patch.object(session_module, "decide", _counted(calls, "decide", session_module.decide)):
        turn()
    return calls


def test_a_clearly_heard_legal_move_is_parsed_resolved_and_decided_once():
    session = Session("klondike", seed=7)
    replies = []
    calls = _calls_of(lambda: replies.append(session.hear(Heard(LEGAL, 0.9))))
    assert replies[0].moves and session.history.cursor == 1
    assert calls == Counter({"parse": 1, "resolve_move": 1, "decide": 1})


def test_a_typed_move_is_still_parsed_and_resolved_once():
    session = Session("klondike", seed=7)
    calls = _calls_of(lambda: session.handle(LEGAL))
    assert calls["parse"] == 1 and calls["resolve_move"] == 1 and session.history.cursor == 1


def test_an_answer_heard_is_played_as_it_was_narrowed():
    """"Where to: nine of spades or nine of clubs?" answered "spades" by voice: the answer narrowed
    when the turn was decided is the move played."""
    session = Session("klondike", seed=5)
    moves = [m for m in session.engine.legal_moves(session.state) if m.kind is MoveKind.MOVE][:2]
    session.dialogue.question = Ask("which_target", (("nine of spades", moves[0]), ("nine of clubs", moves[1])))
    narrowed: Counter[str] = Counter()
    replies = []
    with mock.patch.object(Resolver, "narrow", _counted(narrowed, "narrow", Resolver.narrow)):
        calls = _calls_of(lambda: replies.append(session.hear(Heard("spades", 0.9))))
    assert replies[0].moves == [moves[0]] and session.dialogue.question is None
    assert narrowed["narrow"] == 1 and calls["parse"] == 1 and calls["decide"] == 1
