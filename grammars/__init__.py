"""Phrase templates, vocabulary and spoken messages, one folder per language.

Installed as the package ``voicegame.grammars`` (see pyproject.toml) so the files
travel with the wheel; edit them here, not in Python code.
"""
