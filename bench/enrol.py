"""Bench: a player's own voice as templates (issue 36, item 3, "Learn the player's voice").

    python bench/enrol.py [--fsdd DIR] [--speech-commands DIR] [--wake-words DIR] [--sphinx-takes 8]

Free Spoken Digit Dataset (6 speakers x 10 digits x 50 takes, 8 kHz; each clip given 0.3 s of faint
noise before and after, as a microphone's utterance has): each speaker is enrolled with
takes 0 and 1 of each digit (``VoiceTemplates.add``), and the other 48 takes of each digit are
matched against those 20 templates (``match(pcm, words=DIGITS)``). Printed:

- **own voice**: accuracy of the nearest word, and at the decision rule the share answered right,
  refused and answered wrong; CPU per match (``time.process_time``).
- **another's templates**: speaker A enrolled, speaker B's takes matched: how often a confident
  (accepted) wrong digit results.
- **not a digit**: Speech Commands words that are no answer word (bed, bird, ... wow: 10 people's
  clips each) and Picovoice wake words (alexa, computer, ...), said by other people, matched against
  each speaker's digit templates: how often a digit is accepted. Utterances of 1.5 s of speech or
  more are not matched at all (as ``EnrolledRecogniser`` does); they count as refused.
- **the game's current recogniser** on the same held-out takes (``--sphinx-takes`` of each digit of
  each held-out speaker): PocketSphinx as ``make_recogniser("pocketsphinx")`` builds it, with the
  grammar of Klondike deal 14 while "Which eight: spades or clubs?" is open (its answers take any
  number), Whisper's transcript asked for where the decode is unknown or doubtful (as the session asks
  for it); and side by side, what a session could answer with ``Heard.enrolled``: the template word
  alone, the template word else a sure decode, and the two agreeing.

The decision rule (``MAX_DISTANCE``, ``MIN_MARGIN``) is chosen on the **tuning** speakers (george,
jackson, nicolas), with the Speech Commands clips of even index, as: the most right answers while
wrong answers stay at or under 0.5% of the own-voice clips and accepted non-digits at or under 2%.
It is then reported on the **held-out** speakers (theo, yweweler, lucas), the odd-index Speech
Commands clips and every wake-word clip sampled. A markdown section ends the output.
"""

from __future__ import annotations

import argparse
import math
import platform
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from voicegame.audio.enrolment import voice_templates as vt  # noqa: E402
from voicegame.audio.wavio import read_wav  # noqa: E402

HUMANS = Path("/work/humans/src")
DIGITS = vt.WORDS[:10]
TUNING = ("george", "jackson", "nicolas")
HELD_OUT = ("theo", "yweweler", "lucas")
ENROL_TAKES = (0, 1)
ANSWER_WORDS = set(vt.WORDS) | {"right", "stop", "cancel"}
LONG_SECONDS = 1.5
"""Utterances with this much speech or more are no single answer word: not matched (EnrolledRecogniser)."""
WAKE_PER_WORD = 40
MAX_WRONG = 0.005
MAX_FALSE_ACCEPT = 0.02
PAD_SECONDS = 0.3
PAD_NOISE = 8.0  # standard deviation in int16 steps: about -72 dBFS, a quiet room


@dataclass(frozen=True)
class Result:
    """One utterance matched: what it was (None: not a digit), the nearest word, distance, margin."""

    truth: str | None
    word: str | None
    distance: float
    margin: float

    def accepted(self, max_distance: float, min_margin: float) -> bool:
        return self.word is not None and self.distance <= max_distance and self.margin >= min_margin


def padded(pcm: np.ndarray, seed: int) -> np.ndarray:
    """``pcm`` with ``PAD_SECONDS`` of faint noise before and after: FSDD's clips are cut at the word,
    a microphone's utterance has the endpointer's silence around it (PocketSphinx misses far more
    words without it; the templates trim it)."""
    noise = np.random.default_rng(seed).normal(0.0, PAD_NOISE, 2 * int(PAD_SECONDS * 16000))
    noise = np.clip(np.round(noise), -32768, 32767).astype(np.int16)
    half = len(noise) // 2
    return np.concatenate([noise[:half], pcm, noise[half:]])


