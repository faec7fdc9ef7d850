"""Bench: from the end of the player's speech to the first sound of the answer, and words per move.

    python bench/session.py [--write] [--recogniser EAR] [--voice LABEL] [--commands N]
                                          (--write appends/replaces the section in bench/RESULTS.md)

The 189 commands of tests/data/klondike_draw3_seed5_win.txt (Klondike seed 5, draw 3: a win) are
spoken by espeak-ng (en, 160 wpm; cached; ``--voice``: another voice of bench/voices.py), padded with 1 s of room noise before and 1 s after
(Gaussian, sigma 8 LSB), and each goes through the stages of a voice turn, timed one by one:

- end of speech: the ``Endpointer`` with its defaults (a command that nothing can follow ends after
  200 ms of silence, anything else after 400 ms), fed 30 ms blocks; latency is audio time from the
  true end of speech (last sample above 64 LSB) to the end decision;
- decoding: ``listening_pocketsphinx()`` (what the game builds) with the session's grammar of the turn
  (``Session.recogniser_grammar()`` when present, else the tests' static Klondike grammar), fed by
  the endpointer while the audio arrives, as the microphone does (from the end of speech on at the
  microphone's pace, so that work begun in the silence has its real time); timed: ``finish()`` after the end
  decision, plus ``understand`` of what was heard (which asks the Whisper second opinion when the
  decode was rejected or doubtful: its time is on the path then). The grammar is set before
  listening, as the loop does: timed, but not on the path;
- parse: ``session.parser.parse``; engine: ``engine.apply`` of the reply's moves, replayed;
  resolve + narrate: the rest of ``Session.hear``/``handle``;
- TTS start: pyttsx3 rendering the first sentence (cache cleared), the earcon's load and queueing.

``--wyoming N``: end of speech to first sound through three paths on the first N commands (medians
side by side): local (the above: streamed PocketSphinx), Wyoming STT (the utterance sent to a
Wyoming speech server on 127.0.0.1: tests/wyoming's PocketSphinx-backed one, so the difference is
the protocol and the unstreamed decode), and satellite (``voicegame satellite`` as it runs: the
kiosk on a test satellite on 127.0.0.1 that streams the same audio in real time; timed there, from
the end of speech to the first audio it is sent). Section "## Wyoming paths (bench/session.py)".

The session is driven with the script's own text (not the decoded text), so the game stays on its
winning line whatever the recogniser makes of espeak-ng; decoding accuracy is printed on the side.
The sound device's own output latency (PortAudio buffer, typically 10-40 ms) is not included: there
is no sound card here.
"""

from __future__ import annotations

import argparse
import io
import logging
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "audio"))
sys.path.insert(0, str(ROOT / "bench"))

from ears import EARS, make_ear  # noqa: E402
from speech_fixtures import KLONDIKE_JSGF, speech_pcm  # noqa: E402
from voices import by_label, pcm  # noqa: E402
from voicegame.audio.output.earcons import EarconPlayer  # noqa: E402
from voicegame.audio.grammar_spec import RecogniserGrammar  # noqa: E402
from voicegame.audio.jsgf import Jsgf  # noqa: E402
from voicegame.audio.capture.microphone import DEFAULT_EARLY_SILENCE_MS, DEFAULT_TRAILING_SILENCE_MS, Endpointer  # noqa: E402
from voicegame.audio.recognisers import Heard, PocketSphinxRecogniser, listening_pocketsphinx  # noqa: E402
from voicegame.audio.whisper.transcriber import find_transcriber  # noqa: E402
from voicegame.listen.understanding import understand  # noqa: E402
from voicegame.audio.output.speakers import PrintSpeaker, Pyttsx3Speaker, SoundOutput  # noqa: E402
from voicegame.play.session import Session  # noqa: E402

SR = 16000
SCRIPT = ROOT / "tests" / "data" / "klondike_draw3_seed5_win.txt"
RESULTS = ROOT / "bench" / "RESULTS.md"
SECTION = "## Session latency (bench/session.py)"


class NullSd:
    """Stand-in sounddevice: queueing costs are measured, nothing is played."""

    def query_devices(self, device=None, kind=None):
        return {}

    def play(self, data, samplerate, device=None):
        pass

    def stop(self):
        pass

    def get_stream(self):
        raise RuntimeError


