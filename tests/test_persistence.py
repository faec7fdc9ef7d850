"""Never lose a game: autosave, resume, bad saves at start, statistics, and SIGKILL at any moment."""

import os
import random
import signal
import subprocess
import sys
import time

from voicegame.storage.autosave import Persistence
from voicegame.play.session import Session
from voicegame.storage.savefile import load, parse


def test_every_change_is_saved_and_resume_continues_exactly(private_data_dir):
    p = Persistence(private_data_dir)
    s = Session("klondike", seed=5, persistence=p)
    for command in ["pile seven to pile five", "draw", "draw", "undo"]:
        s.handle(command)
    saved = load(p.save_path("klondike")).saved
    assert saved.seed == 5 and saved.cursor == s.history.cursor and saved.moves == s.history.moves

    again = Session("klondike", seed=None, persistence=Persistence(private_data_dir), resume=True)
    greeting = again.greeting().sentences
    assert greeting[-1] == "Resume your Klondike game from today? Say yes or new game."
    assert again.handle("yes").sentences == ["Resumed, 1 move in."] and s.history.cursor == 1
    assert again.state == s.state and again.seed == 5
    assert again.handle("redo").sentences == s.handle("redo").sentences  # the redo tail came back too


def test_declining_the_offer_counts_the_old_game_as_lost(private_data_dir):
    s = Session("klondike", seed=5, persistence=Persistence(private_data_dir))
    s.handle("draw")
    again = Session("klondike", seed=9, persistence=Persistence(private_data_dir), resume=True)
    assert again.handle("new game").sentences == ["New game. Klondike, draw three, deal 9.",
                                                  "Your Klondike game is kept; say previous game to go back to it."]
    assert again.handle("statistics").sentences[0].startswith("Klondike, draw three: played 1, won 0, 0 percent.")


def test_corrupt_save_at_start_is_explained_kept_aside_and_a_new_game_starts(private_data_dir):
    path = Persistence(private_data_dir).save_path("klondike")
    path.parent.mkdir(parents=True)
    path.write_text('{"format": "voicegame-save", "version": 1, "game": "klondike", "seed": ')
    s = Session("klondike", seed=3, persistence=Persistence(private_data_dir), resume=True)
    assert s.greeting().sentences[1] == "The save file is damaged. Starting a new game."
    assert [p.name.startswith("klondike.bad-") for p in path.parent.iterdir()] == [True]
    assert s.handle("draw").moves


def test_win_is_counted_once(private_data_dir):
    from helpers import position
    from voicegame.engine.cards import new_deck

    p = Persistence(private_data_dir)
    s = Session("klondike", seed=1, persistence=p)
    full = {x: " ".join(c.code for c in new_deck() if c.suit.value == x) for x in ("clubs", "diamonds", "hearts")}
    s.history.states[0] = position(s.engine, spades="AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS", pile4="KS", **full)
    s.handle("king of spades up")
    s.handle("undo")
    s.handle("redo")
    stats = p.stats_for(s)
    assert (stats.played, stats.won, stats.fewest_moves) == (1, 1, 1)
    assert s.handle("statistics").sentences[0].startswith("Klondike, draw three: played 1, won 1, 100 percent. Current streak 1, best 1. Fewest moves 1;")


def test_abandoned_game_counts_as_lost_on_new_game(private_data_dir):
    p = Persistence(private_data_dir)
    s = Session("klondike", seed=1, persistence=p)
    s.handle("draw")
    assert s.handle("new game").sentences == ["Leave this game for a new one? Say yes or no."]
    s.handle("yes")
    s.handle("new game")  # no move made in between: not counted, and not asked
    stats = p.stats_for(s)
    assert (stats.played, stats.won, stats.current_streak) == (1, 0, 0)


