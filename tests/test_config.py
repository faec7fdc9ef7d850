import tomllib

from voicegame.storage.config import SETTINGS, Config


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
    text = " ".join(config.problems)
    for key in ("speech.rate", "speech.volume", "game.draw", "audio.nonsense"):
        assert key in text


def test_damaged_file_is_reported_not_fatal(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[speech\nrate = ")
    config = Config(path)
    assert config["speech.rate"] == 200 and "damaged" in config.problems[0]


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
    try:
        config.set("speech.volume", 3.0)
    except ValueError as error:
        assert "speech.volume" in str(error)
    else:
        raise AssertionError("a bad value was accepted")


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
