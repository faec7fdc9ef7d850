"""Acoustic echo cancellation: barge-in on a loudspeaker.

On a loudspeaker the microphone hears the game's own voice. An echo canceller is given what the game
plays (the far end, ``feed_reference``) and removes its echo from what the microphone hears (the near
end, ``process``), so the endpointer only reacts to the player: "stop", "repeat" or a new command can
then cut the game's sentence without a headset. When no canceller can run, the game mutes the
microphone while it speaks (the old behaviour) and says once why.

Implementations (``EchoCanceller`` protocol, 16 kHz int16 mono, any block length):

- ``WebRtcEchoCanceller``: WebRTC's audio processing module (AEC3), through the PyPI package
  ``aec-audio-processing`` (extra ``voicegame[aec]``; no wheel: built from source with a C++ compiler,
  minutes, so only by ``voicegame setup barge-in``, never by ``./run.sh play``).
- ``SpeexEchoCanceller``: Speex's MDF canceller through ``pyaec`` (a ctypes wrapper with a prebuilt
  x86-64 Linux library; extra ``voicegame[speex]``, a wheel ``./run.sh`` installs) or ``speexdsp``
  (built against Debian's ``libspeexdsp-dev``; optional).
- ``SplitEchoCanceller``: what the game uses (``make_echo_canceller("auto")``), chosen by measurement
  (``bench/bargein.py``, figures in bench/RESULTS.md, section "Barge-in"): WebRTC's output decides
  when the player speaks, Speex's is what the recogniser hears.
- ``NlmsEchoCanceller``: a partitioned-block frequency-domain NLMS filter in numpy, with a simple
  residual-echo suppressor. Measured as a dependency-free candidate: it lets too much of the game's
  voice through (no double-talk detector either), so it is not used by the game.

``PlaybackReference`` keeps what the sound output played, with the monotonic time it started, so
the microphone can ask for the far-end samples that match each captured block.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from typing import Protocol, runtime_checkable

import numpy as np

from ..errors import message_text

log = logging.getLogger(__name__)

SAMPLE_RATE = 16000
FRAME = 160  # 10 ms: what WebRTC's module and our NLMS work in

#: Told once to the player when barge-in on a loudspeaker cannot run.
NO_CANCELLER = message_text("audio_no_echo_canceller", {})


@runtime_checkable
class EchoCanceller(Protocol):
    """Removes the echo of what was played from what the microphone hears.

    ``feed_reference(pcm)``: int16 16 kHz samples that went to the loudspeaker, in order;
    ``process(pcm)``: the same number of microphone samples captured at the same time (any length);
    returns cleaned int16 samples of the same length. ``reset()`` forgets the echo path."""

    name: str

    def feed_reference(self, pcm: np.ndarray) -> None: ...

    def process(self, pcm: np.ndarray) -> np.ndarray: ...

    def reset(self) -> None: ...


def _int16(x: np.ndarray) -> np.ndarray:
    a = np.asarray(x)
    if a.dtype == np.int16:
        return a.reshape(-1)
    if np.issubdtype(a.dtype, np.floating):
        a = np.round(a)
    return np.clip(a, -32768, 32767).astype(np.int16).reshape(-1)


class _Framed:
    """Cuts reference and microphone streams into ``frame`` samples for a frame-based canceller.

    The reference is queued; each microphone frame is processed with the oldest queued reference
    frame (silence when none is queued: nothing was playing). Output lags input by less than one frame
    (the remainder waits for the next call), so ``process`` returns exactly as many samples as given."""

    name = "framed"

    def __init__(self, frame: int = FRAME) -> None:
        self.frame = frame
        self._lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        self._ref: deque[np.ndarray] = deque()
        self._ref_tail = np.zeros(0, np.int16)
        self._mic_tail = np.zeros(0, np.int16)
        self._out = np.zeros(self.frame, np.int16)[:0]
        self._reset_engine()

    def _reset_engine(self) -> None:
        pass

    def feed_reference(self, pcm: np.ndarray) -> None:
        x = np.concatenate([self._ref_tail, _int16(pcm)])
        n = len(x) // self.frame
        with self._lock:
            for i in range(n):
                self._ref.append(x[i * self.frame:(i + 1) * self.frame])
            # a reference far ahead of the microphone is of no use: keep at most 2 s
            while len(self._ref) > 2 * SAMPLE_RATE // self.frame:
                self._ref.popleft()
        self._ref_tail = x[n * self.frame:].copy()

    def process(self, pcm: np.ndarray) -> np.ndarray:
        mic = _int16(pcm)
        want = len(mic)
        x = np.concatenate([self._mic_tail, mic])
        n = len(x) // self.frame
        outs = [self._out]
        zero = np.zeros(self.frame, np.int16)
        for i in range(n):
            with self._lock:
                ref = self._ref.popleft() if self._ref else zero
            outs.append(self._frame(x[i * self.frame:(i + 1) * self.frame], ref))
        self._mic_tail = x[n * self.frame:].copy()
        out = np.concatenate(outs) if len(outs) > 1 else self._out
        if len(out) < want:  # the very first call: pad the start with silence (the lag above)
            out = np.concatenate([np.zeros(want - len(out), np.int16), out])
        self._out = out[want:]
        return out[:want].copy()

    def _frame(self, mic: np.ndarray, ref: np.ndarray) -> np.ndarray:
        raise NotImplementedError


class WebRtcEchoCanceller(_Framed):
    """WebRTC AEC3 (``aec-audio-processing``). Noise suppression and gain control are off: the
    endpointer's adaptive floor and the recogniser want the level as it is. ``delay_ms`` is a hint
    for the echo path's delay (AEC3 finds the real one itself)."""

    name = "webrtc"

    def __init__(self, delay_ms: int = 0) -> None:
        try:
            from aec_audio_processing import AudioProcessor
        except Exception as e:  # ImportError, or OSError when its library will not load
            raise EchoUnavailable(f"WebRTC's echo canceller is not installed ({type(e).__name__}).") from None
        self._cls = AudioProcessor
        self.delay_ms = delay_ms
        super().__init__(FRAME)

    def _reset_engine(self) -> None:
        ap = self._cls(enable_aec=True, enable_ns=False, enable_agc=False, enable_vad=False)
        ap.set_stream_format(SAMPLE_RATE, 1, SAMPLE_RATE, 1)
        ap.set_reverse_stream_format(SAMPLE_RATE, 1)
        ap.set_stream_delay(self.delay_ms)
        self._ap = ap

    def _frame(self, mic: np.ndarray, ref: np.ndarray) -> np.ndarray:
        self._ap.process_reverse_stream(ref.tobytes())
        out = self._ap.process_stream(mic.tobytes())
        return np.frombuffer(out, dtype=np.int16)[: len(mic)]


