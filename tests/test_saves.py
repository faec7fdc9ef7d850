"""Issue 17: a save is replaced only by the player's clear choice, every unfinished game is kept and can
be gone back to, and saving that fails is said once, retried, and caught up when the disk is back."""

import errno
import gc
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import voicegame.storage.savefile as store
from voicegame.audio.recognisers import Heard
from voicegame.engine.moves import MoveKind
from voicegame.storage.autosave import KEEP, Persistence
from voicegame.play.session import Session
from voicegame.storage.savefile import load, parse


def run(args, stdin=""):
    return subprocess.run([sys.executable, "-m", "voicegame", *args], input=stdin, capture_output=True, text=True, timeout=60)


def played(folder, seed=5, commands=("draw", "draw")):
    """A Klondike game of deal ``seed`` left unfinished in ``folder``; returns its session."""
    s = Session("klondike", seed=seed, persistence=Persistence(folder))
    for command in commands:
        s.handle(command)
    return s


OFFER = "Resume your Klondike game from today? Say yes or new game."
AGAIN = "First, please answer: resume your Klondike game from today? Say yes or new game."


# ----- the resume question ----------------------------------------------------------------------
def test_an_unclear_answer_is_asked_again_and_the_save_is_untouched(private_data_dir):
    old = played(private_data_dir)
    path = Persistence(private_data_dir).save_path("klondike")
    before = path.read_bytes()
    s = Session("klondike", persistence=Persistence(private_data_dir), resume=True)
    assert s.greeting().sentences[-1] == OFFER
    reply = s.handle("draw")
    assert reply.sentences == [AGAIN] and not reply.moves
    assert path.read_bytes() == before
    reply = s.handle("banana")  # the second unclear answer: the saved game is what the player came back for
    assert reply.sentences == ["I did not hear yes or new game, so here is your saved game, 2 moves in; "
                               "say new game for a new deal."]
    assert s.state == old.state and s.seed == 5 and s.offer is None
    assert s.handle("draw").moves  # and play goes on with it


def test_a_command_given_as_the_second_unclear_answer_is_done_in_the_resumed_game(private_data_dir):
    """The resume question swallowed the command that resumed the game: "draw", "draw" resumed it
    and drew nothing. Typed, it is done in the game the player came back to; heard, a change of the
    game is not done unconfirmed but asked for again; "no" only resumes."""
    old = played(private_data_dir)
    unclear = "I did not hear yes or new game, so here is your saved game, 2 moves in; say new game for a new deal."
    s = Session("klondike", persistence=Persistence(private_data_dir), resume=True)
    assert s.handle("draw").sentences == [AGAIN]
    reply = s.handle("draw")
    assert reply.sentences[0] == unclear and reply.moves and s.history.cursor == old.history.cursor + 1
    played(private_data_dir)
    s = Session("klondike", persistence=Persistence(private_data_dir), resume=True)
    s.handle("banana")
    reply = s.handle("how many cards are left")
    assert reply.sentences[0] == unclear and len(reply.sentences) == 2 and s.offer is None
    for words, said_again in (("draw", True), ("no", False)):
        played(private_data_dir)
        s = Session("klondike", persistence=Persistence(private_data_dir), resume=True)
        s.hear(Heard("banana split", 0.9))
        reply = s.hear(Heard(words, 0.9))
        assert not reply.moves and s.state == old.state and s.offer is None, words
        assert reply.sentences[1:] == (["Say that again to do it in this game."] if said_again else []), reply.sentences


@pytest.mark.parametrize("answer", ["no", "cancel", "pile one to pile four", "seven of hearts", "hint", "restart", "x" * 5000])
def test_nothing_but_yes_or_new_game_replaces_the_save(private_data_dir, answer):
    played(private_data_dir)
    s = Session("klondike", persistence=Persistence(private_data_dir), resume=True)
    assert s.handle(answer).sentences == [AGAIN]
    assert s.offer is not None and s.history.cursor == 0
    assert load(Persistence(private_data_dir).save_path("klondike")).saved.seed == 5


