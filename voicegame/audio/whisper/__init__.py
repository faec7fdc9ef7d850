"""Whisper: the free transcriber and the second opinion it gives on what another recogniser heard."""