def script_commands() -> list[str]:
    lines = SCRIPT.read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def padded(text: str, rng: np.random.Generator, voice: str | None = None) -> tuple[np.ndarray, int]:
    """(audio with room noise, index of the true end of speech); ``voice``: a label of bench/voices.py
    (None: espeak-ng en 160)."""
    speech = speech_pcm(text) if voice is None else pcm(text, by_label(voice))
    loud = np.flatnonzero(np.abs(speech) > 64)
    end = int(loud[-1]) + 1 if len(loud) else len(speech)
    before = np.zeros(SR, np.int16)
    x = np.concatenate([before, speech, np.zeros(SR, np.int16)]).astype(np.float64)
    x += rng.normal(0.0, 8.0, len(x))
    return np.clip(np.round(x), -32768, 32767).astype(np.int16), len(before) + end


def endpoint(audio: np.ndarray, speech_end: int, stream=None, real_time_after_speech: bool = False) -> tuple[np.ndarray, float]:
    """The utterance the endpointer finds (fed to ``stream`` as it goes, as the microphone does) and
    how long after the end of speech it decided the utterance was over. ``real_time_after_speech``:
    from the end of speech on, blocks come at the microphone's pace (30 ms of audio every 30 ms), so
    work the recogniser starts during the silence (the Whisper second opinion begins once the player
    is quiet) has the wall-clock time it has in a game, and the time returned is the wall time from the
    end of speech to the decision (time the recogniser takes when asked ``sounds_complete`` counts)."""
    ep = Endpointer(stream=stream)
    block = SR * 30 // 1000
    paced_from: float | None = None
    for i in range(0, len(audio), block):
        if real_time_after_speech and i >= speech_end:
            paced_from = paced_from if paced_from is not None else time.perf_counter() - (i - speech_end) / SR
            wait = paced_from + (i - speech_end) / SR - time.perf_counter()
            if wait > 0:
                time.sleep(wait)
        for u in ep.feed(audio[i : i + block]):
            if paced_from is not None:  # the wall time since the end of speech: a recogniser's wait in it counts
                return u.pcm, time.perf_counter() - paced_from
            return u.pcm, (u.detected_at - speech_end) / SR
    u = ep.flush()
    return (u.pcm if u else audio), (len(audio) - speech_end) / SR


def pct(values: list[float], q: float) -> float:
    return float(np.percentile(np.asarray(values), q))


