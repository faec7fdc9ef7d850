"""Bench: is the player heard? Spoken commands through the game as it listens, side by side with a
naive baseline (run by hand).

    python bench/heard.py [--quick] [--jobs 2] [--system game|baseline|moonshine] [--voices held-out|tuning|all|LABELS]
                          [--conditions clean,white20,...] [--out FILE.json] [--record DIR | --clips DIR]

``--record DIR`` keeps every clip the game heard (16 kHz WAV) with a line of DIR/clips.jsonl (text, voice,
condition, game, position, intent): ``--clips DIR`` hears exactly those clips again, without synthesis or
mixing, so that a what-if on the listening code costs only the decoding and the judging, and anyone can
run the same clips (or their own recordings written in that layout) against other code.

Corpus (``corpus()``): at several positions of Klondike, FreeCell, Royal Parade and Spider (along
each deal's hint path), every legal move in several phrasing families (the narrator's own words,
"move X to Y", "put the X on the Y", "X onto Y", "pile to pile", "X up", "play X"), illegal moves
between cards on the table, and every slot-free command of grammars/en/commands.toml in every
phrasing (each synonym is a phrasing family of its intent), plus reading and "where is" commands.
Each phrasing family goes to the **tune** half or the **held-out** half (the first phrasing of an
intent and the narrator's move phrase are tune; the rest alternate by a hash of the family name), and
the two halves are reported apart. Plus ordinary sentences that are not commands
(samples, 80 of them).

Each command is spoken by one of the voices in turn (bench/voices.py: **held-out voices by default**, never
used to tune anything; ``--voices tuning`` for the five voices the listening code was tuned on, ``all``,
or labels), padded with silence, mixed with white or babble noise, and heard by:
- **game**: the recogniser as ``make_recogniser`` builds it, with ``Session.recogniser_grammar()``
  (the whole language, this turn's cards, the prior decode), then ``Session.hear`` (checks, matching,
  confirmation);
- **moonshine**: Moonshine base-en held to the same grammar (voicegame/audio/moonshine/, extra
  ``[moonshine]``), then ``Session.hear`` as the game; ``--system game --system moonshine`` puts the two
  ears side by side in one run; **moonshine-whisper**: the same with Whisper's second opinion around it
  (``whisper.second_opinion.with_transcriber``), as the game builds it;
- **baseline**: the same decoder with one static JSGF of every phrasing of the game (any card in any
  move, ``build_grammar``), no checks, the text acted on as typed (``Session.handle``).

Outcomes, compared with what the game does with the words really said (typed, ``Session.handle``):
- right: the same sentences and the same change of the game, at once or after a confirmation that
  asked about the right thing (answered "yes");
- wrong action: the game changed (a move, draw, undo, new deal, quit...) and not as the words said;
  a confirmation about the wrong thing is answered "no" and is not a wrong action;
- misheard: another answer, nothing changed (e.g. help read out instead of the score);
- rejected: "Sorry, I did not catch that" or a confirmation answered "no".
- confirmations: a yes/no question was asked (counted in right or rejected as well).
- CPU per utterance: the decoding and ``Session.hear`` (with Whisper when it is asked), in CPU
  seconds of the worker (the typed reference and the "yes" to a confirmation not counted);
- false accepts: of the non-command sentences, the share the game acted on in any way other than
  "did not catch that" or a confirmation question (those are counted apart).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import platform
import random
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the spoken-command corpus (tests/samples.py)
sys.path.insert(0, str(ROOT / "tests" / "audio"))
sys.path.insert(0, str(ROOT / "bench"))

from asr import mix, pad  # noqa: E402
import voices  # noqa: E402
from voices import HELD_OUT, TUNING, Voice  # noqa: E402
from voicegame.audio.wavio import read_wav, write_wav  # noqa: E402
from voicegame.audio.recognisers import Heard, PocketSphinxRecogniser, listening_pocketsphinx  # noqa: E402
from voicegame.audio.backend import TranscriptOnDemand  # noqa: E402
from voicegame.audio.pocketsphinx.thresholds import listening_thresholds  # noqa: E402
from voicegame.audio.whisper.transcriber import find_transcriber  # noqa: E402
from voicegame.audio.whisper.second_opinion import with_transcriber  # noqa: E402
from voicegame.engine import History, MoveKind, PileKind, State  # noqa: E402
from voicegame.solver.hints import ranked_moves  # noqa: E402
from voicegame.play.voice_memory import VoiceMemory  # noqa: E402
from voicegame.play.dialogue import Dialogue  # noqa: E402
from voicegame.play.session import Session  # noqa: E402
from voicegame.listen.grammar import build_grammar, visible_cards  # noqa: E402
from samples import NOT_COMMANDS, NOT_COMMANDS_MORE  # noqa: E402
from voicegame.language.templates import expand  # noqa: E402

GAMES = [("klondike", 7), ("freecell", 3), ("royal_parade", 2), ("spider", 4)]
CLEAN_SHARE = (2, 1)
NOISY_SHARE = (8, 4)
"""Clean: every 2nd command and every non-command; in noise every 8th command and every 4th
non-command (``--all``: everything). The whole corpus in five conditions and two systems would take
over an hour on this shared 2-core machine (about 2 s per clip and worker under load)."""
EVERYTHING = False
NO_TRANSCRIBER = False  # --no-transcriber: the game listening with PocketSphinx alone
MOONSHINE_LEVELS: dict[str, float] = {}  # --moonshine-levels: MoonshineThresholds other than the recogniser's own
PER_INTENT = 6
"""Phrasings per template of a slot-free intent (the first is its canonical one)."""
CONDITIONS = [("clean", None), ("white", 20), ("white", 10), ("babble", 20), ("babble", 10)]
NOT_COMMANDS_EXTRA = (
    "i think it is going to snow", "can you hear the birds outside", "my sister is coming for dinner",
    "we need more bread and butter", "the meeting was moved to monday", "turn left at the next corner",
    "i lost my wallet yesterday", "do you want a glass of water", "the baby is finally asleep",
    "there is a spider in the bath", "i will call you back later", "the shop closes at six",
    "he told me a funny story", "the light in the hall is broken", "what a lovely afternoon",
    "we played cards all night", "is the kettle boiling yet", "i can not find the remote",
    "my knee hurts when it rains", "the post has not come yet", "she reads a book every week",
    "let me think about it", "the car needs new tyres", "where are my slippers",
    "that was a long phone call", "the doctor said to rest", "could you open the door",
    "i like my tea with milk", "the neighbours are very noisy", "it is cold in here",
    "we should go for a walk", "the radio is too loud", "did you lock the back door",
    "i am so tired today", "the soup needs more salt", "thank you very much",
    "tomorrow is my birthday", "the plants need watering", "how was your day",
    "turn the heating up a little",
)
"""Forty more ordinary sentences (written for this bench), so that there are 80 non-commands."""


@dataclass(frozen=True)
class Sample:
    game: str
    position: int
    text: str
    intent: str  # the intent of the words (parsed), "legal move" / "illegal move" for moves
    family: str  # the phrasing family
    half: str  # "tune" or "held-out"


def _half(family: str, canonical: bool) -> str:
    if canonical:
        return "tune"
    return "tune" if int(hashlib.sha1(family.encode()).hexdigest(), 16) % 2 else "held-out"


def positions(game: str, seed: int, count: int) -> tuple[Session, list[State]]:
    session = Session(game, seed=seed)
    engine, state = session.engine, session.state
    out = []
    for _ in range(count):
        out.append(state)
        moves = [m for m in ranked_moves(engine, state) if m.kind is MoveKind.MOVE] or ranked_moves(engine, state)
        if not moves:
            break
        state = engine.apply(state, moves[0])[0]
    return session, out


def slot_free_phrasings(session: Session) -> list[tuple[str, str, bool]]:
    """(intent, phrase, canonical) for every phrasing of every slot-free intent."""
    import tomllib

    from voicegame.language.templates import optional_words, parse_template

    language = session.parser.language
    commands = tomllib.loads((ROOT / "grammars" / language.code / "commands.toml").read_text())
    skip = frozenset(commands.get("skip", []))
    rules = {name: optional_words(parse_template(body), skip) for name, body in commands["rules"].items()}
    out = []
    for intent, bodies in commands["intents"].items():  # every phrasing, also those the grammar leaves out
        for template in [optional_words(parse_template(b), skip) for b in bodies]:
            try:
                phrases = expand(template, rules, {}, limit=200)
            except Exception:
                break
            longest: dict[str, str] = {}  # phrasing without skip words -> with them ("what is the score")
            for phrase in phrases:
                key = " ".join(w for w in phrase.split() if w not in skip)
                if phrase and len(phrase) > len(longest.get(key, "")):
                    longest[key] = phrase
            for k, (key, phrase) in enumerate(list(longest.items())[:PER_INTENT]):
                out.append((intent, key if k == 0 else phrase, k == 0))  # the first as the game says it
    return out


def move_phrasings(session: Session, state: State, rng: random.Random) -> list[tuple[str, str, str, bool]]:
    """(kind, family, text, canonical) for legal moves and for illegal moves between cards showing."""
    engine, narrator = session.engine, session.narrator
    specs = engine.specs
    out = []
    legal = [m for m in engine.legal_moves(state) if m.kind is MoveKind.MOVE]
    for m in rng.sample(legal, min(2, len(legal))):
        card = state.piles[m.src].cards[-m.count]
        dst, top = specs[m.dst], state.piles[m.dst].top
        out.append(("legal move", "narrator", narrator.move_phrase(state, m), True))
        out.append(("legal move", "move X to pile", f"move {card.spoken} to {dst.name}", False))
        if top is not None and state.piles[m.dst].top_face_up:
            out.append(("legal move", "put the X on the Y", f"put the {card.spoken} on the {top.spoken}", False))
            out.append(("legal move", "X onto Y", f"{card.spoken} onto {top.spoken}", False))
            out.append(("legal move", "move the X on to the Y", f"move the {card.spoken} on to the {top.spoken}", False))
        if specs[m.src].kind in (PileKind.TABLEAU, PileKind.WASTE):
            out.append(("legal move", "pile to pile", f"{specs[m.src].name} to {dst.name}", False))
        if dst.kind is PileKind.FOUNDATION:
            out.append(("legal move", "X up", f"{card.spoken} up", False))
            out.append(("legal move", "play X", f"play the {card.spoken}", False))
    showing = sorted(visible_cards(engine, state), key=lambda c: (c.rank, c.suit.value))
    tops = [p.top for p, s in zip(state.piles, specs) if s.kind is PileKind.TABLEAU and p.top is not None and p.top_face_up]
    illegal = []
    for card in showing:
        for top in tops:
            if card != top:
                text = f"{card.spoken} on {top.spoken}"
                command = session.parser.parse(text)
                if command is not None and not any(
                        state.piles[m.src].cards[-m.count] == card and state.piles[m.dst].top == top for m in legal):
                    illegal.append(text)
    for text in rng.sample(illegal, min(2, len(illegal))):
        out.append(("illegal move", "X on Y (illegal)", text, False))
    return out


def corpus(quick: bool = False) -> list[Sample]:
    rng = random.Random(15)
    samples: list[Sample] = []
    for g, (game, seed) in enumerate(GAMES):
        session, states = positions(game, seed, 2)
        for k, state in enumerate(states):
            session.history = History.start(state)
            for kind, family, text, canonical in move_phrasings(session, state, rng):
                samples.append(Sample(game, k, text, kind, family, _half(family, canonical)))
            specs = session.engine.specs
            for spec in rng.sample(list(specs), 2):
                samples.append(Sample(game, k, f"read {spec.name}", "read", "read PILE", "tune"))
            card = rng.choice(sorted(visible_cards(session.engine, state), key=lambda c: (c.rank, c.suit.value)))
            samples.append(Sample(game, k, f"where is the {card.spoken}", "where", "where is the X", "tune"))
        # slot-free commands: every phrasing once, spread over the games and positions
        for i, (intent, phrase, canonical) in enumerate(slot_free_phrasings(session)):
            if (i + g) % len(GAMES) and not canonical:
                continue  # each synonym in one game only; canonical phrasings in every game
            samples.append(Sample(game, i % len(states), phrase, intent, f"{intent}: {phrase}", _half(f"{intent}: {phrase}", canonical)))
    if quick:
        rng.shuffle(samples)
        samples = samples[:120]
    return samples


# ------------------------------------------------------------------------------- speech
def voice_pcm(text: str, voice: Voice) -> np.ndarray:
    return voices.pcm(text, voice)


# ------------------------------------------------------------------------------- judging
def _reset(session: Session, state: State) -> None:
    """The same position and a fresh dialogue (nothing offered, asked or told yet: a reading heard
    after its typed reference must not lose "Say more for details." to the reference's turn)."""
    session.history = History.start(state)
    session.dialogue = Dialogue()  # nothing asked, offered, hinted or said
    session.hinting.index = 0
    session.hinting.asked_at = {}
    session.auto_play = False
    session.verbose = session.narrator.verbose = False
    session.memory = VoiceMemory()  # each clip on its own: nothing learned before it
    session.last_evidence = None


def _changed(session: Session, before: tuple, reply) -> bool:
    return reply.quit or bool(reply.moves) or before != (session.history, session.history.cursor, len(session.history.states),
                                                         session.seed, session.entry.key)


def _snapshot(session: Session) -> tuple:
    return (session.history, session.history.cursor, len(session.history.states), session.seed, session.entry.key)


def _same(got: tuple, reference: tuple | None) -> bool:
    """The same change and the same answer. Heard moves are said back in full first ("Six of diamonds
    onto seven of spades.", so that a mishearing is noticed), which typed moves are not: one
    extra sentence before the typed answer is the same answer when the same moves were played."""
    if reference is None:
        return False
    if got == reference:
        return True
    sentences, moves, *rest = got
    ref_sentences, ref_moves, *ref_rest = reference
    return bool(moves) and moves == ref_moves and rest == ref_rest and sentences[1:] == ref_sentences


def _same_command(command, ref_command, got: tuple, reference: tuple | None) -> bool:
    """The same parsed command with the same change: right even when the answer's words differ, as
    they do for answers found under a time budget ("is it still winnable", a hint: the search gets as
    far as the machine's load lets it, so the typed reference and the heard reply may say different
    things; until 2026-11-24 such commands, heard word for word, were counted as misheard)."""
    return (reference is not None and command is not None and command == ref_command
            and got[1:] == reference[1:])


HEAR_CPU = 0.0
HEARD_EVIDENCE: dict = {}
"""``_whisper_evidence`` of the last ``Session.hear`` in ``judge`` (before any "yes")."""
"""CPU seconds of the last ``Session.hear`` in ``judge`` (the typed reference and the "yes" not counted)."""


def judge(session: Session, state: State, text: str | None, heard: Heard, system: str) -> str:
    """One outcome: right, right-confirmed, wrong action, misheard, rejected, rejected-confirmed
    (a question about the wrong thing, answered no); for text None (not a command): accepted,
    asked, rejected."""
    not_understood = session.narrator.say("not_understood")
    reference, ref_command = None, None
    if text is not None:
        _reset(session, state)
        home = (session.entry, dict(session.options), session.seed)
        ref = session.handle(text)
        reference = (ref.sentences, [m for m in ref.moves], ref.quit, session.history.cursor, session.seed)
        ref_command = ref.command
        if (session.entry, session.seed) != (home[0], home[2]):
            session.start_game(*home)  # the words started another deal: back to this one
    _reset(session, state)
    before = _snapshot(session)
    global HEAR_CPU
    c0 = time.process_time()
    reply = session.handle(heard.text) if system == "baseline" else session.hear(heard)
    HEAR_CPU = time.process_time() - c0  # the game's answer to what was heard (Whisper's choice included)
    global HEARD_EVIDENCE
    HEARD_EVIDENCE = _whisper_evidence(session)
    if system == "baseline" and (heard.unknown or not heard.text):
        reply.sentences = [not_understood]
    confirming = system != "baseline" and session.pending is not None and session.dialogue.pending_no == "cancelled"
    if text is None:
        if confirming:
            return "asked"
        return "rejected" if reply.sentences == [not_understood] and not reply.moves else "accepted"
    if confirming:  # the speaker answers yes when the question is about what was meant
        snapshot_pending = session.pending
        yes = session.hear(Heard("yes", 1.0))
        got = (yes.sentences, list(yes.moves), yes.quit, session.history.cursor, session.seed)
        if _same(got, reference) or _same_command(yes.command or reply.command, ref_command, got, reference):
            return "right-confirmed"
        _reset(session, state)
        session.dialogue.pending, session.dialogue.pending_no = snapshot_pending, "cancelled"
        return "rejected-confirmed"
    got = (reply.sentences, list(reply.moves), reply.quit, session.history.cursor, session.seed)
    if _same(got, reference) or _same_command(reply.command, ref_command, got, reference):
        return "right"
    if _changed(session, before, reply):
        return "wrong action"
    if reply.sentences == [not_understood]:
        return "rejected"
    return "misheard"


# ------------------------------------------------------------------------------- running
def _recogniser(system: str):
    if system in ("moonshine", "moonshine-whisper"):
        from voicegame.audio.moonshine.recogniser import MoonshineRecogniser

        from voicegame.audio.moonshine.rejection import MoonshineThresholds

        transcriber = None if NO_TRANSCRIBER or system == "moonshine" else find_transcriber()
        levels = replace(MoonshineThresholds(), **MOONSHINE_LEVELS) if MOONSHINE_LEVELS else None
        return with_transcriber(MoonshineRecogniser(thresholds=levels), transcriber)
    if system == "baseline":
        return PocketSphinxRecogniser(**PocketSphinxRecogniser.NARROW_BEAMS)
    transcriber = None if NO_TRANSCRIBER else find_transcriber()
    if "phone-loop" not in WITHOUT:
        return listening_pocketsphinx(transcriber=transcriber)
    thresholds = replace(listening_thresholds(), phone_ratio=None)  # the game's levels, but no phone loop
    return with_transcriber(PocketSphinxRecogniser(thresholds, compallsen=True, **PocketSphinxRecogniser.NARROW_BEAMS),
                            transcriber)


def _as_heard(grammar, system: str):  # noqa: ANN001, ANN202
    """The game's grammar as this run decodes it: without the second decode (``--without second-decode``)."""
    if system == "game" and "second-decode" in WITHOUT:
        if id(grammar) not in _STRIPPED:
            _STRIPPED[id(grammar)] = (grammar, replace(grammar, second_jsgf=""))
        return _STRIPPED[id(grammar)][1]
    return grammar


_STRIPPED: dict[int, tuple] = {}


def _whisper_evidence(session: Session) -> dict:
    """What the policy was told of Whisper's opinion of the last utterance heard ({} when nothing)."""
    evidence = getattr(session, "last_evidence", None)
    if evidence is None:
        return {}
    return {"disagrees": evidence.whisper_disagrees,
            "words": evidence.whisper_words, "other_suits": evidence.other_suits}


def _moonshine_verdict(recogniser) -> dict:  # noqa: ANN001
    """Moonshine's last verdict: its best sentence, its free transcript and the gap ({}: another ear)."""
    last = getattr(recogniser, "last", None)
    if last is None or not hasattr(last, "verdict"):
        return {}
    best = last.decoded.nbest[0].text if last.decoded.nbest else ""
    return {"best": best, "free": last.decoded.free.text, "gap": round(last.verdict.gap, 3)}


def run_job(job: tuple) -> list[dict]:
    """Decode and judge every clip of one (system, voice, condition)."""
    system, voice, (kind, snr), samples, junk = job
    recogniser = _recogniser(system)
    sessions: dict[str, tuple[Session, list[State]]] = {}
    rows = []
    current = None
    items = [(s, s.text) for s in samples] + [(None, t) for t in junk]
    condition = "clean" if snr is None else f"{kind} {snr} dB"
    for i, (sample, text) in enumerate(items):
        game = sample.game if sample is not None else "klondike"
        if game not in sessions:
            sessions[game] = positions(game, dict(GAMES)[game], 4)
        session, states = sessions[game]
        if session.entry.key != game or session.seed != dict(GAMES)[game]:
            sessions[game] = positions(game, dict(GAMES)[game], 4)
            session, states = sessions[game]
        session.hint_seconds, session.hint_nodes = None, 2000
        session.winnable_seconds, session.winnable_nodes = None, 5000
        state = states[sample.position if sample is not None else 0]
        _reset(session, state)
        grammar = build_grammar(session.parser) if system == "baseline" else _as_heard(session.recogniser_grammar(), system)
        if grammar is not current:
            recogniser.set_grammar(grammar)
            current = grammar
        audio = clip_audio(text, voice, kind, snr, seed=i)
        if RECORD is not None and system == "game":
            record_clip(RECORD, audio, text, voice, condition, sample)
        t0, c0 = time.perf_counter(), time.process_time()
        heard = recogniser.recognise(audio)
        spent, decode_cpu = time.perf_counter() - t0, time.process_time() - c0
        outcome = judge(session, state, text if sample is not None else None, heard, system)
        cpu = decode_cpu + HEAR_CPU  # decoding and the game's answer (Whisper when asked), not the typed reference
        asked = heard.transcript if isinstance(heard.transcript, TranscriptOnDemand) and heard.transcript.asked else None
        got = asked.value if asked is not None else None
        if session.entry.key != game or session.seed != dict(GAMES)[game]:
            del sessions[game]
        rows.append({"system": system, "voice": voice.label, "held_out": voice in HELD_OUT, "condition": condition,
                     "command": sample is not None, "text": text, "heard": heard.text, "doubt": heard.doubt,
                     "rejected_by": heard.evidence.rejected_by, "second": heard.evidence.second,
                     "first_fit": dict(getattr(recogniser, "first_fit", {})),
                     "moonshine": _moonshine_verdict(recogniser),
                     "second_fit": dict(getattr(recogniser, "second_fit", {})),
                     "intent": sample.intent if sample else "", "family": sample.family if sample else "",
                     "half": sample.half if sample else "", "game": game, "outcome": outcome, "seconds": spent,
                     "cpu": cpu,
                     "transcript": None if asked is None else ({} if got is None else  # what Whisper wrote, when asked
                                                               {"text": got.text, "logprob": got.logprob, "no_speech": got.no_speech,
                                                                "seconds": asked.seconds}),
                     "whisper": HEARD_EVIDENCE,
                     "audio_s": len(audio) / 16000})
    return rows


# ------------------------------------------------------------------------------- clips on disk
RECORD: Path | None = None
WITHOUT: set[str] = set()
"""``--without``: parts of the game's recogniser left out ("second-decode", "phone-loop")."""
"""``--record DIR``: every clip the game system hears is written there (WAV and a line of clips.jsonl)."""
CLIPS: dict[tuple[str, str, str], Path] = {}
"""``--clips DIR``: (voice, condition, text) -> a recorded WAV, heard instead of synthesising and mixing."""


def _clip_name(text: str, voice: Voice, condition: str) -> str:
    key = hashlib.sha1(f"{voice.label}|{condition}|{text}".encode()).hexdigest()[:16]
    return f"{condition.replace(' ', '')}/{voice.label.replace(' ', '_')}/{key}.wav"


def clip_audio(text: str, voice: Voice, kind: str, snr: int | None, seed: int) -> np.ndarray:
    """The clip as heard: recorded (``--clips``) or ``text`` in ``voice``, padded, mixed with the noise."""
    condition = "clean" if snr is None else f"{kind} {snr} dB"
    recorded = CLIPS.get((voice.label, condition, text))
    if recorded is not None:
        return read_wav(recorded)
    return mix(pad(voice_pcm(text, voice)), kind, snr, seed=seed)


def record_clip(folder: Path, audio: np.ndarray, text: str, voice: Voice, condition: str, sample: Sample | None) -> None:
    name = _clip_name(text, voice, condition)
    (folder / name).parent.mkdir(parents=True, exist_ok=True)
    write_wav(folder / name, audio, 16000)
    row = {"path": name, "text": text, "voice": voice.label, "held_out": voice in HELD_OUT, "condition": condition,
           "command": sample is not None}
    if sample is not None:
        row.update(game=sample.game, position=sample.position, intent=sample.intent, family=sample.family, half=sample.half)
    with open(folder / "clips.jsonl", "a") as out:  # one line per clip, appended by every worker (short writes)
        out.write(json.dumps(row) + "\n")


def load_clips(folder: Path) -> list[dict]:
    rows = [json.loads(line) for line in (folder / "clips.jsonl").read_text().splitlines() if line.strip()]
    for r in rows:
        CLIPS[(r["voice"], r["condition"], r["text"])] = folder / r["path"]
    return rows


def jobs(samples: list[Sample], junk: list[str], voices: list[Voice], conditions, systems) -> list[tuple]:
    """Each command and non-command by one voice (rotating: every voice says a share of each)."""
    out = []
    for condition in conditions:
        for v, voice in enumerate(voices):
            for system in systems:  # side by side: both systems of a condition finish together
                step = (CLEAN_SHARE if condition[1] is None else NOISY_SHARE) if not EVERYTHING else (1, 1)
                # the share first, then the voices in turn over it: every voice speaks commands in every
                # condition (choosing by i % voices and i % step together left two of four voices no
                # command in clean speech and three of four none in noise, until 2026-11-24)
                mine = samples[:: step[0]][v :: len(voices)]
                theirs = junk[:: step[1]][v :: len(voices)]
                out.append((system, voice, condition, mine, theirs))
    return out


def recorded_jobs(rows: list[dict], samples: list[Sample], systems) -> list[tuple]:
    """The jobs of a recorded set: the same clips, voices and conditions again (``--clips``)."""
    by_text = {(s.game, s.position, s.text): s for s in samples}
    groups: dict[tuple[str, str], tuple[list[Sample], list[str]]] = defaultdict(lambda: ([], []))
    for r in rows:
        mine, theirs = groups[(r["voice"], r["condition"])]
        if r["command"]:
            sample = by_text.get((r["game"], r["position"], r["text"]))
            if sample is None:  # the corpus changed since the recording: the row says what it was
                sample = Sample(r["game"], r["position"], r["text"], r["intent"], r["family"], r["half"])
            mine.append(sample)
        else:
            theirs.append(r["text"])
    out = []
    for (label, condition), (mine, theirs) in sorted(groups.items()):
        kind, _, snr = condition.partition(" ")
        spec = (kind, int(snr.split()[0]) if snr else None)
        for system in systems:
            out.append((system, voices.by_label(label), spec, mine, theirs))
    return out


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def _right(rows: list[dict]) -> int:
    return sum(r["outcome"] in ("right", "right-confirmed") for r in rows)


def _voice_set(r: dict) -> str:
    return "held-out" if r.get("held_out", False) else "tuning"


def summarise(rows: list[dict]) -> str:
    """Per condition and voice set (held-out voices first: those are the figures to report), per voice,
    per intent, and CPU per utterance; the game beside the baseline everywhere."""
    lines = []
    systems = sorted({r["system"] for r in rows}, key=lambda s: s != "game")
    conditions = [c for c in ("clean", "white 20 dB", "white 10 dB", "babble 20 dB", "babble 10 dB") if any(r["condition"] == c for r in rows)]
    sets = [v for v in ("held-out", "tuning") if any(_voice_set(r) == v for r in rows)]
    lines.append("| condition | voices | phrasings | system | commands | right | of which confirmed | wrong action | misheard, nothing changed | rejected / asked again | confirmations asked | false accepts (+ asked) |")
    lines.append("| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for condition in conditions:
        for vset in sets:
            for half in ("tune", "held-out", "all"):
                for system in systems:
                    mine = [r for r in rows if r["system"] == system and r["condition"] == condition and _voice_set(r) == vset]
                    cmd = [r for r in mine if r["command"] and half in (r["half"], "all")]
                    junk = [r for r in mine if not r["command"]]
                    c = Counter(r["outcome"] for r in cmd)
                    j = Counter(r["outcome"] for r in junk)
                    n = len(cmd)
                    conf = c["right-confirmed"] + c["rejected-confirmed"]
                    fa = f"{pct(j['accepted'], len(junk))} (+{pct(j['asked'], len(junk))})" if half == "all" else ""
                    bold = "**" if half == "all" and vset == "held-out" else ""
                    lines.append(f"| {condition} | {vset} | {half} | {system} | {n} | {bold}{pct(_right(cmd), n)}{bold} | {pct(c['right-confirmed'], n)} | "
                                 f"{pct(c['wrong action'], n)} | {pct(c['misheard'], n)} | {pct(c['rejected'] + c['rejected-confirmed'], n)} | "
                                 f"{pct(conf, n)} | {fa} |")
    lines.append("")
    lines.append(f"Per voice, both phrasing halves: right % of commands and non-commands acted on ({' / '.join(systems)})")
    lines.append("")
    labels = sorted({r["voice"] for r in rows}, key=lambda v: (not any(r["held_out"] for r in rows if r["voice"] == v), v))
    lines.append("| condition | " + " | ".join(f"{v}{'' if any(r.get('held_out') for r in rows if r['voice'] == v) else ' (tuning)'}" for v in labels) + " |")
    lines.append("| --- |" + " ---: |" * len(labels))
    for condition in conditions:
        cells = []
        for voice in labels:
            got = []
            for system in systems:
                cmd = [r for r in rows if r["system"] == system and r["condition"] == condition and r["voice"] == voice and r["command"]]
                got.append(pct(_right(cmd), len(cmd)).rstrip("%") if cmd else "-")
            n = sum(1 for r in rows if r["system"] == systems[0] and r["condition"] == condition and r["voice"] == voice and r["command"])
            junk = {system: [r for r in rows if r["system"] == system and r["condition"] == condition and r["voice"] == voice
                             and not r["command"]] for system in systems}
            fa = " / ".join(str(sum(r["outcome"] == "accepted" for r in junk[system])) for system in systems)
            cells.append(f"{' / '.join(got)} of {n}; {fa} of {len(junk[systems[0]])}")
        lines.append(f"| {condition} | " + " | ".join(cells) + " |")
    lines.append("")
    lines.append("CPU per utterance (decoding + the game's answer, Whisper included when asked; CPU seconds, this machine)")
    lines.append("")
    lines.append("| system | condition | utterances | median ms | p95 ms |")
    lines.append("| --- | --- | ---: | ---: | ---: |")
    for system in systems:
        for condition in conditions:
            cpu = sorted(r["cpu"] for r in rows if r["system"] == system and r["condition"] == condition and "cpu" in r)
            if cpu:
                lines.append(f"| {system} | {condition} | {len(cpu)} | {1000 * cpu[len(cpu) // 2]:.0f} | {1000 * cpu[int(len(cpu) * 0.95)]:.0f} |")
    lines.append("")
    lines.append("Per intent, all conditions, voices and halves (game / baseline): right %, wrong action %")
    lines.append("")
    lines.append("| intent | clips | game right | game wrong action | baseline right | baseline wrong action |")
    lines.append("| --- | ---: | ---: | ---: | ---: | ---: |")
    by = defaultdict(lambda: defaultdict(Counter))
    for r in rows:
        if r["command"]:
            by[r["intent"]][r["system"]][r["outcome"]] += 1
    for intent in sorted(by):
        g, b = by[intent]["game"], by[intent]["baseline"]
        ng, nb = sum(g.values()), sum(b.values())
        lines.append(f"| {intent} | {ng} | {pct(g['right'] + g['right-confirmed'], ng)} | {pct(g['wrong action'], ng)} | "
                     f"{pct(b['right'] + b['right-confirmed'], nb)} | {pct(b['wrong action'], nb)} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="120 commands, 20 non-commands, 2 voices, clean and white 10 dB")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--system", action="append", choices=["game", "baseline", "moonshine", "moonshine-whisper"],
                    help="game, baseline and/or moonshine (default: game and baseline)")
    ap.add_argument("--conditions", help="e.g. clean,white10")
    ap.add_argument("--voices", default="held-out",
                    help="held-out (default: never used for tuning), tuning, all, or labels separated by commas (bench/voices.py)")
    ap.add_argument("--out", help="write every clip's outcome to this JSON file")
    ap.add_argument("--summary", help="only summarise this JSON file")
    ap.add_argument("--record", metavar="DIR", help="write every clip heard (WAV) and clips.jsonl there, to hear them again with --clips")
    ap.add_argument("--clips", metavar="DIR", help="hear the clips recorded in DIR (--record) instead of synthesising them")
    ap.add_argument("--all", action="store_true", help="every clip in every condition (slow)")
    ap.add_argument("--moonshine-levels", help="MoonshineThresholds for this run, e.g. reject_gap=1.5,doubt_gap=0.5")
    ap.add_argument("--no-transcriber", action="store_true", help="the game without its Whisper second opinion")
    ap.add_argument("--without", action="append", default=[], choices=["second-decode", "phone-loop"],
                    help="the game's recogniser without a part, to measure what it adds")
    args = ap.parse_args(argv)
    if args.summary:
        print(summarise(json.loads(Path(args.summary).read_text())))
        return 0
    global EVERYTHING, NO_TRANSCRIBER, RECORD
    if args.moonshine_levels:
        MOONSHINE_LEVELS.update({k: float(v) for k, v in (kv.split("=") for kv in args.moonshine_levels.split(","))})
    EVERYTHING = args.all
    NO_TRANSCRIBER = args.no_transcriber
    WITHOUT.update(args.without)
    if args.record:
        RECORD = Path(args.record)
        RECORD.mkdir(parents=True, exist_ok=True)
    samples = corpus(args.quick)
    junk = list(NOT_COMMANDS + NOT_COMMANDS_MORE + NOT_COMMANDS_EXTRA)
    chosen = {"held-out": list(HELD_OUT), "tuning": list(TUNING), "all": list(HELD_OUT + TUNING)}.get(args.voices)
    if chosen is None:
        chosen = [voices.by_label(v.strip()) for v in args.voices.split(",")]
    chosen = [v for v in chosen if voices.available(v)]
    conditions = CONDITIONS
    if args.quick:
        chosen, junk = chosen[:2], junk[::4]
        conditions = [("clean", None), ("white", 10)]
    if args.conditions:
        wanted = set(args.conditions.split(","))
        conditions = [c for c in CONDITIONS if (c[0] if c[1] is None else f"{c[0]}{c[1]}") in wanted]
    systems = args.system or ["game", "baseline"]
    if args.clips:
        work = recorded_jobs(load_clips(Path(args.clips)), samples, systems)
        print(f"{len(CLIPS)} recorded clips in {args.clips}, systems {systems}", flush=True)
    else:
        print(f"{len(samples)} commands ({Counter(s.half for s in samples)}), {len(junk)} non-commands, "
              f"{len(chosen)} voices ({', '.join(v.label for v in chosen)}), {len(conditions)} conditions, systems {systems}", flush=True)
        print("intents:", len({s.intent for s in samples}), "games:", Counter(s.game for s in samples), flush=True)
        work = jobs(samples, junk, chosen, conditions, systems)
        for _, voice, _, mine, theirs in work:  # synthesise once, before the workers start
            for text in [s.text for s in mine] + theirs:
                voice_pcm(text, voice)
    t0 = time.time()
    rows: list[dict] = []
    with multiprocessing.Pool(args.jobs) as pool:
        for part in pool.imap_unordered(run_job, work):
            rows += part
            if args.out:  # as it goes, so that an interrupted run still has its figures
                Path(args.out).write_text(json.dumps(rows))
            r = part[0] if part else None
            if r:
                print(f"  done {r['system']} {r['voice']} {r['condition']}: {len(part)} clips", flush=True)
    if args.out:
        Path(args.out).write_text(json.dumps(rows))
    print()
    import resource

    print(f"{time.strftime('%Y-%m-%d')}, {platform.machine()}, Python {platform.python_version()}, "
          f"{args.jobs} workers, {time.time() - t0:.0f} s, peak RSS of a worker "
          f"{resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024:.0f} MB")
    print(summarise(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
