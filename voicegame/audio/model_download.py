"""Download a Vosk model into the user data folder, verified and unpacked atomically.

    python -m voicegame.audio.model_download [LANG]

The archive is streamed to ``<models>/.<name>.zip.part`` while its size and SHA-256 are checked,
unpacked into a temporary folder next to the destination, checked to look like a Vosk model, and only
then renamed into place (a rename within one folder is atomic), so a half-finished download never
looks like a model to ``find_vosk_model``.

Checksums: alphacephei.com publishes no digests. The SHA-256 and size below are those recorded for
the same archive by several independent public projects (found with code search, all agreeing);
this machine has no internet, so they were not re-measured here.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tempfile
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import BinaryIO, Callable, Protocol

from .errors import DownloadError


@dataclass(frozen=True)
class ModelSpec:
    name: str  # folder name inside the archive and on disk
    url: str
    sha256: str
    size: int  # bytes of the zip


MODELS: dict[str, ModelSpec] = {
    "en-us": ModelSpec(
        name="vosk-model-small-en-us-0.15",
        url="https://alphacephei.com/vosk/models/vosk-model-small-en-us-0.15.zip",
        sha256="30f26242c4eb449f948e42cb302dd7a686cb29a3423a8367f99ff41780942498",
        size=41_205_931,
    ),
}
MODELS["en"] = MODELS["en-us"]


def _models_dir() -> Path:
    """The first folder the model lookup searches: a source checkout's models/, else the user's."""
    from .vosk_recogniser import model_dirs

    return model_dirs()[0]


def _looks_like_model(p: Path) -> bool:
    from .recognisers import _looks_like_vosk_model

    return _looks_like_vosk_model(p)


class _Progress:
    """tqdm when it is installed, else a plain line redrawn in place; silent when disabled."""

    def __init__(self, total: int, label: str, enabled: bool, stream=None):
        self.enabled = enabled
        self.total = total
        self.done = 0
        self.stream = stream or sys.stderr
        self._bar = None
        self._last = -1
        if enabled:
            try:
                from tqdm import tqdm

                self._bar = tqdm(total=total or None, unit="B", unit_scale=True, unit_divisor=1024,
                                 desc=label, file=self.stream)
            except ImportError:
                self.stream.write(f"Downloading {label}\n")

    def update(self, n: int) -> None:
        self.done += n
        if not self.enabled:
            return
        if self._bar is not None:
            self._bar.update(n)
            return
        pct = int(self.done * 100 / self.total) if self.total else -1
        if pct != self._last:
            self._last = pct
            self.stream.write(f"\r{pct:3d}% {self.done / 1e6:.1f} MB")
            self.stream.flush()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
        elif self.enabled:
            self.stream.write("\n")


class _Response(Protocol):
    """What ``download_vosk_model``'s opener returns (as ``urllib.request.urlopen`` does)."""

    def __enter__(self) -> object: ...

    def __exit__(self, *exc: object) -> object: ...

    def read(self, size: int, /) -> bytes: ...


def _safe_members(zf: zipfile.ZipFile) -> None:
    for info in zf.infolist():
        p = PurePosixPath(info.filename)
        if p.is_absolute() or ".." in p.parts or (p.parts and ":" in p.parts[0]):
            raise DownloadError("audio_download_unsafe_names")


def download_vosk_model(lang: str = "en-us", dest: str | os.PathLike | None = None, progress: bool = True,
                        timeout: float = 15.0, spec: ModelSpec | None = None,
                        opener: Callable[..., _Response] = urllib.request.urlopen) -> Path:
    """Fetch, verify and unpack the Vosk model for ``lang`` into ``dest`` (default: a source
    checkout's ``models/``, else the user data folder's ``models``). Returns the model folder.
    Already there: returned without downloading.

    Raises ``DownloadError`` (one sentence) when offline, on a checksum or size mismatch, or for a
    broken archive. ``timeout`` bounds connecting and each read, so being offline fails fast.
    """
    if spec is None:
        spec = _spec_of(lang)
    root = Path(dest).expanduser() if dest is not None else _models_dir()
    final = root / spec.name
    if _looks_like_model(final):
        return final
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise DownloadError("audio_download_no_folder", folder=root, reason=e.strerror or e) from None
    part = root / f".{spec.name}.zip.part"
    _download(spec, part, _open_url(spec, opener, timeout), progress)
    _unpack(part, root, spec, final)
    return final


