"""The examples in the engine's docstrings run and say what they show (doctest over voicegame/engine)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import voicegame.engine

MODULES = sorted(info.name for info in pkgutil.iter_modules(voicegame.engine.__path__, "voicegame.engine."))
WITH_EXAMPLES = {"cards", "piles", "rules", "sequence", "engine", "moves", "history", "reason", "settling"}


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    if name.rsplit(".", 1)[1] in WITH_EXAMPLES:
        assert result.attempted > 0  # the public API keeps its examples
