import hashlib
import socket
import zipfile
from pathlib import Path

import pytest

from voicegame.audio.errors import DownloadError
from voicegame.audio.model_download import MODELS, ModelSpec, download_vosk_model
from voicegame.audio.recognisers import find_vosk_model


def make_zip(path: Path, names: dict[str, bytes]) -> ModelSpec:
    with zipfile.ZipFile(path, "w") as z:
        for n, data in names.items():
            z.writestr(n, data)
    blob = path.read_bytes()
    return ModelSpec("vosk-model-fake-0.1", path.as_uri(), hashlib.sha256(blob).hexdigest(), len(blob))


MODEL_FILES = {
    "vosk-model-fake-0.1/am/final.mdl": b"m" * 5000,
    "vosk-model-fake-0.1/conf/model.conf": b"--min-active=200\n",
    "vosk-model-fake-0.1/README": b"fake",
}


def recording_opener():
    """urllib's real opener, noting the timeout each call was given."""
    import urllib.request

    timeouts = []

    def opener(url, timeout):
        timeouts.append(timeout)
        return urllib.request.urlopen(url, timeout=timeout)

    return opener, timeouts


def test_table_entry_for_english():
    spec = MODELS["en-us"]
    assert spec.url == "https://alphacephei.com/vosk/models/vosk-model-small-en-us-0.15.zip"
    assert len(spec.sha256) == 64 and spec.size == 41_205_931


def test_download_verify_unpack(tmp_path, capsys):
    spec = make_zip(tmp_path / "m.zip", MODEL_FILES)
    dest = tmp_path / "models"
    out = download_vosk_model(dest=dest, spec=spec, progress=True)
    assert out == dest / "vosk-model-fake-0.1"
    assert (out / "am" / "final.mdl").read_bytes() == b"m" * 5000
    assert sorted(p.name for p in dest.iterdir()) == ["vosk-model-fake-0.1"]  # no .part, no temp folder
    assert capsys.readouterr().err  # a progress bar was drawn

    def no_network(*a, **k):
        raise AssertionError("should not download again")

    assert download_vosk_model(dest=dest, spec=spec, opener=no_network) == out


def test_downloaded_model_is_found_by_default(tmp_path):
    spec = make_zip(tmp_path / "m.zip", MODEL_FILES)
    out = download_vosk_model(spec=spec, progress=False)  # default dest: user data dir (tmp via conftest)
    assert find_vosk_model(None) == out


def test_checksum_mismatch_deletes_everything(tmp_path):
    spec = make_zip(tmp_path / "m.zip", MODEL_FILES)
    bad = ModelSpec(spec.name, spec.url, "0" * 64, spec.size)
    dest = tmp_path / "models"
    with pytest.raises(DownloadError, match="not the expected file"):
        download_vosk_model(dest=dest, spec=bad, progress=False)
    assert list(dest.iterdir()) == []


@pytest.mark.parametrize("files,needle", [
    ({"../evil.txt": b"x"}, "unsafe"),
    ({"just/a/file.txt": b"x"}, "does not contain a Vosk model"),
])
def test_bad_archives(tmp_path, files, needle):
    spec = make_zip(tmp_path / "m.zip", files)
    dest = tmp_path / "models"
    with pytest.raises(DownloadError, match=needle):
        download_vosk_model(dest=dest, spec=spec, progress=False)
    assert list(dest.iterdir()) == [] and not (tmp_path / "evil.txt").exists()


def test_damaged_zip(tmp_path):
    p = tmp_path / "m.zip"
    p.write_bytes(b"PK\x03\x04 this is not really a zip")
    blob = p.read_bytes()
    spec = ModelSpec("vosk-model-fake-0.1", p.as_uri(), hashlib.sha256(blob).hexdigest(), len(blob))
    with pytest.raises(DownloadError, match="damaged"):
        download_vosk_model(dest=tmp_path / "models", spec=spec, progress=False)


@pytest.mark.parametrize("url", [
    "https://alphacephei.invalid/vosk/models/x.zip",   # name that never resolves (offline-like)
    "http://127.0.0.1:9/x.zip",                       # nothing listening
])
def test_unreachable_fails_fast(tmp_path, url):
    spec = ModelSpec("vosk-model-fake-0.1", url, "0" * 64, 1)
    opener, timeouts = recording_opener()
    with pytest.raises(DownloadError) as e:
        download_vosk_model(dest=tmp_path / "models", spec=spec, progress=False, timeout=3, opener=opener)
    assert timeouts == [3]  # the connection is bounded by the timeout asked for
    assert str(e.value).startswith("I cannot reach") and "internet" in str(e.value)


def test_silent_server_times_out(tmp_path):
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)  # accepts the connection in the kernel, never answers
    try:
        spec = ModelSpec("vosk-model-fake-0.1", f"http://127.0.0.1:{srv.getsockname()[1]}/x.zip", "0" * 64, 1)
        opener, timeouts = recording_opener()
        with pytest.raises(DownloadError):  # without the timeout this would wait for ever
            download_vosk_model(dest=tmp_path / "models", spec=spec, progress=False, timeout=1, opener=opener)
        assert timeouts == [1]
    finally:
        srv.close()


def test_unknown_language():
    with pytest.raises(DownloadError, match="no speech model"):
        download_vosk_model(lang="xx-klingon", progress=False)
