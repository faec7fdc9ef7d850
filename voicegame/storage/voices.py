"""Where a player's enrolled voice lives: one file of voice templates per player (``voicegame train``),
``<data folder>/voices/<player>.npz``. What is in the file is the audio layer's business
(``voicegame.audio.enrolment.voice_templates``); this module only names the place."""

from __future__ import annotations

import re
from pathlib import Path

from .savefile import data_dir

DEFAULT_PLAYER = "default"
_NOT_NAME = re.compile(r"[^a-z0-9_-]+")


def player_key(player: str) -> str:
    """The player's name as a file name: lower case, letters, digits, - and _ ("Ann Lee" -> "ann-lee")."""
    return _NOT_NAME.sub("-", player.strip().lower()).strip("-")[:60] or DEFAULT_PLAYER


def voices_dir() -> Path:
    return data_dir() / "voices"


def voice_templates_path(player: str = DEFAULT_PLAYER) -> Path:
    """The file of ``player``'s voice templates (it may not exist: not enrolled)."""
    return voices_dir() / f"{player_key(player)}.npz"