def run(grammar_kind: str = "session", ear: str = "pocketsphinx", count: int | None = None,
        voice: str | None = None) -> tuple[str, dict]:
    """``ear``: one of bench/ears.py (the session grammar only); ``count``: the script's first commands only;
    ``voice``: a label of bench/voices.py (None: espeak-ng en 160)."""
    commands = script_commands()[:count]
    rng = np.random.default_rng(5)
    session = Session("klondike", seed=5)
    static = RecogniserGrammar(KLONDIKE_JSGF, (), Jsgf(KLONDIKE_JSGF).words)
    use_session_grammar = grammar_kind == "session" and hasattr(session, "recogniser_grammar")
    # the game's own recogniser with the game's grammar; the plain one with the tests' static grammar
    recogniser = make_ear(ear) if use_session_grammar else PocketSphinxRecogniser()
    if not use_session_grammar:
        recogniser.set_grammar(static)
    speaker = Pyttsx3Speaker(output=None, fallback=PrintSpeaker(io.StringIO()))
    earcons = EarconPlayer(SoundOutput(sd=NullSd()))
    stages: dict[str, list[float]] = {k: [] for k in ("endpoint", "grammar", "decode", "parse", "resolve", "engine",
                                                       "earcon", "tts")}
    cpu: dict[str, list[float]] = {"utterance": [], "grammar": []}  # CPU seconds (all threads of the process)
    to_earcon: list[float] = []
    to_speech: list[float] = []
    exact = 0
    last_grammar = None
    for text in commands:
        audio, speech_end = padded(text, rng, voice)
        t, c = time.perf_counter(), time.process_time()  # the loop sets the grammar before it listens: not on the path
        if use_session_grammar:
            grammar = session.recogniser_grammar()
            if grammar is not last_grammar:
                recogniser.set_grammar(grammar)
                last_grammar = grammar
        t_grammar = time.perf_counter() - t
        cpu["grammar"].append(time.process_time() - c)
        c = time.process_time()
        utterance, ep_latency = endpoint(audio, speech_end, stream=recogniser, real_time_after_speech=True)
        t = time.perf_counter()
        heard = recogniser.finish()  # decoded while it was spoken: what is left after the end
        if use_session_grammar:  # what was heard understood (the Whisper second opinion, when asked for)
            understand(heard, session.state, session.parser, session.resolver, session.move_matcher, session.narrator)
        t_decode = time.perf_counter() - t
        exact += heard.text == text
        t = time.perf_counter()
        session.parser.parse(text)
        t_parse = time.perf_counter() - t
        before = session.state
        t = time.perf_counter()
        reply = session.hear(Heard(text)) if hasattr(session, "hear") else session.handle(text)
        t_handle = time.perf_counter() - t
        cpu["utterance"].append(time.process_time() - c)  # streamed decoding, end of speech, Whisper when asked, the answer
        t = time.perf_counter()
        state = before
        for move in reply.moves:
            try:
                state, _ = session.engine.apply(state, move)
            except Exception:
                break
        t_engine = time.perf_counter() - t
        t = time.perf_counter()
        if reply.earcons:
            earcons.play(reply.earcons[0])
        t_earcon = time.perf_counter() - t if reply.earcons else 0.0
        speaker._cache.clear()
        t = time.perf_counter()
        if reply.sentences:
            speaker.render(reply.sentences[0])
        t_tts = time.perf_counter() - t
        resolve = max(0.0, t_handle - t_parse - t_engine)
        for key, value in (("endpoint", ep_latency), ("grammar", t_grammar), ("decode", t_decode), ("parse", t_parse),
                           ("resolve", resolve), ("engine", t_engine), ("earcon", t_earcon), ("tts", t_tts)):
            stages[key].append(value)
        common = ep_latency + t_decode + t_handle
        to_speech.append(common + t_tts)
        to_earcon.append(common + t_earcon if reply.earcons else common + t_tts)
    earcons.wait(1)
    won = session.engine.is_won(session.state)

    # words per move: the whole scripted game in text mode
    game = Session("klondike", seed=5)
    words_move: list[int] = []
    words_all: list[int] = []
    for text in commands:
        reply = game.handle(text)
        n = sum(len(s.split()) for s in reply.sentences)
        words_all.append(n)
        if reply.moves:
            words_move.append(n)
    return report(commands, stages, to_earcon, to_speech, exact, won, words_move, words_all, use_session_grammar, cpu,
                  ear if use_session_grammar else "pocketsphinx", voice)


