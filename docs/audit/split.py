"""Split the AisleRiot manual's "The Games" chapter into one section per registered game.

A section starts at a line that names a game (its title, an alias or its key, compared as lower-case
letters only) and runs to the next such line. ``python docs/audit/split.py [MANUAL]`` prints each
section's first line number and length; :func:`split_manual` is what the audit uses.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from voicegame.games import all_games

MANUAL = Path("/work/shared/seeds/002_44050ca5e4a0808f.txt")


def norm(s: str) -> str:
    return re.sub(r"[^a-z]", "", s.lower())


def split_manual(path: Path = MANUAL) -> dict[str, dict]:
    """{game key: {'manual_title', 'line' (1-based), 'lines' (non-blank lines of the section)}}."""
    lines = path.read_text(encoding="utf-8").split("\n")
    start = lines.index("The Games")
    body = lines[start + 1:]
    names: dict[str, str] = {}
    for e in all_games():
        for c in (e.title, *e.aliases, e.key):
            names[norm(c)] = e.key
    heads: list[tuple[int, str]] = []
    seen: set[str] = set()
    for i, line in enumerate(body):
        k = names.get(norm(line)) if line and len(line) < 40 else None
        if k and k not in seen:
            heads.append((i, k))
            seen.add(k)
    out: dict[str, dict] = {}
    for (a, k), (b, _) in zip(heads, heads[1:] + [(len(body), None)]):
        out[k] = {"manual_title": body[a], "line": start + 2 + a, "lines": [x for x in body[a + 1:b] if x]}
    return out


if __name__ == "__main__":
    sections = split_manual(Path(sys.argv[1]) if len(sys.argv) > 1 else MANUAL)
    missing = [e.key for e in all_games() if e.key not in sections]
    print(len(sections), "sections; games without one:", missing)
    for k, v in sections.items():
        print(k, v["line"], len(v["lines"]))
