"""Generated commands for the fuzz test (tests/test_fuzz.py) and bench/fuzz.py: real phrases of the
command language (grammars/en, with this game's nouns, and this turn's legal moves as the game says
them) and near misses of them, plus text of every Unicode category, control characters, random bytes
decoded with errors="replace", and lines of ten thousand characters and more.

Every strategy is a Hypothesis strategy, so the test shrinks a failure to a short command list.
"""

from __future__ import annotations

import random
import tempfile
import unicodedata
from functools import lru_cache

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

from voicegame.audio.recognisers import Heard
from voicegame.games import GAMES, find_game
from voicegame.storage.autosave import Persistence
from voicegame.play.session import Reply, Session
from voicegame.storage.savefile import load
from voicegame.listen.grammar import slot_phrases
from voicegame.language.parse import Parser
from voicegame.language.templates import expand

GAME_NAMES = {name: g.key for g in GAMES for name in (g.title, *g.aliases)}

# Characters that are digits, letters, marks, symbols, spaces and controls of other scripts: what a
# near miss puts into a real command. Every general category of Unicode has members here.
UNICODE_DIGITS = "²³¹⁴①②⑳⑴⒈❶٣۴३৩๓༣᠓１２３𝟙𝟚𝟡Ⅻⅷ½¼⅓〇零一三七九十百"
LETTERS = "éèñßøåçÉΩωλЖжשׁعدद中文日本語한국ﬁﬂǅŉİıſʰˆ々ー"
MARKS = "\u0301\u0308\u0327\u20dd\u0f71\u093f"
SYMBOLS = "♥♠♦♣🂡🂮€$£¥©®™°±×÷∞≠√∑←→↑↓☺🙂🎴🃏#@%&*+=<>|~^`"
PUNCTUATION = "!?.,;:'\"()[]{}«»„“”‘’—–-…·¿¡/\\_"
SPACES = " \t\u00a0\u1680\u2000\u2002\u2009\u200a\u202f\u205f\u3000\u2028\u2029"
CONTROLS = "".join(map(chr, range(0, 32))) + "\x7f\x80\x85\x9f\u200b\u200c\u200d\u200e\u200f\u202a\u202e\u2066\u2069\ufeff\ufff9\ufffc\ufffd"
OTHERS = "\ue000\U000f0000\U0010fffd\U0001f3fb\u0378\ufdd0\uffff\ud800\udcff"  # private use, unassigned, noncharacters, lone surrogates
WEIRD = UNICODE_DIGITS + LETTERS + MARKS + SYMBOLS + PUNCTUATION + SPACES + CONTROLS + OTHERS

SOUNDS_ALIKE = {
    "three": "tree", "four": "for", "two": "to", "eight": "ate", "one": "won", "queen": "clean",
    "draw": "drawer", "pile": "mile", "hearts": "harts", "clubs": "club", "seven": "eleven", "ten": "then",
    "undo": "undue", "king": "kink", "ace": "a", "column": "colum", "row": "roe", "cell": "sell",
}
NUMBER_DIGITS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
                 "eight": "8", "nine": "9", "ten": "10"}
EXTRA_PHRASES = ("yes", "no", "new game", "restart", "previous game", "play spider", "play freecell", "play klondike",
                 "statistics", "quit", "verbose", "brief", "faster", "is this game still winnable", "auto on",
                 "auto off", "all commands", "discard aces", "where is the queen of spades", "the second one",
                 "cancel", "hint", "what can i do", "read the board", "how many cards left")
QUIT_WORDS = frozenset({"quit", "exit", "goodbye", "bye", "stop playing", "end game", "quit game"})


EVERYDAY_PHRASES = (
    "draw", "deal", "next card", "undo", "take back", "redo", "hint", "score", "repeat", "help",
    "what can i say", "what can i do", "how many cards left", "auto", "read the board", "new game",
    "quit", "yes", "no", "cancel", "previous game",
)
"""Slot-free commands players say most (the language's templates below add every other phrasing)."""

def categories_covered() -> set[str]:
    """The Unicode general categories the weird characters cover (the test checks: all 30)."""
    return {unicodedata.category(c) for c in WEIRD}