def fsdd_clip(fsdd: Path, digit: int, speaker: str, take: int) -> np.ndarray:
    return padded(read_wav(fsdd / f"{digit}_{speaker}_{take}.wav"), seed=digit * 1000 + take)


def enrol(fsdd: Path, speaker: str) -> vt.VoiceTemplates:
    templates = vt.VoiceTemplates()
    for digit, word in enumerate(DIGITS):
        for take in ENROL_TAKES:
            templates.add(word, fsdd_clip(fsdd, digit, speaker, take))
    return templates


def match_all(templates: vt.VoiceTemplates, clips: list[tuple[str | None, np.ndarray]],
              cpu: list[float] | None = None) -> list[Result]:
    out = []
    for truth, pcm in clips:
        if vt.speech_seconds(pcm) >= LONG_SECONDS:
            out.append(Result(truth, None, math.inf, 0.0))
            continue
        began = time.process_time()
        found = templates.match(pcm, DIGITS)
        if cpu is not None:
            cpu.append(time.process_time() - began)
        out.append(Result(truth, None, math.inf, 0.0) if found is None else
                   Result(truth, found.word, found.distance, found.margin))
    return out


def shares(results: list[Result], rule: tuple[float, float]) -> tuple[float, float, float]:
    """(right, refused, wrong) shares of ``results`` at ``rule``: right and wrong are accepted answers."""
    right = sum(r.accepted(*rule) and r.word == r.truth for r in results)
    wrong = sum(r.accepted(*rule) and r.word != r.truth for r in results)
    n = max(1, len(results))
    return right / n, (n - right - wrong) / n, wrong / n


def accuracy(results: list[Result]) -> float:
    return sum(r.word == r.truth for r in results) / max(1, len(results))


def false_accepts(results: list[Result], rule: tuple[float, float]) -> float:
    return sum(r.accepted(*rule) for r in results) / max(1, len(results))


def tune(own: list[Result], others: list[Result]) -> tuple[float, float]:
    """The rule with the most right answers on the tuning data, wrong <= MAX_WRONG, non-digits <= MAX_FALSE_ACCEPT."""
    best, chosen = -1.0, (0.0, math.inf)
    for max_distance in np.arange(3.0, 7.01, 0.05):
        for min_margin in np.arange(0.0, 1.51, 0.02):
            rule = (round(float(max_distance), 2), round(float(min_margin), 2))
            right, _, wrong = shares(own, rule)
            if wrong <= MAX_WRONG and false_accepts(others, rule) <= MAX_FALSE_ACCEPT and right > best:
                best, chosen = right, rule
    return chosen


def named(text: str) -> int | None:
    """The one digit the text names ("one", "the one", "pile one", "1"); None for none or several."""
    words = text.replace(".", " ").replace(",", " ").split()
    said = {DIGITS.index(w) if w in DIGITS else int(w) for w in words if w in DIGITS or (w.isdigit() and len(w) == 1)}
    return said.pop() if len(said) == 1 else None


@dataclass(frozen=True)
class Decoded:
    """PocketSphinx on one clip: the digit its text names (None: none), whether it was unknown or
    doubtful, the digit Whisper's transcript names when the session would ask it (None: none / not asked)."""

    digit: int | None
    unsure: bool
    whisper: int | None