class SpeexEchoCanceller(_Framed):
    """Speex's MDF echo canceller, ``tail_ms`` of echo path. ``backend``: ``pyaec`` (a prebuilt
    library; ``preprocess`` adds Speex's preprocessor: residual echo and noise suppression) or
    ``speexdsp`` (SWIG bindings built against the system's libspeexdsp; the bare MDF filter)."""

    name = "speex"

    def __init__(self, tail_ms: int = 300, frame: int = FRAME, backend: str = "pyaec", preprocess: bool = True) -> None:
        try:
            module = __import__(backend)
        except Exception as e:
            raise EchoUnavailable(f"Speex's echo canceller ({backend}) is not installed ({type(e).__name__}).") from None
        if backend == "pyaec" and getattr(module, "lib", None) is None:
            raise EchoUnavailable("Speex's echo canceller library would not load.")
        self._module = module
        self.backend = backend
        self.preprocess = preprocess
        self.name = ("speex" if preprocess else "speex-linear") if backend == "pyaec" else f"speex-{backend}"
        self.tail = SAMPLE_RATE * tail_ms // 1000
        super().__init__(frame)

    def _reset_engine(self) -> None:
        if self.backend == "pyaec":
            self._aec = self._module.Aec(self.frame, self.tail, SAMPLE_RATE, self.preprocess)
        else:
            self._aec = self._module.EchoCanceller.create(self.frame, self.tail, SAMPLE_RATE)

    def _frame(self, mic: np.ndarray, ref: np.ndarray) -> np.ndarray:
        if self.backend == "pyaec":  # its C function on numpy buffers (its wrapper copies through lists)
            import ctypes

            ptr = ctypes.POINTER(ctypes.c_int16)
            mic, ref = np.ascontiguousarray(mic), np.ascontiguousarray(ref)
            out = np.zeros(len(mic), np.int16)
            self._module.lib.AecCancelEcho(self._aec._aec, mic.ctypes.data_as(ptr), ref.ctypes.data_as(ptr),
                                           out.ctypes.data_as(ptr), len(mic))
            return out
        return np.frombuffer(self._aec.process(mic.tobytes(), ref.tobytes()), dtype=np.int16).copy()


