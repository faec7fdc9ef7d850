"""Moonshine base-en (a neural English recogniser, MIT) held to the game's grammar, run with onnxruntime.

One job a module: ``model`` (files and sessions), ``tokenizer`` (pieces and text), ``word_automaton``
(JSGF to words), ``token_automaton`` (words to tokens), ``grammar_cache`` (compiled once a grammar),
``beam_search`` (held and free decoding), ``rejection`` (is it a command) and ``recogniser`` (the
``Recogniser`` protocol). Nothing heavy is imported here: ``recognisers`` builds it only when asked.
"""