def test_help_and_what_can_i_say_keep_the_question_open_and_say_it(private_data_dir):
    played(private_data_dir)
    s = Session("klondike", persistence=Persistence(private_data_dir), resume=True)
    help_reply = s.handle("help").sentences
    assert help_reply[0].startswith("Klondike. Build each suit") and help_reply[-1] == "Say yes to go on with your saved game, or new game."
    assert s.handle("what can I say").sentences == ["Say yes to go on with your saved game, or new game."]
    assert s.handle("faster").sentences == ["Faster."]
    assert s.offer is not None and s.dialogue.unclear_answers == 0  # none of these was an unclear answer
    assert s.handle("yes").sentences == ["Resumed, 2 moves in."]


def test_a_move_heard_by_the_recogniser_is_no_answer_either(private_data_dir):
    """By voice, "help" misheard as a move once played it on the new deal and wrote over the save; and
    a move matched with doubt ("Two of diamonds on three of clubs?") once asked before the offer was answered."""
    played(private_data_dir)
    s = Session("klondike", seed=7, persistence=Persistence(private_data_dir), resume=True)  # two such matches
    moving = [m for m in s.engine.legal_moves(s.state) if m.kind is MoveKind.MOVE]
    assert len(moving) >= 2
    for move in moving:
        card = s.state.piles[move.src].cards[-move.count].spoken
        for heard in (Heard(f"{card} on to pile for", 0.5, False),  # matched to a legal move, were there no question
                      Heard(s.narrator.move_phrase(s.state, move), 0.5, False),
                      Heard(s.narrator.move_phrase(s.state, move), 0.95, False)):
            s.dialogue.unclear_answers = 0
            reply = s.hear(heard)
            assert reply.sentences == [AGAIN] and not reply.moves and s.dialogue.pending is None, heard
    assert s.hear(Heard("yes", 0.9, False)).sentences == ["Resumed, 2 moves in."]


# ----- new deals keep the unfinished game ---------------------------------------------------------
def test_a_new_deal_by_seed_keeps_the_unfinished_game_and_says_how_to_get_it_back(private_data_dir):
    old = played(private_data_dir, seed=5)
    s = Session("klondike", seed=9, persistence=Persistence(private_data_dir))
    assert s.greeting().sentences[-1] == "Your Klondike game is kept; say previous game to go back to it."
    s.handle("draw")
    kept = list((private_data_dir / "saves" / "kept").glob("*.json"))
    assert [p.name for p in kept] == [f"klondike-5-{old.game_id}.json"]
    assert load(kept[0]).saved.moves == old.history.moves
    assert load(Persistence(private_data_dir).save_path("klondike")).saved.seed == 9
    reply = s.handle("previous game")
    assert reply.sentences == ["Back to your Klondike game of deal 5, 2 moves in.",
                               "Your Klondike game is kept; say previous game to go back to it."]
    assert s.state == old.state
    assert s.handle("previous game").sentences == ["Back to your Klondike game of deal 9, 1 move in."]
    stats = Persistence(private_data_dir).stats_for(s)
    assert stats.played == 2 and stats.won == 0  # each game counted once, however often it was left


def test_new_game_by_voice_keeps_the_game_left_and_previous_game_goes_round_them_all(private_data_dir):
    p = Persistence(private_data_dir)
    s = Session("klondike", seed=5, persistence=p)
    s.handle("draw")
    s.handle("new game")
    assert s.handle("yes").sentences == ["New game. Klondike, draw three, deal 6.",
                                         "Your Klondike game is kept; say previous game to go back to it."]
    s.handle("draw")
    s.handle("play freecell")
    assert s.handle("yes").sentences == ["New game. FreeCell, deal 7.",
                                         "Your Klondike game is kept; say previous game to go back to it."]
    s.handle("column one to cell one")
    said = [s.handle("previous game").sentences for _ in range(4)]
    assert said == [["Back to your Klondike game of deal 6, 1 move in.",
                     "Your FreeCell game is kept; say previous game to go back to it."],
                    ["Back to your Klondike game of deal 5, 1 move in."],
                    ["Back to your FreeCell game of deal 7, 1 move in."],  # round them all, and again
                    ["Back to your Klondike game of deal 6, 1 move in."]]
    s.handle("draw")  # any other command ends the round: "previous game" is the game just left again
    assert s.handle("previous game").sentences[0] == "Back to your FreeCell game of deal 7, 1 move in."
    assert s.handle("statistics").sentences[0].startswith("FreeCell: played 1, won 0")
    assert p.stats.get("klondike draw=3 passes=None").played == 2  # each left game counted once