def _spec_of(lang: str) -> ModelSpec:
    """The model of ``lang``; a sentence listing the known languages when there is none."""
    if lang not in MODELS:
        raise DownloadError("audio_download_unknown_language", lang=lang, known=", ".join(sorted(MODELS)))
    return MODELS[lang]


def _open_url(spec: ModelSpec, opener: Callable[..., _Response], timeout: float) -> _Response:
    """The response for the model's archive; offline (or a bad address) is said in one sentence."""
    host = urllib.parse.urlparse(spec.url).hostname or spec.url
    try:
        return opener(spec.url, timeout=timeout)
    except (urllib.error.URLError, OSError, ValueError) as e:
        reason = getattr(e, "reason", e)
        raise DownloadError("audio_download_offline", host=host, reason=_short(reason)) from None


def _download(spec: ModelSpec, part: Path, resp: _Response, progress: bool) -> None:
    """Streams ``resp`` into ``part``, checking its size and SHA-256 against ``spec``; a download that
    breaks off or does not match is removed and said in one sentence."""
    try:
        with resp, open(part, "wb") as out:
            got, digest = _stream(spec, resp, out, progress)
    except (OSError, urllib.error.URLError) as e:
        part.unlink(missing_ok=True)
        raise DownloadError("audio_download_broke_off", reason=_short(e)) from None
    if got != spec.size or digest != spec.sha256:
        part.unlink(missing_ok=True)
        raise DownloadError("audio_download_mismatch", size=got)


def _stream(spec: ModelSpec, resp: _Response, out: BinaryIO, progress: bool) -> tuple[int, str]:
    """Copies ``resp`` to ``out`` showing progress; the bytes copied and their SHA-256 (hex)."""
    length = resp.headers.get("Content-Length") if hasattr(resp, "headers") else None
    total = int(length) if length and length.isdigit() else spec.size
    digest = hashlib.sha256()
    got = 0
    bar = _Progress(total, spec.name, progress)
    try:
        while True:
            chunk = resp.read(1 << 16)
            if not chunk:
                break
            out.write(chunk)
            digest.update(chunk)
            got += len(chunk)
            bar.update(len(chunk))
    finally:
        bar.close()
    return got, digest.hexdigest()


def _unpack(part: Path, root: Path, spec: ModelSpec, final: Path) -> None:
    """Unpacks the verified archive ``part`` next to ``final`` and renames the model into place; the
    archive and the unpacked leftovers are removed whatever happens."""
    tmp = Path(tempfile.mkdtemp(prefix=f".{spec.name}.", dir=root))
    try:
        try:
            with zipfile.ZipFile(part) as zf:
                _safe_members(zf)
                zf.extractall(tmp)
        except zipfile.BadZipFile:
            raise DownloadError("audio_download_damaged") from None
        candidates = [tmp / spec.name] + [p for p in tmp.iterdir() if p.is_dir()] + [tmp]
        model = next((c for c in candidates if _looks_like_model(c)), None)
        if model is None:
            raise DownloadError("audio_download_not_a_model")
        if final.exists():  # a broken leftover: move it away first
            shutil.rmtree(final, ignore_errors=True)
        os.replace(model, final)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        part.unlink(missing_ok=True)


def _short(e: object) -> str:
    s = str(e).strip().rstrip(".") or type(e).__name__
    return s.splitlines()[0][:100]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    lang = args[0] if args else "en-us"
    try:
        path = download_vosk_model(lang)
    except DownloadError as e:
        print(e, file=sys.stderr)
        return 1
    print(f"The speech model is ready in {path}.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
