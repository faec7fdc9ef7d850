#!/usr/bin/env bash
# One command to set up and play, one to set up and test, on a fresh Debian machine:
#   ./run.sh play [voicegame play options...]     e.g. ./run.sh play --seed 7
#   ./run.sh test [pytest options...]
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

stamp=.venv/.installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || [ setup.py -nt "$stamp" ]; then
    echo "Setting up voicegame in .venv (the first time takes a minute or two)..." >&2
    [ -x .venv/bin/python ] || quietly "$setup_log" python3 -m venv .venv
    quietly "$setup_log" .venv/bin/python -m pip install --upgrade pip
    quietly "$setup_log" .venv/bin/python -m pip install -e '.[test]'
    if ! .venv/bin/python -c 'import aec_audio_processing' >/dev/null 2>&1; then
        echo "Building WebRTC's echo canceller for barge-in on a loudspeaker (optional; a few minutes)..." >&2
        .venv/bin/python -m pip install -e '.[aec]' >>"$setup_log" 2>&1 \
            || echo "The echo canceller did not build: the game will stop listening while it speaks." >&2
    fi
    touch "$stamp"
fi

rm -f "$setup_log"  # exec below skips the EXIT trap

what="${1:-play}"
shift || true
case "$what" in
    play) exec .venv/bin/voicegame play "$@" ;;
    test) exec .venv/bin/python -m pytest "$@" ;;
    *) echo "usage: ./run.sh play|test [options]" >&2; exit 2 ;;
esac