def test_previous_game_with_nothing_saved_says_so(private_data_dir):
    s = Session("klondike", seed=1, persistence=Persistence(private_data_dir))
    assert s.handle("previous game").sentences == ["There is no other unfinished game saved to go back to."]
    assert Session("klondike", seed=1).handle("previous game").sentences == ["There is no other unfinished game saved to go back to."]


def test_switching_to_a_game_with_an_unfinished_save_offers_it(private_data_dir):
    spider = Session("spider", seed=3, persistence=Persistence(private_data_dir))
    spider.handle("deal")
    s = Session("klondike", seed=5, persistence=Persistence(private_data_dir))
    reply = s.handle("play spider")
    assert reply.sentences == ["Resume your Spider game from today? Say yes or new game."]  # the offer first, alone
    assert s.handle("yes").sentences == ["Resumed, 1 move in."] and s.seed == 3


def test_switching_from_a_game_under_way_offers_the_save_and_then_names_the_game_kept(private_data_dir):
    """The resume offer comes first, in one short question; after the answer, the game left is said to
    be kept, and "previous game" goes back to that very game (not to the save that was declined)."""
    spider = Session("spider", seed=3, persistence=Persistence(private_data_dir))
    spider.handle("deal")
    s = Session("klondike", seed=5, persistence=Persistence(private_data_dir))
    s.handle("draw")
    assert s.handle("play spider").sentences == ["Leave this game for Spider? Say yes or no."]
    assert s.handle("yes").sentences == ["Resume your Spider game from today? Say yes or new game."]
    assert s.handle("new game").sentences == ["New game. Spider, deal 6.", "Your Klondike game is kept; say previous game to go back to it."]
    assert s.handle("previous game").sentences == ["Back to your Klondike game of deal 5, 1 move in."]


def test_restart_is_no_new_deal_and_keeps_nothing(private_data_dir):
    s = played(private_data_dir)
    s.handle("restart")
    s.handle("yes")
    s.handle("draw")
    assert not (private_data_dir / "saves" / "kept").exists()
    assert Persistence(private_data_dir).stats_for(s).played == 1


def test_only_the_newest_unfinished_games_are_kept(private_data_dir):
    for seed in range(KEEP + 4):
        played(private_data_dir, seed=seed, commands=("draw",))
    kept = sorted(int(p.name.split("-")[1]) for p in (private_data_dir / "saves" / "kept").glob("*.json"))
    assert kept == list(range(3, KEEP + 3))  # + deal KEEP + 3 in saves/klondike.json; 0, 1, 2 went
    assert [g.seed for g in Persistence(private_data_dir).unfinished("klondike")][:2] == [KEEP + 3, KEEP + 2]


def test_a_save_of_before_issue_17_is_offered_resumed_and_kept(private_data_dir):
    """Today's saves/<game>.json (format version 1, no id) goes on working."""
    old = played(private_data_dir)
    path = Persistence(private_data_dir).save_path("klondike")
    data = json.loads(path.read_text())
    data.pop("id")
    data["version"] = 1
    path.write_text(json.dumps(data))
    s = Session("klondike", persistence=Persistence(private_data_dir), resume=True)
    assert s.greeting().sentences[-1] == OFFER
    assert s.handle("yes").sentences == ["Resumed, 2 moves in."] and s.state == old.state
    s.handle("draw")
    again = json.loads(path.read_text())
    assert again["version"] == 4 and again["id"].startswith("v1-")
    fresh = Session("klondike", seed=8, persistence=Persistence(private_data_dir))
    fresh.handle("draw")
    assert [g.seed for g in Persistence(private_data_dir).unfinished("klondike")] == [8, 5]


