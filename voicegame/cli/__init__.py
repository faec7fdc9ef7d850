"""The ``voicegame`` command line: one module per sub-command family (main: play and the
sub-command table; solve; transcribe)."""
