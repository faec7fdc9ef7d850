"""Words: what the player says turned into commands, and what the game says turned into sentences.

Every word comes from ``grammars/<lang>/`` (commands.toml, vocabulary.toml, messages.toml); code
outside this package passes message keys and reasons (``engine.Reason``), never English.

- lexicon.py, templates.py: load the grammar files; the template syntax and its matcher.
- parse.py, command.py: text -> a :class:`Command` (intent, places, numbers).
- resolve.py: a command in a position -> ``Play`` (a move), ``Ask`` (a question's key and choices)
  or ``Refuse`` (a reason): values, not words.
- messages.py: a message key and its values -> a sentence (``say``) or a phrase (``phrase``).
- phrasing.py: how a move is said, and every way the command templates say it.
- readings.py, board.py, events.py: reading the table, the board in brief, what a move did.
- narrate.py: the ``Narrator`` of one game: the phrasing of its moves, holding its readings, board
  and event narration (each holding the messages it says); it also says resolutions.
- catalogue.py: the games catalogue (docs/games.md).
"""
