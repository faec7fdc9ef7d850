"""Never lose a game: autosave after every change, offer to resume, keep every unfinished game,
keep statistics.

Where games live (in the data folder):

- ``saves/<game>.json``: the game of that kind played last (one file per game: Klondike, Spider...).
  Started without a deal number, voicegame offers to resume it.
- ``saves/kept/<game>-<deal>-<id>.json``: unfinished games that another game of the same kind took
  the place of (a new deal by ``--seed``, by "new game", or "new game" said to the resume question).
  The newest ``KEEP`` of each game are kept; older ones are deleted.

A save is only ever written over by the same game (the save's ``id``): before another game's first
save takes the place of an unfinished one, that one is copied to ``kept/``, and if the copy cannot be
written, neither is the new save. Nothing here raises into the game: a save that cannot be written is
reported to the session (which says so once), tried again after every turn, and a game left while
saving failed is held in memory until it can be written.

One game, one writer (:mod:`voicegame.storage.locks`): the game a process plays is locked for as long
as it plays it (``claim``), so that no other process resumes it and writes over its moves; looking at
``saves/<game>.json`` and writing it is done under that file's own lock, and so is every update of the
statistics.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable, Protocol

from voicegame.audio.bounded_file import read_bounded_text
from voicegame.storage import savefile as store
from voicegame.storage.locks import ELSEWHERE, HELD, UNLOCKED, FileLock, locked
from voicegame.storage.positions import checkpoint_indices
from voicegame.engine import Engine, History, Reason
from voicegame.engine.game import GameDef
from voicegame.storage.stats import GameStats, StatsBook, stats_key

KEEP = 10
"""Unfinished games kept per game besides the one in ``saves/<game>.json`` (the oldest beyond go)."""

FAILED = "failed"
SAVED_AGAIN = "saved again"


class Playing(Protocol):
    """What autosave needs of a game being played (``voicegame.play.session.Session`` is one):
    which game, how it was dealt, its moves, and its playing time, which autosave adds to."""

    seconds: float  # seconds played so far: autosave adds the time since it last looked

    @property
    def game(self) -> GameDef: ...
    @property
    def options(self) -> dict[str, Any]: ...
    @property
    def seed(self) -> int: ...
    @property
    def engine(self) -> Engine: ...
    @property
    def history(self) -> History: ...
    @property
    def started(self) -> str: ...
    @property
    def finished(self) -> bool: ...
    @property
    def game_id(self) -> str: ...


@dataclass
class Offer:
    """A saved game the player may resume."""

    saved: store.SavedGame
    days: int | None  # how many days ago it was started (0: today; None: the save does not say)


@dataclass(frozen=True)
class _Slot:
    """What ``saves/<game>.json`` holds, as last seen (``mtime``: the file's st_mtime_ns then)."""

    id: str | None
    seed: int
    unfinished: bool
    mtime: int


_EMPTY = _Slot(None, 0, False, 0)


def age_days(started: str, now: datetime | None = None) -> int | None:
    """Days from ``started`` (an ISO time) to ``now`` by the calendar (0: today); None when unreadable."""
    try:
        then = datetime.fromisoformat(started)
    except ValueError:
        return None
    now = now or datetime.now(timezone.utc)
    return max(0, (now.date() - then.astimezone(timezone.utc).date()).days)


class Persistence:
    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or store.data_dir()
        self.stats = StatsBook(self.folder / "stats.json")
        self.problems: list[Reason] = [self.stats.problem] if self.stats.problem else []
        self.failing = False  # the last write failed; every turn tries again
        self._held: dict[str, tuple[store.SavedGame, Engine, int]] = {}  # games left while saving failed, by id (and when)
        self._slots: dict[str, _Slot] = {}
        self._clock: dict[int, float] = {}  # id(session) -> time the current stretch of play began
        self._codes = store.MoveCodes()
        self._read: dict[Path, tuple[tuple[int, int, int], store.SavedGame | None]] = {}  # path -> (file's identity, its game)
        self._claimed: tuple[str, FileLock] | None = None  # the game this process plays, locked (see claim)

    def save_path(self, game: str) -> Path:
        return self.folder / "saves" / f"{game}.json"

    @property
    def locks_dir(self) -> Path:
        return self.folder / "saves" / "locks"

    @property
    def kept_dir(self) -> Path:
        return self.folder / "saves" / "kept"

    def kept_path(self, game: str, seed: int, game_id: str) -> Path:
        return self.kept_dir / f"{game}-{seed}-{game_id}.json"

    # ----- one game, one writer ------------------------------------------------------
    def claim(self, game_id: str) -> bool:
        """Lock ``game_id`` for this process for as long as it plays it, letting go of the game it
        played before. False, and nothing changed, when another process plays that game: resuming it
        here would write over its moves (and it over ours) turn by turn."""
        if self._claimed is not None and self._claimed[0] == game_id:
            if self._claimed[1].state == UNLOCKED:  # no lock could be had (a read-only folder...): try again
                again = FileLock(self.locks_dir / f"game-{game_id}.lock")
                if again.try_lock() == HELD:
                    self._claimed = (game_id, again)
            return True
        lock = FileLock(self.locks_dir / f"game-{game_id}.lock")
        if lock.try_lock() == ELSEWHERE:
            return False
        self.let_go()
        self._claimed = (game_id, lock)
        return True

    def let_go(self, game_id: str | None = None) -> None:
        """Unlock the game this process plays (only if it is ``game_id``, when given)."""
        if self._claimed is not None and game_id in (None, self._claimed[0]):
            self._claimed[1].release(remove=True)
            self._claimed = None

    def open_elsewhere(self, game_id: str) -> bool:
        """Whether another process is playing ``game_id`` now."""
        if self._claimed is not None and self._claimed[0] == game_id:
            return False
        return FileLock(self.locks_dir / f"game-{game_id}.lock").held_elsewhere()

    # ----- saving -------------------------------------------------------------------
    def snapshot(self, session: Playing) -> store.SavedGame:
        """The session's game as a save, with its checkpoints (``store.SavedGame.positions``)."""
        history = session.history
        moves = list(history.moves)
        saved = store.SavedGame(
            session.game.key,
            dict(session.options),
            session.seed,
            moves,
            history.cursor,
            session.started,
            self.elapsed(session),
            session.finished,
            session.game_id,
            positions={i: history.states[i] for i in checkpoint_indices(len(moves))},
        )
        saved.codes = self._codes.codes(saved.id, moves, session.engine)
        return saved

    def load(self, path: Path) -> store.LoadResult:
        """``store.load``, remembered while the file is unchanged (its inode, size and time): one
        start reads the save of the game being resumed three times (the offer, the list of unfinished
        games, the first autosave's look at what it writes over)."""
        try:
            info = path.stat()
        except OSError:
            return store.load(path)
        identity = (info.st_ino, info.st_size, info.st_mtime_ns)
        known = self._read.get(path)
        if known is not None and known[0] == identity:
            return store.LoadResult(known[1])
        result = store.load(path)
        if result.problem is None:
            self._read[path] = (identity, result.saved)
        return result

    def autosave(self, session: Playing) -> str | None:
        """Write the session's game (and any game held in memory); called after every turn that
        changed the game, and after every turn while saving fails. Returns ``FAILED`` when saving
        has just started failing, ``SAVED_AGAIN`` when it has just worked again, else None. The
        session's game is claimed first (its first save, for a new deal); should another process
        play it, it is not written at all."""
        if not self.claim(session.game_id):
            return None
        saved = self.snapshot(session)
        try:
            for game_id, (held, engine, _) in list(self._held.items()):
                self._write(held, engine, current=False)
                del self._held[game_id]
            self._write(saved, session.engine, current=True)
        except OSError:
            if self.failing:
                return None
            self.failing = True
            return FAILED
        if self.failing:
            self.failing = False
            return SAVED_AGAIN
        return None

    @property
    def holding(self) -> bool:
        """Games left while saving failed are waiting in memory to be written."""
        return bool(self._held)

    def leave(self, session: Playing, count_loss: bool, keep: bool = True) -> None:
        """The session leaves its game for another. Unfinished, it counts as lost (once: see
        ``StatsBook.record``); while saving fails, it is held in memory until it can be written."""
        if count_loss and not session.finished:
            self.record(session, won=False)
        if keep and self.failing and not session.finished:
            self._held[session.game_id] = (self.snapshot(session), session.engine, time.time_ns())
        elif keep:
            self.let_go(session.game_id)

    def _write(self, saved: store.SavedGame, engine: Engine, current: bool) -> None:
        """Write ``saved`` into its game's file, first copying an unfinished other game found there to
        ``kept/``; a game that is not ``current`` goes to ``kept/`` instead of taking such a place.
        Under the slot's lock: another process may be writing the same file (another game of the
        same kind), and looking at what is there and writing must not interleave with it."""
        with locked(self.locks_dir / f"slot-{saved.game}.lock"):
            self._write_locked(saved, engine, current)

    def _write_locked(self, saved: store.SavedGame, engine: Engine, current: bool) -> None:
        slot = self.save_path(saved.game)
        occupant = self._occupant(saved.game)
        other = occupant.id not in (None, saved.id) and occupant.unfinished
        if other and not current:
            store.save(self.kept_path(saved.game, saved.seed, saved.id), saved, engine)
            self._prune(saved.game)
            return
        if other:
            self._keep(saved.game, occupant)
        store.save(slot, saved, engine)
        self._slots[saved.game] = _Slot(saved.id, saved.seed, saved.unfinished, slot.stat().st_mtime_ns)
        copy = self.kept_path(saved.game, saved.seed, saved.id)
        if os.path.exists(copy):  # taken up again: the file in saves/ is now the newer one
            try:
                copy.unlink()
            except OSError:
                pass

    def _occupant(self, game: str) -> _Slot:
        """What ``saves/<game>.json`` holds (read again only when the file changed)."""
        path = self.save_path(game)
        try:
            mtime = path.stat().st_mtime_ns
        except FileNotFoundError:
            return _EMPTY
        known = self._slots.get(game)
        if known is not None and known.mtime == mtime:
            return known
        saved = self.load(path).saved  # a damaged file is put aside (renamed), as at the start
        slot = _EMPTY if saved is None else _Slot(saved.id, saved.seed, saved.unfinished, mtime)
        self._slots[game] = slot
        return slot

    def _keep(self, game: str, occupant: _Slot) -> None:
        """Copy the unfinished game in ``saves/<game>.json`` to ``kept/`` (raises OSError if it cannot)."""
        assert occupant.id is not None
        slot, copy = self.save_path(game), self.kept_path(game, occupant.seed, occupant.id)
        store.atomic_write_text(copy, read_bounded_text(slot, store.MAX_BYTES))
        try:  # the copy keeps the time the game was last played: games are listed and kept by it
            os.utime(copy, ns=(time.time_ns(), slot.stat().st_mtime_ns))
        except OSError:
            pass
        self._prune(game)

    def _prune(self, game: str) -> None:
        """Keep the newest ``KEEP`` games of ``game`` in ``kept/``."""
        try:
            files = sorted(self._kept_files(game), key=lambda p: p.stat().st_mtime_ns, reverse=True)
            for path in files[KEEP:]:
                path.unlink()
        except OSError:
            pass

    def _kept_files(self, game: str | None = None) -> list[Path]:
        try:
            return [p for p in self.kept_dir.glob(f"{game or ''}*.json")
                    if ".bad-" not in p.name and (game is None or p.name.startswith(f"{game}-"))]
        except OSError:
            return []

    def elapsed(self, session: Playing) -> float:
        now = time.monotonic()
        started = self._clock.setdefault(id(session), now)
        session.seconds += now - started
        self._clock[id(session)] = now
        return session.seconds

    def forget(self, game: str) -> None:
        try:
            self.save_path(game).unlink(missing_ok=True)
        except OSError:
            pass

    # ----- finding saved games ----------------------------------------------------------
    def last_played(self, games: Iterable[str]) -> str | None:
        """Which of ``games`` was played last (its save written last), or None: started without a
        game name, the player goes back to it, as AisleRiot does."""
        known = set(games)
        try:
            saves = [(path.stat().st_mtime, path.stem) for path in (self.folder / "saves").glob("*.json")
                     if path.stem in known]
        except OSError:
            return None
        return max(saves)[1] if saves else None

    def unfinished(self, game: str | None = None) -> list[store.SavedGame]:
        """Every unfinished game saved (of ``game``, or of every game), newest first, each once:
        the games in ``saves/``, those in ``kept/`` and those held in memory."""
        from voicegame.games import GAMES  # noqa: PLC0415

        found: dict[str, tuple[int, store.SavedGame]] = {}

        def add(order: int, saved: store.SavedGame | None) -> None:
            if saved is not None and saved.unfinished and (game is None or saved.game == game):
                if saved.id not in found or found[saved.id][0] < order:
                    found[saved.id] = (order, saved)

        paths = [self.save_path(g.key) for g in GAMES if game in (None, g.key)] + self._kept_files(game)
        for path in paths:
            try:
                order = path.stat().st_mtime_ns
            except OSError:
                continue
            add(order, self.load(path).saved)
        for held, _, when in self._held.values():
            add(when, held)
        return [saved for _, saved in sorted(found.values(), key=lambda item: item[0], reverse=True)]

    def slot_game(self, game: str) -> store.SavedGame | None:
        """The game in ``saves/<game>.json``, if it can be read."""
        if not os.path.exists(self.save_path(game)):  # False, never PermissionError, for a folder it may not read
            return None
        return self.load(self.save_path(game)).saved

    def offer(self, game: str) -> tuple[Offer | None, Reason | None]:
        """The newest unfinished game of ``game`` worth resuming (moves made, not won), and any
        problem to tell (a damaged save, put aside; a message key)."""
        result = self.load(self.save_path(game))
        problem = Reason("save_put_aside", {"problem": result.problem}) if result.problem else None
        games = self.unfinished(game)
        if not games:
            return None, problem
        return Offer(games[0], age_days(games[0].started)), problem

    # ----- statistics --------------------------------------------------------------------
    def record(self, session: Playing, won: bool) -> GameStats:
        key = stats_key(session.game.key, session.options)
        return self.stats.record(key, won, session.history.cursor, self.elapsed(session), session.game_id)

    def stats_for(self, session: Playing) -> GameStats:
        return self.stats.get(stats_key(session.game.key, session.options))
