"""Search over the engine's moves (the full solver and fair hints are issue 6; this is the core)."""

from voicegame.solver.search import SearchResult, solve

__all__ = ["SearchResult", "solve"]
