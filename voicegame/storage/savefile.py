"""Saved games: a versioned, human-readable JSON file written atomically after every move.

The file holds what it takes to rebuild the game exactly: game, options, seed and the move
history (moves name piles by id, so a save does not depend on pile order), and every 500 moves the
whole position (a checkpoint, :mod:`voicegame.storage.positions`), so that a long game resumes from
the checkpoint before its cursor instead of from the deal. ``check`` is a SHA-256 of what the game
is made of (game, options, seed, moves, checkpoints): a save whose check matches was written by
voicegame from moves the engine accepted, and its checkpoints are trusted. Any other save (an older
version, or edited by hand) is replayed move by move through the engine from the deal, as before,
so a save that does not describe a legal game is refused rather than trusted.

Format (``"format": "voicegame-save"``, ``"version": 4``)::

    {"format": "voicegame-save", "version": 4, "id": "3f9c2a7e1b04", "game": "klondike",
     "options": {"draw": 3, "passes": null}, "seed": 5,
     "moves": ["pile7>pile5", "deal", "pile2>pile6x3"],
     "cursor": 2, "started": "2026-11-22T02:00:00+00:00", "saved": "...", "seconds": 95.5,
     "check": "9b1c...", "checkpoints": [[500, {"piles": [["", 0], ["7C KS 4D", 2], ...], "redeals": 0, "counters": []}]]}

Each move is its code (``Move.code``: ``pile7>pile5``, ``pile2>pile6x3``, ``deal``, ``r7c1@top+waste@top``).

``cursor`` is how many of ``moves`` are played; the rest can be redone. ``id`` names one game (one
deal played from its start) across all its saves, so that a save is never written over by another
game (version 2; a version 1 file is upgraded with an ``id`` made from its deal and start time).
Version 3 writes moves as codes; version 2's moves (``{"kind": "move", "from": "pile7", "to": "pile5",
"count": 1}``, ``{"kind": "deal"}``, ``{"kind": "pair", "from": ..., "to": ..., "at": [..]}``) are
turned into codes when read. Version 4 added ``check`` and ``checkpoints``. A bad file is never deleted: it is renamed ``<name>.bad-<time>.json``.

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
from typing import Any, Callable, TypeGuard

from voicegame.audio.bounded_file import FileTooBig, read_bounded_text
from voicegame.engine import Engine, History, IllegalMove, Move, Reason, State
from voicegame.engine.moves import MoveCodeError
from voicegame.games import GameEntry, Option, UnknownGame, find_game
from voicegame.storage.positions import (
    CHECKPOINT_EVERY, PositionError, checkpoint_indices, resumed_history, state_from_json, state_to_json,
)

FORMAT = "voicegame-save"
VERSION = 4
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
    positions: dict[int, State] = field(default_factory=dict, repr=False, compare=False)
    """Positions known, by how many moves in: written, the checkpoints (``checkpoint_indices``); read,
    the deal, the checkpoints and the position at ``cursor`` (every one after a replay from the deal)."""
    codes: list[str] | None = field(default=None, repr=False, compare=False)
    """``moves`` as codes, when already known (read from the file, or kept from the last save
    written: ``MoveCodes``); None: worked out when written."""

    @property
    def unfinished(self) -> bool:
        """Moves made and not won: a game that would be lost if written over."""
        return self.cursor > 0 and not self.won

    def history(self, engine: Engine) -> History:
        """The game's undo history at ``cursor``: positions not in ``positions`` are worked out when
        first needed (``ReplayedStates``), so that resuming a long game costs nothing up front."""
        known = dict(self.positions)
        if 0 not in known:
            known[0] = engine.deal(self.seed)
        return resumed_history(engine, self.moves, self.cursor, known)


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


def _whole(value: Any) -> TypeGuard[int]:
    """True for a whole number read from JSON (``true`` and ``false`` are not numbers)."""
    return isinstance(value, int) and not isinstance(value, bool)


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
        return _v2_card_move_code(data, src, dst)
    if kind == "pair":
        return _v2_pair_code(data, src, dst)
    return data


def _v2_card_move_code(data: dict[str, Any], src: str, dst: str | None) -> Any:
    """A version 2 card move's code (``from>to``, ``xN`` for a run), or ``data`` if its count is bad."""
    count = data.get("count", 1)
    if not _whole(count):
        return data
    return f"{src}>{dst}" + (f"x{count}" if count != 1 else "")


