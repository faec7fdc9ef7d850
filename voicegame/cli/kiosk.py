"""``voicegame kiosk``: run unattended on a screenless device. The kiosk's options and its start
live with the kiosk itself (``voicegame.play.kiosk``); this module only puts it in the command table."""

from __future__ import annotations

from typing import Any

from voicegame.play import kiosk


def add_parser(subparsers: Any) -> None:
    kiosk.add_parser(subparsers)
