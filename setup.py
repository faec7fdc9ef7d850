"""Package discovery for setuptools; everything else is in pyproject.toml.

The Python code lives in ``voicegame/``; the phrase files (``grammars/``) and earcons
(``sounds/``) live at the top of the repository, where players and translators find them,
and install as ``voicegame.grammars`` and ``voicegame.sounds``. pyproject.toml cannot both
discover packages and map top-level folders into the package, so this file does it: a new
subpackage is picked up by itself (tests/test_wheel.py checks that none is left out).
"""

from setuptools import find_namespace_packages, find_packages, setup

DATA_PACKAGES = {"voicegame.grammars": "grammars", "voicegame.sounds": "sounds"}


def packages() -> list[str]:
    found = find_packages(include=["voicegame", "voicegame.*"])
    for package, folder in DATA_PACKAGES.items():
        found.append(package)
        # grammars/en and any other language folder: data only, but importable by name
        found += [f"{package}.{sub}" for sub in find_namespace_packages(where=folder)]
    return sorted(found)


setup(packages=packages(), package_dir=DATA_PACKAGES)
