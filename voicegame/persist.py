"""Never lose a game: autosave after every change, offer to resume, keep statistics.

One save per game (``saves/<game>.json`` in the data folder) and one statistics
file. Nothing here raises into the game: a disk that cannot be written is told
once, and play goes on.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from voicegame import store
from voicegame.stats import GameStats, StatsBook, stats_key

if TYPE_CHECKING:
    from voicegame.session import Session


@dataclass
class Offer:
    """A saved game the player may resume."""

    saved: store.SavedGame
    when: str  # "from today", "from yesterday", "from 3 days ago"


def age_phrase(started: str, now: datetime | None = None) -> str:
    try:
        then = datetime.fromisoformat(started)
    except ValueError:
        return ""
    now = now or datetime.now(timezone.utc)
    days = (now.date() - then.astimezone(timezone.utc).date()).days
    if days <= 0:
        return "from today"
    if days == 1:
        return "from yesterday"
    return f"from {days} days ago"


class Persistence:
    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or store.data_dir()
        self.stats = StatsBook(self.folder / "stats.json")
        self.problems: list[str] = [self.stats.problem] if self.stats.problem else []
        self._write_failed = False
        self._clock: dict[int, float] = {}  # id(session) -> time the current stretch of play began

    def save_path(self, game: str) -> Path:
        return self.folder / "saves" / f"{game}.json"

    # ----- saving -------------------------------------------------------------------
    def autosave(self, session: "Session") -> None:
        """Write the session's game; called after every move, undo, redo and new deal."""
        saved = store.SavedGame(
            session.game.key,
            dict(session.options),
            session.seed,
            list(session.history.moves),
            session.history.cursor,
            session.started,
            self.elapsed(session),
        )
        try:
            store.save(self.save_path(session.game.key), saved, session.engine)
        except OSError:
            if not self._write_failed:
                self._write_failed = True
                self.problems.append("I cannot save the game on this device; it will be lost when you quit.")

    def elapsed(self, session: "Session") -> float:
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

    # ----- resuming ----------------------------------------------------------------
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

    def offer(self, game: str) -> tuple[Offer | None, str | None]:
        """A saved game worth resuming (one with moves, not won), and any problem sentence."""
        result = store.load(self.save_path(game))
        if result.problem:
            return None, result.problem + " Starting a new game."
        saved = result.saved
        if saved is None or saved.cursor == 0 or saved.won:
            return None, None
        return Offer(saved, age_phrase(saved.started)), None

    # ----- statistics --------------------------------------------------------------------
    def record(self, session: "Session", won: bool) -> GameStats:
        key = stats_key(session.game.key, session.options)
        return self.stats.record(key, won, session.history.cursor, self.elapsed(session))

    def stats_for(self, session: "Session") -> GameStats:
        return self.stats.get(stats_key(session.game.key, session.options))
