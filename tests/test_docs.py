"""Documents a user reads are written from the code, and say what the code does."""

import warnings
from pathlib import Path

from voicegame.language import catalogue
from voicegame.games import GAMES, unlisted_games

ROOT = Path(__file__).resolve().parent.parent


def test_the_games_catalogue_is_written_from_the_registry():
    """Every game docs/games.md has is written exactly as the registry and its words say; a new game (not
    in ``LISTED_FIRST`` yet) it lacks is only a warning naming the command that rewrites it (a game's
    three files are enough)."""
    text = (ROOT / "docs" / "games.md").read_text(encoding="utf-8")
    listed = [entry for entry in GAMES if f"\n## {entry.title}\n" in text]
    assert text == catalogue.render(listed), "docs/games.md is stale: python -m voicegame.language.catalogue > docs/games.md"
    missing = [entry.key for entry in GAMES if entry not in listed]
    assert not set(missing) - {entry.key for entry in unlisted_games()}, f"docs/games.md lacks {missing}"
    if missing:
        warnings.warn(f"docs/games.md lacks {missing}: python -m voicegame.language.catalogue > docs/games.md", stacklevel=1)
    for entry in listed:
        assert f"## {entry.title}\n" in text and entry.family and entry.family in text
        for option in entry.options:
            assert f"`--{option.name.replace('_', '-')}`" in text


def test_the_readme_links_only_files_of_this_repository():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "../shared" not in readme
    assert "docs/games.md" in readme


def test_every_relative_link_in_the_readme_and_docs_names_a_file():
    import re

    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    missing = []
    for page in pages:
        for target in re.findall(r"\]\(([^)\s]+)\)", page.read_text(encoding="utf-8")):
            path = target.split("#", 1)[0]
            if not path or "://" in target or target.startswith("mailto:"):
                continue
            if not (page.parent / path).is_file():
                missing.append(f"{page.relative_to(ROOT)}: {target}")
    assert not missing, missing