def _v2_pair_code(data: dict[str, Any], src: str, dst: str | None) -> Any:
    """A version 2 removal's code (``pile@place``, ``+`` a second card), or ``data`` if its places are bad."""
    at = data.get("at")
    if not (isinstance(at, list) and len(at) == 2 and all(_whole(a) for a in at)):
        return data
    places = [(src, at[0])] + ([(dst, at[1])] if dst is not None else [])
    return "+".join(f"{pile}@{'top' if place == -1 else place}" for pile, place in places)


def move_codes(moves: list[Move], engine: Engine, done: list[str] | None = None, same: int = 0) -> list[str]:
    """Each move's code: the first ``same`` taken from ``done``, the rest worked out, each distinct move
    once (a game repeats a few hundred moves; a move read from a save is one object per code)."""
    by_object: dict[int, str] = {}
    by_value: dict[Move, str] = {}
    out = list(done[:same]) if done is not None else []
    for move in moves[len(out):]:
        code = by_object.get(id(move))
        if code is None:
            code = by_value.get(move)
            if code is None:
                code = by_value[move] = move.code(engine)
            by_object[id(move)] = code
        out.append(code)
    return out


class MoveCodes:
    """The codes of the moves last written for each game. A save is written whole after every turn;
    working out 100,000 codes again each time cost 0.3 s a turn, while only the moves after the
    first one changed since differ (compared by identity: ``History`` keeps its move objects)."""

    KEEP = 4

    def __init__(self) -> None:
        self._last: dict[str, tuple[list[Move], list[str]]] = {}

    def codes(self, game_id: str, moves: list[Move], engine: Engine, read: list[str] | None = None) -> list[str]:
        """``moves`` as codes; ``read``: the codes of the same moves, when they were read from a file."""
        if read is not None and len(read) == len(moves):
            codes = read
        else:
            old_moves, old_codes = self._last.get(game_id, ([], []))
            same, most = 0, min(len(old_moves), len(moves))
            while same < most and old_moves[same] is moves[same]:
                same += 1
            codes = move_codes(moves, engine, old_codes, same)
        self._last.pop(game_id, None)
        self._last[game_id] = (list(moves), codes)
        while len(self._last) > self.KEEP:
            del self._last[next(iter(self._last))]
        return codes


def read_moves(engine: Engine, raw_moves: list[Any]) -> list[Move]:
    """The moves of a version 3 or 4 save, each distinct code read once (raises SaveError)."""
    moves: dict[str, Move] = {}
    out = []
    for code in raw_moves:
        move = moves.get(code) if isinstance(code, str) else None
        if move is None:
            move = move_from_code(engine, code)
            moves[code] = move
        out.append(move)
    return out


def checksum(data: dict[str, Any]) -> str:
    """The ``check`` of a save's content: what the game is made of, not when it was saved or played."""
    content = [data.get("game"), data.get("options"), data.get("seed"), data.get("moves"), data.get("checkpoints")]
    try:
        text = json.dumps(content, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError):
        return ""
    return hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()


def to_json(saved: SavedGame, engine: Engine) -> dict[str, Any]:
    data = {
        "format": FORMAT,
        "version": VERSION,
        "id": saved.id,
        "game": saved.game,
        "options": saved.options,
        "seed": saved.seed,
        "moves": saved.codes if saved.codes is not None else move_codes(saved.moves, engine),
        "cursor": saved.cursor,
        "started": saved.started,
        "saved": now_iso(),
        "seconds": round(saved.seconds, 1),
        "checkpoints": [[i, state_to_json(saved.positions[i])] for i in checkpoint_indices(len(saved.moves))
                        if i in saved.positions],
    }
    data["check"] = checksum(data)
    return data