def test_sigkill_at_random_points_never_leaves_a_broken_save(private_data_dir, tmp_path):
    """Kill the game process while it plays and saves; the save must always parse and be a
    position the game really passed through, and resuming continues from it."""
    script = [line for line in open(os.path.join(os.path.dirname(__file__), "data", "klondike_draw3_seed5_win.txt")).read().splitlines() if line and not line.startswith("#")]
    rng = random.Random(7)
    reference = Session("klondike", seed=5)
    for command in script:
        reference.handle(command)
    all_moves = reference.history.moves  # what the game passes through, in order
    save = private_data_dir / "saves" / "klondike.json"
    seen_cursors = set()
    for attempt in range(6):
        proc = subprocess.Popen([sys.executable, "-m", "voicegame", "play", "klondike", "--seed", "5", "--text"],
                                stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)
        # all but the winning move: a run the kill misses on a loaded machine ends unfinished at the end of
        # its input, so the last save is always one to resume (a won game is not offered again)
        proc.stdin.write("\n".join(script[:-1]) + "\n")
        proc.stdin.flush()
        # kill once this run's saves have passed a random move (waiting for progress, not a fixed
        # time: a loaded machine can take longer than a second to start the game)
        target, before = rng.randrange(5, 150), save.stat().st_mtime_ns if save.exists() else 0
        deadline = time.monotonic() + 60
        while proc.poll() is None and time.monotonic() < deadline:
            if save.exists() and save.stat().st_mtime_ns != before and parse(save.read_text())[0].cursor >= target:
                break
            time.sleep(0.002)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        if not save.exists():
            continue
        text = save.read_text()
        saved, engine = parse(text)  # raises if the file were broken
        seen_cursors.add(saved.cursor)
        assert saved.moves == all_moves[: len(saved.moves)]  # exactly a position the game passed through
        leftovers = [p.name for p in save.parent.iterdir() if p.name not in ("klondike.json", "kept", "locks")]
        assert all(name.endswith(".tmp") for name in leftovers)  # a killed write leaves at most a temp file
        for kept in (save.parent / "kept").glob("*.json"):  # the runs before, each kept whole
            assert parse(kept.read_text())[0].moves == all_moves[: len(parse(kept.read_text())[0].moves)]
    assert len(seen_cursors) >= 2, f"kills did not land at different points: {seen_cursors}"
    # Resume from the last save and finish the game from where it stopped.
    saved, _ = parse(save.read_text())
    s = Session("klondike", persistence=Persistence(private_data_dir), resume=True)
    s.handle("yes")
    assert s.history.cursor == saved.cursor
    for command in script[saved.cursor:]:
        s.handle(command)
    assert s.engine.is_won(s.state)


def test_stats_command_prints(private_data_dir):
    s = Session("klondike", seed=1, persistence=Persistence(private_data_dir))
    s.handle("draw")
    s.handle("new game")
    s.handle("yes")
    out = subprocess.run([sys.executable, "-m", "voicegame", "stats"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.startswith("Klondike, draw three: played 1, won 0, 0 percent.")  # no "None"
    assert s.handle("statistics").sentences[0].startswith("Klondike, draw three: played 1,")  # one name, in the game too


def test_started_without_a_game_name_the_game_played_last_comes_back(private_data_dir):
    """Switching games by voice is remembered as saves are: "voicegame" alone goes back to the game
    played last (and offers to resume it); files in saves/ that are no game are passed over."""
    persistence = Persistence(private_data_dir)
    s = Session("klondike", seed=3, persistence=persistence)
    s.handle("draw")
    f = Session("freecell", seed=4, persistence=persistence)
    f.handle("ace of diamonds up")
    saves = private_data_dir / "saves"
    os.utime(saves / "klondike.json", (1_000_000, 1_000_000))  # file times as if played a while apart
    os.utime(saves / "freecell.json", (1_000_100, 1_000_100))
    (private_data_dir / "saves" / "freecell.bad-20261122.json").write_text("{")  # a save put aside
    (private_data_dir / "saves" / "notagame.json").write_text("{}")
    assert persistence.last_played(["klondike", "freecell", "spider"]) == "freecell"
    persistence.let_go()  # as if this process had ended: its game is no longer open (tests/test_locks.py)

    def play(*args):
        out = subprocess.run([sys.executable, "-m", "voicegame", "play", *args, "--text"], input="quit\n",
                             capture_output=True, text=True, timeout=60)
        return out.stdout.splitlines()

    lines = play()
    assert lines[:2] == ["FreeCell. Say help at any time.", "Resume your FreeCell game from today? Say yes or new game."]
    assert play("klondike")[:2] == ["Klondike, draw three. Say help at any time.",
                                    "Resume your Klondike game from today? Say yes or new game."]
    assert play("--seed", "9")[0] == "Klondike, draw three. Say help at any time."  # a seed: the default game


def test_a_won_game_is_not_offered_again_but_one_taken_back_from_the_win_is(private_data_dir):
    from pathlib import Path

    script = (Path(__file__).parent / "data" / "klondike_draw3_seed5_win.txt").read_text().split("\n")
    s = Session("klondike", seed=5, persistence=Persistence(private_data_dir))
    for command in filter(None, script):
        s.handle(command)
    assert s.engine.is_won(s.state)
    saved = load(Persistence(private_data_dir).save_path("klondike")).saved
    assert saved.won and saved.cursor == s.history.cursor  # the save keeps the win; only the offer skips it
    assert Persistence(private_data_dir).offer("klondike") == (None, None)
    s.handle("undo")
    offer, problem = Persistence(private_data_dir).offer("klondike")
    assert problem is None and offer is not None and not offer.saved.won and offer.saved.cursor == s.history.cursor