def report(commands, stages, to_earcon, to_speech, exact, won, words_move, words_all, session_grammar,
           cpu: dict[str, list[float]] | None = None, ear: str = "pocketsphinx",
           voice: str | None = None) -> tuple[str, dict]:
    total = sum(statistics.median(v) for k, v in stages.items() if v and k != "grammar")
    grammar = f"Session.recogniser_grammar(), {ear}" if session_grammar else "static Klondike JSGF of tests/audio"
    names = {
        "endpoint": f"end of speech (Endpointer: {DEFAULT_EARLY_SILENCE_MS} ms of silence after a complete command, "
                    f"else {DEFAULT_TRAILING_SILENCE_MS} ms)",
        "grammar": "grammar of the turn (build + set_grammar when it changed; before listening, not in the total)",
        "decode": f"decoding left after the end decision ({ear}, streamed)",
        "parse": "parse",
        "resolve": "resolve + narrate (rest of Session.hear)",
        "engine": "engine (apply the moves)",
        "earcon": "first earcon (load + queue)",
        "tts": "TTS start (pyttsx3 renders the first sentence)",
    }
    lines = [
        f"### Grammar: {grammar}",
        "",
        f"{len(commands)} spoken commands of tests/data/klondike_draw3_seed5_win.txt ({voice or 'espeak-ng en 160 wpm'}, "
        "1 s of room noise before and after); one core of this machine; no sound card, so the device's own "
        "output latency is not included.",
        "",
        "| stage | median ms | p95 ms | share of the median total |",
        "| --- | ---: | ---: | ---: |",
    ]
    for key, label in names.items():
        v = stages[key]
        lines.append(f"| {label} | {statistics.median(v) * 1000:.1f} | {pct(v, 95) * 1000:.1f} | "
                     f"{statistics.median(v) / total * 100:.0f}% |")
    lines += [
        "",
        "| end of speech to ... | median ms | p95 ms |",
        "| --- | ---: | ---: |",
        f"| first sound (the earcon when the answer has one, else speech) | {statistics.median(to_earcon) * 1000:.0f} "
        f"| {pct(to_earcon, 95) * 1000:.0f} |",
        f"| first word of speech | {statistics.median(to_speech) * 1000:.0f} | {pct(to_speech, 95) * 1000:.0f} |",
        "",
        f"Target (issue 4): median under 300 ms with the default end-of-speech setting: "
        f"{'met' if statistics.median(to_earcon) < 0.3 else 'not met'}; the trailing silence alone is "
        f"{statistics.median(stages['endpoint']) * 1000:.0f} ms of it.",
        "",
        f"Decoding accuracy on the side (exact text): {exact}/{len(commands)}. Game won at the end: {won}.",
        "",
        *([f"CPU per utterance (streamed decoding, end of speech, Whisper when asked, the answer; CPU seconds of all "
           f"threads): median {statistics.median(cpu['utterance']) * 1000:.0f} ms, p95 {pct(cpu['utterance'], 95) * 1000:.0f} ms "
           f"(issue 36's target: median <= 250 ms); grammar of the turn, before listening: median "
           f"{statistics.median(cpu['grammar']) * 1000:.0f} ms.", ""] if cpu else []),
        f"Words spoken per move in the full scripted game ({len(words_move)} moves of {len(commands)} commands): "
        f"mean {statistics.mean(words_move):.2f}, median {statistics.median(words_move):.0f}, max {max(words_move)}; "
        f"per command (all replies) {statistics.mean(words_all):.2f}; total {sum(words_all)} words.",
        "",
    ]
    return "\n".join(lines), {"to_earcon": to_earcon, "to_speech": to_speech}


WYOMING_SECTION = "## Wyoming paths (bench/session.py --wyoming)"


