#!/usr/bin/env python3
"""Writes pyfory_golden.json: rows encoded by pyfory 1.7.7's pyfory.format.

Run from the repository root with the peers' venv:

    .venv/bin/python row/testdata/gen_golden.py > row/testdata/pyfory_golden.json

Each case holds the hex of encoder(cls).encode(obj) ("encoded": schema hash
then row) or, where pyfory 1.7.7 cannot build an encoder (a list or map
directly inside a list or map makes its compute_schema_hash fail), the hex
of create_row_encoder(schema).to_row(obj) ("row"). The Go structs in
golden_test.go mirror these dataclasses. Dicts are written in sorted key
order, the order the Go encoder writes map entries in.
"""
import dataclasses
import datetime
import json
import os
import time
from typing import Dict, List, Optional

os.environ["TZ"] = "UTC"
time.tzset()

import pyfory  # noqa: E402
import pyfory.format as fmt  # noqa: E402

UTC = datetime.timezone.utc


@dataclasses.dataclass
class Inner:
    id: pyfory.Int32
    name: Optional[str]


@dataclasses.dataclass
class AllTypes:
    b: bool
    i8: pyfory.Int8
    i16: pyfory.Int16
    i32: pyfory.Int32
    i64: int
    f32: pyfory.Float32
    f64: float
    s: str
    bin: bytes
    d: datetime.date
    ts: datetime.datetime
    inner: Inner
    ints: List[int]
    i8s: List[pyfory.Int8]
    i16s: List[pyfory.Int16]
    i32s: List[pyfory.Int32]
    f32s: List[pyfory.Float32]
    f64s: List[float]
    bools: List[bool]
    strs: List[str]
    dates: List[datetime.date]
    tss: List[datetime.datetime]
    bins: List[bytes]
    inners: List[Inner]
    m: Dict[str, int]
    mi: Dict[pyfory.Int32, Inner]
    opt_i: Optional[int]
    opt_s: Optional[str]
    opt_inner: Optional[Inner]


@dataclasses.dataclass
class Empty:
    pass


@dataclasses.dataclass
class Edge:
    e: Empty
    s: str
    l: List[int]
    m: Dict[str, str]
    ps: List[Optional[int]]
    pi: List[Optional[Inner]]
    wide: List[Optional[pyfory.Int8]]


@dataclasses.dataclass
class Nested:
    ll: List[List[pyfory.Int8]]
    lm: List[Dict[str, int]]
    ml: Dict[str, List[str]]


def all_types():
    return AllTypes(
        b=True,
        i8=-8,
        i16=-1600,
        i32=-320000,
        i64=-(2**40),
        f32=1.5,
        f64=-2.25,
        s="héllo, 世界",
        bin=b"\x00\x01\xff",
        d=datetime.date(2024, 2, 29),
        ts=datetime.datetime(2024, 2, 29, 12, 34, 56, 789012, tzinfo=UTC),
        inner=Inner(id=7, name="seven"),
        ints=[1, -2, 2**62],
        i8s=[-128, 0, 127],
        i16s=[-32768, 32767],
        i32s=[1, 2, 3, 4, 5],
        f32s=[0.5, -0.25],
        f64s=[3.125],
        bools=[True, False, True],
        strs=["a", "", "ccc"],
        dates=[datetime.date(1970, 1, 1), datetime.date(1969, 12, 31)],
        tss=[datetime.datetime(1970, 1, 1, tzinfo=UTC), datetime.datetime(2000, 1, 1, 0, 0, 0, 1, tzinfo=UTC)],
        bins=[b"\x01", b"xyz"],  # pyfory 1.7.7 cannot write an empty bytes value
        inners=[Inner(id=1, name="one"), Inner(id=2, name=None)],
        m={"a": 1, "bb": 2},
        mi={-1: Inner(id=3, name="three"), 5: Inner(id=4, name="")},
        opt_i=42,
        opt_s="opt",
        opt_inner=Inner(id=9, name="nine"),
    )


def all_types_nulls():
    v = all_types()
    v.opt_i = None
    v.opt_s = None
    v.opt_inner = None
    return v


def edge():
    return Edge(e=Empty(), s="", l=[], m={}, ps=[1, None, 3], pi=[None, Inner(id=1, name=None)], wide=[None] * 70 + [1])


def main():
    cases = []

    def encoded(name, cls, obj):
        enc = fmt.encoder(cls)
        data = enc.encode(obj)
        back = enc.decode(data)

        cases.append({"name": name, "schema": str(enc.schema), "hash": enc.schema_hash, "encoded": data.hex()})

    encoded("all_types", AllTypes, all_types())
    encoded("all_types_nulls", AllTypes, all_types_nulls())
    encoded("edge", Edge, edge())
    big = Edge(e=Empty(), s="x" * 1000, l=list(range(5000)), m={str(i): str(i) for i in sorted(range(50), key=str)}, ps=[], pi=[], wide=[])
    encoded("large", Edge, big)

    schema = fmt.infer_schema(Nested)
    row = fmt.create_row_encoder(schema).to_row(Nested(ll=[[1], [], None, [2, 3]], lm=[{"a": 1}, {}], ml={"k": ["x", "yy"], "z": []}))
    cases.append({"name": "nested", "schema": str(schema), "row": row.to_bytes().hex()})
    print(json.dumps({"pyfory": pyfory.__version__, "cases": cases}, indent=1))


if __name__ == "__main__":
    main()
