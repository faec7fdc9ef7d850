"""The ``voicegame`` command line: main.py builds the parser and dispatches; every other module is
one sub-command (play, games, stats, config, saves, transcribe, model, solve, replay, kiosk) with its
``add_parser`` and ``run``; common.py holds what several share."""