class NlmsEchoCanceller(_Framed):
    """Partitioned-block frequency-domain NLMS (overlap-save, ``FRAME``-sample blocks, ``tail_ms`` of
    echo path in ``tail_ms / 10`` partitions) in numpy, plus a residual-echo suppressor: a per-bin
    gain that attenuates what still looks like the filtered far end. No double-talk detector: the step
    size is normalised by the far-end power per bin, which keeps adaptation small while the player
    speaks over a quiet far end."""

    name = "nlms"

    def __init__(self, tail_ms: int = 300, mu: float = 0.5, suppress: float = 2.0) -> None:
        self.parts = max(1, tail_ms * SAMPLE_RATE // 1000 // FRAME)
        self.mu = mu
        self.suppress = suppress
        super().__init__(FRAME)

    def _reset_engine(self) -> None:
        n = 2 * FRAME
        bins = n // 2 + 1
        self._W = np.zeros((self.parts, bins), np.complex128)
        self._X = np.zeros((self.parts, bins), np.complex128)
        self._prev_ref = np.zeros(FRAME)
        self._power = np.full(bins, 1e3)
        self._see = np.full(bins, 1e3)
        self._syy = np.full(bins, 1e3)

    def _frame(self, mic: np.ndarray, ref: np.ndarray) -> np.ndarray:
        x = ref.astype(np.float64)
        d = mic.astype(np.float64)
        Xk = np.fft.rfft(np.concatenate([self._prev_ref, x]))
        self._prev_ref = x
        self._X = np.roll(self._X, 1, axis=0)
        self._X[0] = Xk
        Y = (self._W * self._X).sum(axis=0)
        y = np.fft.irfft(Y)[FRAME:]
        e = d - y
        Ek = np.fft.rfft(np.concatenate([np.zeros(FRAME), e]))
        self._power = 0.9 * self._power + 0.1 * (np.abs(self._X) ** 2).sum(axis=0)
        if np.abs(x).max() > 1.0:  # adapt only while something is played
            G = self.mu * np.conj(self._X) * Ek / (self._power + 1e4)
            g = np.fft.irfft(G, axis=1)
            g[:, FRAME:] = 0.0  # gradient constraint
            self._W += np.fft.rfft(g, axis=1)
        # residual echo suppression: a Wiener-like gain from error vs estimated echo power per bin
        Yf = np.fft.rfft(np.concatenate([np.zeros(FRAME), y]))
        self._see = 0.7 * self._see + 0.3 * np.abs(Ek) ** 2
        self._syy = 0.7 * self._syy + 0.3 * np.abs(Yf) ** 2
        gain = np.clip(1.0 - self.suppress * self._syy / (self._see + 1e-3), 0.05, 1.0)
        out = np.fft.irfft(Ek * gain)[FRAME:]
        return np.clip(np.round(out), -32768, 32767).astype(np.int16)


class SplitEchoCanceller:
    """Two cancellers on the same signals: ``detect`` (strong residual suppression: nothing of the game
    is left to be taken for speech) decides when the player speaks, ``decode`` (a linear filter that
    leaves the player's voice whole) is what the recogniser hears. ``process`` returns the ``decode``
    output and appends the ``detect`` output to ``detection`` (a ``SideVad`` reads it in step with
    the endpointer)."""

    def __init__(self, detect: EchoCanceller, decode: EchoCanceller) -> None:
        self.detect, self.decode = detect, decode
        self.name = f"{detect.name}+{decode.name}"
        self.detection = SideVad()

    def feed_reference(self, pcm: np.ndarray) -> None:
        self.detect.feed_reference(pcm)
        self.decode.feed_reference(pcm)

    def process(self, pcm: np.ndarray) -> np.ndarray:
        self.detection.push(self.detect.process(pcm))
        return self.decode.process(pcm)

    def reset(self) -> None:
        self.detect.reset()
        self.decode.reset()
        self.detection.clear()


class SideVad:
    """The endpointer's voice detector run on another signal than the one it keeps: each
    ``is_speech(frame)`` judges the next ``len(frame)`` samples pushed here (the detection output of a
    ``SplitEchoCanceller``), in the same order; with none pushed, the frame itself."""

    def __init__(self, vad=None) -> None:
        from .voice_activity import EnergyVad

        self.vad = vad or EnergyVad()
        self._buf: deque[np.ndarray] = deque()
        self._lock = threading.Lock()
        self._have = 0

    def push(self, pcm: np.ndarray) -> None:
        with self._lock:
            self._buf.append(np.asarray(pcm, np.int16))
            self._have += len(pcm)

    def unpush(self, n: int) -> None:
        """Forget the last ``n`` samples pushed (their block was dropped before the endpointer saw it)."""
        with self._lock:
            while n > 0 and self._buf:
                last = self._buf.pop()
                if len(last) > n:
                    self._buf.append(last[: len(last) - n])
                    self._have -= n
                    return
                n -= len(last)
                self._have -= len(last)

    def clear(self) -> None:
        with self._lock:
            self._buf.clear()
            self._have = 0

    def reset(self) -> None:
        self.vad.reset()

    @property
    def floor_db(self) -> float:
        return self.vad.floor_db

    def is_speech(self, frame: np.ndarray) -> bool:
        n = len(frame)
        with self._lock:
            if self._have < n:
                return self.vad.is_speech(frame)
            parts, got = [], 0
            while got < n:
                head = self._buf[0]
                take = min(n - got, len(head))
                parts.append(head[:take])
                got += take
                if take == len(head):
                    self._buf.popleft()
                else:
                    self._buf[0] = head[take:]
            self._have -= n
        return self.vad.is_speech(np.concatenate(parts))


class EchoUnavailable(Exception):
    """An echo canceller could not be started (library missing or not loading)."""


KINDS = ("auto", "webrtc", "speex", "speexdsp", "nlms", "off")


def _make(name: str) -> EchoCanceller:
    if name == "webrtc":
        return WebRtcEchoCanceller()
    if name == "speex":
        return SpeexEchoCanceller(backend="pyaec")
    if name == "speexdsp":
        return SpeexEchoCanceller(backend="speexdsp")
    if name == "nlms":
        return NlmsEchoCanceller()
    raise ValueError(f"unknown echo canceller {name!r}; choose one of {', '.join(KINDS)}")


def make_echo_canceller(kind: str = "auto") -> EchoCanceller | None:
    """The echo canceller to use, or None when none can run (then the game mutes the microphone while
    it speaks); ``off``: None. The others can be asked for by name (``KINDS``).

    ``auto``, chosen by bench/bargein.py (figures in bench/RESULTS.md, "Barge-in"): WebRTC's canceller
    decides when the player speaks (it is the only one that leaves nothing of the game's voice to be
    taken for speech), and Speex's gives the recogniser the player's voice (WebRTC's suppressor
    clips the start of a command spoken over the game: alone it let 32% of them be decoded, with
    Speex's output 72-92%): ``speexdsp`` when installed, else ``pyaec``; WebRTC's alone when neither
    is. Without WebRTC's: None, since the others alone cut the game short on its own voice."""
    kind = (kind or "auto").strip().lower()
    if kind == "off":
        return None
    if kind != "auto":
        try:
            return _make(kind)
        except EchoUnavailable as e:
            log.info("echo canceller %s: %s", kind, e)
            return None
    try:
        detect = _make("webrtc")
    except EchoUnavailable as e:
        log.info("echo canceller webrtc: %s", e)
        return None
    for name in ("speexdsp", "speex"):
        try:
            return SplitEchoCanceller(detect=detect, decode=_make(name))
        except EchoUnavailable as e:
            log.info("echo canceller %s: %s", name, e)
    return detect


def erle_db(mic: np.ndarray, cleaned: np.ndarray, skip: int = 0) -> float:
    """Echo return loss enhancement: how much quieter ``cleaned`` is than ``mic``, in dB (from ``skip``)."""
    a = np.asarray(mic, np.float64)[skip:]
    b = np.asarray(cleaned, np.float64)[skip:]
    return float(10.0 * np.log10(((a * a).mean() + 1e-9) / ((b * b).mean() + 1e-9)))


class PlaybackReference:
    """What the sound output played, on the monotonic clock: the echo canceller's far end.

    ``played(pcm, rate, at)`` is called by ``SoundOutput`` when a clip starts (``at``: when it was
    handed to the device); ``cut(at)`` when playing stops early. ``take(at, n)`` returns the ``n``
    samples (16 kHz int16) that were being played from time ``at`` on, silence where nothing played.
    The device's own output and input latency is not known here: it only delays the echo relative to
    the reference, which the canceller finds by itself (WebRTC's tracks up to about half a second).
    Thread-safe (the sound thread writes, the microphone's thread reads)."""

    def __init__(self, keep_s: float = 5.0) -> None:
        self.keep_s = keep_s
        self._clips: list[tuple[float, np.ndarray]] = []  # (start time, 16 kHz int16)
        self._lock = threading.Lock()

    def played(self, pcm: np.ndarray, rate: int, at: float) -> None:
        from ..output.mixdown import resample

        data = resample(_int16(pcm), rate, SAMPLE_RATE)
        with self._lock:
            self._clips = [c for c in self._clips if c[0] + len(c[1]) / SAMPLE_RATE > at - self.keep_s]
            self._clips.append((at, data))

    def cut(self, at: float) -> None:
        with self._lock:
            kept = []
            for start, data in self._clips:
                if start >= at:
                    continue
                kept.append((start, data[: max(0, int(round((at - start) * SAMPLE_RATE)))]))
            self._clips = kept

    def take(self, at: float, n: int) -> np.ndarray:
        out = np.zeros(n, np.int32)
        with self._lock:
            clips = list(self._clips)
        for start, data in clips:
            first = int(round((at - start) * SAMPLE_RATE))  # index in the clip of the window's first sample
            lo, hi = max(0, first), min(len(data), first + n)
            if lo < hi:
                out[lo - first: hi - first] += data[lo:hi]
        return np.clip(out, -32768, 32767).astype(np.int16)

    def busy(self, at: float) -> bool:
        """Something is playing at time ``at``."""
        with self._lock:
            return any(start <= at < start + len(data) / SAMPLE_RATE for start, data in self._clips)
