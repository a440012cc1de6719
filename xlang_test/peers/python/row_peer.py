#!/usr/bin/env python3
"""Row-format peer: pyfory 1.7.7's pyfory.format against the Go row package.

    row_peer.py write DIR    writes DIR/<case>.bin for every case
    row_peer.py verify DIR   decodes DIR/<case>.bin (written by Go) and compares

A case is encoder(cls).encode(obj) (schema hash, then the row), except
"nested", which pyfory 1.7.7 can only write with to_row: its
compute_schema_hash fails on a list or map directly inside a list or map.
verify prints "PASS <case>" or "FAIL <case>: <reason>" per case and exits 1
if any failed. xlang_test/row_test.go holds the Go mirror of every case.
"""
import dataclasses
import datetime
import os
import sys
import time
import traceback
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
class Group:
    name: str
    members: List[Inner]
    tags: Dict[str, str]
    leader: Optional[Inner]


@dataclasses.dataclass
class Org:
    groups: List[Group]
    by_id: Dict[int, Group]
    scores: Dict[str, float]
    title: Optional[str]


@dataclasses.dataclass
class Large:
    ints: List[int]
    strs: List[str]
    inners: List[Inner]
    m: Dict[pyfory.Int32, str]
    blob: bytes


@dataclasses.dataclass
class Nested:
    ll: List[List[pyfory.Int8]]
    lm: List[Dict[str, int]]
    ml: Dict[str, List[str]]


def all_types():
    return AllTypes(
        b=True, i8=-8, i16=-1600, i32=-320000, i64=-(2**40), f32=1.5, f64=-2.25,
        s="héllo, 世界", bin=b"\x00\x01\xff",
        d=datetime.date(2024, 2, 29),
        ts=datetime.datetime(2024, 2, 29, 12, 34, 56, 789012, tzinfo=UTC),
        inner=Inner(id=7, name="seven"),
        ints=[1, -2, 2**62], i8s=[-128, 0, 127], i16s=[-32768, 32767], i32s=[1, 2, 3, 4, 5],
        f32s=[0.5, -0.25], f64s=[3.125], bools=[True, False, True], strs=["a", "", "ccc"],
        dates=[datetime.date(1970, 1, 1), datetime.date(1969, 12, 31)],
        tss=[datetime.datetime(1970, 1, 1, tzinfo=UTC), datetime.datetime(2000, 1, 1, 0, 0, 0, 1, tzinfo=UTC)],
        bins=[b"\x01", b"xyz"],  # pyfory 1.7.7 cannot write an empty bytes value
        inners=[Inner(id=1, name="one"), Inner(id=2, name=None)],
        m={"a": 1, "bb": 2},
        mi={-1: Inner(id=3, name="three"), 5: Inner(id=4, name="")},
        opt_i=42, opt_s="opt", opt_inner=Inner(id=9, name="nine"),
    )


def all_types_nulls():
    v = all_types()
    v.opt_i = v.opt_s = v.opt_inner = None
    return v


def edge():
    return Edge(e=Empty(), s="", l=[], m={}, ps=[1, None, 3], pi=[None, Inner(id=1, name=None)], wide=[None] * 70 + [1])


def org():
    g1 = Group(name="g1", members=[Inner(id=1, name="a"), Inner(id=2, name=None)], tags={"k": "v"}, leader=Inner(id=1, name="a"))
    g2 = Group(name="g2", members=[], tags={}, leader=None)
    return Org(groups=[g1, g2], by_id={1: g1, 2: g2}, scores={"x": 0.5, "y": -1.0}, title=None)


def large():
    return Large(
        ints=list(range(100000)),
        strs=["s%d" % i for i in range(1000)],
        inners=[Inner(id=i, name=None if i % 3 == 0 else "n%d" % i) for i in range(2000)],
        m={i: "v%d" % i for i in range(500)},
        blob=bytes(range(256)) * 64,
    )


def nested():
    return Nested(ll=[[1], [], None, [2, 3]], lm=[{"a": 1}, {}], ml={"k": ["x", "yy"], "z": []})


CASES = {
    "row_all_types": (AllTypes, all_types),
    "row_all_types_nulls": (AllTypes, all_types_nulls),
    "row_edge": (Edge, edge),
    "row_org": (Org, org),
    "row_large": (Large, large),
    "row_nested": (Nested, nested),
}
NO_HASH = {"row_nested"}


def encode(name):
    cls, make = CASES[name]
    if name in NO_HASH:
        return fmt.create_row_encoder(fmt.infer_schema(cls)).to_row(make()).to_bytes()
    return fmt.encoder(cls).encode(make())


def decode(name, data):
    cls, _ = CASES[name]
    if name in NO_HASH:
        schema = fmt.infer_schema(cls)
        return fmt.create_row_encoder(schema).from_row(fmt.RowData(schema, data))
    return fmt.encoder(cls).decode(data)


def same(want, got, path="value"):
    """Compares an expected dataclass tree with what pyfory decoded."""
    if dataclasses.is_dataclass(want):
        for f in dataclasses.fields(want):
            same(getattr(want, f.name), getattr(got, f.name), path + "." + f.name)
        return
    if isinstance(want, list):
        if not isinstance(got, list) or len(got) != len(want):
            raise AssertionError(f"{path}: want list of {len(want)}, got {got!r:.200}")
        for i, (w, g) in enumerate(zip(want, got)):
            same(w, g, f"{path}[{i}]")
        return
    if isinstance(want, dict):
        if not isinstance(got, dict) or set(got) != set(want):
            raise AssertionError(f"{path}: want keys {sorted(want)!r:.200}, got {got!r:.200}")
        for k in want:
            same(want[k], got[k], f"{path}[{k!r}]")
        return
    if isinstance(want, datetime.datetime):
        want = want.astimezone(UTC).replace(tzinfo=None)  # pyfory reads naive local (UTC here) times
    if want != got or type(want) is not type(got):
        raise AssertionError(f"{path}: want {want!r:.200}, got {got!r:.200}")


def main():
    cmd, directory = sys.argv[1], sys.argv[2]
    if cmd == "write":
        os.makedirs(directory, exist_ok=True)
        for name in CASES:
            with open(os.path.join(directory, name + ".bin"), "wb") as f:
                f.write(encode(name))
        return 0
    failed = False
    for name, (_, make) in CASES.items():
        try:
            with open(os.path.join(directory, name + ".bin"), "rb") as f:
                data = f.read()
            same(make(), decode(name, data))
            print("PASS " + name)
        except Exception as e:  # noqa: BLE001
            failed = True
            msg = "".join(traceback.format_exception_only(type(e), e)).strip().replace("\n", " ")
            print(f"FAIL {name}: {msg}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
