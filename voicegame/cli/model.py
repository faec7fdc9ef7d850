"""``voicegame model download``: the Vosk English speech model, for players who are online."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from voicegame.audio.errors import DownloadError


def add_parser(subparsers: Any) -> None:
    model = subparsers.add_parser("model", help="speech models")
    actions = model.add_subparsers(dest="model_command", required=True)
    download = actions.add_parser("download", help="download Vosk's small English model (into models/ of a source "
                                                   "checkout, else the user data folder)")
    download.add_argument("--lang", default="en-us")
    download.add_argument("--dest", metavar="DIR", help="put the model in this folder instead")
    download.set_defaults(run=run_download)


def run_download(args: argparse.Namespace) -> int:
    from voicegame.audio.model_download import download_vosk_model

    try:
        path = download_vosk_model(args.lang, dest=args.dest)
    except DownloadError as error:
        print(error, file=sys.stderr)
        return 1
    print(f"The speech model is ready in {path}.")
    return 0
