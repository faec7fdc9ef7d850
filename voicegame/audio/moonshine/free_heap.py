"""Giving the C heap's free pages back to the system (glibc's ``malloc_trim``).

onnxruntime, loading Moonshine's sessions, turns the 8-bit weights into floats and frees what it parsed
and built on the way; glibc keeps that freed memory in its heap, which it can only shrink from the top
(measured 2026-11-29: 740 MB resident after the load, 466 MB after one trim, 17 CPU-ms). The model
trims once its sessions are loaded; the recogniser after each utterance, for the buffers a decode frees
(a trim then costs about 1 ms). Without glibc (musl, macOS, Windows) nothing is done.
"""

from __future__ import annotations

import ctypes
import sys
from functools import lru_cache
from typing import Callable


@lru_cache(maxsize=1)
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None where the C library has none."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        trim = ctypes.CDLL(None).malloc_trim  # the C library the process runs on
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


def release_free_heap() -> bool:
    """Return the free pages of every heap to the system; False when there is no ``malloc_trim``."""
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True
