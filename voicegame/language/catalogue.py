"""The games catalogue (docs/games.md), written from the registry so it cannot drift from it.

``python -m voicegame.language.catalogue > docs/games.md`` rewrites it; a test checks it is up to date.
"""

from __future__ import annotations

from collections.abc import Iterable

from voicegame.games import GAMES, GameEntry, Option
from voicegame.language.lexicon import load_language

HEADER = """# The games

Every game voicegame plays, written from the game registry (`voicegame/games/__init__.py`) and the
phrase files (`grammars/en/`) by `python -m voicegame.language.catalogue > docs/games.md`; do not edit by hand.
Start one with `voicegame play NAME` (or say "play NAME" during a game); `voicegame games` lists
them too. Rules as played here are in each game's module docstring in `voicegame/games/`.

| game | family | what is special |
| --- | --- | --- |
"""


def option_text(option: Option) -> str:
    flag = f"`--{option.name.replace('_', '-')}`"
    values = " or ".join(str(c) for c in option.choices) if option.choices else "a number"
    if option.allow_none:
        values += " or unlimited"
    default = "unlimited" if option.default is None else option.default
    return f"{flag} {values} (default {default}): {option.help}"


def section(entry: GameEntry, examples: str) -> str:
    lines = [f"## {entry.title}", "", entry.summary, ""]
    lines.append(f"- Start: `voicegame play {entry.key}`; say \"play {entry.title.lower()}\"")
    if entry.aliases:
        lines[-1] += " (also: " + ", ".join(f"\"{a}\"" for a in entry.aliases) + ")"
    lines.append(f"- Family: {entry.family}")
    low, high = entry.seeds
    note = f" ({entry.seed_note})" if entry.seed_note else ""
    lines.append(f"- Deals: `--seed` {low:,} to {high:,}{note}")
    lines.append("- Say, for example: " + "; ".join(f"\"{e.strip()}\"" for e in examples.split(",")))
    for option in entry.options:
        lines.append("- Option " + option_text(option))
    return "\n".join(lines) + "\n"


def render(games: Iterable[GameEntry] | None = None) -> str:
    """The catalogue of ``games`` (default: every game of the registry, in its order)."""
    chosen = GAMES if games is None else tuple(games)
    messages = load_language().messages
    table = "".join(f"| [{e.title}](#{e.title.lower().replace(' ', '-')}) | {e.family} | {e.summary} |\n"
                     for e in chosen)
    sections = "\n".join(section(e, messages.get(f"moves_{e.key}", "draw")) for e in chosen)
    return HEADER + table + "\n" + sections


if __name__ == "__main__":
    print(render(), end="")
