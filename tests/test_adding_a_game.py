"""Adding a game is three files: its module (a declaration ending with its ``ENTRY``: search hooks, hint
budget and deal rules included), its words file and its scripted game. This test does it in a copy of
the repository and runs the registry, deals, docs and rules-audit checks there, and the every-game
checks on the new game, as a contributor would after writing those three files and nothing else."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MODULE = '''"""Six Off: Eight Off with six reserves (a game added by tests/test_adding_a_game.py)."""

from __future__ import annotations

from voicegame.engine import GameDef
from voicegame.games.bakers_game import suit_cells_game
from voicegame.games.deal_rules import EMPTY, EMPTY_SUITS, FACE_UP, DealRules, each, same
from voicegame.games.entry import GameEntry
from voicegame.games.search import HintBudget, Search


def six_off() -> GameDef:
    """Six Off (no options)."""
    return suit_cells_game("six_off", 6, (6,) * 8, (1, 2, 3, 4), "help_six_off")


ENTRY = GameEntry.from_words(
    key="six_off",
    factory=six_off,
    search=Search.SUIT_CELLS,
    hint_budget=HintBudget(nodes=140),
    deal=DealRules({**same("column", 8, (6, None)), **each("cell", [(1, None)] * 4 + [EMPTY] * 2), **EMPTY_SUITS},
                   every=FACE_UP, absent=("cell7",)),
)
'''

WORDS = '''# The words of Six Off (voicegame/games/six_off.py).
title = "Six Off"
aliases = ["six off", "6 off"]
family = "FreeCell-like: free cells"
summary = "Eight columns of six built down in suit, six cells with four cards dealt; only a king goes on an empty column."

[messages]
help_six_off = "Six Off. Eight columns of six cards, and four cards on the first four of six cells. Build each suit up from ace to king."
say_six_off = "Say column three to cell five, cell two to column five, or seven of hearts up."
moves_six_off = "column three to cell five, cell two to column five, seven of hearts on eight of hearts, seven of hearts up"
'''

CHECKS = ("tests/test_registry.py", "tests/test_deals.py", "tests/test_docs.py", "tests/test_rules_audit.py")
EVERY_GAME = ("tests/test_deals.py", "tests/test_every_game.py", "tests/test_conformance.py", "tests/test_help_rules.py", "tests/test_messages.py")


def copy_of_the_repository(to: Path) -> Path:
    """Every file git tracks here, as the working tree has it (a scratch clone with this checkout's edits),
    and the package's links to grammars/ and sounds/ made as docs/development.md says."""
    tracked = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True, check=True, timeout=60)
    for name in tracked.stdout.decode().split("\0"):
        source = ROOT / name
        if name and source.is_file() and not source.is_symlink():
            (to / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, to / name)
    (to / "voicegame" / "grammars").symlink_to("../grammars")
    (to / "voicegame" / "sounds").symlink_to("../sounds")
    return to


def run(copy: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(copy)}
    return subprocess.run([sys.executable, *argv], cwd=copy, env=env, capture_output=True, text=True, timeout=600)


def test_a_game_of_three_files_passes_the_registry_deals_and_docs_checks(tmp_path: Path) -> None:
    copy = copy_of_the_repository(tmp_path / "checkout")
    (copy / "voicegame" / "games" / "six_off.py").write_text(MODULE)
    (copy / "grammars" / "en" / "games" / "six_off.toml").write_text(WORDS)
    made = run(copy, "tests/data/make_scripts.py", "six_off", "5")
    assert made.returncode == 0, made.stdout + made.stderr
    assert (copy / "tests" / "data" / "six_off_seed5_win.txt").is_file()

    checked = run(copy, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rw", *CHECKS)
    assert checked.returncode == 0, checked.stdout[-4000:] + checked.stderr[-2000:]
    for document in ("docs/games.md lacks ['six_off']", "deals.json has no row for ['six_off']",
                     "without a section in docs/rules-audit.md: ['six_off']"):
        assert document in checked.stdout, document

    played = run(copy, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", "six_off", *EVERY_GAME)
    assert played.returncode == 0, played.stdout[-4000:] + played.stderr[-2000:]
    assert " passed" in played.stdout and " deselected" in played.stdout


def test_a_game_with_wrong_deal_rules_is_caught_in_the_copy(tmp_path: Path) -> None:
    """The same check fails when the new game's declared deal is not what it deals: the checks above
    read the game's declarations, they do not merely accept it."""
    copy = copy_of_the_repository(tmp_path / "checkout")
    (copy / "voicegame" / "games" / "six_off.py").write_text(MODULE.replace('same("column", 8, (6, None))', 'same("column", 8, (7, None))'))
    (copy / "grammars" / "en" / "games" / "six_off.toml").write_text(WORDS)
    checked = run(copy, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_deals.py", "-k", "six_off")
    assert checked.returncode != 0 and "FAILED tests/test_deals.py::test_the_deal_follows_the_game_s_rules[six_off-1]" in checked.stdout
