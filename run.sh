#!/usr/bin/env bash
# One command to set up and play, one to set up and test, on a fresh Debian machine:
#   ./run.sh play [voicegame play options...]     e.g. ./run.sh play --seed 7
#   ./run.sh test [pytest options...]
# Installs the Debian packages (espeak-ng, libportaudio2, sox) when missing, using
# sudo if not root, creates .venv, installs voicegame into it, then plays or tests.
set -euo pipefail
cd "$(dirname "$0")"

need_apt=()
command -v espeak-ng >/dev/null 2>&1 || need_apt+=(espeak-ng)
command -v sox >/dev/null 2>&1 || need_apt+=(sox)
ldconfig -p 2>/dev/null | grep -q libportaudio.so.2 || need_apt+=(libportaudio2)
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || need_apt+=(python3-venv)
if [ ${#need_apt[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "Installing Debian packages: ${need_apt[*]}" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
stamp=.venv/.installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    .venv/bin/python -m pip install -q --upgrade pip >/dev/null
    .venv/bin/python -m pip install -q -e '.[test]'
    touch "$stamp"
fi

what="${1:-play}"
shift || true
case "$what" in
    play) exec .venv/bin/voicegame play "$@" ;;
    test) exec .venv/bin/python -m pytest "$@" ;;
    *) echo "usage: ./run.sh play|test [options]" >&2; exit 2 ;;
esac
