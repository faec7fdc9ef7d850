"""The registry: every playable game, its aliases and its options, in one explicit list."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from voicegame.engine import GameDef
from voicegame.games.freecell import freecell
from voicegame.games.golf import golf
from voicegame.games.klondike import klondike
from voicegame.games.royal_parade import royal_parade
from voicegame.games.spider import spider


@dataclass(frozen=True)
class Option:
    """A game option as the command line and the voice menu see it."""

    name: str
    kind: type
    default: object
    choices: tuple[object, ...] | None = None
    help: str = ""
    allow_none: bool = False


@dataclass(frozen=True)
class GameEntry:
    key: str
    title: str
    aliases: tuple[str, ...]
    factory: Callable[..., GameDef]
    options: tuple[Option, ...] = ()
    summary: str = ""

    def make(self, **options: object) -> GameDef:
        chosen = {o.name: options.get(o.name, o.default) for o in self.options}
        return self.factory(**chosen)


GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        key="klondike",
        title="Klondike",
        aliases=("solitaire", "patience", "xa11ytaire"),
        factory=klondike,
        options=(
            Option("draw", int, 3, (1, 3), "cards turned from the stock each time"),
            Option("passes", int, None, None, "passes through the stock (default: unlimited)", allow_none=True),
        ),
        summary="Build four suits up from ace to king; seven piles build down in alternating colours.",
    ),
    GameEntry(
        key="royal_parade",
        title="Royal Parade",
        aliases=("royal parade", "parade", "royal"),
        factory=royal_parade,
        summary="Two decks in four rows of eight; rows one to three build 2-5-8-J, 3-6-9-Q and 4-7-10-K in suit.",
    ),
    GameEntry(
        key="freecell",
        title="FreeCell",
        aliases=("free cell",),
        factory=freecell,
        summary="Every card face up on eight columns, four free cells; the seed is the Microsoft deal number.",
    ),
    GameEntry(
        key="golf",
        title="Golf",
        aliases=(),
        factory=golf,
        summary="Play the top cards of seven columns onto the waste, one rank up or down; the stock turns one card.",
    ),
    GameEntry(
        key="spider",
        title="Spider",
        aliases=("spider solitaire",),
        factory=spider,
        options=(Option("suits", int, 4, (1, 2, 4), "suits in the 104 cards: 1, 2 or 4"),),
        summary="Two decks on ten columns; build down in any suit, move one-suit runs, complete king-to-ace runs.",
    ),
)


class UnknownGame(LookupError):
    pass


def find_game(name: str) -> GameEntry:
    """Look a game up by key, title or alias (case and spaces ignored)."""
    wanted = name.lower().replace(" ", "").replace("-", "").replace("_", "")
    for entry in GAMES:
        names = (entry.key, entry.title, *entry.aliases)
        if wanted in {n.lower().replace(" ", "").replace("-", "").replace("_", "") for n in names}:
            return entry
    raise UnknownGame(name)