@lru_cache(maxsize=None)
def game_phrases(game: str) -> tuple[str, ...]:
    """Real commands of ``game``: each template of grammars/en expanded with a few of this game's
    slot phrases (card, pile, suit, number, game...), plus the listening phrases."""
    parser = Parser(find_game(game).make(), game_names=GAME_NAMES)
    rng = random.Random(game)
    slots = {name: values for name, values in slot_phrases(parser).items()}
    cards = ["seven of hearts", "queen", "ace of spades", "ten of clubs", "king of diamonds", "two"]
    piles = slots.get("pile", [])
    samples = {
        **{name: rng.sample(values, min(3, len(values))) for name, values in slots.items() if values},
        "card": cards[:3],
        "place": cards[:2] + rng.sample(piles, min(3, len(piles))),
        "second": cards[2:4] + rng.sample(piles, min(2, len(piles))),
        "target": cards[4:5] + rng.sample(piles, min(3, len(piles))) + slots.get("foundation", [])[:1],
    }
    phrases: set[str] = set(EVERYDAY_PHRASES) | set(EXTRA_PHRASES)
    language = parser.language
    for _, templates in language.intents:
        for template in templates:
            try:
                expanded = expand(template, language.rules, {k: v or ["pile one"] for k, v in samples.items()}, limit=5000)
            except (KeyError, ValueError):
                continue
            phrases.update(rng.sample(expanded, min(12, len(expanded))))
    return tuple(sorted(p for p in phrases if p and not QUIT_WORDS & {p}))


def now_phrases(session: Session, count: int = 6) -> list[str]:
    """What a player might say this turn: a few legal moves as the game phrases them (always ``count``
    phrases, so that what is drawn from them has the same shape whatever the position)."""
    moves = session.engine.legal_moves(session.state)[:count]
    phrases = session.narrator.move_phrases(session.state, moves) or ["draw"]  # an error here fails the test
    return [phrases[i % len(phrases)] for i in range(count)]


