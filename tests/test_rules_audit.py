"""docs/rules-audit.md (issue 38, item 2): every registered game has a section, and every test the
audit cites exists, so the audit cannot silently fall behind the registry or the test files."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

from voicegame.games import all_games, unlisted_games

ROOT = Path(__file__).resolve().parent.parent
AUDIT = ROOT / "docs" / "rules-audit.md"
CITED = re.compile(r"`(tests/[\w/]+\.py)::(test_\w+)(\[[^`\]]*\])?`")


def audit_text() -> str:
    return AUDIT.read_text(encoding="utf-8")


def section_keys(text: str) -> set[str]:
    """The game keys of the audit's per-game headings: ``### Title (`key`)``."""
    return set(re.findall(r"^### .+ \(`(\w+)`\)$", text, re.M))


def test_every_registered_game_has_a_section():
    """A new game's section is drafted by docs/audit/build.py and reviewed by the time the game is listed in
    ``voicegame.games.LISTED_FIRST``; until then a new game without a section is a warning naming that
    command, not a failure (a game's three files are enough to add it)."""
    keys = section_keys(audit_text())
    new = {entry.key for entry in unlisted_games()}
    missing = [entry.key for entry in all_games() if entry.key not in keys]
    assert not set(missing) - new, f"games without a section in docs/rules-audit.md: {sorted(set(missing) - new)}"
    if missing:
        warnings.warn(f"games without a section in docs/rules-audit.md: {missing}: PYTHONPATH=. python docs/audit/build.py "
                      "drafts every game's section (the page has hand edits since it last ran: copy in the new "
                      "game's section), then review it", stacklevel=1)


def test_every_section_is_a_registered_game():
    registered = {entry.key for entry in all_games()}
    unknown = section_keys(audit_text()) - registered
    assert not unknown, f"sections for games that are not registered: {sorted(unknown)}"


def test_every_cited_test_exists():
    cited = set(CITED.findall(audit_text()))
    assert cited, "the audit cites no tests"
    sources: dict[str, str] = {}
    missing = []
    for path, name, _params in sorted(cited):
        file = ROOT / path
        if not file.is_file():
            missing.append(f"{path} (no such file)")
            continue
        source = sources.setdefault(path, file.read_text(encoding="utf-8"))
        if not re.search(rf"^\s*(async\s+)?def {re.escape(name)}\(", source, re.M):
            missing.append(f"{path}::{name}")
    assert not missing, f"tests cited in docs/rules-audit.md that do not exist: {missing}"


@pytest.mark.parametrize("line", ["| Golf | x | `games/golf.py: waste` | `tests/test_golf.py::test_a[one]` | agrees |"])
def test_the_citation_pattern_reads_parametrised_ids(line):
    assert CITED.findall(line) == [("tests/test_golf.py", "test_a", "[one]")]


def test_no_row_says_being_fixed():
    """Issue 38 item 1 is merged: its rows say "fixed in issue 38 item 1", none is still "being fixed"."""
    rows = [line for line in audit_text().splitlines() if line.startswith("|") and "being fixed" in line]
    assert not rows, f"rows still marked as being fixed: {rows}"
    assert "being fixed" not in audit_text()
