"""voicegame: solitaire played entirely by voice and by ear."""

__version__ = "0.1.0"
