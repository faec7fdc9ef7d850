"""The one name of a game played with its options, said everywhere the game is named: its greeting,
"statistics", ``voicegame stats`` and ``voicegame saves`` ("Klondike, draw three").

The name is the game's own title (``GameDef.title``), which tells the options that change how it is
played ("Spider, two suits"). An option the title does not tell (Gaps' ``redeal_gaps``) is added
after it when it differs from the default, so that two lines of statistics of one game never read
the same.
"""

from __future__ import annotations

from typing import Any

from voicegame.games import UnknownGame, find_game
from voicegame.language.messages import Messages


def played_title(game: str, options: dict[str, Any], messages: Messages | None = None) -> str:
    """The name of ``game`` played with ``options``; the key itself for a game no longer known."""
    try:
        entry = find_game(game)
    except UnknownGame:
        return game
    try:
        title = entry.make(**options).title
    except (TypeError, ValueError):  # options a save or a statistics line kept that the game refuses now
        return entry.title
    untold = []
    for option in entry.options:
        value = options.get(option.name, option.default)
        if value == option.default:
            continue
        try:
            told = entry.make(**{**options, option.name: option.default}).title != title
        except (TypeError, ValueError):
            told = True
        if not told:
            untold.append((option.name, value))
    if not untold:
        return title
    messages = messages or Messages()
    words = [messages.phrase("option_in_title", name=name.replace("_", " "),
                             value=messages.phrase("option_unlimited") if value is None else str(value).replace("_", " "))
             for name, value in untold]
    return ", ".join([title, *words])
