#!/usr/bin/env python3
"""Writes a stream of values serialized back to back by pyfory 1.7.7, for the Go stream test.

Usage:
  stream_writer.py OUT [compatible|consistent]

One Fory (xlang, no reference tracking) serializes every value of STREAM, in order, into one
pyfory Buffer with serialize(value, buffer=buf); the written bytes go to OUT with nothing in
between or around them. Go reads them back with fury.NewDecoder (xlang_test/stream_test.go),
which holds the same list of expected values.
"""

import os
import sys

import pyfory

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import types_def as T  # noqa: E402


def stream():
    values = [
        "first",
        T.Person(name="Ann", age=30, email="ann@example.com", tags=["a", "b"], scores={"x": 1}),
        T.Point(x=1, y=-2),
        123456789,
        -1.5,
        True,
        None,
        [1, "two", 3.0],
        {"k": "v"},
        b"\x00\x01\x02",
        "é" * 3,
        "long " * 5000,  # over 16 KiB
        T.Person(name="Bob", age=41, email=None, tags=[], scores={}),
    ]
    for i in range(200):
        values.append(T.Point(x=i, y=i * i))
    values.append("last")
    return values


def main():
    out = sys.argv[1]
    compatible = len(sys.argv) < 3 or sys.argv[2] == "compatible"
    f = pyfory.Fory(xlang=True, ref=False, compatible=compatible)
    f.register(T.Person, name="example.Person")
    f.register(T.Point, name="example.Point")
    buf = pyfory.Buffer.allocate(1 << 16)
    for v in stream():
        f.serialize(v, buffer=buf)
    n = buf.get_writer_index()
    with open(out, "wb") as fh:
        fh.write(buf.to_bytes(0, n))


if __name__ == "__main__":
    main()