# ------------------------------------------------------------------------------------- mutations
def mutate(text: str, edits: list[tuple[int, int, str]]) -> str:
    """``text`` with character and word edits: (kind, position, character)."""
    for kind, pos, char in edits:
        words = text.split(" ")
        w = pos % max(1, len(words))
        if kind == 0:  # insert a character
            i = pos % (len(text) + 1)
            text = text[:i] + char + text[i:]
        elif kind == 1 and text:  # replace a character
            i = pos % len(text)
            text = text[:i] + char + text[i + 1:]
        elif kind == 2 and text:  # delete a character
            i = pos % len(text)
            text = text[:i] + text[i + 1:]
        elif kind == 3:  # a number word as a digit of some script ("pile three" -> "pile ٣", "pile ³")
            word = words[w]
            digit = NUMBER_DIGITS.get(word)
            if digit is not None:
                words[w] = digit if char in SPACES else _script_digit(digit, pos // 7)
            text = " ".join(words)
        elif kind == 4:  # a word that sounds alike
            words[w] = SOUNDS_ALIKE.get(words[w], words[w][::-1])
            text = " ".join(words)
        elif kind == 5 and len(words) > 1:  # a word dropped
            del words[w]
            text = " ".join(words)
        elif kind == 6:  # a word said twice
            words.insert(w, words[w])
            text = " ".join(words)
        elif kind == 7 and len(words) > 1:  # two words swapped
            v = (w + 1) % len(words)
            words[w], words[v] = words[v], words[w]
            text = " ".join(words)
        elif kind == 8:  # upper case, title case
            text = text.upper() if pos % 2 else text.title()
        elif kind == 9:  # decomposed (NFD) or compatibility (NFKC) forms
            text = unicodedata.normalize("NFD" if pos % 2 else "NFKC", text)
    return text


def _script_digit(digit: str, pos: int) -> str:
    """``digit`` in another script: Arabic-Indic, Devanagari, full-width, superscript, circled..."""
    n = int(digit)
    if n > 9:
        return digit
    forms = [chr(0x660 + n), chr(0x966 + n), chr(0xFF10 + n), "⁰¹²³⁴⁵⁶⁷⁸⁹"[n], "⓪①②③④⑤⑥⑦⑧⑨"[n], chr(0x1D7D8 + n)]
    return forms[pos % len(forms)]


def script_digits(text: str, choice: int) -> str:
    """Every number word of ``text`` as a digit of some script ("pile three to pile four" -> "pile ³ to pile ٤")."""
    words = text.split(" ")
    for i, word in enumerate(words):
        if word in NUMBER_DIGITS:
            words[i] = _script_digit(NUMBER_DIGITS[word], choice + i)
    return " ".join(words)


weird_chars = st.sampled_from(WEIRD)
edits = st.lists(st.tuples(st.integers(0, 9), st.integers(0, 10**6), weird_chars), min_size=1, max_size=4)


def commands(phrases: list[str]) -> st.SearchStrategy[str]:
    """One command: mostly real phrases and their near misses, sometimes anything at all."""
    real = st.sampled_from(phrases)
    near = st.builds(mutate, real, edits)
    return st.one_of(
        real,
        near, near, near,  # weighted towards near misses of real commands
        st.builds(script_digits, real, st.integers(0, 5)),
        st.text(st.characters(blacklist_categories=()), max_size=30),  # any character of any category
        st.text(st.sampled_from(CONTROLS + SPACES), max_size=12).map(lambda c: c + "draw" + c),
        st.binary(max_size=60).map(lambda b: b.decode("utf-8", errors="replace")),
        st.builds(lambda p, n: (p + " ") * (10_000 // (len(p) + 1) + n), real, st.integers(1, 200)),  # 10,000 characters and more
        st.builds(lambda c, n: c * n, weird_chars, st.integers(10_000, 12_000)),
    )


# ------------------------------------------------------------------------------------- the run
@dataclass
class Tally:
    """What a fuzz run did, per game."""

    commands: dict[str, int] = field(default_factory=dict)
    exceptions: dict[str, int] = field(default_factory=dict)
    refused: int = 0  # commands answered "not understood", "too long" or an unclear answer
    moves: int = 0  # commands that moved cards
    first_errors: list[str] = field(default_factory=list)


def check_reply(reply: object, asleep: bool = False) -> None:
    """A reply is sentences (strings), and input that is not understood gets exactly one; ``asleep``
    ("go to sleep" in voice play, issue 37): speech other than "wake up" gets no answer at all."""
    assert isinstance(reply, Reply), reply
    if asleep and reply.command is None and not reply.sentences and not reply.moves:
        return
    assert isinstance(reply.sentences, list) and reply.sentences, reply
    assert all(isinstance(s, str) and s.strip() for s in reply.sentences), reply.sentences
    if reply.command is None:
        assert len(reply.sentences) == 1, reply.sentences


def check_session(session: Session, persistence: Persistence | None) -> None:
    """The game still works, and its save is exactly the game being played."""
    check_reply(session.handle("read the board"))
    session.state_json()
    assert session.handle("score").sentences
    if persistence is not None and (persistence.save_path(session.game.key)).exists() and session.history.cursor:
        saved = load(persistence.save_path(session.game.key)).saved
        assert saved is not None and saved.id == session.game_id and saved.moves == session.history.moves


def fuzz(game: str, examples: int, per_example: int, folder: Path, tally: Tally, raise_errors: bool = True,
         seed: int | None = None) -> Callable[[], None]:
    """The Hypothesis test of ``game``: ``examples`` games of ``per_example`` generated commands each,
    typed (``Session.handle``) or heard (``Session.hear``), with saves in ``folder`` (some games start
    with the resume question open). Returns the test function (call it to run)."""
    entry = find_game(game)
    phrases = list(game_phrases(game))
    phases = tuple(Phase) if raise_errors else (Phase.generate,)  # counting, not shrinking: the bench goes on

    @settings(max_examples=examples, derandomize=seed is None, deadline=None, database=None,
              suppress_health_check=list(HealthCheck), phases=phases)
    @given(data=st.data(), deal=st.integers(0, 40), before=st.integers(0, 3), resume=st.booleans())
    def run(data: st.DataObject, deal: int, before: int, resume: bool) -> None:
        with tempfile.TemporaryDirectory(dir=folder) as where:
            persistence = Persistence(Path(where))
            if before:  # a game left unfinished before this one: offered, kept, gone back to
                earlier = Session(entry, {}, entry.seeds[0] + deal + 1, persistence=persistence)
                for phrase in now_phrases(earlier, before):
                    earlier.handle(phrase)
            session = Session(entry, {}, entry.seeds[0] + deal, persistence=persistence, resume=resume)
            session.winnable_seconds = 0.02
            session.greeting()
            try:
                for _ in range(per_example):
                    text = data.draw(commands(phrases + now_phrases(session)))
                    heard = data.draw(st.booleans())
                    tally.commands[game] = tally.commands.get(game, 0) + 1
                    reply = session.hear(Heard(text, 0.5, False)) if heard else session.handle(text)
                    check_reply(reply, asleep=session.asleep)
                    tally.refused += reply.command is None
                    tally.moves += bool(reply.moves)
                    if reply.quit:
                        break
                check_session(session, persistence)
            except Exception as error:  # noqa: BLE001
                tally.exceptions[game] = tally.exceptions.get(game, 0) + 1
                if len(tally.first_errors) < 20:
                    tally.first_errors.append(f"{game}: {type(error).__name__}: {error!s:.200}")
                if raise_errors:
                    raise

    return run if seed is None else hypothesis_seed(seed)(run)
