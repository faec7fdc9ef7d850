"""Earcon WAVs (16-bit mono, 22,050 Hz), installed as ``voicegame.sounds``; remade by scripts/make_earcons.py."""
