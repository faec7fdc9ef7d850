"""One deal played in two windows at once (two real processes): ``voicegame saves`` lists each game
once with a command that resumes exactly it, and "previous game" says when the other game is being
played elsewhere instead of saying there is none."""

from __future__ import annotations

import re
import subprocess
import sys

from processes import Child

GREETING = "Klondike, draw three. Say help at any time."


def saves() -> list[str]:
    done = subprocess.run([sys.executable, "-m", "voicegame", "saves"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and not done.stderr, done.stderr
    return done.stdout.splitlines()


def entries(lines: list[str]) -> list[tuple[str, str]]:
    """(what the listing says of a game, the command under it) for each game listed."""
    return [(line, lines[i + 1].strip()) for i, line in enumerate(lines) if line.startswith("Klondike")]


def resumed(command: str) -> list[str]:
    words = command.split()
    assert words[:2] == ["voicegame", "play"]
    done = subprocess.run([sys.executable, "-m", "voicegame", *words[1:], "--text"], input="quit\n",
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    return done.stdout.splitlines()


def test_one_deal_in_two_windows_is_two_entries_each_resumed_by_its_own_command():
    first = Child("play", "klondike", "--seed", "5", "--text")
    assert first.lines_until(lambda line: "Say help" in line) == [GREETING + "\n"]
    assert first.say("eight of hearts on nine of spades") == "Pile seven shows eight of diamonds."  # saved, then said

    second = Child("play", "klondike", "--seed", "5", "--text")
    assert second.lines_until(lambda line: "Say help" in line) == [GREETING + "\n"]
    assert second.line() == ("Your Klondike game of deal 5 is being played somewhere else and goes on there; "
                             "this one is a game of its own.\n")  # not "kept; say previous game": it cannot go there
    assert second.say("draw")
    assert second.say("previous game") == ("Your Klondike game of deal 5 is being played somewhere else, and there "
                                           "is no other unfinished game to go back to.")
    for _ in range(6):
        assert first.say("draw")
    first.send("quit")
    second.send("quit")
    assert first.ended()[0] == second.ended()[0] == 0

    listed = entries(saves())
    assert [line for line, _ in listed] == ["Klondike, draw three, deal 5: 7 moves, score 0, last played today.",
                                            "Klondike, draw three, deal 5: 1 move, score 0, last played today."]
    commands = [command for _, command in listed]
    assert len(set(commands)) == 2 and all(re.fullmatch(r"voicegame play klondike --resume --id [0-9a-f]{12}", c) for c in commands)
    assert resumed(commands[0])[:2] == [GREETING, "Resumed, 7 moves in."]
    assert resumed(commands[1])[:2] == [GREETING, "Resumed, 1 move in."]  # the older game: its own command, no detour
    assert resumed(commands[1])[:2] == [GREETING, "Resumed, 1 move in."]  # and again: resuming it did not change which
    # --resume alone still goes on with the newest game of the deal, as documented
    assert resumed("voicegame play klondike --seed 5 --resume")[:2] == [GREETING, "Resumed, 7 moves in."]


def test_previous_game_names_each_game_being_played_elsewhere():
    first = Child("play", "klondike", "--seed", "5", "--text")
    first.lines_until(lambda line: "Say help" in line)
    assert first.say("draw")
    third = Child("play", "klondike", "--seed", "7", "--text")
    third.lines_until(lambda line: "Say help" in line)
    assert third.say("draw")
    done = subprocess.run([sys.executable, "-m", "voicegame", "play", "klondike", "--seed", "9", "--text"],
                          input="draw\nprevious game\nquit\n", capture_output=True, text=True, timeout=120)
    assert ("Your 2 other unfinished games are all being played somewhere else, so there is none to go back to here."
            in done.stdout.splitlines()), done.stdout
    listing = saves()
    assert sum("Being played in another window now" in line for line in listing) == 2  # deals 5 and 7, not 9
    for child in (first, third):
        child.send("quit")
        assert child.ended()[0] == 0
