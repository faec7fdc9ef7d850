"""Player settings in one TOML file, with documented keys and safe defaults.

Every key is listed in :data:`SETTINGS` with its default, allowed values and a
one-line description (``voicegame config`` prints them with their values). A bad value is
reported in one sentence naming the key, the value and what is allowed, and the default is
used instead; a damaged file is reported with the line that breaks it and ignored, never fatal,
and a file that cannot be read (no permission, a pipe or a device, too big) is said as such.

The file is the player's: it is never written over. A setting changed in play ("faster") rewrites
that one key and nothing else, keeping the player's comments, order and other values, with tomlkit,
a library made for exactly this (style-preserving TOML, the one Poetry uses; pure Python, imported
only when a setting is written). A hand-made line edit was the other choice, but TOML lets a key be
written in several places (a table, a dotted key, an inline table) and a line edit would have to
know them all; tomlkit does, and the result is checked with ``tomllib`` before it is written: the
file must read back as it was with only the changed keys changed, else it is left alone. A damaged
or unreadable file is never written: the changes last until the game closes (the start says so).
Only a missing file is written whole: every setting, documented, so that the player can find them.

File: ``$VOICEGAME_CONFIG``, else ``<user config dir>/voicegame/config.toml``.

Problems are not sentences here: each is a message key of ``grammars/<lang>/messages.toml`` with its
values (an engine ``Reason``), which the layer that speaks turns into words. Values that are
themselves a ``Reason`` (what a setting takes: "setting_takes_text") are said inside the sentence.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from voicegame.audio.bounded_file import KIB, failure_words, read_bounded
from voicegame.audio.recognisers import KINDS as RECOGNISER_KINDS
from voicegame.engine import Reason
from voicegame.games import GameEntry
from voicegame.storage.savefile import atomic_write_text


class SettingError(ValueError):
    """A value a setting does not take (``Config.set``); ``reason`` tells the player why."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason.key, reason.params.get("key"))
        self.reason = reason


@dataclass(frozen=True)
class Setting:
    key: str  # "section.name"
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    low: float | None = None
    high: float | None = None

    def check(self, value: Any) -> Reason | None:
        """None if ``value`` is fine, else what is allowed (said "a whole number from 80 to 450")."""
        kind = type(self.default)
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        wrong_kind = not isinstance(value, kind) or (kind is int and isinstance(value, bool))
        if (wrong_kind or self.choices is not None and value not in self.choices
                or self.low is not None and value < self.low or self.high is not None and value > self.high):
            return self.allowed()
        return None

    def allowed(self) -> Reason:
        """What this setting takes (a message key: its values are written as in the settings file)."""
        if self.choices is not None:
            return Reason("setting_takes_one_of", {"choices": [_toml_value(c) for c in self.choices]})
        kind = type(self.default)
        if kind is bool:
            return Reason("setting_takes_bool")
        if kind is str:
            return Reason("setting_takes_text")
        noun = "whole" if kind is int else "number"
        if self.low is not None and self.high is not None:
            return Reason(f"setting_takes_{noun}_range", {"low": f"{self.low:g}", "high": f"{self.high:g}"})
        return Reason(f"setting_takes_{noun}")


SETTINGS: tuple[Setting, ...] = (
    Setting("speech.rate", 200, "speaking rate in words per minute", low=80, high=450),
    Setting("speech.volume", 1.0, "speech volume, 0.0 to 1.0", low=0.0, high=1.0),
    Setting("speech.voice", "", "text-to-speech voice id (empty: the system default)"),
    Setting("speech.verbosity", "brief", "how much is said after each move", choices=("brief", "verbose")),
    Setting("game.default", "klondike", "the game started when none is named and none was played before"),
    Setting("game.draw", 3, "Klondike: cards turned from the stock", choices=(1, 3)),
    Setting("game.passes", 0, "Klondike: passes through the stock (0: unlimited)", low=0, high=100),
    Setting("audio.recogniser", "auto", "speech recogniser", choices=RECOGNISER_KINDS),
    Setting("audio.model", "", "Vosk model folder (empty: look in the usual places)"),
    Setting("audio.trailing_silence_ms", 400, "silence that ends a command, in milliseconds", low=100, high=3000),
    Setting("audio.early_end_ms", 200, "silence that ends a command already complete (nothing can follow it), in milliseconds; 0: always wait the full silence", low=0, high=3000),
    Setting("audio.sounds", True, "play sound cues (earcons)"),
    Setting("audio.barge_in", "auto", "keep listening while the game speaks, so a command cuts it short: auto (when my own voice can be cancelled from the microphone), on (always: for headsets), off (never)", choices=("auto", "on", "off")),
    Setting("audio.push_to_talk", False, "listen only between two presses of Enter (a switch that types Enter works too)"),
    Setting("audio.acoustic_check", True, "PocketSphinx: refuse words that fit the sound badly (fewer false accepts; twice the processor time while listening)"),
    Setting("audio.second_opinion", True, "PocketSphinx: ask a small Whisper model what was said when a command is not heard clearly (more commands heard, fewer questions; about 0.1 s more for those)"),
    Setting("audio.stt", "", "Wyoming speech-to-text server for audio.recogniser = \"wyoming\", such as tcp://homeassistant.local:10300"),
    Setting("audio.tts", "", "Wyoming text-to-speech server for the wyoming speaker, such as tcp://homeassistant.local:10200"),
    Setting("audio.tts_voice", "", "voice of the Wyoming text-to-speech server, such as en_GB-alba-medium (empty: the server's default)"),
    Setting("kiosk.wake_phrase", "solitaire", "say this to wake a sleeping kiosk (empty: always listening)"),
    Setting("kiosk.idle_invite_minutes", 10, "at most one spoken invitation this often when idle", low=1, high=1440),
    Setting("kiosk.new_game_seconds", 20, "after a game ends, start a new one after this long", low=3, high=3600),
)
BY_KEY = {s.key: s for s in SETTINGS}