def sphinx_digits(fsdd: Path, speakers: tuple[str, ...], takes: list[int]) -> tuple[dict[tuple[str, int, int], Decoded], float]:
    """PocketSphinx with the "Which eight?" grammar of Klondike deal 14 on ``takes`` of each digit of
    each speaker (a new recogniser per speaker); Whisper's transcript is asked for when the decode is
    unknown or doubtful, as the session asks for it. Also the mean CPU seconds of a decode."""
    from voicegame.audio.recognisers import make_recogniser
    from voicegame.audio.whisper.transcriber import normalise
    from voicegame.play.session import Session

    session = Session("klondike", seed=14)
    session.handle("move the eight")
    assert session.dialogue.question is not None
    grammar = session.recogniser_grammar()
    out = {}
    cpu = 0.0
    for speaker in speakers:
        recogniser, _ = make_recogniser("pocketsphinx")
        recogniser.set_grammar(grammar)
        for digit in range(10):
            for take in takes:
                pcm = fsdd_clip(fsdd, digit, speaker, take)
                began = time.process_time()
                heard = recogniser.recognise(pcm)
                cpu += time.process_time() - began
                unsure = heard.unknown or not heard.text or bool(heard.doubt)
                whisper = None
                if unsure and heard.transcript is not None:
                    transcript = heard.transcript()
                    whisper = None if transcript is None else named(normalise(transcript.text))
                out[(speaker, digit, take)] = Decoded(named(heard.text), unsure, whisper)
    return out, cpu / max(1, len(out))


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fsdd", type=Path, default=HUMANS / "free-spoken-digit-dataset" / "recordings")
    parser.add_argument("--speech-commands", type=Path,
                        default=HUMANS / "speech-commands-recognition" / "speech_commands_v0.01")
    parser.add_argument("--wake-words", type=Path, default=HUMANS / "wake-word-benchmark" / "audio")
    parser.add_argument("--sphinx-takes", type=int, default=10, help="takes per digit per held-out speaker for PocketSphinx (0: none)")
    parser.add_argument("--cross-step", type=int, default=4, help="every Nth take of the other speaker's digits")
    args = parser.parse_args()
    speakers = TUNING + HELD_OUT
    began = time.process_time()

    fsdd = {(s, d, t): fsdd_clip(args.fsdd, d, s, t) for s in speakers for d in range(10) for t in range(50)}
    held = {s: [(DIGITS[d], fsdd[(s, d, t)]) for d in range(10) for t in range(50) if t not in ENROL_TAKES] for s in speakers}
    commands = sorted(p for p in args.speech_commands.glob("*/*.wav") if p.parent.name not in ANSWER_WORDS)
    spoken = [(None, read_wav(p)) for p in commands]
    even, odd = spoken[0::2], spoken[1::2]
    wake = []
    for folder in sorted(p for p in args.wake_words.iterdir() if p.is_dir()):
        wake += [(None, read_wav(p)) for p in sorted(folder.glob("*.wav"))[:WAKE_PER_WORD]]
    print(f"loaded {len(fsdd)} FSDD clips, {len(spoken)} Speech Commands non-answer clips, {len(wake)} wake-word clips "
          f"({time.process_time() - began:.0f} CPU-s)", flush=True)

    templates = {s: enrol(args.fsdd, s) for s in speakers}
    cpu: list[float] = []
    own = {s: match_all(templates[s], held[s], cpu) for s in speakers}
    commands_even = {s: match_all(templates[s], even) for s in TUNING}
    commands_odd = {s: match_all(templates[s], odd) for s in HELD_OUT}
    wake_held = {s: match_all(templates[s], wake) for s in HELD_OUT}
    cross_clips = {s: [(DIGITS[d], fsdd[(s, d, t)]) for d in range(10) for t in range(2, 50, args.cross_step)] for s in speakers}
    cross = {(a, b): match_all(templates[a], cross_clips[b]) for a in speakers for b in speakers if a != b}

    rule = tune([r for s in TUNING for r in own[s]], [r for s in TUNING for r in commands_even[s]])
    print(f"rule chosen on {', '.join(TUNING)}: distance <= {rule[0]}, margin >= {rule[1]} "
          f"(library defaults: {vt.MAX_DISTANCE}, {vt.MIN_MARGIN})", flush=True)

    lines = ["### Enrolment: the player's own voice as templates (bench/enrol.py)", "",
             f"Free Spoken Digit Dataset, enrolled with takes {ENROL_TAKES[0]} and {ENROL_TAKES[1]} of each digit (20 "
             f"templates), the other 48 takes of each digit matched among the ten digits (every clip given "
             f"{PAD_SECONDS} s of faint noise before and after, as a microphone's utterance has). Rule chosen on "
             f"{', '.join(TUNING)} (most right answers with wrong <= {pct(MAX_WRONG)} and Speech Commands non-digits "
             f"accepted <= {pct(MAX_FALSE_ACCEPT)}): **distance <= {rule[0]}, margin >= {rule[1]}**.", "",
             "| speaker | set | nearest word right | answered right | refused | answered wrong |",
             "|---|---|---|---|---|---|"]
    for s in speakers:
        right, refused, wrong = shares(own[s], rule)
        lines.append(f"| {s} | {'tuning' if s in TUNING else 'held-out'} | {pct(accuracy(own[s]))} | {pct(right)} | "
                     f"{pct(refused)} | {pct(wrong)} |")
    for name, group in (("tuning", TUNING), ("held-out", HELD_OUT)):
        every = [r for s in group for r in own[s]]
        right, refused, wrong = shares(every, rule)
        lines.append(f"| **{name}** | | {pct(accuracy(every))} | {pct(right)} | {pct(refused)} | {pct(wrong)} |")
    cpu_ms = np.array(cpu) * 1000
    full = enrol(args.fsdd, HELD_OUT[0])  # the twelve answer words: FSDD has no yes or no, Speech Commands' stand in
    for word in ("yes", "no"):
        for path in sorted((args.speech_commands / word).glob("*.wav"))[:2]:
            full.add(word, read_wav(path))
    cpu24 = []
    for _, pcm in held[HELD_OUT[0]][::4]:
        clock = time.process_time()
        full.match(pcm)
        cpu24.append(time.process_time() - clock)
    cpu24_ms = np.array(cpu24) * 1000
    lines += ["", f"CPU per match (20 templates, {len(cpu)} matches): mean {cpu_ms.mean():.1f} ms, "
              f"95th percentile {np.percentile(cpu_ms, 95):.1f} ms, max {cpu_ms.max():.1f} ms; with {len(full)} templates "
              f"(yes and no added): mean {cpu24_ms.mean():.1f} ms, 95th percentile {np.percentile(cpu24_ms, 95):.1f} ms "
              f"({platform.processor() or platform.machine()}, shared 2-core machine, features included)."]

    def cross_line(pairs: list[tuple[str, str]], label: str) -> str:
        every = [r for p in pairs for r in cross[p]]
        right, _, wrong = shares(every, rule)
        sure_wrong = shares(every, (rule[0], max(rule[1], vt.SURE_MARGIN)))[2]
        return (f"| {label} | {len(every)} | {pct(accuracy(every))} | {pct(right)} | {pct(wrong)} | {pct(sure_wrong)} |")

    held_pairs = [(a, b) for a in HELD_OUT for b in HELD_OUT if a != b]
    all_pairs = list(cross)
    lines += ["", "Another speaker's templates (enrolled A, B speaks; every {}th take):".format(args.cross_step), "",
              f"| pairs | clips | nearest word right | accepted right | accepted wrong | wrong with margin >= {vt.SURE_MARGIN} |",
              "|---|---|---|---|---|---|",
              cross_line(held_pairs, "held-out with held-out"), cross_line(all_pairs, "all 30 pairs")]
    lines += ["", "Not a digit, said by other people, matched against one speaker's digit templates "
              f"(utterances of {LONG_SECONDS} s of speech or more not matched):", "",
              f"| clips | against | clips x speakers | digit accepted | with margin >= {vt.SURE_MARGIN} |", "|---|---|---|---|---|"]
    sure_rule = (rule[0], max(rule[1], vt.SURE_MARGIN))
    for label, table in (("Speech Commands, even (tuning)", commands_even), ("Speech Commands, odd", commands_odd),
                         ("wake words", wake_held)):
        every = [r for s in table for r in table[s]]
        lines.append(f"| {label} | {', '.join(table)} | {len(every)} | {pct(false_accepts(every, rule))} | "
                     f"{pct(false_accepts(every, sure_rule))} |")

    if args.sphinx_takes > 0:
        takes = [t for t in range(2, 50) if t not in ENROL_TAKES][:: max(1, 48 // args.sphinx_takes)][: args.sphinx_takes]
        decoded, sphinx_cpu = sphinx_digits(args.fsdd, HELD_OUT, takes)
        lines += ["", f"Same held-out takes ({', '.join(map(str, takes))} of each digit, {10 * len(takes)} clips a speaker): "
                  "the current recogniser (PocketSphinx as make_recogniser builds it, grammar of \"Which eight?\" open; "
                  f"{sphinx_cpu:.2f} CPU-s a clip) and the templates. Each cell: right / wrong (the rest: no digit). "
                  "*PocketSphinx*: its text names the digit. *+ Whisper*: a sure decode, or Whisper's transcript where "
                  "the decode was unknown or doubtful. *templates*: accepted at the rule. *templates, else PocketSphinx*: "
                  "the accepted template word, else a sure decode. *both agree*: the template word accepted and the "
                  "decode naming the same digit.", "",
                  "| speaker | PocketSphinx | + Whisper | templates | templates, else PocketSphinx | both agree |",
                  "|---|---|---|---|---|---|"]
        for s in HELD_OUT + ("all held-out",):
            group = HELD_OUT if s == "all held-out" else (s,)
            cells: Counter[str] = Counter()
            n = 0
            for speaker in group:
                results = own[speaker]
                for digit in range(10):
                    for take in takes:
                        n += 1
                        d = decoded[(speaker, digit, take)]
                        r = results[digit * 48 + (take - 2)]
                        template = DIGITS.index(r.word) if r.accepted(*rule) else None
                        sure = None if d.unsure else d.digit
                        choices = {"ps": d.digit, "whisper": sure if sure is not None else d.whisper, "templates": template,
                                   "then": template if template is not None else sure,
                                   "agree": template if template is not None and template == d.digit else None}
                        for key, value in choices.items():
                            if value is not None:
                                cells[key + (":right" if value == digit else ":wrong")] += 1

            def cell(key: str) -> str:
                return f"{pct(cells[key + ':right'] / n)} / {pct(cells[key + ':wrong'] / n)}"

            label = f"**{s}**" if s == "all held-out" else s
            lines.append(f"| {label} | {cell('ps')} | {cell('whisper')} | {cell('templates')} | {cell('then')} | {cell('agree')} |")
        conflicts: Counter[str] = Counter()
        for (speaker, digit, take), d in decoded.items():
            r = own[speaker][digit * 48 + (take - 2)]
            if r.accepted(*rule) and d.digit is not None and DIGITS[d.digit] != r.word:
                conflicts["all"] += 1
                conflicts["templates right"] += r.word == DIGITS[digit]
                conflicts["decode right"] += d.digit == digit
        lines += ["", f"Where the accepted template word and the decoded digit differ ({conflicts['all']} of "
                  f"{len(decoded)} clips): the templates were right {conflicts['templates right']} times, the decode "
                  f"{conflicts['decode right']} times."]
    bands = ((vt.MIN_MARGIN, 0.2), (0.2, 0.3), (0.3, 0.45), (0.45, 0.6), (0.6, math.inf))
    lines += ["", "Answers accepted at the rule, by margin (a session may act at once on a wide margin and confirm a "
              "narrow one; ``SURE_MARGIN`` is chosen on the tuning rows):", "",
              "| margin | tuning: accepted | of them wrong | held-out: accepted | of them wrong |", "|---|---|---|---|---|"]
    for low, high in bands:
        row = f"| {low:g} to {high:g} |"
        for group in (TUNING, HELD_OUT):
            band = [r for s in group for r in own[s] if r.accepted(*rule) and low <= r.margin < high]
            wrong = sum(r.word != r.truth for r in band)
            row += f" {len(band)} | {wrong} ({pct(wrong / max(1, len(band)))}) |"
        lines.append(row)
    for group, label in ((TUNING, "tuning"), (HELD_OUT, "held-out")):
        every = [r for s in group for r in own[s]]
        sure = [r for r in every if r.accepted(*rule) and r.margin >= vt.SURE_MARGIN]
        wrong = sum(r.word != r.truth for r in sure)
        lines.append(f"\nAt margin >= SURE_MARGIN ({vt.SURE_MARGIN}), {label}: {pct((len(sure) - wrong) / len(every))} of the "
                     f"clips answered right at once, {pct(wrong / len(every))} wrong.")
    confusions = Counter((r.truth, r.word) for s in HELD_OUT for r in own[s] if r.accepted(*rule) and r.word != r.truth)
    lines += ["", "Held-out wrong answers (said -> taken): " + (", ".join(f"{a} -> {b} x{n}" for (a, b), n in confusions.most_common())
                                                           or "none")]
    lines += ["", f"Whole run: {time.process_time() - began:.0f} CPU-s."]
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
