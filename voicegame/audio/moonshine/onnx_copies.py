"""ONNX copies of the model's ``.ort`` files, made once per machine, that onnxruntime can optimise.

An ``.ort`` file is loaded as it is stored: onnxruntime runs none of its graph optimisations on it, so
the 8-bit weights of moonshine-cpp's files are turned back into floats on every call (Cast, Mul, Add
and a transpose of the 32,768 x 416 embedding, about 0.14 CPU-s a decoder step here). onnxruntime can
save what it loaded as ONNX (``SessionOptions.optimized_model_filepath``), and an ONNX file it does
optimise: constant folding does the dequantisation once, at load (a decoder step then takes 0.03 s,
the encoder half its time; the outputs agree to 1e-5). One flaw is mended on the way: the subgraphs of
the merged decoder's ``If`` node are saved without a name, which the ONNX checker refuses, so each
gets one (``named_subgraphs``, a small edit of the protobuf wire format: no ``onnx`` package needed).

The copies live in the user's cache folder, named by the source file's size and time; when anything
fails, the ``.ort`` file is used as it is (slower, same results).
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Iterator

log = logging.getLogger(__name__)

GRAPH_FIELD = 7  # ModelProto.graph
NODE_FIELD, NAME_FIELD = 1, 2  # GraphProto.node, GraphProto.name
ATTRIBUTE_FIELD = 5  # NodeProto.attribute
ATTRIBUTE_NAME, GRAPH_VALUE, GRAPHS_VALUE = 1, 6, 11  # AttributeProto.name, .g, .graphs
LENGTH_DELIMITED = 2


def cache_folder() -> Path:
    """Where the copies are kept: $VOICEGAME_MOONSHINE_CACHE, else the user's cache folder."""
    given = os.environ.get("VOICEGAME_MOONSHINE_CACHE")
    if given:
        return Path(given).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir("voicegame")) / "moonshine"


def onnx_copy(source: Path, folder: Path | None = None) -> Path:
    """The ONNX copy of ``source`` (an ``.ort`` file), made now if it is not there yet; ``source``
    itself when it cannot be made (logged)."""
    if source.suffix != ".ort":
        return source
    stat = source.stat()
    target = (folder or cache_folder()) / f"{source.stem}-{stat.st_size}-{int(stat.st_mtime)}.onnx"
    if target.is_file():
        return target
    try:
        import onnxruntime

        target.parent.mkdir(parents=True, exist_ok=True)
        raw = target.with_suffix(f".{os.getpid()}.raw")
        options = onnxruntime.SessionOptions()
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_BASIC
        options.optimized_model_filepath = str(raw)
        onnxruntime.InferenceSession(str(source), options, providers=["CPUExecutionProvider"])
        mended = target.with_suffix(f".{os.getpid()}.tmp")
        mended.write_bytes(named_subgraphs(raw.read_bytes()))
        raw.unlink()
        os.replace(mended, target)
        return target
    except Exception as e:  # noqa: BLE001 - no copy is a slower model, not a broken one
        log.warning("Could not make an ONNX copy of %s (%s); using it as it is", source.name, e)
        return source


# ------------------------------------------------------------- protobuf wire format
def _varint(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, at
        shift += 7


def _encoded_varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | 0x80 if value else byte)
        if not value:
            return bytes(out)


def _fields(data: bytes) -> Iterator[tuple[int, int, bytes, bytes | None]]:
    """(field number, wire type, the field's raw bytes up to its payload, payload of a length-delimited field)."""
    at = 0
    while at < len(data):
        start = at
        key, at = _varint(data, at)
        number, wire = key >> 3, key & 7
        if wire == 0:
            _, at = _varint(data, at)
        elif wire == 1:
            at += 8
        elif wire == 5:
            at += 4
        elif wire == LENGTH_DELIMITED:
            size, begin = _varint(data, at)
            at = begin + size
            yield number, wire, data[start:begin], data[begin:at]
            continue
        else:
            raise ValueError(f"unsupported protobuf wire type {wire}")
        yield number, wire, data[start:at], None


def _field(number: int, payload: bytes) -> bytes:
    return _encoded_varint(number << 3 | LENGTH_DELIMITED) + _encoded_varint(len(payload)) + payload


def _rewritten(data: bytes, edit: dict[int, object]) -> list[bytes]:
    out = []
    for number, wire, head, payload in _fields(data):
        change = edit.get(number) if wire == LENGTH_DELIMITED else None
        out.append(head + (payload or b"") if change is None else change(payload))  # type: ignore[operator]
    return out


def _graph(data: bytes, name: str) -> bytes:
    count = 0
    named = False

    def node(payload: bytes) -> bytes:
        nonlocal count
        count += 1
        return _field(NODE_FIELD, _node(payload, f"{name}_{count}"))

    def own_name(payload: bytes) -> bytes:
        nonlocal named
        named = named or bool(payload)
        return _field(NAME_FIELD, payload) if payload else b""

    out = _rewritten(data, {NODE_FIELD: node, NAME_FIELD: own_name})
    if not named:
        out.append(_field(NAME_FIELD, name.encode()))
    return b"".join(out)


def _node(data: bytes, name: str) -> bytes:
    return b"".join(_rewritten(data, {ATTRIBUTE_FIELD: lambda payload: _field(ATTRIBUTE_FIELD, _attribute(payload, name))}))


def _attribute(data: bytes, name: str) -> bytes:
    label = next((payload.decode("utf-8", "replace") for number, _, _, payload in _fields(data)
                  if number == ATTRIBUTE_NAME and payload is not None), "graph")
    return b"".join(_rewritten(data, {GRAPH_VALUE: lambda payload: _field(GRAPH_VALUE, _graph(payload, f"{name}_{label}")),
                                      GRAPHS_VALUE: lambda payload: _field(GRAPHS_VALUE, _graph(payload, f"{name}_{label}"))}))


def named_subgraphs(model: bytes) -> bytes:
    """An ONNX model (serialised ModelProto) with a name for every graph that has none."""
    return b"".join(_rewritten(model, {GRAPH_FIELD: lambda payload: _field(GRAPH_FIELD, _graph(payload, "main"))}))