CONFIG_LIMIT = 256 * KIB
"""The largest settings file read: every setting with its comment fills 3 KB."""

READ, MISSING, DAMAGED, UNREADABLE = "read", "missing", "damaged", "unreadable"
"""What was found at the settings file's path (``Config.found``)."""


def config_path() -> Path:
    override = os.environ.get("VOICEGAME_CONFIG")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_config_dir("voicegame", appauthor=False)) / "config.toml"


class Config:
    """Current settings; ``problems`` lists one message key (a ``Reason``) per bad key or damaged file.

    ``found`` says what the file was (``READ``, ``MISSING``, ``DAMAGED``, ``UNREADABLE``); ``save``
    writes only the keys whose value changed since then (see the module's docstring)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or config_path()
        self.values: dict[str, Any] = {s.key: s.default for s in SETTINGS}
        self.problems: list[Reason] = []
        self.found = MISSING
        self._load()
        self._written = dict(self.values)  # what the file says now (or would, missing): a change is a difference

    def _load(self) -> None:
        text, self.found, problem = read_settings(self.path)
        if problem is not None:
            self.problems.append(problem)
        if text is None:
            return
        data = tomllib.loads(text)  # valid: read_settings has parsed it already
        for section, table in data.items():
            if not isinstance(table, dict):
                self.problems.append(Reason("setting_unknown_section", {"section": section}))
                continue
            for name, value in table.items():
                key = f"{section}.{name}"
                setting = BY_KEY.get(key)
                if setting is None:
                    close = difflib.get_close_matches(key, BY_KEY, n=1)
                    if close:
                        self.problems.append(Reason("setting_unknown_close", {"key": key, "close": close[0]}))
                    else:
                        self.problems.append(Reason("setting_unknown", {"key": key}))
                    continue
                trouble = setting.check(value)
                if trouble:
                    self.problems.append(Reason("setting_bad_value", {"key": key, "value": _shown(value), "allowed": trouble,
                                                                      "default": _toml_value(setting.default)}))
                elif key == "game.default" and not _is_game(value):
                    self.problems.append(Reason("setting_not_a_game", {"value": _shown(value)}))  # short: said at every start
                else:
                    self.values[key] = float(value) if isinstance(setting.default, float) else value

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def set(self, key: str, value: Any) -> None:
        """Change a setting (checked: a bad value raises ``SettingError``) and write it to the file."""
        trouble = BY_KEY[key].check(value)
        if trouble:
            raise SettingError(Reason("setting_refused", {"key": key, "allowed": trouble, "value": _shown(value)}))
        self.values[key] = value
        self.save()

    def changed(self) -> dict[str, Any]:
        """The settings changed since the file was read or last written, with their new values."""
        return {key: value for key, value in self.values.items() if value != self._written.get(key)}

    def save(self) -> None:
        """Write the changed settings, each in place, the rest of the file as the player left it.

        The file is read again first (another window may have changed another key since). Nothing is
        written when it is damaged or unreadable, or when the edit would not read back as meant: the
        changes then last as long as this game. A symbolic link is followed, so that the file it names
        is edited and the link kept. OSError when the file cannot be written."""
        changed = self.changed()
        if not changed:
            return
        target = Path(os.path.realpath(self.path))
        text, found, _ = read_settings(target)
        if found == MISSING:
            atomic_write_text(target, self.to_toml())
        elif text is not None:
            edited = edit_settings(text, changed)
            if edited is None:
                return
            atomic_write_text(target, edited)
        else:
            return
        self._written.update(changed)

    def to_toml(self, defaults: bool = False) -> str:
        """Every setting as a TOML document that loads back to the same values.

        With ``defaults``, each key's comment also gives its default (``voicegame config``).
        """
        lines = ["# voicegame settings. Every key and what it does: voicegame config"]
        section = None
        for setting in SETTINGS:
            head, name = setting.key.split(".", 1)
            if head != section:
                lines += ["", f"[{head}]"]
                section = head
            default = f" (default {_toml_value(setting.default)})" if defaults else ""
            lines.append(f"# {setting.help}{default}")
            lines.append(f"{name} = {_toml_value(self.values[setting.key])}")
        return "\n".join(lines) + "\n"


def read_settings(path: Path) -> tuple[str | None, str, Reason | None]:
    """The text of the settings file at ``path`` when it is valid TOML, what was found (``READ``,
    ``MISSING``, ``DAMAGED``, ``UNREADABLE``), and the problem to tell the player, if any: a damaged
    file names its first bad line; an unreadable one says why (permission, a pipe, too big...)."""
    try:
        raw = read_bounded(path, CONFIG_LIMIT)  # never a pipe, a device or a huge file
    except FileNotFoundError:
        return None, MISSING, None
    except (OSError, ValueError) as error:  # a name the system refuses is a ValueError
        return None, UNREADABLE, Reason("settings_unreadable", {"file": path.name, "problem": failure_words(error)})
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        return None, DAMAGED, Reason("settings_damaged", {"file": path.name, "line": line})
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return None, DAMAGED, Reason("settings_damaged", {"file": path.name, "line": _line_of(error, text)})
    return text, READ, None


def _line_of(error: tomllib.TOMLDecodeError, text: str) -> int:
    """The line ``tomllib`` found wrong: its ``lineno`` (Python 3.14), else the line its message names
    ("... (at line 3, column 8)"), else the last ("... (at end of document)")."""
    lineno = getattr(error, "lineno", None)
    if isinstance(lineno, int):
        return lineno
    match = re.search(r"at line (\d+)", str(error))
    return int(match.group(1)) if match else text.count("\n") + 1


def edit_settings(text: str, changed: dict[str, Any]) -> str | None:
    """``text`` (a valid settings file) with the keys of ``changed`` ("speech.rate") set to their values,
    each where the file has it (in its table, a dotted key or an inline table; else added to its
    table, made at the end when missing), comments and everything else kept. None when the result
    would not read back as ``text`` with just those keys changed (a section that is not a table)."""
    import tomlkit  # noqa: PLC0415 (only when a setting is written: 70 ms)
    from tomlkit.exceptions import TOMLKitError  # noqa: PLC0415

    expected = tomllib.loads(text)
    try:
        document = tomlkit.parse(text)
        for key, value in changed.items():
            section, name = key.split(".", 1)
            if section not in document:
                document.add(section, tomlkit.table())
            table = document[section]
            if not isinstance(table, dict) or not isinstance(expected.setdefault(section, {}), dict):
                return None
            table[name] = value
            expected[section][name] = value
        edited = tomlkit.dumps(document)
    except (TOMLKitError, ValueError, TypeError, KeyError):
        return None
    try:
        if tomllib.loads(edited) != expected:
            return None
    except tomllib.TOMLDecodeError:
        return None
    return edited


def _is_game(name: str) -> bool:
    from voicegame.games import UnknownGame, find_game  # noqa: PLC0415

    try:
        find_game(name)
    except UnknownGame:
        return False
    return True


def _shown(value: Any) -> str | Reason:
    """A value from the settings file as it was written there (shortened when long); a table, a list
    or a date is named by a message key."""
    if not isinstance(value, (bool, int, float, str)):
        return Reason("setting_value_table" if isinstance(value, dict) else
                      "setting_value_list" if isinstance(value, list) else "setting_value_date")
    text = _toml_value(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # JSON's string escapes are all valid in TOML
    return repr(value)


def game_options(config: Config, entry: GameEntry) -> dict[str, Any]:
    """The options of ``entry`` the player set in the settings file (``game.draw``, ``game.passes``),
    as the game takes them: ``game.passes = 0`` (unlimited) leaves the game's own default.

    Used by ``voicegame play`` and the kiosk alike; options given on the command line go over these.
    """
    chosen: dict[str, Any] = {}
    for option in entry.options:
        key = f"game.{option.name}"
        if key not in config.values:
            continue
        value = config[key]
        if option.name == "passes" and value == 0:
            continue  # 0 in the settings file: unlimited, the game's default
        chosen[option.name] = value
    return chosen