def test_the_command_line_lists_saves_and_resumes_a_deal(private_data_dir):
    assert run(["saves"]).stdout == "No unfinished games are saved.\n"
    assert run(["play", "klondike", "--seed", "5", "--text"], "draw\ndraw\n").returncode == 0
    assert run(["play", "klondike", "--seed", "9", "--text"], "draw\n").stdout.splitlines()[1] == \
        "Your Klondike game is kept; say previous game to go back to it."
    listing = run(["saves"]).stdout.splitlines()
    ids = [g.id for g in Persistence(private_data_dir).unfinished("klondike")]
    assert listing[1:] == ["Klondike, draw three, deal 9: 1 move, score 0, last played today.",
                           f"    voicegame play klondike --resume --id {ids[0]}",
                           "Klondike, draw three, deal 5: 2 moves, score 0, last played today.",
                           f"    voicegame play klondike --resume --id {ids[1]}"]
    assert run(["play", "--resume", "--id", ids[1], "--text"], "").stdout.splitlines()[1] == "Resumed, 2 moves in."
    lines = run(["play", "klondike", "--seed", "5", "--resume", "--text"], "score\n").stdout.splitlines()
    assert lines[1] == "Resumed, 2 moves in."
    assert run(["play", "--seed", "9", "--resume", "--text"], "").stdout.splitlines()[1] == "Resumed, 1 move in."
    assert run(["play", "klondike", "--seed", "4", "--resume", "--text"], "").stdout.splitlines()[1:] == [
        "Your Klondike game is kept; say previous game to go back to it.",
        "There is no unfinished Klondike game of deal 4 saved, so it starts from the beginning."]


def test_an_id_is_checked_like_every_option_and_refused_in_one_sentence(private_data_dir):
    assert run(["play", "klondike", "--seed", "5", "--text"], "draw\n").returncode == 0
    (saved,) = Persistence(private_data_dir).unfinished("klondike")
    refused = {
        ("--id", "Not An Id!"): "--id must be the id of a saved game, as voicegame saves lists it (letters a to z, "
                                "digits and dashes); you gave 'Not An Id!'.\n'voicegame play --help' lists every option.",
        ("--id", "0123456789ab"): "No unfinished game saved has the id 0123456789ab; voicegame saves lists each with its id.",
        ("--id", saved.id, "--seed", "6"): f"The saved game {saved.id} is your Klondike game of deal 5, not --seed 6; "
                                           "leave out --seed 6 to go on with it.",
        ("spider", "--id", saved.id): f"The saved game {saved.id} is your Klondike game of deal 5, not Spider; "
                                      "leave out Spider to go on with it.",
        ("--id", saved.id, "--no-save"): "--no-save plays without saved games, so there is none to go on with by --id; "
                                         "leave out one of them.",
    }
    for args, sentence in refused.items():
        done = run(["play", *args, "--text"], "quit\n")
        assert (done.returncode, done.stdout, done.stderr) == (2, "", f"voicegame play: {sentence}\n"), args
    assert run(["play", "--id", saved.id, "--text"], "quit\n").stdout.splitlines()[1] == "Resumed, 1 move in."


def test_printf_draw_no_longer_loses_the_game(private_data_dir):
    """The issue's example: `printf 'draw\\n' | voicegame play --text` after leaving a game unfinished."""
    run(["play", "klondike", "--seed", "5", "--text"], "draw\ndraw\n")
    lines = run(["play", "--text"], "draw\n").stdout.splitlines()
    assert lines[1:] == [OFFER, AGAIN]
    saved = load(Persistence(private_data_dir).save_path("klondike")).saved
    assert saved.seed == 5 and saved.cursor == 2
    assert not list(private_data_dir.glob("saves/*.bad-*"))


# ----- saving that fails ----------------------------------------------------------------------------
@pytest.fixture(params=[errno.ENOSPC, errno.EROFS], ids=["disk full", "read-only"])
def broken_disk(request, monkeypatch):
    """``broken_disk.broken = True`` makes every save write fail as a full or read-only disk does."""

    class Disk:
        broken = False
        code = request.param

    real = store.atomic_write_text

    def write(path, text):
        if Disk.broken:
            raise OSError(Disk.code, os.strerror(Disk.code), str(path))
        real(path, text)

    monkeypatch.setattr(store, "atomic_write_text", write)
    return Disk


def test_a_save_that_fails_is_said_once_retried_every_turn_and_said_again_when_it_works(private_data_dir, broken_disk):
    p = Persistence(private_data_dir)
    s = Session("klondike", seed=5, persistence=p)
    s.handle("draw")
    broken_disk.broken = True
    first = s.handle("draw")
    assert first.sentences[-1] == "I cannot save the game on this device; I will try again after every move."
    for command in ("draw", "undo", "read the board"):
        assert "I cannot save" not in " ".join(s.handle(command).sentences)  # said once, not after every move
    broken_disk.broken = False
    reply = s.handle("score")  # not even a move: every turn tries again while saving fails
    assert reply.sentences[-1] == "The game is saved again."
    saved = load(p.save_path("klondike")).saved
    assert saved.cursor == s.history.cursor and saved.moves == s.history.moves


