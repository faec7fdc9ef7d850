"""The one list of recogniser kinds (``RECOGNISER_KINDS``) and how a way of playing picks one from its
command line and the settings (voicegame.play.recogniser_choice)."""

from __future__ import annotations

import argparse

import pytest

from voicegame.audio.errors import RecogniserUnavailable
from voicegame.audio.recognisers import KINDS, TextRecogniser, kind_names, make_backend
from voicegame.play.recogniser_choice import recogniser_request, requested_kind
from voicegame.storage.config import SETTINGS, Config


def test_each_way_of_playing_offers_the_kinds_it_can_use():
    assert KINDS == ("auto", "vosk", "pocketsphinx", "moonshine", "text", "wyoming")
    assert kind_names() == KINDS  # voice play: typed commands and a speech server too
    assert kind_names(typed=False) == ("auto", "vosk", "pocketsphinx", "moonshine", "wyoming")  # a satellite: it has --stt
    assert kind_names(typed=False, server=False) == ("auto", "vosk", "pocketsphinx", "moonshine")  # the kiosk
    assert next(s for s in SETTINGS if s.key == "audio.recogniser").choices == KINDS


def test_the_command_line_comes_first_then_the_settings(tmp_path):
    config = Config(tmp_path / "config.toml")
    config.values.update({"audio.recogniser": "text", "audio.model": "/models/vosk", "audio.stt": "tcp://stt:10300",
                          "audio.acoustic_check": False, "audio.second_opinion": False})
    bare = argparse.Namespace(recogniser=None, model=None)  # the kiosk has no --stt
    assert requested_kind(bare, config) == "text"
    assert requested_kind(bare, config, listens_only=True) == "auto"  # a kiosk only listens
    assert requested_kind(argparse.Namespace(recogniser="vosk"), config, listens_only=True) == "vosk"
    assert requested_kind(bare, None) == "auto"
    request = recogniser_request(bare, config, speaker=None)
    assert (request.model, request.stt, request.acoustic_check, request.second_opinion) == \
        ("/models/vosk", "tcp://stt:10300", False, False)
    given = recogniser_request(argparse.Namespace(recogniser=None, model="/mine", stt="tcp://here:1"), config, None)
    assert (given.model, given.stt) == ("/mine", "tcp://here:1")
    default = recogniser_request(argparse.Namespace(recogniser=None), None, None)
    assert (default.model, default.stt, default.acoustic_check, default.second_opinion) == (None, None, True, True)


def test_kinds_are_made_from_the_list():
    recogniser, _ = make_backend(" Text ")
    assert isinstance(recogniser, TextRecogniser)
    with pytest.raises(RecogniserUnavailable):
        make_backend("whisper")
