"""Refusals and answers that are true: a refusal names what really blocks the move (from the rules'
own reasons), "statistics" in a first game says so, and a game has one name everywhere (the game,
"statistics", ``voicegame stats``, ``voicegame saves``). Positions from Klondike deal 5, draw three."""

from __future__ import annotations

import subprocess
import sys

import pytest

from voicegame.engine import MoveKind
from voicegame.games import GAMES
from voicegame.language.command import KindRef, PileRef
from voicegame.language.resolve import Refuse
from voicegame.play.session import Session
from voicegame.storage.autosave import Persistence


def said(session: Session, command: str) -> str:
    return " ".join(session.handle(command).sentences)


def test_a_move_from_a_pile_to_itself_is_refused_as_such_not_as_nothing_can_move():
    session = Session("klondike", {"draw": 3}, seed=5)
    eight = session.state.piles[session.engine.layout.index["pile7"]].cards[-1]
    assert eight.spoken == "eight of hearts"
    assert any(m.src == session.engine.layout.index["pile7"] for m in session.engine.legal_moves(session.state))
    assert said(session, "pile seven to pile seven") == "That is the same pile."
    assert said(session, "eight of hearts on pile seven") == "That is the same pile."
    assert said(session, "stock to stock") == "That is the same pile."
    assert said(session, "move pile one") == "Nothing on pile one can go anywhere now."  # true there: nothing can


def test_a_face_down_target_is_said_to_be_face_down_not_off_the_top():
    session = Session("klondike", {"draw": 3}, seed=5)
    assert said(session, "seven of spades on eight of hearts") == "Pile four shows ten of clubs."
    assert said(session, "read pile three") == "Pile three: 2 face down, nine of clubs."  # the jack of hearts is under
    assert said(session, "ten of clubs on jack of hearts") == "The jack of hearts is face down; it has not been turned over yet."
    assert said(session, "nine of clubs on ten of diamonds") == "The ten of diamonds is face down; it has not been turned over yet."
    assert said(session, "six of hearts on eight of hearts") == "The six of hearts is not showing."  # the card moved
    assert said(session, "two of spades on eight of hearts") == "The eight of hearts is not on top of a pile."  # covered, face up


def test_a_rank_face_up_but_covered_is_not_said_to_be_not_showing():
    session = Session("klondike", {"draw": 3}, seed=5)
    assert said(session, "seven of spades on eight of hearts") == "Pile four shows ten of clubs."
    assert said(session, "draw") == "Five of spades."  # the waste: ten of diamonds, queen of diamonds, five of spades
    assert said(session, "nine of clubs on queen of diamonds") == "The queen of diamonds is not on top of a pile."
    assert said(session, "seven of spades on queen") == "No queen is on top of a pile."  # one shows, covered
    assert said(session, "five of spades on six") == "No six is showing."  # none is face up


def test_nothing_can_go_anywhere_is_said_only_when_nothing_on_that_pile_can_move():
    """Every pile of every game's first deal, to every kind of pile: "nothing on X can go anywhere"
    only when no legal move leaves X; when one does, the refusal says it cannot go there."""
    seen_there = 0
    for entry in GAMES:
        session = Session(entry.key, seed=2)
        state, engine = session.state, session.engine
        movable = {m.src for m in engine.legal_moves(state) if m.kind is MoveKind.MOVE}
        kinds = sorted({spec.kind for spec in engine.specs}, key=lambda kind: kind.value)
        for spec in engine.specs:
            for target in (None, *(KindRef(kind) for kind in kinds)):
                resolution = session.words.resolver.resolve_move(state, PileRef(spec.id), target)
                if not isinstance(resolution, Refuse):
                    continue
                if resolution.reason.key == "pile_cannot_move":
                    assert engine.layout.index[spec.id] not in movable, (entry.key, spec.id, target)
                seen_there += resolution.reason.key == "cannot_go_there"
    assert seen_there  # (Royal Parade's deal 2: a column to a reserve, while it can go to another column)


def test_statistics_in_a_first_game_say_it_is_the_first(private_data_dir):
    session = Session("klondike", {"draw": 3}, seed=5, persistence=Persistence(private_data_dir))
    assert said(session, "statistics") == "This is your first game of Klondike, draw three; it counts once it is won or left."
    session.handle("draw")
    assert said(session, "statistics") == "This is your first game of Klondike, draw three; it counts once it is won or left."
    session.handle("new game")
    session.handle("yes")  # the first game left: counted as lost
    assert said(session, "statistics").startswith("Klondike, draw three: played 1, won 0, 0 percent.")


@pytest.mark.parametrize("options, name", [({"draw": 3}, "Klondike, draw three"),
                                           ({"draw": 1, "passes": 3}, "Klondike, draw one, three passes")])
def test_one_game_name_in_the_game_its_statistics_and_the_saves_listing(private_data_dir, options, name):
    session = Session("klondike", options, seed=5, persistence=Persistence(private_data_dir))
    assert session.greeting().sentences[0] == f"{name}. Say help at any time."
    session.handle("draw")
    session.handle("new game")
    session.handle("yes")
    assert said(session, "statistics").startswith(f"{name}: played 1,")
    printed = subprocess.run([sys.executable, "-m", "voicegame", "stats"], capture_output=True, text=True, timeout=120)
    assert printed.stdout.startswith(f"{name}: played 1, won 0, 0 percent."), printed.stdout
    listing = subprocess.run([sys.executable, "-m", "voicegame", "saves"], capture_output=True, text=True, timeout=120)
    assert f"{name}, deal 5: 1 move," in listing.stdout, listing.stdout


def test_an_option_the_title_does_not_tell_is_named_after_it():
    from voicegame.language.game_titles import played_title

    assert played_title("gaps", {"redeal_gaps": "random"}) == "Gaps, redeal gaps random"
    assert played_title("gaps", {"redeal_gaps": "after_runs"}) == "Gaps"
    assert played_title("spider", {"suits": 2}) == "Spider, two suits"
    assert played_title("no_such_game", {}) == "no_such_game"
