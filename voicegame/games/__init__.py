"""The registry: every playable game, its aliases and its options, in one explicit list."""

from __future__ import annotations

from dataclasses import dataclass
import argparse
from typing import Callable

from voicegame.engine import GameDef
from voicegame.games.canfield import canfield
from voicegame.games.freecell import freecell
from voicegame.games.gaps import gaps
from voicegame.games.golf import golf
from voicegame.games.hopscotch import hopscotch
from voicegame.games.klondike import klondike
from voicegame.games.royal_parade import royal_parade
from voicegame.games.scorpion import scorpion
from voicegame.games.spider import spider
from voicegame.games.triple_peaks import triple_peaks
from voicegame.games.treize import treize
from voicegame.games.monte_carlo import monte_carlo


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
    family: str = ""  # AisleRiot's family and sub-family, as in docs/games.md

    def make(self, **options: object) -> GameDef:
        chosen = {o.name: options.get(o.name, o.default) for o in self.options}
        return self.factory(**chosen)


GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        key="klondike",
        family="Klondike-like: Klondike proper",
        title="Klondike",
        aliases=("solitaire", "patience", "xa11ytaire"),
        factory=klondike,
        options=(
            Option("draw", int, 3, (1, 3), "cards turned from the stock each time"),
            Option("passes", int, None, None, "passes through the stock", allow_none=True),
        ),
        summary="Build four suits up from ace to king; seven piles build down in alternating colours.",
    ),
    GameEntry(
        key="royal_parade",
        family="Builders: positional foundations",
        title="Royal Parade",
        aliases=("royal parade", "parade", "royal"),
        factory=royal_parade,
        summary="Two decks in four rows of eight; rows one to three build 2-5-8-J, 3-6-9-Q and 4-7-10-K in suit.",
    ),
    GameEntry(
        key="freecell",
        family="FreeCell-like: free cells",
        title="FreeCell",
        aliases=("free cell",),
        factory=freecell,
        summary="Every card face up on eight columns, four free cells; the seed is the Microsoft deal number.",
    ),
    GameEntry(
        key="golf",
        family="Pairing and removal: build on the waste",
        title="Golf",
        aliases=(),
        factory=golf,
        summary="Play the top cards of seven columns onto the waste, one rank up or down; the stock turns one card.",
    ),
    GameEntry(
        key="spider",
        family="Spider-like: Spider proper",
        title="Spider",
        aliases=("spider solitaire",),
        factory=spider,
        options=(Option("suits", int, 4, (1, 2, 4), "suits in the 104 cards: 1, 2 or 4"),),
        summary="Two decks on ten columns; build down in any suit, move one-suit runs, complete king-to-ace runs.",
    ),
    GameEntry(
        key="treize",
        family="Pairing and removal: pyramid sum pairs",
        title="Treize",
        aliases=("thirteen pyramid",),
        factory=treize,
        summary="A pyramid of 28 cards; remove free pairs that add up to thirteen, kings alone; the waste is open at both ends.",
    ),
    GameEntry(
        key="monte_carlo",
        family="Pairing and removal: grid adjacency and compaction",
        title="Monte Carlo",
        aliases=("monte carlo", "weddings"),
        factory=monte_carlo,
        summary="A five by five grid; remove touching pairs of the same rank, then deal to close the gaps and refill.",
    ),
    GameEntry(
        key="scorpion",
        family="Spider-like: unsorted group moves",
        title="Scorpion",
        aliases=(),
        factory=scorpion,
        summary="Seven columns; build down in suit, move any face-up card with everything on it; four suits king to ace wins.",
    ),
    GameEntry(
        key="canfield",
        family="Klondike-like: reserve-fed (Canfield type)",
        title="Canfield",
        aliases=("demon",),
        factory=canfield,
        summary="Foundations start at the first card's rank and turn the corner; a reserve fills gaps; draw three, unlimited redeals.",
    ),
    GameEntry(
        key="triple_peaks",
        family="Pairing and removal: build on the waste",
        title="Triple Peaks",
        aliases=("tri peaks", "peaks"),
        factory=triple_peaks,
        options=(Option("scoring", str, "standard", ("standard", "multiplier"), "multiplier: run points double with each card, bonuses 25, free stock turns"),),
        summary="Three overlapping peaks; play uncovered cards onto the waste one rank up or down, ace next to king; runs score.",
    ),
    GameEntry(
        key="hopscotch",
        family="Builders: arithmetic foundations",
        title="Hopscotch",
        aliases=("calculation",),
        factory=hopscotch,
        summary="Four foundations count up by ones, twos, threes and fours, any suit; each turned card goes home or onto one of four reserves.",
    ),
)

GAMES = GAMES + (
    GameEntry(
        key="gaps",
        family="Builders: positional arrangement",
        title="Gaps",
        aliases=("montana", "gaps solitaire"),
        factory=gaps,
        options=(Option("redeal_gaps", str, "after_runs", ("after_runs", "random"), "random: a redeal scatters the four gaps instead of one after each fixed run"),),
        summary="Four rows of thirteen, aces out; fill each gap with the card after its left neighbour, twos in column one; two redeals.",
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


def add_option_arguments(parser: "argparse.ArgumentParser") -> None:
    """One command-line flag per game option in the registry ("--draw", "--suits", "--redeal-gaps"),
    so a new game's options reach ``play`` and ``solve`` without touching the CLI."""
    seen: dict[str, list[str]] = {}
    for entry in GAMES:
        for option in entry.options:
            seen.setdefault(option.name, []).append(entry.title)
    for entry in GAMES:
        for option in entry.options:
            if option.name not in seen:
                continue
            titles = seen.pop(option.name)
            parser.add_argument(f"--{option.name.replace('_', '-')}", dest=option.name, type=_parser_for(option),
                                choices=option.choices if option.kind is str else None,
                                help=f"{', '.join(titles)}: {option.help} (default {option.default if option.default is not None else 'unlimited'})")


def _parser_for(option: Option) -> Callable[[str], object]:
    def parse(text: str) -> object:
        if option.allow_none and text.lower() in ("none", "unlimited"):
            return None
        value = option.kind(text)
        if option.choices is not None and value not in option.choices:
            raise ValueError(text)
        return value

    parse.__name__ = option.kind.__name__  # argparse names the type in its error message
    return parse
