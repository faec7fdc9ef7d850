"""Pronunciations: the CMU dictionary that ships with pocketsphinx, the language's own
pronunciations of words it may lack (``grammars/<lang>/pronunciations.toml``), and which words of
a grammar neither knows."""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

from voicegame.audio.grammar_spec import RecogniserGrammar
from voicegame.audio.jsgf import Jsgf


@lru_cache(maxsize=None)
def pronunciations(lang: str = "en") -> tuple[tuple[str, str], ...]:
    """(word, phones) for command words a recogniser's dictionary may lack ("verbose", game names),
    from ``grammars/<lang>/pronunciations.toml`` (CMU phone set); () when there is none."""
    import tomllib
    from importlib import resources

    try:
        with resources.files("voicegame.grammars").joinpath(lang, "pronunciations.toml").open("rb") as handle:
            table = tomllib.load(handle).get("words", {})
    except FileNotFoundError:
        return ()
    return tuple(sorted((word, phones) for word, phones in table.items()))


@lru_cache(maxsize=1)
def cmu_dictionary() -> dict[str, tuple[tuple[str, ...], ...]]:
    """The CMU pronouncing dictionary shipped with pocketsphinx: word -> pronunciations ({} if absent)."""
    try:
        import pocketsphinx

        path = pocketsphinx.get_model_path("en-us/cmudict-en-us.dict")
    except Exception:
        return {}
    out: dict[str, list[tuple[str, ...]]] = {}
    with open(path, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            parts = line.split()
            if len(parts) < 2:
                continue
            word = parts[0].split("(")[0]
            out.setdefault(word, []).append(tuple(parts[1:]))
    return {w: tuple(p) for w, p in out.items()}


def missing_words(grammar: RecogniserGrammar, knows: Callable[[str], bool] | None = None) -> list[str]:
    """Words of ``grammar`` that the pronouncing dictionary (default: pocketsphinx's, with the
    grammar's own pronunciations) lacks, sorted."""
    if knows is None:
        dictionary = cmu_dictionary()
        own = {word for word, _ in grammar.pronunciations}
        knows = lambda word: word in dictionary or word in own  # noqa: E731
    words = set(grammar.words) | set(Jsgf(grammar.jsgf).words)
    return sorted(w for w in words if not knows(w))
