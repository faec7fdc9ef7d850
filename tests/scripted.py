"""Each game's scripted game in tests/data, found by its file name, so that a new game needs no table
entry: ``<key>[_<option><value>...]_seed<N>_<win|stuck>.txt`` ("klondike_draw3_seed5_win.txt",
"spider_three_decks_seed20_stuck.txt"; FreeCell's "deal" is its seed, the Microsoft deal number).

A game with several scripts plays its winning line before a game played to its end, and the longest
of those (the one that says the most)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from voicegame.games import GameEntry

DATA = Path(__file__).parent / "data"
ENDING = re.compile(r"(?:^|_)(?:seed|deal)(?P<seed>\d+)_(?P<outcome>win|stuck)$")
OPTIONS = re.compile(r"(?:[a-z][a-z_]*?\d+(?:_|$))*")
OPTION = re.compile(r"(?P<name>[a-z][a-z_]*?)(?P<value>\d+)(?:_|$)")


class MissingScript(LookupError):
    """A game has no scripted game in tests/data: says which file to write."""

    def __init__(self, entry: GameEntry) -> None:
        self.key = entry.key
        super().__init__(entry.key)

    def __str__(self) -> str:
        return (f"{self.key} has no scripted game: write tests/data/{self.key}_seed<N>_win.txt, the spoken commands "
                f"that win deal N, one a line (python tests/data/make_scripts.py {self.key} N finds them with the "
                f"solver), or {self.key}_seed<N>_stuck.txt, a deal played until no move is left")


@dataclass(frozen=True)
class ScriptedGame:
    path: Path
    key: str
    seed: int
    won: bool
    options: dict[str, object] = field(default_factory=dict)

    def lines(self) -> list[str]:
        """The spoken commands, without comments and blank lines."""
        lines = [line.strip() for line in self.path.read_text().splitlines()]
        return [line for line in lines if line and not line.startswith("#")]


def read_name(path: Path, entry: GameEntry) -> ScriptedGame | None:
    """``path`` as a scripted game of ``entry``, or None if its name is not one."""
    stem = path.stem
    ending = ENDING.search(stem)
    if not stem.startswith(entry.key + "_") or ending is None:
        return None
    middle = stem[len(entry.key) + 1:ending.start()]
    kinds = {o.name: o.kind for o in entry.options}
    if not OPTIONS.fullmatch(middle):
        return None  # another game's key goes on ("spider" and spider_three_decks_...)
    options: dict[str, object] = {}
    for word in OPTION.finditer(middle):
        if word["name"] not in kinds:
            return None
        options[word["name"]] = kinds[word["name"]](word["value"])
    return ScriptedGame(path, entry.key, int(ending["seed"]), ending["outcome"] == "win", options)


def scripted_game(entry: GameEntry) -> ScriptedGame:
    """``entry``'s scripted game (raises :class:`MissingScript` naming the file to write)."""
    found = [game for path in sorted(DATA.glob(f"{entry.key}_*.txt")) if (game := read_name(path, entry))]
    if not found:
        raise MissingScript(entry)
    return max(found, key=lambda game: (game.won, len(game.lines())))
