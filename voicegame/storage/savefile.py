"""Saved games: a versioned, human-readable JSON file written atomically after every move.

The file holds what it takes to rebuild the game exactly, not the position:
game, options, seed and the move history (moves name piles by id, so a save
does not depend on pile order). Loading replays the moves through the engine,
so a save that does not describe a legal game is refused rather than trusted.

Format (``"format": "voicegame-save"``, ``"version": 2``)::

    {"format": "voicegame-save", "version": 2, "id": "3f9c2a7e1b04", "game": "klondike",
     "options": {"draw": 3, "passes": null}, "seed": 5,
     "moves": [{"kind": "move", "from": "pile7", "to": "pile5", "count": 1}, {"kind": "deal"}],
     "cursor": 2, "started": "2026-11-22T02:00:00+00:00", "saved": "...", "seconds": 95.5}

``cursor`` is how many of ``moves`` are played; the rest can be redone. ``id`` names one game (one
deal played from its start) across all its saves, so that a save is never written over by another
game (version 2; a version 1 file is upgraded with an ``id`` made from its deal and start time).
A bad file is never deleted: it is renamed ``<name>.bad-<time>.json`` beside the original.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import tempfile
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from voicegame.engine import Engine, IllegalMove, Move, MoveKind
from voicegame.games import UnknownGame, find_game

FORMAT = "voicegame-save"
VERSION = 2
MAX_MOVES = 200_000
MAX_BYTES = 20 * 1024 * 1024
ID_CHARS = re.compile(r"[0-9a-z-]{1,40}")


class SaveError(ValueError):
    """A save file that cannot be used; the message is one sentence for the player."""


def data_dir() -> Path:
    """Where saves and statistics live: $VOICEGAME_DATA_DIR, else the platform's user data folder."""
    override = os.environ.get("VOICEGAME_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("voicegame", appauthor=False))


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` so that ``path`` is always either the old or the new file, never a mix."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass
class SavedGame:
    """The content of a save file, checked."""

    game: str
    options: dict[str, Any]
    seed: int
    moves: list[Move]
    cursor: int
    started: str = field(default_factory=now_iso)
    seconds: float = 0.0
    won: bool = False  # is the position at ``cursor`` won? Worked out by ``parse``, never written
    id: str = field(default_factory=lambda: new_game_id())
    saved: str = ""  # when it was written (read from the file; ``to_json`` writes the time of writing)
    score: int = 0  # the game's score at ``cursor``; worked out by ``parse``, never written

    @property
    def unfinished(self) -> bool:
        """Moves made and not won: a game that would be lost if written over."""
        return self.cursor > 0 and not self.won


def new_game_id() -> str:
    return secrets.token_hex(6)


def legacy_game_id(data: dict[str, Any]) -> str:
    """The ``id`` of a version 1 save, made from what identified it then: game, deal and start time."""
    text = f"{data.get('game')}|{data.get('seed')}|{data.get('started')}"
    return "v1-" + hashlib.sha1(text.encode("utf-8", "replace")).hexdigest()[:12]


def move_to_json(engine: Engine, move: Move) -> dict[str, Any]:
    if move.kind is MoveKind.DEAL:
        return {"kind": "deal"}
    if move.kind is MoveKind.PAIR:
        second = engine.specs[move.dst].id if move.dst >= 0 else None
        return {"kind": "pair", "from": engine.specs[move.src].id, "to": second, "at": list(move.at)}
    return {"kind": "move", "from": engine.specs[move.src].id, "to": engine.specs[move.dst].id, "count": move.count}


def move_from_json(engine: Engine, data: Any) -> Move:
    if not isinstance(data, dict):
        raise SaveError("The save file has a move I cannot read.")
    kind = data.get("kind")
    if kind == "deal":
        return Move(MoveKind.DEAL)
    if kind == "pair":
        return pair_from_json(engine, data)
    if kind != "move":
        raise SaveError("The save file has a move I cannot read.")
    src, dst, count = data.get("from"), data.get("to"), data.get("count", 1)
    index = engine.layout.index
    if src not in index or dst not in index or not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 104:
        raise SaveError("The save file has a move I cannot read.")
    return Move(MoveKind.MOVE, index[src], index[dst], count)


def pair_from_json(engine: Engine, data: dict[str, Any]) -> Move:
    src, dst, at = data.get("from"), data.get("to"), data.get("at")
    index = engine.layout.index
    valid_at = isinstance(at, list) and len(at) == 2 and all(isinstance(a, int) and not isinstance(a, bool) and -1 <= a < 104 for a in at)
    if src not in index or (dst is not None and dst not in index) or not valid_at:
        raise SaveError("The save file has a move I cannot read.")
    assert isinstance(at, list)  # valid_at checked it
    if dst is None:
        return Move.pair((index[src], at[0]))
    return Move.pair((index[src], at[0]), (index[dst], at[1]))


def to_json(saved: SavedGame, engine: Engine) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "id": saved.id,
        "game": saved.game,
        "options": saved.options,
        "seed": saved.seed,
        "moves": [move_to_json(engine, m) for m in saved.moves],
        "cursor": saved.cursor,
        "started": saved.started,
        "saved": now_iso(),
        "seconds": round(saved.seconds, 1),
    }


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 names each game with an ``id``; a version 1 save gets one made from its deal and start."""
    return {**data, "version": 2, "id": legacy_game_id(data)}


# Older format versions are upgraded step by step to the current one: MIGRATIONS[n] turns a
# version n dict into version n + 1.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2}


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError("The save file has no version I know.")
    if version > VERSION:
        raise SaveError("The save file was written by a newer version of voicegame.")
    while version < VERSION:
        data = MIGRATIONS[version](data)
        version = data["version"]
    return data


def parse(text: str) -> tuple[SavedGame, Engine]:
    """Check a save file's text and replay it; raises SaveError with a sentence for the player."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise SaveError("The save file is damaged.") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("That is not a voicegame save file.")
    data = upgrade(data)
    try:
        entry = find_game(str(data.get("game")))
    except UnknownGame:
        raise SaveError("The save file is for a game I do not know.") from None
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise SaveError("The save file's options are damaged.")
    known = {o.name: o for o in entry.options}
    clean: dict[str, Any] = {}
    for name, value in options.items():
        option = known.get(name)
        if option is None:
            continue
        if value is None and option.allow_none:
            clean[name] = None
        elif isinstance(value, option.kind) and not isinstance(value, bool) and (option.choices is None or value in option.choices):
            clean[name] = value
        else:
            raise SaveError("The save file's options are damaged.")
    try:
        engine = Engine(entry.make(**clean))
    except ValueError:
        raise SaveError("The save file's options are damaged.") from None
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise SaveError("The save file's deal number is damaged.")
    raw_moves = data.get("moves")
    if not isinstance(raw_moves, list) or len(raw_moves) > MAX_MOVES:
        raise SaveError("The save file's moves are damaged.")
    moves = [move_from_json(engine, m) for m in raw_moves]
    cursor = data.get("cursor", len(moves))
    if not isinstance(cursor, int) or isinstance(cursor, bool) or not 0 <= cursor <= len(moves):
        raise SaveError("The save file's moves are damaged.")
    seconds = data.get("seconds", 0.0)
    seconds = float(seconds) if isinstance(seconds, (int, float)) and not isinstance(seconds, bool) and 0 <= seconds < 1e9 else 0.0
    started = given if isinstance(given := data.get("started"), str) else now_iso()
    written = saved_at if isinstance(saved_at := data.get("saved"), str) else ""
    game_id = data.get("id")
    if not isinstance(game_id, str) or not ID_CHARS.fullmatch(game_id):
        raise SaveError("The save file's game name is damaged.")
    state = engine.deal(seed)
    at_cursor = state
    for done, move in enumerate(moves, 1):  # the whole history, redo tail included, must be a legal game
        try:
            state = engine.apply(state, move)[0]
        except IllegalMove:
            raise SaveError("The save file's moves are not a legal game.") from None
        if done == cursor:
            at_cursor = state
    options = {o.name: clean.get(o.name, o.default) for o in entry.options}
    return SavedGame(entry.key, options, seed, moves, cursor, started[:40], seconds, engine.is_won(at_cursor),
                     game_id, written[:40], engine.score(at_cursor)), engine


def move_aside(path: Path) -> Path | None:
    """Rename a bad save out of the way (kept for bug reports); None if even that fails."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.bad-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.stem}.bad-{stamp}-{n}{path.suffix}")
        n += 1
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target


@dataclass
class LoadResult:
    saved: SavedGame | None
    problem: str | None = None  # one sentence for the player when the file was bad
    moved_to: Path | None = None


def load(path: Path) -> LoadResult:
    """Read a save. A missing file is no problem; a bad one is moved aside and explained."""
    if not path.exists():
        return LoadResult(None)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise SaveError("The save file is too large to be a real game.")
        text = path.read_text(encoding="utf-8")
        saved, _ = parse(text)
        return LoadResult(saved)
    except (SaveError, OSError, UnicodeDecodeError) as error:
        sentence = str(error) if isinstance(error, SaveError) else "The save file could not be read."
        return LoadResult(None, sentence, move_aside(path))


def save(path: Path, saved: SavedGame, engine: Engine) -> None:
    atomic_write_text(path, json.dumps(to_json(saved, engine), indent=1) + "\n")
