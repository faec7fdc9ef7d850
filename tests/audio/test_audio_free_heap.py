"""Giving freed C heap back to the system (voicegame.audio.moonshine.free_heap)."""

from __future__ import annotations

import platform
import sys

import pytest

from voicegame.audio.moonshine.free_heap import release_free_heap

glibc = sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc"


def resident_mb() -> float:
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) / 1024


@pytest.mark.skipif(not glibc, reason="malloc_trim is glibc's")
def test_freed_memory_held_in_the_heap_goes_back_to_the_system():
    """Many small blocks freed below one still in use stay in glibc's heap (it shrinks only from the
    top) until a trim hands their pages back: what onnxruntime leaves after loading Moonshine."""
    small = [bytearray(100_000) for _ in range(2_000)]  # 200 MB in blocks under glibc's mmap threshold
    pinned = bytearray(100_000)  # allocated after them: the heap's top stays in use
    del small
    held = resident_mb()
    assert release_free_heap() is True
    assert resident_mb() < held - 100
    del pinned
