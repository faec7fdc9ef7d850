"""Names a module passes on from other modules, imported the first time they are asked for (PEP 562):
the audio backends load numpy, asyncio and the recognisers' packages, which typed play never needs."""

from __future__ import annotations

import sys
from importlib import import_module
from typing import Any, Callable


def lazy_names(module: str, package: str, homes: dict[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``module`` (its ``__name__``) that imports each name of ``homes``
    (name -> module of ``package``) on first use and keeps it in the module's namespace."""

    def get(name: str) -> Any:
        if name not in homes:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        value = getattr(import_module(f"{package}.{homes[name]}"), name)
        vars(sys.modules[module])[name] = value
        return value

    return get