def to_text(saved: SavedGame, engine: Engine) -> str:
    """The save file's text: a field a line, the moves on one line and each checkpoint on one
    (``json.dumps(indent=1)`` writes a line per move with Python's slow encoder: 0.3 s for 100,000
    moves, after every turn, and spreads a position over a hundred lines)."""
    data = to_json(saved, engine)
    moves, checkpoints = data.pop("moves"), data.pop("checkpoints")
    head = json.dumps(data, indent=1)
    assert head.endswith("\n}")
    lines = ",\n  ".join(json.dumps(c, separators=(",", ":")) for c in checkpoints)
    return (head[:-2] + ',\n "moves": ' + json.dumps(moves)
            + ',\n "checkpoints": [' + (f"\n  {lines}\n ]" if lines else "]") + "\n}\n")


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 names each game with an ``id``; a version 1 save gets one made from its deal and start."""
    return {**data, "version": 2, "id": legacy_game_id(data)}


def _v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3 writes each move as its code; version 2 (and 1) wrote a JSON object."""
    moves = data.get("moves")
    if isinstance(moves, list) and len(moves) <= MAX_MOVES:
        data = {**data, "moves": [v2_move_code(m) for m in moves]}
    return {**data, "version": 3}


def _v3_to_v4(data: dict[str, Any]) -> dict[str, Any]:
    """Version 4 adds checkpoints and their ``check``; without them, a save is replayed from the deal."""
    return {**data, "version": 4}


# Older format versions are upgraded step by step to the current one: MIGRATIONS[n] turns a
# version n dict into version n + 1.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4}


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    version = data.get("version")
    if not _whole(version) or version < 1:
        raise SaveError("save_no_version")
    if version > VERSION:
        raise SaveError("save_newer")
    while version < VERSION:
        data = MIGRATIONS[version](data)
        version = data["version"]
    return data


def parse(text: str) -> tuple[SavedGame, Engine]:
    """Check a save file's text and replay it; raises SaveError with the message key that tells the player why not.

    Each part is checked in the order below, so a save damaged in several places always gets the
    same sentence."""
    data = upgrade(_voicegame_json(text))
    entry = _entry_of(data)
    clean = _options_of(data, entry)
    engine = _engine_of(entry, clean)
    seed = _seed_of(data)
    raw_moves = _raw_moves_of(data)
    moves = read_moves(engine, raw_moves)  # every code is a string now (else SaveError)
    cursor = _cursor_of(data, len(moves))
    seconds = _seconds_of(data)
    started = given if isinstance(given := data.get("started"), str) else now_iso()
    written = saved_at if isinstance(saved_at := data.get("saved"), str) else ""
    game_id = _game_id_of(data)
    deal = engine.deal(seed)
    positions = trusted_positions(data, engine, deal, moves, cursor) or replayed_positions(engine, deal, moves)
    at_cursor = positions[cursor]
    options = {o.name: clean.get(o.name, o.default) for o in entry.options}
    return SavedGame(entry.key, options, seed, moves, cursor, started[:40], seconds, engine.is_won(at_cursor),
                     game_id, written[:40], engine.score(at_cursor), positions, list(raw_moves)), engine


def _voicegame_json(text: str) -> dict[str, Any]:
    """The save's JSON object, when the text is JSON and says it is a voicegame save."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise SaveError("save_damaged") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("save_not_voicegame")
    return data


def _entry_of(data: dict[str, Any]) -> GameEntry:
    """The registry's entry of the game the save names."""
    try:
        return find_game(str(data.get("game")))
    except UnknownGame:
        raise SaveError("save_unknown_game") from None


def _options_of(data: dict[str, Any], entry: GameEntry) -> dict[str, Any]:
    """The save's options that the game has, each checked; options the game no longer has are dropped."""
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise SaveError("save_bad_options")
    known = {o.name: o for o in entry.options}
    clean: dict[str, Any] = {}
    for name, value in options.items():
        option = known.get(name)
        if option is None:
            continue
        if not _option_allows(option, value):
            raise SaveError("save_bad_options")
        clean[name] = value
    return clean


def _option_allows(option: Option, value: Any) -> bool:
    """True when ``value`` is one ``option`` may take (None only where the option allows it)."""
    if value is None and option.allow_none:
        return True
    return isinstance(value, option.kind) and not isinstance(value, bool) and (option.choices is None or value in option.choices)


