"""The registry: every playable game, its aliases and its options, in one explicit list."""

from __future__ import annotations

from dataclasses import dataclass
import argparse
import secrets
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
from voicegame.games.bakers_dozen import bakers_dozen
from voicegame.games.bakers_game import bakers_game
from voicegame.games.beleaguered_castle import beleaguered_castle
from voicegame.games.eight_off import eight_off
from voicegame.games.seahaven import seahaven
from voicegame.games.streets_and_alleys import streets_and_alleys
from voicegame.games.spiderette import spiderette
from voicegame.games.bristol import bristol
from voicegame.games.bear_river import bear_river
from voicegame.games.cruel import cruel
from voicegame.games.chessboard import chessboard
from voicegame.games.fortress import fortress
from voicegame.games.spider_three_decks import spider_three_decks
from voicegame.games.will_o_the_wisp import will_o_the_wisp


MAX_SEED = 2**63 - 1
"""The highest deal number: deals are seeded with an unsigned 64-bit number, and 2**63 - 1 keeps every
deal number a positive 64-bit integer wherever a save or trace is read."""


@dataclass(frozen=True)
class Option:
    """A game option as the command line and the voice menu see it."""

    name: str
    kind: type
    default: object
    choices: tuple[object, ...] | None = None
    help: str = ""
    allow_none: bool = False
    low: int | None = None  # the smallest value allowed (numbers without ``choices``)


@dataclass(frozen=True)
class GameEntry:
    key: str
    title: str
    aliases: tuple[str, ...]
    factory: Callable[..., GameDef]
    options: tuple[Option, ...] = ()
    summary: str = ""
    family: str = ""  # AisleRiot's family and sub-family, as in docs/games.md
    seeds: tuple[int, int] = (0, MAX_SEED)  # the deal numbers there are, lowest and highest
    seed_note: str = ""  # what a deal number is, when it is not just a number ("a Microsoft FreeCell deal number")

    def make(self, **options: object) -> GameDef:
        chosen = {o.name: options.get(o.name, o.default) for o in self.options}
        return self.factory(**chosen)

    def seed_problem(self, seed: int) -> str | None:
        """None if ``seed`` is one of this game's deal numbers, else one sentence saying which are."""
        low, high = self.seeds
        if low <= seed <= high:
            return None
        note = f" ({self.seed_note})" if self.seed_note else ""
        return f"--seed must be a whole number from {low} to {high}{note}; you gave {seed}."

    def random_seed(self) -> int:
        """A deal chosen at random (below 2**31, so that it is short to say)."""
        low, high = self.seeds
        return low + secrets.randbelow(min(high - low + 1, 2**31))

    def next_seed(self, seed: int) -> int:
        """The deal after ``seed`` ("new game"); after the highest, the lowest (never a number that is
        not a deal)."""
        low, high = self.seeds
        return seed + 1 if low <= seed < high else low


GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        key="klondike",
        family="Klondike-like: Klondike proper",
        title="Klondike",
        aliases=("solitaire", "patience", "xa11ytaire"),
        factory=klondike,
        options=(
            Option("draw", int, 3, (1, 3), "cards turned from the stock each time"),
            Option("passes", int, None, None, "passes through the stock", allow_none=True, low=1),
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
        seeds=(1, 1_000_000),
        seed_note="a Microsoft FreeCell deal number",
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


# ----- fcfam (issue 22): the FreeCell family ------------------------------------------------------
GAMES = GAMES + (
    GameEntry(
        key="bakers_game",
        family="FreeCell-like: free cells",
        title="Bakers Game",
        aliases=("bakers", "baker's game"),
        factory=bakers_game,
        summary="FreeCell built down in suit: eight columns, four cells; only a king goes on an empty column.",
    ),
    GameEntry(
        key="eight_off",
        family="FreeCell-like: free cells",
        title="Eight Off",
        aliases=("eight off", "8 off"),
        factory=eight_off,
        summary="Eight columns of six built down in suit, eight cells with four cards dealt; only a king goes on an empty column.",
    ),
    GameEntry(
        key="seahaven",
        family="FreeCell-like: free cells",
        title="Seahaven",
        aliases=("seahaven towers", "sea haven"),
        factory=seahaven,
        summary="Ten columns of five built down in suit, four cells with two cards dealt; only a king goes on an empty column.",
    ),
    GameEntry(
        key="beleaguered_castle",
        family="FreeCell-like: open packer / fan",
        title="Beleaguered Castle",
        aliases=("castle", "laying siege"),
        factory=beleaguered_castle,
        summary="The aces start home; eight columns of six build down in any suit, one card at a time; any card fills a gap.",
    ),
    GameEntry(
        key="streets_and_alleys",
        family="FreeCell-like: open packer / fan",
        title="Streets and Alleys",
        aliases=("streets", "streets and alleys"),
        factory=streets_and_alleys,
        summary="All 52 cards on eight columns that build down in any suit, one card at a time; any card fills a gap.",
    ),
    GameEntry(
        key="bakers_dozen",
        family="FreeCell-like: open packer / fan",
        title="Bakers Dozen",
        aliases=("baker's dozen",),
        factory=bakers_dozen,
        summary="Thirteen piles of four, kings at the bottom; build down in any suit, one card at a time; empty piles stay empty.",
    ),
    GameEntry(
        key="spiderette",
        family="Spider-like: Spider proper",
        title="Spiderette",
        aliases=("one deck spider",),
        factory=spiderette,
        summary="Spider with one deck on seven columns dealt as in Klondike; the last deal covers three columns.",
    ),
    GameEntry(
        key="will_o_the_wisp",
        family="Spider-like: Spider proper",
        title="Will o' the Wisp",
        aliases=("will o the wisp", "will of the wisp", "wisp"),
        factory=will_o_the_wisp,
        summary="Spiderette dealt two down and one up on each of seven columns; the last deal covers three columns.",
    ),
    GameEntry(
        key="spider_three_decks",
        family="Spider-like: Spider proper",
        title="Spider Three Decks",
        aliases=("three deck spider", "spider three"),
        factory=spider_three_decks,
        summary="Spider with three decks on twelve columns; deal any time, empty columns or not; twelve runs to finish.",
    ),
    GameEntry(
        key="bristol",
        family="FreeCell-like: open packer / fan",
        title="Bristol",
        aliases=(),
        factory=bristol,
        summary="Eight fans of three build down in any suit; the stock deals onto three reserves; foundations ace to king in any suit.",
    ),
    GameEntry(
        key="fortress",
        family="FreeCell-like: open packer / fan",
        title="Fortress",
        aliases=(),
        factory=fortress,
        summary="Ten open piles build up or down in suit, one card at a time; any card fills a gap; foundations ace to king.",
    ),
    GameEntry(
        key="chessboard",
        family="FreeCell-like: open packer / fan",
        title="Chessboard",
        aliases=("chess board",),
        factory=chessboard,
        summary="Fortress whose foundations start at the rank of the first card you put up, king wrapping to ace.",
    ),
    GameEntry(
        key="bear_river",
        family="FreeCell-like: open packer / fan",
        title="Bear River",
        aliases=(),
        factory=bear_river,
        summary="Eighteen piles of at most three build up or down in suit; the dealt base card sets the foundations' rank.",
    ),
    GameEntry(
        key="cruel",
        family="FreeCell-like: open packer / fan",
        title="Cruel",
        aliases=(),
        factory=cruel,
        summary="The aces start home; twelve piles of four build down in suit; gather and redeal in fours as often as you like.",
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


def seed_number(text: str) -> int:
    """``--seed``'s ``type=``: a whole number (whether it is one of the game's deals is checked once the
    game is known: ``GameEntry.seed_problem``)."""
    try:
        if len(text) > 40:
            raise ValueError(text)
        return int(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"--seed must be a whole number, the number of a deal; you gave {given(text)}.") from None


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
            metavar = "{" + ",".join(map(str, option.choices)) + "}" if option.choices else option.name.upper()
            parser.add_argument(f"--{option.name.replace('_', '-')}", dest=option.name, type=_parser_for(option),
                                metavar=metavar,
                                help=f"{', '.join(titles)}: {option.help} (default {option.default if option.default is not None else 'unlimited'})")


def _or(values: list[str]) -> str:
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " or " + values[-1]


def allowed(option: Option) -> str:
    """What ``option`` takes, in words: "1 or 3", "a whole number from 1 up, or unlimited"."""
    if option.choices is not None:
        words = _or([str(c) for c in option.choices])
    elif option.kind is int:
        words = "a whole number" + (f" from {option.low} up" if option.low is not None else "")
    else:
        words = "a word"
    return words + (", or unlimited" if option.allow_none else "")


def given(text: str) -> str:
    """A value the player gave, as it should be read back: bare when it is a plain word or number."""
    return text if text and text.isprintable() and " " not in text and len(text) <= 40 else repr(text[:40])


def _parser_for(option: Option) -> Callable[[str], object]:
    """The flag's ``type=``: its value, or argparse.ArgumentTypeError naming the flag, what it takes
    and what was given."""
    flag = f"--{option.name.replace('_', '-')}"

    def parse(text: str) -> object:
        if option.allow_none and text.strip().lower() in ("none", "unlimited"):
            return None
        try:
            value = option.kind(text.strip())
            if option.choices is not None and value not in option.choices:
                raise ValueError(text)
            if option.low is not None and value < option.low:
                raise ValueError(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{flag} must be {allowed(option)}; you gave {given(text)}.") from None
        return value

    parse.__name__ = option.kind.__name__
    return parse
