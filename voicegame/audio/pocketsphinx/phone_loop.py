"""The phone-loop check against speech that is not a command: a free phone loop (allphone search)
decodes the same audio as the grammar, and a hypothesis is rejected when the loop hears many more
phones than the hypothesis's pronunciation has (a sentence decoded as a short command)."""

from __future__ import annotations

from typing import Any, Callable

PHONE_RATIO = 1.1
"""Reject when the phone loop hears more than 1.1 times as many phones as the grammar hypothesis
has. Measured 2026-11-22, 2 voices x clean/white 10 dB, 114 commands and 40 non-commands each:
false accepts 58/160 -> 16/160, 2 of 360 right commands lost (sweep in bench/RESULTS.md "ASR")."""

PHONE_CHECK_UP_TO = 15
"""The phone loop decides only when the hypothesis's pronunciation has at most this many phones: the
false accepts it catches are short commands heard in longer speech (of 41 caught, measured
2026-11-22, all but 3 had 3-9 phones, the longest 14), while the full moves ("move six of diamonds
on seven of clubs", 16-28 phones) are half of the commands. Skipping them halved the median
latency (about 100 -> 55 ms); right commands 357 -> 356 of 456 and false accepts 16 -> 17 of 160,
both from the history effect noted in ``PhoneLoop.too_many`` (bench/RESULTS.md "ASR"). None: always
decide. Since decoding streams, the phone loop runs alongside the grammar while the player speaks,
so the check costs no latency either way; the limit is kept for its measured accuracy."""


AGREED_SLACK = 1
"""Phones over the limit the loop may hear when the second decode (another grammar: the whole
language) found the very same sentence, fitting at least at ``DOUBT_FRAME_SCORE``: two decodes
agreeing is evidence the loop's count is not. Such a hypothesis is kept with ``Heard.doubt`` "phone
loop" (a change of the game is confirmed first). Measured 2026-11-24 offline on three bench/heard.py
runs (355-472 commands, 80 non-commands each): 7-9 right commands recovered per run ("louder" heard as
5 phones for 4, "auto", "say again", "what can i do", "end game", "redo"), 2 wrong ("read cells" as
"redo", 5 phones for 4: confirmed, never played), no non-command let through; a slack of 2 or more
added wrong ones only."""

PHONE_SLACK = 0
"""Phones the loop may hear beyond ``PHONE_RATIO`` times the hypothesis's: on a one- or two-phone
word ("no": N OW) one phone of breath or release is already a ratio of 1.5."""


class PhoneLoop:
    """A phone-loop ``decoder`` (``model.phone_loop_decoder``) fed the same audio as the
    grammar's; ``pronounce(word)`` gives a word's phones ("S IH K S") or None."""

    def __init__(self, decoder: Any, pronounce: Callable[[str], str | None], ratio: float,
                 check_up_to: int | None = PHONE_CHECK_UP_TO, slack: int | None = None) -> None:
        self.decoder = decoder
        self.slack = PHONE_SLACK if slack is None else slack
        self.pronounce = pronounce
        self.ratio = ratio
        self.check_up_to = check_up_to

    def heard_phones(self) -> int:
        """Phones the loop heard in its last decode, silence and noise tokens excluded."""
        hyp = self.decoder.hyp()
        return sum(1 for ph in (hyp.hypstr.split() if hyp is not None else ()) if not ph.startswith(("SIL", "+")))

    def expected_phones(self, text: str) -> int:
        """Phones of ``text``'s dictionary pronunciation."""
        return sum(len((self.pronounce(w) or "").split()) for w in text.split())

    def too_many(self, text: str, slack: int | None = None) -> bool:
        """Whether the loop heard more than ``ratio`` times the phones of ``text`` (plus ``slack``
        phones, default ``self.slack``)."""
        expected = self.expected_phones(text)
        if self.check_up_to is not None and expected > self.check_up_to:
            # a long command: the phone loop never caught one (PHONE_CHECK_UP_TO). Note the loop's count
            # depends a little on the utterance it decoded before (its noise estimate)
            return False
        return self.heard_phones() > float(self.ratio) * max(1, expected) + (self.slack if slack is None else slack)
