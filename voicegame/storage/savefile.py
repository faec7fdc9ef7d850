"""Saved games: a versioned, human-readable JSON file written atomically after every move.

The file holds what it takes to rebuild the game exactly, not the position:
game, options, seed and the move history (moves name piles by id, so a save
does not depend on pile order). Loading replays the moves through the engine,
so a save that does not describe a legal game is refused rather than trusted.

Format (``"format": "voicegame-save"``, ``"version": 3``)::

    {"format": "voicegame-save", "version": 3, "id": "3f9c2a7e1b04", "game": "klondike",
     "options": {"draw": 3, "passes": null}, "seed": 5,
     "moves": ["pile7>pile5", "deal", "pile2>pile6x3"],
     "cursor": 2, "started": "2026-11-22T02:00:00+00:00", "saved": "...", "seconds": 95.5}

Each move is its code (``Move.code``: ``pile7>pile5``, ``pile2>pile6x3``, ``deal``, ``r7c1@top+waste@top``).

``cursor`` is how many of ``moves`` are played; the rest can be redone. ``id`` names one game (one
deal played from its start) across all its saves, so that a save is never written over by another
game (version 2; a version 1 file is upgraded with an ``id`` made from its deal and start time).
Version 3 writes moves as codes; version 2's moves (``{"kind": "move", "from": "pile7", "to": "pile5",
"count": 1}``, ``{"kind": "deal"}``, ``{"kind": "pair", "from": ..., "to": ..., "at": [..]}``) are
turned into codes when read. A bad file is never deleted: it is renamed ``<name>.bad-<time>.json``.

Problems are not sentences here: :class:`SaveError` and :attr:`LoadResult.problem` carry a message
key of ``grammars/<lang>/messages.toml`` (``save_damaged``...), which the layer that speaks says.
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

from voicegame.engine import Engine, IllegalMove, Move, Reason
from voicegame.engine.moves import MoveCodeError
from voicegame.games import UnknownGame, find_game

FORMAT = "voicegame-save"
VERSION = 3
MAX_MOVES = 200_000
MAX_BYTES = 20 * 1024 * 1024
ID_CHARS = re.compile(r"[0-9a-z-]{1,40}")


class SaveError(ValueError):
    """A save file that cannot be used; ``reason`` is the message key (and values) that tells the player."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.reason = Reason(key, params)


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


def move_from_code(engine: Engine, code: Any) -> Move:
    """One move of a version 3 save: its code (``Move.from_code``)."""
    if not isinstance(code, str) or len(code) > 200:
        raise SaveError("save_bad_move")
    try:
        return Move.from_code(code, engine)
    except MoveCodeError:
        raise SaveError("save_bad_move") from None


def v2_move_code(data: Any) -> Any:
    """A version 2 move (a JSON object naming piles by id) as its code; anything it cannot read is
    left as it is, to be refused with the other bad moves."""
    if not isinstance(data, dict):
        return data
    kind = data.get("kind")
    if kind == "deal":
        return "deal"
    src, dst = data.get("from"), data.get("to")
    if not isinstance(src, str) or not (isinstance(dst, str) or kind == "pair" and dst is None):
        return data
    if kind == "move":
        count = data.get("count", 1)
        if not isinstance(count, int) or isinstance(count, bool):
            return data
        return f"{src}>{dst}" + (f"x{count}" if count != 1 else "")
    at = data.get("at")
    if kind != "pair" or not (isinstance(at, list) and len(at) == 2 and all(isinstance(a, int) and not isinstance(a, bool) for a in at)):
        return data
    places = [(src, at[0])] + ([(dst, at[1])] if dst is not None else [])
    return "+".join(f"{pile}@{'top' if place == -1 else place}" for pile, place in places)


def to_json(saved: SavedGame, engine: Engine) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "id": saved.id,
        "game": saved.game,
        "options": saved.options,
        "seed": saved.seed,
        "moves": [m.code(engine) for m in saved.moves],
        "cursor": saved.cursor,
        "started": saved.started,
        "saved": now_iso(),
        "seconds": round(saved.seconds, 1),
    }


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 names each game with an ``id``; a version 1 save gets one made from its deal and start."""
    return {**data, "version": 2, "id": legacy_game_id(data)}


def _v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3 writes each move as its code; version 2 (and 1) wrote a JSON object."""
    moves = data.get("moves")
    if isinstance(moves, list) and len(moves) <= MAX_MOVES:
        data = {**data, "moves": [v2_move_code(m) for m in moves]}
    return {**data, "version": 3}


# Older format versions are upgraded step by step to the current one: MIGRATIONS[n] turns a
# version n dict into version n + 1.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2, 2: _v2_to_v3}


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError("save_no_version")
    if version > VERSION:
        raise SaveError("save_newer")
    while version < VERSION:
        data = MIGRATIONS[version](data)
        version = data["version"]
    return data


def parse(text: str) -> tuple[SavedGame, Engine]:
    """Check a save file's text and replay it; raises SaveError with the message key that tells the player why not."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise SaveError("save_damaged") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("save_not_voicegame")
    data = upgrade(data)
    try:
        entry = find_game(str(data.get("game")))
    except UnknownGame:
        raise SaveError("save_unknown_game") from None
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise SaveError("save_bad_options")
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
            raise SaveError("save_bad_options")
    try:
        engine = Engine(entry.make(**clean))
    except ValueError:
        raise SaveError("save_bad_options") from None
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise SaveError("save_bad_seed")
    raw_moves = data.get("moves")
    if not isinstance(raw_moves, list) or len(raw_moves) > MAX_MOVES:
        raise SaveError("save_bad_moves")
    moves = [move_from_code(engine, m) for m in raw_moves]
    cursor = data.get("cursor", len(moves))
    if not isinstance(cursor, int) or isinstance(cursor, bool) or not 0 <= cursor <= len(moves):
        raise SaveError("save_bad_moves")
    seconds = data.get("seconds", 0.0)
    seconds = float(seconds) if isinstance(seconds, (int, float)) and not isinstance(seconds, bool) and 0 <= seconds < 1e9 else 0.0
    started = given if isinstance(given := data.get("started"), str) else now_iso()
    written = saved_at if isinstance(saved_at := data.get("saved"), str) else ""
    game_id = data.get("id")
    if not isinstance(game_id, str) or not ID_CHARS.fullmatch(game_id):
        raise SaveError("save_bad_id")
    state = engine.deal(seed)
    at_cursor = state
    for done, move in enumerate(moves, 1):  # the whole history, redo tail included, must be a legal game
        try:
            state = engine.apply(state, move)[0]
        except IllegalMove:
            raise SaveError("save_illegal") from None
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
    problem: Reason | None = None  # what to tell the player when the file was bad (a message key)
    moved_to: Path | None = None


def load(path: Path) -> LoadResult:
    """Read a save. A missing file is no problem; a bad one is moved aside and explained."""
    if not path.exists():
        return LoadResult(None)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise SaveError("save_too_large")
        text = path.read_text(encoding="utf-8")
        saved, _ = parse(text)
        return LoadResult(saved)
    except (SaveError, OSError, UnicodeDecodeError) as error:
        reason = error.reason if isinstance(error, SaveError) else Reason("save_unreadable")
        return LoadResult(None, reason, move_aside(path))


def save(path: Path, saved: SavedGame, engine: Engine) -> None:
    atomic_write_text(path, json.dumps(to_json(saved, engine), indent=1) + "\n")
