"""PocketSphinx's model files and the decoders made from them.

The US English acoustic model, pronouncing dictionary and phone language model ship in the
pocketsphinx wheel; ``hmm`` and ``dictionary`` may point elsewhere. Every decoder the recogniser
runs (the grammar's, the phone loop's, the second grammar's and the one that only measures
features) is made here, and so are the two whole-utterance passes over audio they are used for.
"""

from __future__ import annotations

from typing import Any

import numpy as np


def model_paths(pocketsphinx: Any, hmm: str | None, dictionary: str | None) -> tuple[str, str]:
    """The acoustic model folder and the pronouncing dictionary: the given ones, else the wheel's."""
    return (hmm or pocketsphinx.get_model_path("en-us/en-us"),
            dictionary or pocketsphinx.get_model_path("en-us/cmudict-en-us.dict"))


def new_decoder(pocketsphinx: Any, hmm: str | None, dictionary: str | None, sample_rate: int,
                **settings: Any) -> Any:
    """A decoder without a language model (a grammar or a phone loop is given to it), quiet."""
    model, words = model_paths(pocketsphinx, hmm, dictionary)
    return pocketsphinx.Decoder(hmm=model, dict=words, lm=None, samprate=sample_rate, loglevel="FATAL", **settings)


def phone_loop_decoder(pocketsphinx: Any, hmm: str | None, dictionary: str | None, sample_rate: int) -> Any:
    """A decoder that hears any sequence of phones (allphone search with the wheel's phone model)."""
    return new_decoder(pocketsphinx, hmm, dictionary, sample_rate,
                       allphone=pocketsphinx.get_model_path("en-us/en-us-phone.lm.bin"), beam=1e-20, pbeam=1e-20)


def feature_decoder(pocketsphinx: Any, hmm: str | None, dictionary: str | None, sample_rate: int) -> Any:
    """A decoder that only measures features (its grammar is one word, its beams narrow)."""
    decoder = new_decoder(pocketsphinx, hmm, dictionary, sample_rate, beam=1e-5, pbeam=1e-5, wbeam=1e-5)
    decoder.add_fsg("features", decoder.parse_jsgf(b"#JSGF V1.0;\ngrammar f;\npublic <w> = a;\n", "f.w"))
    decoder.activate_search("features")
    return decoder


def cepstral_mean(decoder: Any, audio: np.ndarray) -> str:
    """The cepstral mean of ``audio`` as pocketsphinx computes it for a whole utterance (features
    only, no search), in the form ``Decoder.set_cmn`` takes."""
    decoder.start_utt()
    try:
        decoder.process_raw(audio.tobytes(), no_search=True, full_utt=True)
    finally:
        decoder.end_utt()
    return decoder.get_cmn(False)


def decode_whole(decoder: Any, audio: np.ndarray) -> Any:
    """One whole utterance through a pocketsphinx decoder; its hypothesis (None if none)."""
    decoder.start_utt()
    try:
        decoder.process_raw(audio.tobytes(), no_search=False, full_utt=True)
    finally:
        decoder.end_utt()
    return decoder.hyp()
