"""Long saves resume from their checkpoints (issue 35, item 5): the same game, undo and redo included,
whatever the save's version; a checkpoint that does not match its check is never trusted.

Speed is measured in bench/resume.py, not asserted here: these tests check what is resumed."""

import json
import random

import pytest

from voicegame.engine import Engine
from voicegame.games import GAMES
from voicegame.play.session import Session
from voicegame.storage.autosave import Persistence
from voicegame.storage.positions import CHECKPOINT_EVERY, ReplayedStates, state_from_json, state_to_json
from voicegame.storage.savefile import checksum, load

MOVES = 2 * CHECKPOINT_EVERY + 137  # two checkpoints, and a cursor well past the last one


def played(moves: int = MOVES, rng_seed: int = 3) -> Session:
    """A Klondike game (no saves) of ``moves`` moves played at random, one turn in five an undo, ending
    with a redo tail of five moves."""
    session = Session("klondike", {"draw": 3}, 5)
    engine, history, rng = session.engine, session.history, random.Random(rng_seed)
    while len(history.moves) < moves:
        state = history.current
        legal = engine.legal_moves(state)
        if history.can_undo() and (rng.random() < 0.2 or not legal or engine.is_won(state)):
            history.undo()
            continue
        move = rng.choice(legal)
        history.push(move, engine.apply(state, move)[0])
    for _ in range(5):
        history.undo()
    return session


def resumed(folder) -> Session:
    persistence = Persistence(folder)
    saved = persistence.unfinished("klondike")[0]
    return Session("klondike", {"draw": 3}, 5, persistence=persistence, go_on=saved)


@pytest.fixture(scope="module")
def game() -> Session:
    return played()


def test_a_long_game_resumes_at_its_position_from_a_checkpoint_without_replaying_the_rest(tmp_path, game):
    Persistence(tmp_path).autosave(game)
    data = json.loads(Persistence(tmp_path).save_path("klondike").read_text())
    assert data["version"] == 4 and [c[0] for c in data["checkpoints"]] == [CHECKPOINT_EVERY, 2 * CHECKPOINT_EVERY]
    again = resumed(tmp_path)
    assert again.state == game.state and again.history.cursor == game.history.cursor
    assert again.history.moves == game.history.moves
    states = again.history.states
    assert isinstance(states, ReplayedStates)
    assert states.known() <= 2 + 2 + CHECKPOINT_EVERY  # the deal, the checkpoints, the last one to the cursor
    assert list(states) == game.history.states  # every position, worked out when asked for, is the played one
    assert states.known() == len(game.history.states)


def test_undo_and_redo_after_resuming_go_through_the_same_positions(tmp_path, game):
    Persistence(tmp_path).autosave(game)
    again = resumed(tmp_path)
    history, original = again.history, game.history
    cursor = history.cursor
    for _ in range(200):  # back past the last checkpoint
        assert again.handle("undo").sentences[0].startswith("Took back")
    assert history.cursor == cursor - 200 and again.state == original.states[cursor - 200]
    for _ in range(205):  # and forward again, to the end of the redo tail
        again.handle("redo")
    assert history.cursor == len(original.moves) and again.state == original.states[-1]
    assert not again.handle("redo").moves  # nothing more to redo


def test_a_move_after_undoing_past_a_checkpoint_is_saved_and_resumes(tmp_path, game):
    Persistence(tmp_path).autosave(game)
    again = resumed(tmp_path)
    for _ in range(300):
        again.handle("undo")
    assert again.history.cursor < 2 * CHECKPOINT_EVERY
    assert again.handle("draw").moves or again.handle("pile 7 to pile 5").moves
    third = resumed(tmp_path)
    assert third.state == again.state and third.history.moves == again.history.moves
    assert list(third.history.states) == list(again.history.states)


def version_3(text: str) -> str:
    data = json.loads(text)
    return json.dumps({**{k: v for k, v in data.items() if k not in ("check", "checkpoints")}, "version": 3}, indent=1)


def test_a_version_3_save_without_checkpoints_still_loads_and_is_written_back_with_them(tmp_path, game):
    Persistence(tmp_path).autosave(game)
    path = Persistence(tmp_path).save_path("klondike")
    path.write_text(version_3(path.read_text()))
    again = resumed(tmp_path)
    assert again.state == game.state and list(again.history.states) == game.history.states
    again.handle("undo")
    written = json.loads(path.read_text())
    assert written["version"] == 4 and len(written["checkpoints"]) == 2 and written["check"] == checksum(written)


def test_a_checkpoint_edited_by_hand_is_not_trusted(tmp_path, game):
    """A checkpoint that does not match the save's check (here: two cards swapped) is ignored: the
    game is replayed from the deal and resumes at its real position."""
    Persistence(tmp_path).autosave(game)
    path = Persistence(tmp_path).save_path("klondike")
    data = json.loads(path.read_text())
    piles = data["checkpoints"][-1][1]["piles"]
    full = next(p for p in piles if len(p[0].split()) >= 2)
    cards = full[0].split()
    full[0] = " ".join([cards[1], cards[0], *cards[2:]])
    path.write_text(json.dumps(data))
    assert load(path).saved is not None  # still a legal game
    again = resumed(tmp_path)
    assert again.state == game.state


def test_a_checkpoint_that_cannot_be_read_falls_back_to_replaying_even_when_its_check_matches(tmp_path, game):
    Persistence(tmp_path).autosave(game)
    path = Persistence(tmp_path).save_path("klondike")
    data = json.loads(path.read_text())
    data["checkpoints"][0][1]["piles"] = data["checkpoints"][0][1]["piles"][:3]  # too few piles
    data["check"] = checksum(data)
    path.write_text(json.dumps(data))
    assert resumed(tmp_path).state == game.state


def test_an_illegal_move_in_a_version_4_save_is_refused_and_put_aside_as_before(tmp_path, game):
    Persistence(tmp_path).autosave(game)
    path = Persistence(tmp_path).save_path("klondike")
    data = json.loads(path.read_text())
    data["moves"][10] = "pile1>clubs"
    path.write_text(json.dumps(data))
    result = load(path)
    assert result.saved is None and result.problem is not None and result.problem.key == "save_illegal"
    assert not path.exists() and result.moved_to is not None


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.key)
def test_every_game_s_positions_are_written_and_read_back_unchanged(entry):
    engine = Engine(entry.make())
    state = engine.deal(entry.seeds[0] + 7)
    rng = random.Random(1)
    for _ in range(40):
        assert state_from_json(json.loads(json.dumps(state_to_json(state))), engine) == state
        legal = engine.legal_moves(state)
        if not legal:
            break
        state = engine.apply(state, rng.choice(legal))[0]
