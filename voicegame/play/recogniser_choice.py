"""Which recogniser a way of playing (voice play, the kiosk, a Wyoming satellite) asks for: its command
line first (``--recogniser``, ``--model``, ``--stt``), then the settings (``audio.*``). The kinds and
how each is made are ``voicegame.audio.recognisers.RECOGNISER_KINDS``."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from voicegame.audio.recognisers import RecogniserRequest, of_kind

if TYPE_CHECKING:
    from voicegame.storage.config import Config


def requested_kind(args: argparse.Namespace, config: Config | None, listens_only: bool = False) -> str:
    """``--recogniser``, else the setting ``audio.recogniser`` (no settings: "auto"). Where the game only
    listens (``listens_only``: the kiosk, a satellite), a kind that hears nothing (typed commands)
    means "auto"."""
    kind: str = args.recogniser or (config["audio.recogniser"] if config is not None else "auto")
    chosen = of_kind(kind)
    return "auto" if listens_only and chosen is not None and not chosen.hears else kind


def recogniser_request(args: argparse.Namespace, config: Config | None, speaker: Any) -> RecogniserRequest:
    """What the command line and the settings ask of the recogniser (no settings: the defaults);
    notes of a failing speech server are spoken by ``speaker`` to their end."""
    from voicegame.audio.wyoming.stt import said_at_once

    def setting(key: str, default: Any) -> Any:
        return config[key] if config is not None else default

    return RecogniserRequest(model=getattr(args, "model", None) or setting("audio.model", None) or None,
                             acoustic_check=setting("audio.acoustic_check", True),
                             stt=getattr(args, "stt", None) or setting("audio.stt", None) or None,
                             on_note=said_at_once(speaker),
                             second_opinion=setting("audio.second_opinion", True))