def _engine_of(entry: GameEntry, options: dict[str, Any]) -> Engine:
    """The engine of the game with these options (options that cannot go together are a bad save)."""
    try:
        return Engine(entry.make(**options))
    except ValueError:
        raise SaveError("save_bad_options") from None


def _seed_of(data: dict[str, Any]) -> int:
    seed = data.get("seed")
    if not _whole(seed) or not 0 <= seed < 2**64:
        raise SaveError("save_bad_seed")
    return seed


def _raw_moves_of(data: dict[str, Any]) -> list[Any]:
    """The save's list of move codes, not yet read."""
    raw_moves = data.get("moves")
    if not isinstance(raw_moves, list) or len(raw_moves) > MAX_MOVES:
        raise SaveError("save_bad_moves")
    return raw_moves


def _cursor_of(data: dict[str, Any], move_count: int) -> int:
    """How many of the moves are played (the rest can be redone); all of them when the save does not say."""
    cursor = data.get("cursor", move_count)
    if not _whole(cursor) or not 0 <= cursor <= move_count:
        raise SaveError("save_bad_moves")
    return cursor


def _seconds_of(data: dict[str, Any]) -> float:
    """The time played; 0 when the save's figure is missing or cannot be right."""
    seconds = data.get("seconds", 0.0)
    return float(seconds) if isinstance(seconds, (int, float)) and not isinstance(seconds, bool) and 0 <= seconds < 1e9 else 0.0


def _game_id_of(data: dict[str, Any]) -> str:
    game_id = data.get("id")
    if not isinstance(game_id, str) or not ID_CHARS.fullmatch(game_id):
        raise SaveError("save_bad_id")
    return game_id


def replayed_positions(engine: Engine, deal: State, moves: list[Move]) -> dict[int, State]:
    """Every position of the game, replayed from the deal through the engine's checks: the whole
    history, redo tail included, must be a legal game (raises SaveError)."""
    positions = {0: deal}
    state = deal
    for done, move in enumerate(moves, 1):
        try:
            state = engine.apply(state, move)[0]
        except IllegalMove:
            raise SaveError("save_illegal") from None
        positions[done] = state
    return positions


def trusted_positions(data: dict[str, Any], engine: Engine, deal: State, moves: list[Move], cursor: int) -> dict[int, State] | None:
    """The deal, the checkpoints and the positions from the last checkpoint to ``cursor``, when the
    save's ``check`` matches its content; None (replay from the deal) when it does not, or when
    anything in the checkpoints cannot be read or played on."""
    raw = data.get("checkpoints")
    if not isinstance(raw, list) or not isinstance(data.get("check"), str) or data["check"] != checksum(data):
        return None
    wanted = checkpoint_indices(len(moves))
    if len(raw) != len(wanted):
        return None
    positions = {0: deal}
    try:
        for item, index in zip(raw, wanted):
            if not isinstance(item, list) or len(item) != 2 or item[0] != index:
                return None
            positions[index] = state_from_json(item[1], engine)
        start = cursor - cursor % CHECKPOINT_EVERY
        state = positions[start]
        for done in range(start, cursor):
            state = engine.apply(state, moves[done])[0]
            positions[done + 1] = state
    except (PositionError, IllegalMove):
        return None
    return positions


def move_aside(path: Path) -> Path | None:
    """Rename a bad save out of the way (kept for bug reports); None if even that fails."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.bad-{stamp}{path.suffix}")
    n = 1
    while os.path.lexists(target):  # never raises (a folder it may not search)
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
    try:
        text = read_bounded_text(path, MAX_BYTES)  # never a pipe, a device or a huge file
    except FileNotFoundError:
        return LoadResult(None)
    except (OSError, ValueError) as error:  # too big, no permission, a pipe, a device, a folder
        reason = Reason("save_too_large") if isinstance(error, FileTooBig) else Reason("save_unreadable")
        return LoadResult(None, reason, move_aside(path))
    try:
        saved, _ = parse(text)
        return LoadResult(saved)
    except (SaveError, OSError, UnicodeDecodeError) as error:
        reason = error.reason if isinstance(error, SaveError) else Reason("save_unreadable")
        return LoadResult(None, reason, move_aside(path))


def save(path: Path, saved: SavedGame, engine: Engine) -> None:
    atomic_write_text(path, to_text(saved, engine))
