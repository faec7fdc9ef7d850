"""Issue 17: options and settings are checked in the player's words: each bad value names the flag or
key, the value given and what is allowed, and deal numbers never wrap round."""

import pytest

from voicegame.cli import main as cli
from voicegame.storage.config import Config
from voicegame.games import MAX_SEED, find_game
from voicegame.play.session import Session


def play_error(capsys, *args):
    """Run ``voicegame play ARGS --text`` in this process; its exit code and its stderr lines."""
    try:
        code = cli.main(["play", *args, "--text"])
    except SystemExit as exit_:
        code = exit_.code
    return code, capsys.readouterr().err.splitlines()


@pytest.mark.parametrize("args, sentence", [
    (["--seed", "-1"], "--seed must be a whole number from 0 to 9223372036854775807; you gave -1."),
    (["--seed", "18446744073709551615"], "--seed must be a whole number from 0 to 9223372036854775807; you gave 18446744073709551615."),
    (["--seed", str(10**26)], f"--seed must be a whole number from 0 to 9223372036854775807; you gave {10**26}."),
    (["--seed", "five"], "--seed must be a whole number, the number of a deal; you gave five."),
    (["freecell", "--seed", "0"], "--seed must be a whole number from 1 to 1000000 (a Microsoft FreeCell deal number); you gave 0."),
    (["freecell", "--seed", "-3"], "--seed must be a whole number from 1 to 1000000 (a Microsoft FreeCell deal number); you gave -3."),
    (["freecell", "--seed", "2147483648"], "--seed must be a whole number from 1 to 1000000 (a Microsoft FreeCell deal number); you gave 2147483648."),
    (["--draw", "0"], "--draw must be 1 or 3; you gave 0."),
    (["--draw", "three"], "--draw must be 1 or 3; you gave three."),
    (["spider", "--suits", "3"], "--suits must be 1, 2 or 4; you gave 3."),
    (["--passes", "0"], "--passes must be a whole number from 1 up, or unlimited; you gave 0."),
    (["triple_peaks", "--scoring", "double"], "--scoring must be standard or multiplier; you gave double."),
    (["--rate", "5"], "--rate must be a whole number from 80 to 450; you gave 5."),
    (["--volume", "7"], "--volume must be a number from 0 to 1; you gave 7."),
])
def test_a_bad_flag_is_one_sentence_naming_flag_value_and_what_is_allowed(capsys, args, sentence):
    code, lines = play_error(capsys, *args)
    assert code == 2
    assert lines[0] == f"voicegame play: {sentence}"
    assert not any(line.startswith("usage:") for line in lines)  # no usage block to listen through


@pytest.fixture
def no_input(monkeypatch):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.StringIO(""))


def test_good_flags_still_play(capsys, no_input):
    assert cli.main(["play", "freecell", "--seed", "1000000", "--text", "--no-save"]) == 0
    assert cli.main(["play", "klondike", "--seed", str(MAX_SEED), "--draw", "1", "--passes", "unlimited", "--text", "--no-save"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "FreeCell. Say help at any time." and out[1] == "Klondike, draw one. Say help at any time."


def test_solve_and_kiosk_check_the_seed_too(capsys):
    assert cli.main(["solve", "freecell", "--seed", "0"]) == 2
    assert cli.main(["kiosk", "--seed", "-4", "--text"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == ["voicegame solve: --seed must be a whole number from 1 to 1000000 (a Microsoft FreeCell deal number); you gave 0.",
                   "voicegame kiosk: --seed must be a whole number from 0 to 9223372036854775807; you gave -4."]


def test_the_spoken_deal_number_never_wraps():
    """New game after the highest deal is the lowest, and said so: never a number that is no deal."""
    s = Session("klondike", seed=MAX_SEED)
    assert s.handle("new game").sentences == ["New game. Klondike, draw three, deal 0."]
    f = Session("freecell", seed=1_000_000)
    assert f.handle("new game").sentences == ["New game. FreeCell, deal 1."]
    assert all(1 <= Session("freecell").seed <= 1_000_000 for _ in range(20))  # random deals are Microsoft deals too
    assert find_game("klondike").next_seed(5) == 6


def test_an_unknown_default_game_falls_back_to_klondike_and_says_so(private_data_dir, capsys, no_input):
    (private_data_dir / "config.toml").write_text('[game]\ndefault = "snap"\n')
    assert cli.main(["play", "--text", "--no-save"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Klondike, draw three. Say help at any time."
    assert out[1] == 'The default game "snap" is unknown; playing Klondike. Say list games to hear them.'  # not 88 ids


def test_a_default_game_by_title_or_alias_is_fine(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[game]\ndefault = "Free Cell"\n')
    config = Config(path)
    assert config.problems == [] and config["game.default"] == "Free Cell"


def test_every_bad_setting_names_key_value_and_what_is_allowed(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[speech]\nrate = "fast"\nvolume = 7\nverbosity = "chatty"\nspeed = 3\n'
                    '[game]\ndraw = 2\npasses = -1\n[audio]\nsounds = "yes"\nmodel = 5\n[kiosk]\nwake_phrase = ["a"]\n')
    from voicegame.language.sentences import sentence

    assert [sentence(problem) for problem in Config(path).problems] == [
        'Setting speech.rate is "fast", but it must be a whole number from 80 to 450; using 200.',
        "Setting speech.volume is 7, but it must be a number from 0 to 1; using 1.0.",
        'Setting speech.verbosity is "chatty", but it must be "brief" or "verbose"; using "brief".',
        "There is no setting speech.speed (did you mean speech.rate?); it is ignored.",
        "Setting game.draw is 2, but it must be 1 or 3; using 3.",
        "Setting game.passes is -1, but it must be a whole number from 0 to 100; using 0.",
        'Setting audio.sounds is "yes", but it must be true or false; using true.',
        'Setting audio.model is 5, but it must be text in double quotes; using "".',
        'Setting kiosk.wake_phrase is a list, but it must be text in double quotes; using "solitaire".',
    ]