def wyoming_paths(n: int) -> str:
    """End of speech to first sound, local vs Wyoming STT vs satellite, on the first ``n`` commands."""
    sys.path.insert(0, str(ROOT / "tests" / "wyoming"))
    from satellite import SatelliteScript, satellite_server
    from servers import SttState, stt_server

    from voicegame.audio.wyoming.satellite import SatelliteLink
    from voicegame.cli.satellite import SatelliteListener, satellite_output
    from voicegame.games import find_game
    from voicegame.play.kiosk import Kiosk, KioskSettings
    from voicegame.audio.recognisers import WyomingRecogniser

    commands = script_commands()[:n]
    rng = np.random.default_rng(5)
    recorded = [padded(text, rng) for text in commands]
    stt = stt_server(SttState())
    paths: dict[str, list[float]] = {"local": [], "wyoming stt": [], "satellite": []}
    try:
        for path in ("local", "wyoming stt"):
            session = Session(find_game("klondike"), {"draw": 3}, 5)
            local = listening_pocketsphinx()
            wyoming = WyomingRecogniser(stt.uri, listening_pocketsphinx)
            earcons = EarconPlayer(SoundOutput(sd=NullSd()))
            speaker = Pyttsx3Speaker(SoundOutput(sd=NullSd()), fallback=PrintSpeaker(io.StringIO()))
            for text, (audio, speech_end) in zip(commands, recorded):
                local.set_grammar(session.recogniser_grammar())
                if path == "local":
                    _, ep_latency = endpoint(audio, speech_end, stream=local)
                    t0 = time.perf_counter()
                    local.finish()
                else:
                    utterance, ep_latency = endpoint(audio, speech_end)
                    t0 = time.perf_counter()
                    wyoming.recognise(utterance)
                reply = session.hear(Heard(text))  # the script's text: the game stays on its line
                if reply.earcons:
                    earcons.play(reply.earcons[0])
                elif reply.sentences:
                    speaker.say(reply.sentences[0])
                paths[path].append(ep_latency + time.perf_counter() - t0)
                speaker.stop()
        script = SatelliteScript(commands, audio=dict(zip(commands, recorded)), realtime=True, quiet_s=0.3)
        server = satellite_server(script)
        link = SatelliteLink(server.uri)
        try:
            output = satellite_output(link)
            speaker = Pyttsx3Speaker(output, fallback=PrintSpeaker(io.StringIO()))
            recogniser = listening_pocketsphinx()

            class Listening(SatelliteListener):
                def listen(self, timeout):  # tells the test satellite when the game listens
                    script.listening.set()
                    try:
                        return super().listen(timeout)
                    finally:
                        script.listening.clear()

            listener = Listening(link, recogniser)
            link.connect()
            kiosk = Kiosk(Session(find_game("klondike"), {"draw": 3}, 5), listener, recogniser, speaker,
                          EarconPlayer(output), KioskSettings(wake_phrase="", max_listen=1.0))
            kiosk.run(max_turns=len(commands), until=kiosk.clock.now() + 30.0 + 10.0 * len(commands))
            paths["satellite"] = script.latencies
        finally:
            link.close()
            server.stop()
    finally:
        stt.stop()
    lines = [WYOMING_SECTION, "",
             f"The first {n} commands of the scripted game, espeak-ng with 1 s of room noise either side; "
             "everything on 127.0.0.1 of this machine (no network, no sound card).", "",
             "| end of speech to first sound | " + " | ".join(paths) + " |",
             "| --- | " + " | ".join("---:" for _ in paths) + " |",
             "| median ms | " + " | ".join(f"{statistics.median(v) * 1000:.0f}" if v else "-" for v in paths.values()) + " |",
             "| p95 ms | " + " | ".join(f"{pct(v, 95) * 1000:.0f}" if v else "-" for v in paths.values()) + " |",
             "| utterances timed | " + " | ".join(str(len(v)) for v in paths.values()) + " |", ""]
    return "\n".join(lines)


def write_section(text: str, section: str = SECTION) -> None:
    """Replace (or append) our section of bench/RESULTS.md; other sections are left as they are."""
    old = RESULTS.read_text() if RESULTS.exists() else "# Bench results\n\n"
    start = old.find(section)
    if start >= 0:
        nxt = old.find("\n## ", start + len(section))
        new = old[:start] + text + (old[nxt + 1 :] if nxt >= 0 else "")
    else:
        new = old.rstrip("\n") + "\n\n" + text
    RESULTS.write_text(new if new.endswith("\n") else new + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write the section into bench/RESULTS.md")
    parser.add_argument("--grammar", choices=("session", "static", "both"), default="both",
                        help="decode with the session's grammar of the turn, the static test grammar, or both")
    parser.add_argument("--recogniser", choices=EARS, default="pocketsphinx", help="the ear (bench/ears.py), with the session's grammar")
    parser.add_argument("--commands", type=int, help="only the script's first N commands")
    parser.add_argument("--voice", help="a voice of bench/voices.py by label (default: espeak-ng en 160)")
    parser.add_argument("--wyoming", type=int, metavar="N", default=0,
                        help="only compare end of speech to first sound: local, Wyoming STT and satellite, on N commands")
    args = parser.parse_args()
    logging.getLogger("voicegame.audio").setLevel(logging.ERROR)
    if args.wyoming:
        text = wyoming_paths(args.wyoming)
        print(text)
        if args.write:
            write_section(text, WYOMING_SECTION)
            print(f"written to {RESULTS}")
        return
    kinds = ("session", "static") if args.grammar == "both" else (args.grammar,)
    text = SECTION + "\n\n" + "\n".join(run(kind, args.recogniser, args.commands, args.voice)[0] for kind in kinds)
    print(text)
    if args.write:
        write_section(text)
        print(f"written to {RESULTS}")


if __name__ == "__main__":
    main()
