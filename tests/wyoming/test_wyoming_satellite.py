"""``voicegame satellite``: the kiosk played on a Wyoming satellite (a test satellite whose microphone
plays espeak-ng speech) with Wyoming speech and voice servers, all real, on 127.0.0.1."""

from __future__ import annotations

import numpy as np
import pytest
from satellite import DETECT, SatelliteScript, Unanswered, satellite_server
from servers import espeak_pcm
from speech_fixtures import needs_espeak

from voicegame.audio.output.earcons import EarconPlayer
from voicegame.audio.recognisers import make_recogniser
from voicegame.audio.output.speakers import SpeechSettings, make_speaker
from voicegame.audio.wyoming.satellite import SatelliteLink
from voicegame.audio.wyoming.stt import said_at_once
from voicegame.cli.satellite import SatelliteListener, satellite_output
from voicegame.games import find_game
from voicegame.play.kiosk import Kiosk, KioskSettings
from voicegame.play.session import Session

pytestmark = needs_espeak

OPENING = ["seven of spades on eight of hearts", "eight of hearts on nine of spades",
           "eight of diamonds on nine of clubs", "nine of spades on ten of hearts", "draw"]


def klondike() -> Session:
    return Session(find_game("klondike"), {"draw": 3}, 5)


def replay_text(commands: list[str]) -> Session:
    session = klondike()
    for c in commands:
        session.handle(c)
    return session


class Listening(SatelliteListener):
    """The game's listener, telling the test satellite when the game listens (so that it speaks then)."""

    def __init__(self, script: SatelliteScript, *args) -> None:
        super().__init__(*args)
        self.script = script

    def listen(self, timeout):
        self.script.listening.set()
        try:
            return super().listen(timeout)
        finally:
            self.script.listening.clear()


def play(script: SatelliteScript, stt, tts, turns: int, session: Session | None = None, wake_phrase: str = "solitaire"):
    """Run the kiosk on the test satellite until it has heard ``turns`` utterances."""
    server = satellite_server(script)
    link = SatelliteLink(server.uri, timeout_s=3.0)
    try:
        output = satellite_output(link, pace=0.0)
        speaker, _ = make_speaker("wyoming", SpeechSettings(), output, tts=tts.uri)
        recogniser, _ = make_recogniser("wyoming", stt=stt.uri, on_note=said_at_once(speaker))
        settings = KioskSettings(wake_phrase=wake_phrase, backoff_first=0.05, backoff_cap=0.5, max_listen=1.0)
        listener = Listening(script, link, recogniser, settings.wake_phrase)
        link.connect()
        kiosk = Kiosk(session or klondike(), listener, recogniser, speaker, EarconPlayer(output), settings)
        kiosk.run(max_turns=turns, until=kiosk.clock.now() + 90.0)  # a guard: the test fails, never hangs
        speaker.wait(5)
        return kiosk
    finally:
        link.close()
        server.stop()


def heard_sentence(script: SatelliteScript, text: str) -> int:
    """How many clips the satellite was sent that are exactly ``text`` in the test voice."""
    pcm, rate = espeak_pcm(text)
    return sum(1 for clip, r in script.clips if r == rate and np.array_equal(clip, pcm))


def test_a_klondike_opening_on_a_satellite(stt, tts, tts_state):
    script = SatelliteScript(OPENING)
    kiosk = play(script, stt, tts, len(OPENING))
    assert kiosk.session.state_json() == replay_text(OPENING).state_json()
    assert script.said == OPENING and script.connections == 1
    assert "voice-started" in script.events and "voice-stopped" in script.events
    assert heard_sentence(script, "Pile four shows ten of clubs.") == 1  # the first answer, played on the satellite
    assert "Pile four shows ten of clubs." in tts_state.texts
    assert len(script.clips) > len(OPENING)  # earcons too


def test_sleep_and_the_satellites_own_wake_word(stt, tts):
    items = [OPENING[0], "sleep", Unanswered(OPENING[1]), DETECT, OPENING[1]]
    script = SatelliteScript(items)
    kiosk = play(script, stt, tts, len(items))
    assert kiosk.counters.sleeps == 1 and kiosk.counters.wakes == 1 and kiosk.counters.ignored_asleep == 1
    assert kiosk.session.state_json() == replay_text(OPENING[:2]).state_json()


@pytest.mark.parametrize("fault", ["drop", "garbage"])
def test_a_satellite_that_drops_is_found_again_and_the_game_goes_on(stt, tts, tts_state, fault):
    script = SatelliteScript(OPENING, **{f"{fault}_before": {2}})
    kiosk = play(script, stt, tts, len(OPENING))
    assert script.connections == 2
    assert kiosk.counters.device_failures >= 1 and kiosk.counters.recoveries == 1
    assert kiosk.session.state_json() == replay_text(OPENING).state_json(), (script.said, tts_state.texts)  # nothing lost
    assert heard_sentence(script, "I can hear you again.") == 1  # one sentence, on the satellite


def test_the_command_refuses_an_address_that_is_not_wyoming(capsys):
    from voicegame.cli.main import main

    assert main(["satellite", "http://kitchen.local/"]) == 2
    assert "not a Wyoming address" in capsys.readouterr().err