def test_a_game_left_while_saving_fails_is_held_and_written_when_the_disk_is_back(private_data_dir, broken_disk):
    p = Persistence(private_data_dir)
    s = Session("klondike", seed=5, persistence=p)
    s.handle("draw")
    broken_disk.broken = True
    s.handle("draw")
    s.handle("draw")
    left = list(s.history.moves)
    s.handle("new game")
    s.handle("yes")  # deal 6, while deal 5's last two moves are on no disk
    s.handle("draw")
    assert [g.seed for g in p.unfinished()] == [5]  # held in memory: "previous game" finds it
    broken_disk.broken = False
    assert s.handle("draw").sentences[-1] == "The game is saved again."
    games = {g.seed: g for g in Persistence(private_data_dir).unfinished()}
    assert games[5].moves == left and games[6].cursor == 2


def test_quitting_while_saving_fails_asks_first(private_data_dir, broken_disk):
    s = Session("klondike", seed=5, persistence=Persistence(private_data_dir))
    broken_disk.broken = True
    s.handle("draw")
    reply = s.handle("quit")
    assert reply.sentences == ["I cannot save this game. Quit and lose it? Say yes or no."]
    assert not reply.quit
    assert s.handle("no").sentences == ["Carrying on with this game."]
    broken_disk.broken = False
    reply = s.handle("quit")
    assert reply.quit and reply.sentences[-2:] == ["The game is saved again.", "Goodbye."]


def _mount_tmpfs(folder: Path, size: str) -> str | None:
    """Mount a small tmpfs on ``folder``; the reason it cannot be, or None."""
    if os.geteuid() != 0 or not shutil.which("mount"):
        return "needs root and mount(8) for a real tmpfs"
    result = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)], capture_output=True, text=True)
    return None if result.returncode == 0 else f"mount failed: {result.stderr.strip()}"


@pytest.fixture
def tmpfs():
    folder = Path(tempfile.mkdtemp(prefix="voicegame-tmpfs-"))
    reason = _mount_tmpfs(folder, "256k")
    if reason:
        folder.rmdir()
        pytest.skip(reason)
    try:
        yield folder
    finally:
        gc.collect()  # sessions are cycles: their saves' lock files (open on the tmpfs) close when collected
        subprocess.run(["umount", str(folder)], check=False)
        folder.rmdir()


def test_a_real_read_only_then_full_file_system(tmpfs):
    """A real small tmpfs: remounted read-only (which stops root too), then filled up; no move is lost."""
    p = Persistence(tmpfs)
    s = Session("klondike", seed=5, persistence=p)
    s.handle("draw")
    subprocess.run(["mount", "-o", "remount,ro", str(tmpfs)], check=True)
    try:
        assert s.handle("draw").sentences[-1].startswith("I cannot save the game")
        s.handle("draw")
        s.handle("new game")
        s.handle("yes")
        s.handle("draw")
    finally:
        subprocess.run(["mount", "-o", "remount,rw", str(tmpfs)], check=True)
    assert s.handle("draw").sentences[-1] == "The game is saved again."
    filler = tmpfs / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(fd, b"x" * 65536)
    except OSError as error:
        assert error.errno == errno.ENOSPC
    finally:
        os.close(fd)
    assert s.handle("draw").sentences[-1].startswith("I cannot save the game")
    s.handle("draw")
    filler.unlink()
    assert s.handle("draw").sentences[-1] == "The game is saved again."
    games = {g.seed: g for g in Persistence(tmpfs).unfinished()}
    assert games[5].cursor == 3 and games[6].moves == s.history.moves
    assert not [p.name for p in tmpfs.rglob("*.tmp")]  # failed writes left nothing behind
    parse((tmpfs / "saves" / "klondike.json").read_text())


def test_quitting_asks_first_when_a_game_left_is_still_only_in_memory(private_data_dir, broken_disk):
    s = Session("klondike", seed=5, persistence=Persistence(private_data_dir))
    s.handle("draw")
    broken_disk.broken = True
    s.handle("draw")
    s.handle("new game")
    s.handle("yes")  # deal 5 is held in memory; deal 6 has no moves to lose
    assert not s.handle("quit").quit
    assert s.handle("yes").quit  # the player's clear choice
