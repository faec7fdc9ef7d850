"""Eyes-free answers (issue 18): every answer to a move says what the move changed, readings start
with a short summary, questions take every natural answer, and the wording is plain."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from voicegame.engine import Compacted, MoveKind, PileKind, Redealt
from voicegame.games import GAMES
from voicegame.session import Session

DATA = Path(__file__).parent / "data"
SCRIPTS = {
    "canfield": ("canfield_seed8_win.txt", {}, 8),
    "freecell": ("freecell_deal1_win.txt", {}, 1),
    "gaps": ("gaps_seed5_win.txt", {}, 5),
    "golf": ("golf_seed13_win.txt", {}, 13),
    "hopscotch": ("hopscotch_seed10_win.txt", {}, 10),
    "klondike": ("klondike_draw3_seed5_win.txt", {"draw": 3}, 5),
    "monte_carlo": ("monte_carlo_seed1_win.txt", {}, 1),
    "royal_parade": ("royal_parade_seed3_stuck.txt", {}, 3),
    "scorpion": ("scorpion_seed16_win.txt", {}, 16),
    "spider": ("spider_suits2_seed1_win.txt", {"suits": 2}, 1),
    "treize": ("treize_seed2_win.txt", {}, 2),
    "triple_peaks": ("triple_peaks_seed2_win.txt", {}, 2),
}
KEYS = [g.key for g in GAMES]


def script(key: str) -> tuple[Session, list[str]]:
    name, options, seed = SCRIPTS[key]
    lines = [line.strip() for line in (DATA / name).read_text().splitlines()]
    return Session(key, options, seed=seed), [line for line in lines if line and not line.startswith("#")]


def unsaid_changes(session: Session, before, command: str, sentences: list[str]) -> list[str]:
    """Piles whose top the move changed without the player hearing (or saying) the new top, and
    gaps it opened without saying so."""
    after = session.state
    heard = (" ".join(sentences) + " " + command).lower()
    tops = {p.cards[-1] for p in before.piles if p.top_face_up}  # a top that moved with its run is known
    missing = []
    for i, (old, new) in enumerate(zip(before.piles, after.piles)):
        spec = session.engine.specs[i]
        if old.cards == new.cards or spec.kind in (PileKind.STOCK, PileKind.DISCARD):
            continue
        if new.top_face_up and new.cards[-1] != (old.cards[-1] if old.top_face_up else None):
            said = f"up to {new.cards[-1].rank.spoken}" if spec.kind is PileKind.FOUNDATION else new.cards[-1].spoken
            if said not in heard and new.cards[-1] not in tops:
                missing.append(f"{spec.name}: {new.cards[-1].spoken}")
        elif not new.cards and session.narrator.is_gap(i) and "empty" not in heard:
            missing.append(f"{spec.name} emptied")
    return missing


def reshuffles(session: Session, before) -> bool:
    """A move that re-forms the whole layout (Monte Carlo closing gaps, a Gaps redeal): the player
    reads the rows again rather than hearing every spot."""
    move = session.history.moves[session.history.cursor - 1]
    events = session.engine.apply(before, move)[1]
    return any(isinstance(e, (Compacted, Redealt)) for e in events)


@pytest.mark.parametrize("key", KEYS)
def test_every_move_of_a_scripted_game_says_what_it_changed(key):
    session, lines = script(key)
    for line in lines:
        before = session.state
        reply = session.handle(line)
        assert reply.moves, (line, reply.sentences)
        if reshuffles(session, before):
            continue
        assert not unsaid_changes(session, before, line, reply.sentences), (line, reply.sentences)


@pytest.mark.parametrize("key", KEYS)
def test_every_move_of_random_play_says_what_it_changed(key):
    """Random legal moves said by pile (so the player names no card): every change is heard."""
    rng = random.Random(key)
    session = Session(key, seed=11)
    for _ in range(80):
        moves = session.engine.legal_moves(session.state)
        if not moves:
            break
        move = rng.choice(moves)
        phrase = session.narrator.move_phrase(session.state, move, by_pile=move.kind is MoveKind.MOVE)
        before = session.state
        reply = session.handle(phrase)
        if not reply.moves:
            session.handle("cancel")
            continue
        if reshuffles(session, before):
            continue
        assert not unsaid_changes(session, before, "", reply.sentences), (phrase, reply.sentences)


def test_waste_card_played_says_the_next_waste_card():
    session = Session("klondike", {"draw": 3}, seed=5)
    waste = session.engine.layout.index["waste"]
    for _ in range(8):
        session.handle("draw")
        moves = [m for m in session.engine.legal_moves(session.state) if m.kind is MoveKind.MOVE and m.src == waste]
        if moves:
            break
    cards = session.state.piles[waste].cards
    assert moves and len(cards) >= 2
    reply = session.handle(session.narrator.move_phrase(session.state, moves[0], by_pile=True))
    assert reply.sentences[-1] == f"Waste: {cards[-2].spoken}."


def test_what_the_player_said_is_not_said_back():
    session, lines = script("golf")
    session.handle(lines[0])  # draw
    reply = session.handle(lines[1])  # four of spades on five of clubs
    assert not any("onto" in s for s in reply.sentences)
    assert reply.sentences and reply.sentences[0].startswith("Column")


def test_heard_moves_are_said_back_in_full():
    """Speech may be misheard: a move heard by the recogniser is said back, card and place."""
    from voicegame.audio.recognisers import Heard

    session, lines = script("golf")
    session.hear(Heard(lines[0]))
    reply = session.hear(Heard(lines[1]))
    assert reply.sentences[0] == "Four of spades onto five of clubs."


# ----- 2. summary first, details on request ---------------------------------------------------------
def words(sentences: list[str]) -> int:
    return sum(len(s.split()) for s in sentences)


@pytest.mark.parametrize("key", KEYS)
def test_board_summary_is_short_and_more_reads_the_rest(key):
    session, lines = script(key)
    for line in lines[: len(lines) // 2]:
        session.handle(line)
    summary = session.handle("read the board").sentences
    assert summary[-1] == "Say more for each pile."
    assert words(summary[:-1]) <= 45, summary  # about 40 words: 12 to 14 s at 200 words a minute
    full = session.narrator.read_board(session.state)
    heard = []
    for _ in range(20):
        page = session.handle("more").sentences
        if page[-1] == "That is the whole board.":
            heard += page[:-1]
            break
        heard += page
    assert [s for s in full if s not in summary and not s.startswith("Stock")] == [s for s in heard if not s.startswith("Stock")]
    assert session.handle("more").sentences == ["Nothing more to read. Say read the board."]
    assert session.handle("read the board").sentences[-1] != "Say more for each pile."  # told once


def test_next_goes_on_reading_only_right_after_a_reading():
    session = Session("klondike", seed=3)
    session.handle("read the board")
    assert session.handle("next").sentences[0].startswith("Foundations:")
    session.handle("score")
    assert session.handle("next").moves  # a draw again


def test_summary_counts_face_down_cards_instead_of_naming_them():
    session = Session("triple_peaks", seed=3)
    summary = " ".join(session.handle("read the board").sentences)
    assert "18 face down" in summary and summary.count("face down") == 1
    assert session.handle("read row two").sentences == ["Row two: 6 face down."]


def test_read_cells_foundations_and_free_cards():
    session = Session("freecell", seed=1)
    assert session.parser.parse("read cells").intent == "read_cells"
    assert session.handle("read cells").sentences == ["Cells: all 4 free."]
    assert session.handle("read free cells").sentences == ["Cells: all 4 free."]
    session.handle("column one to cell two")
    assert session.handle("read cells").sentences == [f"Cells: {session.state.piles[session.engine.layout.index['cell2']].cards[-1].spoken}; 3 free."]
    assert session.handle("read foundations").sentences == ["Foundations: clubs empty, diamonds empty, hearts empty, spades empty."]
    assert session.handle("read free cards").sentences[0].startswith("Columns: ")
    assert Session("klondike", seed=1).handle("read cells").sentences == ["This game has no cells."]
    assert Session("golf", seed=1).handle("read foundations").sentences == ["This game has no foundations."]
    treize = Session("treize", seed=3)
    assert treize.handle("what is free").sentences[0].startswith("Free: eight of hearts, four of clubs")


def test_auto_cascade_is_one_sentence():
    session, lines = script("freecell")
    for line in lines:
        before = session.history.cursor
        reply = session.handle("auto")
        if session.history.cursor - before > 1:
            break
        session.handle(line)
    else:
        pytest.fail("no cascade in the script")
    assert reply.sentences[0].startswith("Auto played ")
    assert sum(1 for s in reply.sentences if s.startswith("Auto")) == 1
    assert not any(s.endswith(" up.") for s in reply.sentences)
