#!/usr/bin/env python3
"""Arrow peer: pyarrow 26.0.1 (and pyfory 1.7.7's ArrowWriter) against row/rowarrow.

    arrow_peer.py write DIR    writes DIR/<case>.arrow (an IPC file) or DIR/<case>.arrows (an IPC stream)
    arrow_peer.py verify DIR   reads DIR/<case>.arrow (written by Go) and compares it with the case's table

Each case is a table in the forms Arrow producers write (dictionary-encoded
strings and binaries, string_view/binary_view, large_*, list_view,
fixed_size_list, the null type, several batches, batches of no rows,
nested structs, lists and maps of structs with nulls at every level, columns
in another order than the row schema's). Go reads the file into rows of the Go mirror type
(row/rowarrow/internal/xlangpeer) and writes the rows back as an IPC file
in its own forms; verify compares what Go wrote with the case's table
value by value, and, where pyarrow can cast Go's forms to the case's, the
cast table with the case's table.

The REFUSED tables (a column of another type, an extra or a missing
column) are written only: Go checks that its error names the column and
both types.

The case "concat" is a batch pyfory's ArrowWriter writes from rows of a
dataclass; Go writes the same values with rowarrow.PyforyNullability, and
verify concatenates Go's table and pyfory's (pa.concat_tables), which needs
equal schemas. verify prints "PASS <case>" or "FAIL <case>: <reason>" per
case and exits 1 if any failed. xlang_test/arrow_test.go runs both sides.
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

import pyarrow as pa  # noqa: E402
import pyfory  # noqa: E402
import pyfory.format as fmt  # noqa: E402
from pyfory.format import ArrowWriter  # noqa: E402

UTC = datetime.timezone.utc


def dictionary():
    names = ["red", "green", "red", "blue", "green", "red"]
    cat = pa.DictionaryArray.from_arrays(pa.array([0, None, 1, 0, None, 0], pa.int8()), pa.array(["x", "y"]))
    tags = pa.DictionaryArray.from_arrays(pa.array([1, 0, 1, 1, 0, 2], pa.int8()), pa.array([b"a", b"bb", b""]))
    return pa.table({
        "cat": cat,  # a pandas categorical with missing values
        "id": pa.array(range(6), pa.int64()),
        "name": pa.array(names).dictionary_encode(),  # dictionary<int32, utf8>
        "tag": tags,
    })


def views():
    long = "a string longer than twelve bytes, kept out of line"
    return pa.table({
        "b": pa.array([b"", b"\x00\x01", long.encode()], pa.binary_view()),
        "opt_s": pa.array([None, "x", long], pa.string_view()),
        "s": pa.array(["", "short", long], pa.string_view()),
    })


def large():
    return pa.table({
        "b": pa.array([b"\xff", b""], pa.large_binary()),
        "l": pa.array([[1, 2, 3], []], pa.large_list(pa.int64())),
        "ll": pa.array([[["a"], []], [["b", "c"]]], pa.large_list(pa.large_list(pa.large_string()))),
        "s": pa.array(["héllo", ""], pa.large_string()),
    })


def list_view():
    # Views out of order and overlapping, as list_view allows.
    l = pa.ListViewArray.from_arrays(pa.array([4, 0, 2, 1], pa.int32()), pa.array([2, 3, 0, 2], pa.int32()),
                                     pa.array([10, 11, 12, 13, 14, 15], pa.int32()))
    ls = pa.array([["a", "b"], None, [], ["c"]], pa.large_list_view(pa.string()))
    return pa.table({"l": l, "ls": ls})


def fixed_size_list():
    pt = pa.struct([("x", pa.int32()), ("y", pa.int32())])
    return pa.table({
        "pts": pa.array([[{"x": 1, "y": 2}, {"x": 3, "y": 4}], [{"x": 5, "y": 6}, {"x": 7, "y": 8}]], pa.list_(pt, 2)),
        "v": pa.array([[0.5, 1.5, 2.5], [-1.0, 0.0, 1.0]], pa.list_(pa.float64(), 3)),
    })


def null_column():
    return pa.table({"id": pa.array([1, 2], pa.int64()), "missing": pa.nulls(2)})


def chunked_batches():
    # Three batches, each with a dictionary of its own (an IPC stream
    # replaces the dictionary between batches).
    sch = pa.schema([("id", pa.int64()), ("name", pa.dictionary(pa.int32(), pa.string()))])
    parts = [(0, ["a", "b"]), (2, ["c", "c"]), (4, ["d"])]
    return sch, [pa.record_batch([pa.array(range(i, i + len(n)), pa.int64()), pa.array(n).dictionary_encode()], schema=sch)
                 for i, n in parts]


def chunked():
    sch, batches = chunked_batches()
    return pa.Table.from_batches(batches, sch)


def reordered():
    # The columns and the struct's children in another order than the
    # row schema's (which sorts them by name): a and b, both int64, would
    # be swapped if read by position.
    leaf = pa.array([{"name": "n0", "id": 7}, {"name": None, "id": 8}], pa.struct([("name", pa.string()), ("id", pa.int32())]))
    return pa.table({"s": ["x", "y"], "leaf": leaf, "b": pa.array([1000, 2000], pa.int64()), "a": pa.array([0, 1], pa.int64())})


ITEM = pa.struct([("sku", pa.string()), ("qty", pa.int32())])
OUTER = pa.struct([("label", pa.string()), ("inner", pa.struct([("z", pa.int64()), ("w", pa.list_(pa.string()))]))])


def nested():
    # Lists of structs, a struct in a struct, a map of structs, with nulls
    # at every level (a null list, element, struct, child and map value),
    # children in another order than the row schema's.
    return pa.table({
        "items": pa.array([[{"sku": "a", "qty": 1}, None, {"sku": None, "qty": 2}], None, []], pa.list_(ITEM)),
        "outer": pa.array([{"label": "l", "inner": {"z": 1, "w": ["x", None]}}, None, {"label": None, "inner": None}], OUTER),
        "by_sku": pa.array([[("k", {"sku": "s", "qty": 3}), ("n", None)], None, []], pa.map_(pa.string(), ITEM)),
        "id": pa.array([1, 2, 3], pa.int64()),
    })


def empty_batches_parts():
    # Batches of 0, 2, 0 and 1 rows, each dictionary-encoded on its own.
    sch = pa.schema([("id", pa.int64()), ("items", pa.list_(ITEM)), ("name", pa.dictionary(pa.int32(), pa.string()))])
    parts = [[], [(0, "a"), (1, "b")], [], [(2, "c")]]
    return sch, [pa.record_batch([pa.array([i for i, _ in p], pa.int64()),
                                  pa.array([[{"sku": n, "qty": i}] for i, n in p], pa.list_(ITEM)),
                                  pa.array([n for _, n in p], pa.string()).dictionary_encode()], schema=sch)
                 for p in parts]


def empty_batches():
    sch, batches = empty_batches_parts()
    return pa.Table.from_batches(batches, sch)


def empty():
    # A batch of zero rows of nested types.
    return nested().slice(0, 0)


CASES = {
    "dictionary": dictionary,
    "views": views,
    "large": large,
    "list_view": list_view,
    "fixed_size_list": fixed_size_list,
    "null_column": null_column,
    "chunked": chunked,
    "reordered": reordered,
    "nested": nested,
    "empty_batches": empty_batches,
    "empty": empty,
}


def bad_type():
    # items[].qty is int64 here, int32 in the row schema.
    t = nested()
    wide = pa.struct([("sku", pa.string()), ("qty", pa.int64())])
    return t.set_column(t.column_names.index("items"), "items", t.column("items").cast(pa.list_(wide)))


def bad_type_empty():
    # The same mismatch in a batch without rows: refused before any value.
    return bad_type().slice(0, 0)


def extra_column():
    return nested().append_column("note", pa.array(["a", None, "c"]))


def missing_column():
    # No column for the row schema's nullable field outer.
    return nested().drop_columns(["outer"])


# Tables Go refuses to read into its row type: the error names the column
# and both types (checked by xlangpeer); nothing is written back.
REFUSED = {
    "bad_type": bad_type,
    "bad_type_empty": bad_type_empty,
    "extra_column": extra_column,
    "missing_column": missing_column,
}


@dataclasses.dataclass
class Item:
    qty: pyfory.Int32
    sku: str


@dataclasses.dataclass
class Order:
    blob: bytes
    day: datetime.date
    id: int
    items: List[Item]
    note: Optional[str]
    placed: datetime.datetime
    ratio: float
    tags: Dict[str, Item]


def orders():
    return [
        Order(blob=b"\x01", day=datetime.date(2024, 2, 29), id=1, items=[Item(qty=2, sku="a-1"), Item(qty=1, sku="b-2")],
              note=None, placed=datetime.datetime(2024, 2, 29, 12, 34, 56, 789012, tzinfo=UTC), ratio=0.5,
              tags={"k": Item(qty=3, sku="c")}),
        Order(blob=b"xyz", day=datetime.date(1969, 12, 31), id=-2, items=[], note="rush",
              placed=datetime.datetime(1960, 1, 1, tzinfo=UTC), ratio=-1.25, tags={}),
    ]


def pyfory_batch():
    """The orders as pyfory writes them to Arrow: rows to ArrowWriter."""
    schema = fmt.to_arrow_schema(fmt.infer_schema(Order))
    enc = fmt.encoder(Order)
    w = ArrowWriter(schema)
    for o in orders():
        w.write(enc.to_row(o))
    return w.finish()


def write(d):
    os.makedirs(d, exist_ok=True)
    for name, make in CASES.items():
        if name in ("chunked", "empty_batches"):
            sch, batches = chunked_batches() if name == "chunked" else empty_batches_parts()
            with pa.ipc.new_stream(os.path.join(d, name + ".arrows"), sch) as w:
                for b in batches:
                    w.write_batch(b)
            continue
        t = make()
        with pa.ipc.new_file(os.path.join(d, name + ".arrow"), t.schema) as w:
            w.write_table(t)
    for name, make in REFUSED.items():
        t = make()
        with pa.ipc.new_file(os.path.join(d, name + ".arrow"), t.schema) as w:
            w.write_table(t)
    b = pyfory_batch()
    with pa.ipc.new_file(os.path.join(d, "concat.arrow"), b.schema) as w:
        w.write_batch(b)


def read(path):
    with pa.memory_map(path) as src:
        return pa.ipc.open_file(src).read_all()


def check_case(name, got):
    want = CASES[name]()
    if got.column_names != sorted(want.column_names):
        return f"Go's columns {got.column_names}, want {sorted(want.column_names)}"
    got_rows, want_rows = got.to_pylist(), want.to_pylist()
    if got_rows != want_rows:
        return f"values differ:\n  Go:      {got_rows}\n  pyarrow: {want_rows}"
    # Go writes the canonical forms; cast them to the producer's where
    # pyarrow can and compare the arrays themselves.
    for col in want.column_names:
        w = want.column(col).combine_chunks()
        try:
            g = got.column(col).combine_chunks().cast(w.type)
        except (pa.ArrowNotImplementedError, pa.ArrowInvalid, pa.ArrowTypeError):
            continue  # no cast to this form (list_view, null): the values matched above
        if g.type != w.type or g.to_pylist() != w.to_pylist():
            return f"column {col}: Go's {got.column(col).type} cast to {w.type} is {g}, want {w}"
    return None


def check_concat(got):
    py = pa.Table.from_batches([pyfory_batch()])
    if not got.schema.equals(py.schema):
        return f"schemas differ:\n  Go:     {got.schema}\n  pyfory: {py.schema}"
    both = pa.concat_tables([got, py])
    rows = both.to_pylist()
    if rows[: len(orders())] != rows[len(orders()):]:
        return f"values differ:\n  Go:     {rows[:len(orders())]}\n  pyfory: {rows[len(orders()):]}"
    return None


def verify(d):
    failed = False
    for name in list(CASES) + ["concat"]:
        try:
            got = read(os.path.join(d, name + ".arrow"))
            reason = check_concat(got) if name == "concat" else check_case(name, got)
        except Exception:
            reason = traceback.format_exc().strip().replace("\n", " | ")
        if reason is None:
            print(f"PASS {name}")
        else:
            failed = True
            print(f"FAIL {name}: {reason}")
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("write", "verify"):
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    if sys.argv[1] == "write":
        write(sys.argv[2])
        sys.exit(0)
    sys.exit(verify(sys.argv[2]))
