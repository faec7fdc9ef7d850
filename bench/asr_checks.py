"""Bench: how the recogniser's checks against non-command speech trade right commands for false accepts.

    python bench/asr_checks.py [--voices 0,1,2,3] [--noise clean,white20,white10] [--seed 7]

Decodes the commands and non-command sentences of bench/asr.py once per voice and condition with the
listening settings but *no* rejection, keeps what each check measures (acoustic score per frame,
loud audio left as silence, phone-loop count), then replays the checks offline at several thresholds.
Prints, per setting: right commands lost (of those decoded right without checks) and false accepts
left (of the non-command sentences). This is how ``pocketsphinx.checks.MIN_FRAME_SCORE``,
``UNCOVERED_SPEECH_MS`` and ``PHONE_RATIO`` were chosen; rerun it after changing the grammar, the
front end or the model.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the spoken-command corpus (tests/samples.py)
sys.path.insert(0, str(ROOT / "tests" / "audio"))
sys.path.insert(0, str(ROOT / "bench"))

from asr import CONDITIONS, VOICES, mix, pad  # noqa: E402
from speech_fixtures import speech_pcm  # noqa: E402
from voicegame.audio.pocketsphinx.checks import MIN_FRAME_SCORE, UNCOVERED_SPEECH_MS  # noqa: E402
from voicegame.audio.pocketsphinx.phone_loop import PHONE_RATIO  # noqa: E402
from voicegame.audio.pocketsphinx.thresholds import PocketSphinxThresholds  # noqa: E402
from voicegame.audio.recognisers import Heard, PocketSphinxRecogniser  # noqa: E402
from voicegame.engine import History  # noqa: E402
from voicegame.play.session import Session  # noqa: E402
from voicegame.listen.understanding import understand  # noqa: E402
from samples import NOT_COMMANDS, NOT_COMMANDS_MORE, deal_commands, judge_heard  # noqa: E402


@dataclass
class Decoded:
    command: bool  # a command (else a non-command sentence)
    right: bool  # commands: understood right; sentences: acted on (a false accept)
    score: float  # acoustic score per frame
    uncovered_ms: float  # loud audio inside silence segments
    phone_ratio: float  # phone-loop phones / hypothesis phones
    phones: int  # phones of the hypothesis


def decode_all(voices: list[tuple[str, int]], conditions: list[tuple[str, float | None]], seed: int) -> list[Decoded]:
    cls = PocketSphinxRecogniser
    # the phone loop is built (phone_ratio) but never decides (no hypothesis has 0 phones): it is run below
    recogniser = cls(PocketSphinxThresholds(phone_ratio=PHONE_RATIO, phone_check_up_to=0), compallsen=True,
                     **cls.NARROW_BEAMS)
    states, samples, _ = deal_commands(seed)
    session = Session("klondike", seed=seed)
    out: list[Decoded] = []
    sentences = NOT_COMMANDS + NOT_COMMANDS_MORE

    def one(audio, state, is_command: bool, sample=None) -> None:
        session.history = History.start(state)
        recogniser.set_grammar(session.recogniser_grammar())
        heard = recogniser.recognise(audio)
        if not heard.text:
            return
        understood = understand(heard, session.state, session.parser, session.resolver, session.move_matcher, session.narrator)
        if is_command:
            reference = understand(Heard(sample.text, 1.0), session.state, session.parser, session.resolver,
                                   session.move_matcher, session.narrator)
            right = judge_heard(understood, reference, sample.command, session.state, session.resolver) == "ok"
        else:
            right = understood.how in ("parsed", "matched")
        topped = recogniser._top_up_noise(audio)  # deterministic: the audio the decoder saw
        score, uncovered = recogniser.frame_score(), recogniser.uncovered_speech_ms_of(topped)
        loop = recogniser.phone_loop  # built (phone_ratio is set); it ran alongside, as in the game
        assert loop is not None
        expected = loop.expected_phones(heard.text)
        out.append(Decoded(is_command, right, score, uncovered, loop.heard_phones() / max(1, expected), expected))

    for voice, speed in voices:
        for kind, snr in conditions:
            for i, sample in enumerate(samples):
                one(mix(pad(speech_pcm(sample.text, voice, speed)), kind, snr, seed=i), states[sample.position], True, sample)
            for j, text in enumerate(sentences):
                one(mix(pad(speech_pcm(text, voice, speed)), kind, snr, seed=1000 + j), states[0], False)
            print(f"decoded {voice} -s {speed} {kind} {snr or ''}", file=sys.stderr, flush=True)
    return out


def rejected(d: Decoded, score: float | None, uncovered: float | None, ratio: float | None, up_to: int = 15) -> bool:
    return ((score is not None and d.score < score) or (uncovered is not None and d.uncovered_ms > uncovered)
            or (ratio is not None and d.phones <= up_to and d.phone_ratio > ratio))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--voices", default="0,1,2,3")
    ap.add_argument("--noise", default="clean,white20,white10")
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args(argv)
    voices = [VOICES[int(v)] for v in a.voices.split(",")]
    names = {("clean" if snr is None else f"{kind}{snr}"): (kind, snr) for kind, snr in CONDITIONS}
    decoded = decode_all(voices, [names[n] for n in a.noise.split(",")], a.seed)
    right = [d for d in decoded if d.command and d.right]
    accepted = [d for d in decoded if not d.command and d.right]
    sentences = len(voices) * len(a.noise.split(",")) * len(NOT_COMMANDS + NOT_COMMANDS_MORE)
    print(f"decoded right without checks: {len(right)} commands; false accepts without checks: {len(accepted)} of {sentences} sentences")
    print("| score per frame | uncovered ms | phone ratio | right commands lost | false accepts left |")
    print("| --- | --- | --- | --- | --- |")
    settings = [(None, None, None), (None, None, PHONE_RATIO), (None, UNCOVERED_SPEECH_MS, None),
                (None, UNCOVERED_SPEECH_MS, PHONE_RATIO)]
    scores = sorted(d.score for d in right)
    quantiles = sorted({round(scores[int(q * (len(scores) - 1))], 1) for q in (0.005, 0.01, 0.02, 0.03, 0.05)})
    print(f"score per frame of the right commands: 1% {scores[len(scores) // 100]:.2f}, median {scores[len(scores) // 2]:.2f}; "
          f"of the false accepts: median {sorted(d.score for d in accepted)[len(accepted) // 2]:.2f}")
    settings += [(t, UNCOVERED_SPEECH_MS, PHONE_RATIO) for t in sorted({*quantiles, MIN_FRAME_SCORE})]
    settings += [(MIN_FRAME_SCORE, UNCOVERED_SPEECH_MS, None), (MIN_FRAME_SCORE, None, PHONE_RATIO)]
    settings += [(MIN_FRAME_SCORE, UNCOVERED_SPEECH_MS, r) for r in (1.2, 1.3, 1.5)]
    for score, uncovered, ratio in settings:
        lost = sum(rejected(d, score, uncovered, ratio) for d in right)
        left = sum(not rejected(d, score, uncovered, ratio) for d in accepted)
        print(f"| {score if score is not None else 'off'} | {uncovered if uncovered is not None else 'off'} | "
              f"{ratio if ratio is not None else 'off'} | {lost} | {left} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
