import tomllib

import pytest

from voicegame.engine import Reason
from voicegame.games import find_game
from voicegame.language.lexicon import load_language
from voicegame.language.sentences import sentence
from voicegame.storage.config import SETTINGS, Config, SettingError, game_options


def test_defaults_when_no_file(tmp_path):
    config = Config(tmp_path / "config.toml")
    assert config["speech.rate"] == 200 and config["audio.recogniser"] == "auto"
    assert config.problems == []


def test_bad_values_are_reported_by_key_and_defaults_used(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[speech]\nrate = "fast"\nvolume = 7\n[game]\ndraw = 2\n[audio]\nsounds = false\nnonsense = 1\n')
    config = Config(path)
    assert config["speech.rate"] == 200 and config["speech.volume"] == 1.0 and config["game.draw"] == 3
    assert config["audio.sounds"] is False
    text = " ".join(sentence(problem) for problem in config.problems)
    for key in ("speech.rate", "speech.volume", "game.draw", "audio.nonsense"):
        assert key in text


def test_damaged_file_is_reported_not_fatal(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[speech\nrate = ")
    config = Config(path)
    assert config["speech.rate"] == 200
    assert config.problems == [Reason("settings_damaged", {"file": "config.toml", "line": 1})]
    assert sentence(config.problems[0]) == ("The settings file config.toml is damaged at line 1; until it is mended "
                                            "I use the defaults and change nothing in it.")


DAMAGED = '# my settings\n[speech]\nrate = 250  # fast, please\nvolume = 0.5\nvoice = "en\n[game]\ndraw = 1\n'


def test_a_damaged_file_names_its_bad_line_and_is_never_written(tmp_path):
    """One malformed line: the player hears which, and a change by voice does not write over the file."""
    path = tmp_path / "config.toml"
    path.write_text(DAMAGED)
    config = Config(path)
    assert config.problems == [Reason("settings_damaged", {"file": "config.toml", "line": 5})]
    config.set("speech.rate", 300)
    remember_speech_like(config)
    assert config["speech.rate"] == 300  # for this game
    assert path.read_text() == DAMAGED


def remember_speech_like(config: Config) -> None:
    """What voice play does at the end (play/voice_play.remember_speech): values set, then ``save``."""
    config.values["speech.volume"] = 0.8
    config.save()


def test_a_binary_file_is_damaged_at_the_line_of_its_first_bad_byte(tmp_path):
    path = tmp_path / "config.toml"
    path.write_bytes(b"[speech]\nrate = 200\n\xff\xfe\x00junk\n")
    assert Config(path).problems == [Reason("settings_damaged", {"file": "config.toml", "line": 3})]


def test_a_change_by_voice_rewrites_only_its_key(tmp_path):
    """Comments, order, other values and unknown keys stay as the player wrote them."""
    path = tmp_path / "config.toml"
    text = ("# my settings\n[speech]\nrate = 250  # fast, please\n# hush\nvolume = 0.5\n\n"
            "[game]\ndraw = 1\nmystery = \"kept\"\n")
    path.write_text(text)
    config = Config(path)
    config.set("speech.rate", 300)
    assert path.read_text() == text.replace("rate = 250", "rate = 300")
    config.set("speech.verbosity", "verbose")  # a key the file does not have: added to its table
    assert path.read_text() == text.replace("rate = 250", "rate = 300").replace("volume = 0.5\n",
                                                                                'volume = 0.5\nverbosity = "verbose"\n')
    config.set("kiosk.wake_phrase", "cards")  # a table the file does not have: added at the end
    again = Config(path)
    assert (again["speech.rate"], again["speech.verbosity"], again["kiosk.wake_phrase"], again["game.draw"]) == (
        300, "verbose", "cards", 1)
    assert path.read_text().startswith(text.replace("rate = 250", "rate = 300")[:40])


@pytest.mark.parametrize("text", ["speech.rate = 250\n", "speech = {rate = 250}\n", "[speech]\nrate = 250"])
def test_a_key_is_changed_where_the_file_writes_it(tmp_path, text):
    path = tmp_path / "config.toml"
    path.write_text(text)
    config = Config(path)
    config.set("speech.rate", 300)
    config.set("speech.volume", 0.5)
    assert tomllib.loads(path.read_text()) == {"speech": {"rate": 300, "volume": 0.5}}
    assert "250" not in path.read_text() and path.read_text().count("rate") == 1


def test_two_windows_keep_each_others_changes(tmp_path):
    """Each game writes what it changed, over the file as it is now, not as it was at its start."""
    path = tmp_path / "config.toml"
    path.write_text("[speech]\nrate = 200\n")
    first, second = Config(path), Config(path)
    first.set("speech.rate", 300)
    second.set("speech.volume", 0.5)
    assert tomllib.loads(path.read_text()) == {"speech": {"rate": 300, "volume": 0.5}}


def test_only_what_changed_is_written(tmp_path):
    """Unchanged values are not written back, so a value from the defaults stays out of the file."""
    path = tmp_path / "config.toml"
    path.write_text("[speech]\nrate = 250\n")
    config = Config(path)
    config.save()
    config.values["speech.rate"] = 250
    config.save()
    assert path.read_text() == "[speech]\nrate = 250\n"


def test_a_symbolic_link_is_followed_and_kept(tmp_path):
    """A settings file kept elsewhere (dotfiles) and linked: the file is edited, the link stays a link."""
    real = tmp_path / "dotfiles" / "voicegame.toml"
    real.parent.mkdir()
    real.write_text("[speech]\nrate = 250\n")
    link = tmp_path / "config.toml"
    link.symlink_to(real)
    Config(link).set("speech.rate", 300)
    assert link.is_symlink() and real.read_text() == "[speech]\nrate = 300\n"


def test_an_unreadable_file_is_not_called_damaged_and_is_kept(tmp_path):
    path = tmp_path / "config.toml"
    path.write_bytes(b"# " + b"x" * (300 * 1024) + b"\n")
    config = Config(path)
    assert [p.key for p in config.problems] == ["settings_unreadable"]
    assert sentence(config.problems[0]) == ("I cannot read the settings file config.toml (it is larger than 256 KB, "
                                            "more than such a file can be); I use the defaults and change nothing in it.")
    config.set("speech.rate", 300)
    assert path.stat().st_size > 300 * 1024 and b"rate" not in path.read_bytes()


def test_set_writes_a_file_that_reads_back_with_every_key(tmp_path):
    path = tmp_path / "config.toml"
    config = Config(path)
    config.set("speech.rate", 260)
    config.set("speech.voice", 'en "quoted"')
    data = tomllib.loads(path.read_text())
    assert data["speech"]["rate"] == 260
    assert len([1 for s in SETTINGS if s.key.split(".")[1] in data[s.key.split(".")[0]]]) == len(SETTINGS)
    again = Config(path)
    assert again["speech.rate"] == 260 and again["speech.voice"] == 'en "quoted"' and again.problems == []


def test_set_refuses_bad_values(tmp_path):
    config = Config(tmp_path / "c.toml")
    with pytest.raises(SettingError) as refused:
        config.set("speech.volume", 3.0)
    assert isinstance(refused.value, ValueError)
    assert sentence(refused.value.reason) == "Setting speech.volume must be a number from 0 to 1; 3.0 is not allowed."
    assert config["speech.volume"] == 1.0


def test_voicegame_config_prints_a_settings_file_that_loads_back(tmp_path, monkeypatch, capsys):
    """`voicegame config > config.toml` gives the same settings, booleans and quotes included."""
    from voicegame.cli import main as cli

    path = tmp_path / "config.toml"
    monkeypatch.setenv("VOICEGAME_CONFIG", str(path))
    config = Config(path)
    config.set("audio.sounds", False)
    config.set("audio.push_to_talk", True)
    config.set("speech.voice", 'en "quoted" \\ back\tslash')
    config.set("speech.volume", 0.5)
    assert cli.main(["config"]) == 0
    printed = capsys.readouterr().out
    assert "True" not in printed and "False" not in printed
    copy = tmp_path / "copy.toml"
    copy.write_text(printed)
    again = Config(copy)
    assert again.problems == []
    assert again.values == config.values


def test_every_setting_problem_key_has_words():
    """Each key a setting can be refused with (and what it takes) is in messages.toml."""
    messages = load_language().messages
    for setting in SETTINGS:
        assert setting.allowed().key in messages
    for key in ("settings_damaged", "settings_unreadable", "setting_unknown_section", "setting_unknown", "setting_unknown_close",
                "setting_bad_value", "setting_not_a_game", "setting_refused", "setting_value_table",
                "setting_value_list", "setting_value_date"):
        assert key in messages


def test_a_table_a_list_and_a_date_are_named_not_shown(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[speech]\nrate = {a = 1}\nvoice = 2026-11-23\n[oops]\n[kiosk]\nwake_phrase = [1]\n')
    said = [sentence(problem) for problem in Config(path).problems]
    assert said == ["Setting speech.rate is a table, but it must be a whole number from 80 to 450; using 200.",
                    'Setting speech.voice is a date or time, but it must be text in double quotes; using "".',
                    'Setting kiosk.wake_phrase is a list, but it must be text in double quotes; using "solitaire".']


def test_settings_become_game_options_in_one_place(tmp_path):
    """``voicegame play`` and the kiosk both take the game's options from ``game_options``."""
    path = tmp_path / "config.toml"
    klondike, spider = find_game("klondike"), find_game("spider")
    assert game_options(Config(path), klondike) == {"draw": 3}  # passes 0: unlimited, the game's default
    path.write_text("[game]\ndraw = 1\npasses = 2\n")
    assert game_options(Config(path), klondike) == {"draw": 1, "passes": 2}
    assert game_options(Config(path), spider) == {}  # no game.suits setting: Spider's own default
