"""The player's answers to "Did you mean ...?" questions (voicegame.listen.learned), kept in the data
folder as ``hearings.json`` so that what the game learned of their voice lasts between games.

Storage may not import the listening layer, so this module moves plain JSON: the session turns it into
and out of ``HeardBefore``. A missing, unreadable or damaged file is an empty memory, never an error;
a write that fails is tried again at the next answer.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from voicegame.audio.bounded_file import MIB, read_bounded_text

from .savefile import atomic_write_text

log = logging.getLogger(__name__)

FILE_NAME = "hearings.json"
HEARINGS_LIMIT = 8 * MIB
"""The largest file of answers read; what ``learned.py`` keeps of a player's answers is bounded far below it."""


def load(folder: Path) -> Any:
    """What ``save`` wrote in ``folder`` (None when there is nothing readable)."""
    path = folder / FILE_NAME
    try:
        return json.loads(read_bounded_text(path, HEARINGS_LIMIT))  # never a pipe, a device or a huge file
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as e:
        log.warning("Could not read %s (%s): the game starts learning the player's voice again", path, e)
        return None


def save(folder: Path, data: Any) -> bool:
    """Write ``data`` atomically; False when it could not be written (the caller tries again later)."""
    try:
        atomic_write_text(folder / FILE_NAME, json.dumps(data, separators=(",", ":")))
    except OSError as e:
        log.warning("Could not write %s: %s", folder / FILE_NAME, e)
        return False
    return True
