"""What every game of the registry must do, checked for each game and each option that changes how it
is dealt or played (Klondike draw one and three, Spider one, two and four suits...): a game added to
``voicegame.games.GAMES`` gets all of this without a line of test code.

- the same seed deals the same game, and the deal holds the whole deck;
- random play with undo and redo never loses or makes a card;
- undo by voice goes back move by move to the deal, redo by voice comes back the same way, and
  replaying the moves from the deal gives the same positions;
- a save round-trips: the game taken up from it is the game that was saved, redo tail included;
- every pile can be named ("read <name>" reads that pile) and read (a sentence, even when empty);
- every intent of grammars/en/commands.toml is said to the game and answered, never an exception;
- every message the game says exists in grammars/en/messages.toml (a missing key fails any test here).

Per-game test files keep only that game's own rules.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from voicegame.engine import Move
from voicegame.engine.cards import Card, new_deck
from voicegame.games import GAMES, find_game
from voicegame.language.messages import Messages
from voicegame.play.session import Session
from voicegame.storage.autosave import Persistence
from voicegame.storage.savefile import load

from phrases import COMMAND_OF, random_phrase, slot_words, slots_of


def variants() -> list[Any]:
    """(game key, options) for every game with its default options, then once for every other choice of
    each option that has choices, and once at the lowest value of a number option without choices
    (Klondike's passes: one pass through the stock)."""
    out = []
    for entry in GAMES:
        out.append(pytest.param(entry.key, {}, id=entry.key))
        for option in entry.options:
            for choice in option.choices or ((option.low,) if option.low is not None else ()):
                if choice != option.default:
                    out.append(pytest.param(entry.key, {option.name: choice}, id=f"{entry.key}-{option.name}-{choice}"))
    return out


VARIANTS = variants()
SEEDS = (3, 17, 101)  # deal numbers every game has (FreeCell's start at 1)


@pytest.fixture(autouse=True)
def every_message_exists(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """Any message key a test here makes the game say must be in messages.toml (the narrator would
    otherwise say the key's words: "Nothing to undo."); returns the keys said."""
    said: set[str] = set()
    original = Messages.say

    def say(self: Messages, key: str, /, **params: object) -> str:
        said.add(key)
        assert key in self.language.messages, f"message {key!r} is not in grammars/en/messages.toml"
        return original(self, key, **params)

    monkeypatch.setattr(Messages, "say", say)
    return said


def new_session(key: str, options: dict[str, Any], seed: int, **kwargs: Any) -> Session:
    return Session(key, dict(options), seed=seed, **kwargs)


def cards_of(session: Session) -> Counter[Card]:
    """Every card on the table, counted straight from the piles (not through the engine)."""
    return Counter(card for pile in session.state.piles for card in pile.cards)


def play_randomly(session: Session, rng: random.Random, moves: int) -> int:
    """Make up to ``moves`` random legal moves (fewer if the game runs out of moves); how many were made."""
    for made in range(moves):
        legal = session.engine.legal_moves(session.state)
        if not legal:
            return made
        move = rng.choice(legal)
        session.history.push(move, session.engine.apply(session.state, move)[0])
    return moves


def under_way(key: str, options: dict[str, Any], moves: int, least: int, first_seed: int, **kwargs: Any) -> tuple[Session, int, int]:
    """A session after up to ``moves`` random moves, at the first deal from ``first_seed`` on where random
    play lasts at least ``least`` moves (some deals of some games are stuck early); (session, seed, moves)."""
    longest: tuple[Session, int, int] | None = None
    for seed in range(first_seed, first_seed + 20):
        session = new_session(key, options, seed, **kwargs)
        made = play_randomly(session, random.Random(f"{key}-{options}-{seed}"), moves)
        if made >= least:
            return session, seed, made
        if longest is None or made > longest[2]:
            longest = session, seed, made
    # Games where random single-card play soon runs out of moves in every deal (Fortress, Chessboard:
    # a card has at most two seats) are checked on their longest random game, if it is not too short.
    if longest is not None and longest[2] >= min(least, 8):
        return longest
    raise AssertionError(f"{key} {options}: random play never lasted {least} moves in 20 deals")


def label(key: str, options: dict[str, Any], seed: int) -> str:
    return f"{key} {options or ''} seed {seed}".replace("  ", " ")


# ----- the deal ------------------------------------------------------------------------------------
@pytest.mark.parametrize("key, options", VARIANTS)
def test_same_seed_same_deal_and_another_seed_another(key, options):
    assert new_session(key, options, 42).state == new_session(key, options, 42).state
    assert new_session(key, options, 42).state != new_session(key, options, 43).state


@pytest.mark.parametrize("key, options", VARIANTS)
@pytest.mark.parametrize("seed", SEEDS)
def test_the_deal_holds_the_whole_deck(key, options, seed):
    """52 cards a deck and the game's jokers (Thieves: the red and the black); four of each rank a
    deck; every rank in the same suits (Spider's one- and two-suit decks are still whole decks); a
    game with the standard shuffle has exactly its decks and jokers."""
    session = new_session(key, options, seed)
    dealt, decks, jokers = cards_of(session), session.game.decks, session.game.jokers
    assert sum(dealt.values()) == 52 * decks + jokers, label(key, options, seed)
    if session.game.shuffle is None:
        assert dealt == Counter(new_deck() * decks + new_deck(0, jokers)), label(key, options, seed)
    assert sum(n for card, n in dealt.items() if card.is_joker) == jokers, label(key, options, seed)
    assert len({card for card in dealt if card.is_joker}) == min(jokers, 2), label(key, options, seed)  # told apart
    dealt = Counter({card: n for card, n in dealt.items() if not card.is_joker})
    suits_by_rank = {rank: Counter(card.suit for card in dealt.elements() if card.rank == rank) for rank in {c.rank for c in dealt}}
    assert len(suits_by_rank) == 13, label(key, options, seed)
    assert all(sum(suits.values()) == 4 * decks for suits in suits_by_rank.values()), label(key, options, seed)
    assert len({tuple(sorted(suits.items(), key=str)) for suits in suits_by_rank.values()}) == 1, label(key, options, seed)


# ----- play, undo and redo ---------------------------------------------------------------------------
@pytest.mark.parametrize("key, options", VARIANTS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_play_with_undo_and_redo_keeps_every_card(key, options, seed):
    session = new_session(key, options, seed)
    deck = cards_of(session)
    rng = random.Random(f"{key}-{options}-{seed}")
    moves = stuck = 0
    for step in range(150):
        roll = rng.random()
        if roll < 0.1 and session.history.can_undo():
            done = f"undo of {session.history.undo()}"
        elif roll < 0.15 and session.history.can_redo():
            done = f"redo of {session.history.redo()}"
        else:
            legal = session.engine.legal_moves(session.state)
            if not legal:
                stuck += 1  # a game of luck that truly ended (Block Ten), or random play stalled (Seahaven's full cells)
                continue
            move = rng.choice(legal)
            session.history.push(move, session.engine.apply(session.state, move)[0])
            moves, done = moves + 1, f"move {move}"
        assert cards_of(session) == deck, f"{label(key, options, seed)}: step {step}, {done}"
    # Fewer moves only when random play kept reaching "no moves left" (the deal played to its end and
    # undone back out many times: Block Ten, Seahaven's full cells), or when the deal itself has no
    # move (a dead Fortress deal), which the game must then say.
    dead_deal = moves == 0 and session.engine.is_stuck(session.engine.deal(seed))
    assert moves >= 20 or stuck >= 50 or dead_deal, f"{label(key, options, seed)}: only {moves} moves made ({stuck} steps stuck): the check saw too little play"


@pytest.mark.parametrize("key, options", VARIANTS)
def test_undo_by_voice_to_the_deal_and_redo_back(key, options):
    session, seed, made = under_way(key, options, moves=60, least=20, first_seed=9)
    played = list(session.history.states)
    assert len(played) == made + 1

    state = session.engine.deal(seed)  # the moves replay from the deal to the same positions
    for i, move in enumerate(session.history.moves):
        state = session.engine.apply(state, move)[0]
        assert state == played[i + 1], f"{label(key, options, seed)}: move {i + 1} ({move}) replays differently"

    for i in range(made, 0, -1):
        reply = session.handle("undo")
        assert session.state == played[i - 1], f"{label(key, options, seed)}: undo back to move {i - 1}: {reply.sentences}"
        assert reply.sentences, label(key, options, seed)
    assert not session.history.can_undo()
    assert session.state == new_session(key, options, seed).state
    assert session.handle("undo").sentences  # "nothing to undo", said

    for i in range(1, made + 1):
        reply = session.handle("redo")
        assert session.state == played[i], f"{label(key, options, seed)}: redo to move {i}: {reply.sentences}"
        assert reply.moves == [session.history.moves[i - 1]], label(key, options, seed)
    assert not session.history.can_redo()
    assert session.history.states == played
    assert session.handle("redo").sentences  # "nothing to redo", said


# ----- saves ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("key, options", VARIANTS)
def test_a_save_round_trips_with_its_redo_tail(key, options, tmp_path):
    saving = Persistence(tmp_path / "saved")
    session, seed, made = under_way(key, options, moves=30, least=10, first_seed=5, persistence=saving)
    for _ in range(3):
        session.handle("undo")  # saved by the session, as after every change
    result = load(saving.save_path(key))
    assert result.problem is None and result.saved is not None, (label(key, options, seed), result.problem)
    saved = result.saved
    assert (saved.game, saved.seed, saved.cursor) == (key, seed, made - 3)
    assert saved.options == session.options
    resumed = Session(find_game(saved.game), saved.options, seed=saved.seed, persistence=Persistence(tmp_path / "other"), go_on=saved)
    assert resumed.game.key == key and resumed.options == session.options
    assert resumed.history.cursor == session.history.cursor
    assert resumed.history.states == session.history.states, label(key, options, seed)
    assert resumed.history.moves == session.history.moves


# ----- piles ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("key, options", VARIANTS)
def test_every_pile_is_sayable_and_readable(key, options):
    session = new_session(key, options, 3)
    for spec in session.game.piles:
        for name in spec.names:
            command = session.parser.parse(f"read {name}")
            assert command is not None and command.intent == "read", (key, name, command)
            assert getattr(command.source, "pile_id", None) == spec.id, (key, name, command)
        reply = session.handle(f"read {spec.name}")
        assert reply.sentences and reply.sentences[0].strip(), (key, spec.name)
    play_randomly(session, random.Random(f"read-{key}"), 40)  # some piles empty now, some grown
    for index, spec in enumerate(session.game.piles):
        assert session.narrator.read_pile(session.state, index).strip(), (key, spec.id)
    assert len(session.handle("help").sentences[0].split()) > 15
    assert all(sentence.strip() for sentence in session.handle("read the board").sentences)


# ----- everything a player can say -------------------------------------------------------------------
PHRASES_PER_TEMPLATE = 3


@pytest.mark.parametrize("key, options", VARIANTS)
def test_every_intent_is_said_and_answered(key, options, monkeypatch):
    """Every template of every intent is said a few times, with the game's own nouns, in a game under
    way; no phrase may raise, every one is answered, and each intent is understood as itself at least
    once (an intent whose slots this game has no words for, like {group} without named groups, is not
    sayable in it and skipped)."""
    monkeypatch.setattr(Session, "winnable_nodes", 50)  # searches answer from a few positions: the answer
    monkeypatch.setattr(Session, "hint_nodes", 200)  # is what is tested here, not the search (test_solver.py)
    seed = 11
    session = new_session(key, options, seed)
    rng = random.Random(f"intents-{key}-{options}")
    play_randomly(session, rng, 20)
    language = session.parser.language
    understood: Counter[str] = Counter()
    unsayable: set[str] = set()
    for intent, templates in language.intents:
        for template in templates:
            for _ in range(PHRASES_PER_TEMPLATE):
                words = slot_words(session, rng)
                if any(not words[name] for name in slots_of(template, language.rules)):
                    unsayable.add(intent)
                    continue
                phrase = random_phrase(template, language.rules, words, rng)
                command = session.parser.parse(phrase)
                if command is not None and command.intent in COMMAND_OF.get(intent, intent).split("|"):
                    understood[intent] += 1
                try:
                    reply = session.handle(phrase)
                except Exception as error:
                    raise AssertionError(f"{label(key, options, seed)}: {intent} phrase {phrase!r} raised {error!r}") from error
                answered = reply.sentences and all(sentence.strip() for sentence in reply.sentences)
                assert answered or reply.quit, f"{label(key, options, seed)}: no answer to {phrase!r}: {reply.sentences}"
                if session.game.key != key:  # "play spider": back to this game, at the same deal
                    session = new_session(key, options, seed)
    never = [intent for intent, _ in language.intents if not understood[intent] and intent not in unsayable]
    assert not never, f"{label(key, options, seed)}: phrases of {never} were never understood as themselves"
    if session.game.pairs is not None:
        assert understood["pair"] >= PHRASES_PER_TEMPLATE, key


@pytest.mark.parametrize("key, options", VARIANTS)
def test_every_message_the_game_can_say_exists(key, options, every_message_exists):
    """The game's own messages, and every reason the engine gives for a refused move and every
    sentence narrating a move, along random play (the fixture fails on a missing key)."""
    session = new_session(key, options, 7)
    messages = session.narrator.language.messages
    game = session.game
    for own in (game.won_key, f"moves_{key}", *([game.help_key] if game.help_key else [])):
        assert own in messages, f"{key}: message {own!r} missing"
    engine, rng = session.engine, random.Random(f"messages-{key}-{options}")
    piles = range(len(game.piles))
    refused = 0
    for _ in range(40):
        state = session.state
        for src in piles:
            for dst in piles:
                reason = engine.why_not(state, Move.cards(src, dst))
                if reason is not None:
                    refused += 1
                    assert session.narrator.reason(reason).strip()
        legal = engine.legal_moves(state)
        if not legal:
            break
        move = rng.choice(legal)
        after, events = engine.apply(state, move)
        session.narrator.events(state, events, after)
        session.history.push(move, after)
    assert refused and every_message_exists, key
