"""Statistics per game and options: played, won, streaks, fewest moves, fastest win.

Kept in ``stats.json`` beside the saves, written atomically. A damaged file is
moved aside and statistics start again; statistics never stop a game.

Several processes may share the file (a kiosk and a game started by hand): each result is added
under ``stats.json.lock`` to the file as it is then (read, add, write), never to this process's
older copy, so that both processes' results count.

A game left unfinished counts as lost once, however often it is set aside and taken up again
(``lost_ids`` remembers the saved games counted so: their save ``id``); won later, it becomes a win.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from voicegame.audio.bounded_file import MIB, read_bounded_text
from voicegame.engine import Reason
from voicegame.storage.locks import locked
from voicegame.storage.savefile import atomic_write_text, move_aside


@dataclass
class GameStats:
    played: int = 0
    won: int = 0
    current_streak: int = 0
    best_streak: int = 0
    fewest_moves: int | None = None
    fastest_seconds: float | None = None

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    def record(self, won: bool, moves: int, seconds: float) -> None:
        self.played += 1
        if won:
            self.won += 1
            self.current_streak += 1
            self.best_streak = max(self.best_streak, self.current_streak)
            self.fewest_moves = moves if self.fewest_moves is None else min(self.fewest_moves, moves)
            self.fastest_seconds = seconds if self.fastest_seconds is None else min(self.fastest_seconds, seconds)
        else:
            self.current_streak = 0

    def won_after_all(self, moves: int, seconds: float) -> None:
        """A game counted as lost when it was left unfinished has been won after all: it becomes a
        win (played stays the same; the streak goes on from where it is now)."""
        if self.won >= self.played:  # (statistics started again since the loss was counted)
            self.played += 1
        self.won += 1
        self.current_streak += 1
        self.best_streak = max(self.best_streak, self.current_streak)
        self.fewest_moves = moves if self.fewest_moves is None else min(self.fewest_moves, moves)
        self.fastest_seconds = seconds if self.fastest_seconds is None else min(self.fastest_seconds, seconds)


def stats_key(game: str, options: dict[str, Any]) -> str:
    """"klondike draw=3 passes=None": one line of statistics per game and options."""
    return " ".join([game, *(f"{k}={options[k]}" for k in sorted(options))])


def key_game(key: str) -> tuple[str, dict[str, Any] | None]:
    """A statistics key read back: its game and options as the game takes them ("klondike draw=3
    passes=None" -> ("klondike", {"draw": 3, "passes": None})); options None when the key names a
    game or an option no longer known, or a value the option does not take."""
    from voicegame.games import UnknownGame, find_game  # noqa: PLC0415  (only voicegame stats reads keys back)

    game, *pairs = key.split()
    try:
        known = {o.name: o for o in find_game(game).options}
    except UnknownGame:
        return game, None
    options: dict[str, Any] = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        option = known.get(name)
        if option is None:
            return game, None
        try:
            options[name] = None if text == "None" and option.allow_none else option.kind(text)
        except ValueError:
            return game, None
    return game, options


def key_title(key: str) -> str:
    """A statistics key in plain words, for a game no longer known (``key_game``): "klondike draw=3
    passes=None" -> "Klondike, draw 3, passes unlimited"; a known game is named by its title."""
    game, *options = key.split()
    words = [game.replace("_", " ").capitalize()]
    for option in options:
        name, _, value = option.partition("=")
        words.append(f"{name} {'unlimited' if value == 'None' else value.replace('_', ' ')}")
    return ", ".join(words)


def _clean(data: Any) -> GameStats | None:
    if not isinstance(data, dict):
        return None
    values: dict[str, Any] = {}
    for f in fields(GameStats):
        value = data.get(f.name, f.default)
        if value is not None and (not isinstance(value, (int, float)) or isinstance(value, bool) or value < 0):
            return None
        values[f.name] = value
    return GameStats(**values)


LOST_IDS_KEPT = 500
"""How many ids of games counted as lost are remembered (more than there are saved games to go back to)."""
STATS_LIMIT = 4 * MIB
"""The largest statistics file read: every game of the collection with its figures fills a few KB."""


class StatsBook:
    """All statistics, loaded from and saved to one file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.entries: dict[str, GameStats] = {}
        self.lost_ids: list[str] = []
        self.problem: Reason | None = None  # what to tell the player (a message key), if anything went wrong
        self._seen: tuple[int, int, int] | None = None  # the file as last read or written (inode, size, time)
        self._load()

    def _identity(self) -> tuple[int, int, int] | None:
        try:
            info = self.path.stat()
        except OSError:
            return None
        return info.st_ino, info.st_size, info.st_mtime_ns

    def refresh(self) -> None:
        """Read the file again if another process has written it since."""
        if self._identity() != self._seen:
            self._load()

    def _load(self) -> None:
        self._seen = self._identity()
        if self._seen is None:
            return
        try:
            data = json.loads(read_bounded_text(self.path, STATS_LIMIT))  # never a pipe, a device or a huge file
            entries = {str(k): _clean(v) for k, v in data.get("games", {}).items()}
            if any(v is None for v in entries.values()):
                raise ValueError("bad entry")
            lost = data.get("lost_ids", [])
            self.entries = {k: v for k, v in entries.items() if v is not None}  # all of them (checked above)
            self.lost_ids = [str(i) for i in lost][-LOST_IDS_KEPT:] if isinstance(lost, list) else []
        except (OSError, ValueError, AttributeError, RecursionError):
            move_aside(self.path)
            self._seen = None
            self.problem = Reason("stats_damaged")

    def get(self, key: str) -> GameStats:
        """The statistics of ``key`` as the file has them now."""
        self.refresh()
        return self.entries.setdefault(key, GameStats())

    def record(self, key: str, won: bool, moves: int, seconds: float, game_id: str | None = None) -> GameStats:
        """Count one game. With ``game_id`` (its save's id): a loss is counted once per game, and a
        win of a game already counted as lost turns that loss into the win. Read, added to and
        written under the file's lock (see the module's docstring)."""
        with locked(self.path.with_name(self.path.name + ".lock")):
            return self._record(key, won, moves, seconds, game_id)

    def _record(self, key: str, won: bool, moves: int, seconds: float, game_id: str | None) -> GameStats:
        stats = self.get(key)
        if game_id is not None and game_id in self.lost_ids:
            if not won:
                return stats
            self.lost_ids.remove(game_id)
            stats.won_after_all(moves, seconds)
        else:
            stats.record(won, moves, seconds)
            if game_id is not None and not won:
                self.lost_ids = [*self.lost_ids, game_id][-LOST_IDS_KEPT:]
        self.save()
        return stats

    def save(self) -> None:
        data = {"version": 1, "games": {k: asdict(v) for k, v in sorted(self.entries.items())}, "lost_ids": self.lost_ids}
        try:
            atomic_write_text(self.path, json.dumps(data, indent=1) + "\n")
        except OSError:
            self.problem = Reason("stats_not_saved")
            return
        self._seen = self._identity()
