"""The ears the speech benches compare, built as the game builds them (one list for every bench).

- **pocketsphinx**: PocketSphinx held to the turn's grammar with its checks, and Whisper's second opinion
  (``listening_pocketsphinx``), the game's ear today;
- **moonshine**: Moonshine base-en held to the same grammar, alone (its own free transcript is the
  transcript the policy reads);
- **moonshine-whisper**: Moonshine with Whisper's second opinion around it
  (``whisper.second_opinion.with_transcriber``), as ``--recogniser moonshine`` builds it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # voicegame is imported late: bench/unasked.py --against chooses which one by sys.path
    from voicegame.audio.backend import Recogniser

EARS = ("pocketsphinx", "moonshine", "moonshine-whisper")


def make_ear(kind: str, second_opinion: bool = True) -> Recogniser:
    """The ear ``kind`` (one of ``EARS``); ``second_opinion=False``: without Whisper."""
    try:
        from voicegame.audio.whisper.transcriber import find_transcriber
    except ImportError:  # a revision before audio/ had subpackages (bench/unasked.py --against)
        from voicegame.audio.whisper_transcriber import find_transcriber  # type: ignore[no-redef]

    transcriber = find_transcriber() if second_opinion and kind != "moonshine" else None
    if kind in ("moonshine", "moonshine-whisper"):
        from voicegame.audio.moonshine.recogniser import MoonshineRecogniser
        from voicegame.audio.whisper.second_opinion import with_transcriber

        return with_transcriber(MoonshineRecogniser(), transcriber)
    if kind == "pocketsphinx":
        from voicegame.audio.recognisers import listening_pocketsphinx

        return listening_pocketsphinx(transcriber=transcriber)
    raise ValueError(f"no ear {kind!r}: one of {', '.join(EARS)}")
