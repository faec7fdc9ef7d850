"""Every event the engine can report has its teller in the narration's table."""

from typing import get_args

from voicegame.engine import Event
from voicegame.language.events import EVENT_TELLERS


def test_every_event_type_has_a_teller() -> None:
    assert set(EVENT_TELLERS) == set(get_args(Event))
