"""Every registered game's hints and command examples: a hint said back plays the hinted move, and
"all commands" gives examples this game understands. The rest of what every game must do (deals,
cards kept, undo and redo, saves, piles, every intent answered) is in test_conformance.py."""

import pytest

from voicegame.games import GAMES
from voicegame.play.session import Session

from helpers import hinted

KEYS = [g.key for g in GAMES]


@pytest.mark.parametrize("key", KEYS)
def test_every_hint_said_back_plays_the_hinted_move(key):
    """"Try X." must be something the player can say to do X: no question back, no other move (with
    two decks two moves can have the same card names; the hint then names the piles)."""
    for seed in (4, 11):
        s = Session(key, seed=seed)
        ranked = s.hints.ranked(s.state)
        assert ranked, (key, seed)  # every game has a move at the deal
        for i in range(min(3, len(ranked))):
            sentence = s.handle("hint").sentences[0]
            phrase = hinted(sentence)
            assert phrase is not None and sentence.endswith("."), sentence
            trial = Session(key, seed=seed)
            reply = trial.handle(phrase)
            assert reply.moves == [ranked[i]], (phrase, reply.sentences)


@pytest.mark.parametrize("key", KEYS)
def test_all_commands_gives_examples_this_game_understands(key):
    """"All commands" is a list of examples: each must parse in this game (its own pile names), and a
    move example must aim at a kind of pile the game has (no "seven of hearts up" without foundations)."""
    s = Session(key, seed=4)
    sentence = s.handle("all commands").sentences[0]
    moves = sentence.split("Moves: ")[1].split(". Reading: ")[0].split(", ")
    reading = sentence.split(". Reading: ")[1].split(". Also: ")[0].split(", ")
    assert f"moves_{key}" in s.narrator.language.messages  # its own examples, not the fallback
    kinds = {spec.kind for spec in s.engine.specs}
    for example in moves + reading:
        command = s.parser.parse(example)
        assert command is not None, (key, example)
        target_kind = getattr(command.target, "kind", None)  # "up": a foundation, "to waste"...
        assert target_kind is None or target_kind in kinds, (key, example, command)
