"""Python (pyfory 1.7.7) side of xlang_test/article_test.go: the values of the Go programs of the Fury
design article (custom types, a circular reference, zero copy), declared as pyfory 1.7.7 needs them
to exchange bytes with those programs.

    article_peer.py write DIR    writes DIR/py_<case>.bin (and py_<case>.buf<N>, the out-of-band buffers)
    article_peer.py verify DIR   reads the Go-written DIR/go_<case>.bin (and its buffers), compares each with
                                 the value built here; prints "PASS <case>" or "FAIL <case>: <why>"

The cases and what each side declares:

customtypes  Go: fury.NewFury(false) (compatible mode, no reference tracking). The Go program's outer
             type is SomeClass1 (twelve fields) and its inner one SomeClass2 (two), registered as
             example.SomeClass1 and example.SomeClass2; here they are the same. Fields are the Go
             fields' snake_case names; int8/int16/int32/float32 fields and map keys and values carry
             pyfory's narrow types; F11 []int16 is an int16 array (pyfory.Int16Array), F12
             fury.Int16Slice a list of int16 (List[Int16]); F3 []interface{} is List[Any].
circular     Go: fury.NewFury(true) (reference tracking of every field). SomeClass (example.SomeClass, the
             class of types_def.py): f1 points to the object itself, f3 shares f2's dict; every field is
             declared pyfory.field(ref=True), f1 also nullable (a Go pointer field).
zerocopy     Go: fury.NewFury(true). The list ["str", 1000 zero bytes], its bytes out of band.

Both sides use compatible mode, Go's default (pyfory's is schema-consistent).
"""

import os
import sys
from dataclasses import dataclass
from typing import Any, Dict, List

import pyfory
from pyfory import Float32, Int8, Int16, Int32

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from types_def import SomeClass  # noqa: E402


# The Go program's SomeClass1 is the outer type (types_def.py follows the Java program, whose outer type is
# SomeClass2), and its F3 is a []interface{}.
@dataclass
class SomeClass1:
    f1: Any = None
    f2: str = ""
    f3: List[Any] = None
    f4: Dict[Int8, Int32] = None
    f5: Int8 = 0
    f6: Int16 = 0
    f7: Int32 = 0
    f8: int = 0
    f9: Float32 = 0.0
    f10: float = 0.0
    f11: pyfory.Int16Array = None
    f12: List[Int16] = None


@dataclass
class SomeClass2:
    f1: Any = None
    f2: Dict[Int8, Int32] = None


def custom_value():
    obj2 = SomeClass2(f1=True, f2={-1: 2})
    return SomeClass1(
        f1=obj2, f2="abc", f3=["abc", "abc"], f4={1: 2}, f5=2**7 - 1, f6=2**15 - 1, f7=2**31 - 1,
        f8=2**63 - 1, f9=1.0 / 2, f10=1 / 3.0, f11=pyfory.Int16Array([1, 2]), f12=[-1, 4])


def check_custom(got):
    want = custom_value()
    if not isinstance(got, SomeClass1) or not isinstance(got.f1, SomeClass2):
        return f"read {got!r}, want a SomeClass1 holding a SomeClass2"
    for name in ("f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f10", "f12"):
        if getattr(got, name) != getattr(want, name):
            return f"{name}: {getattr(got, name)!r} != {getattr(want, name)!r}"
    if list(got.f11) != [1, 2]:
        return f"f11: {got.f11!r} != [1, 2]"
    if got.f1 != want.f1:
        return f"f1: {got.f1!r} != {want.f1!r}"
    return None


def circular_value():
    obj = SomeClass()
    obj.f2 = {"k1": "v1", "k2": "v2"}
    obj.f1, obj.f3 = obj, obj.f2
    return obj


def check_circular(got):
    if not isinstance(got, SomeClass):
        return f"read {got!r}, want a SomeClass"
    if got.f1 is not got:
        return "f1 is not the object itself"
    if got.f3 is not got.f2:
        return "f3 is not f2's dict"
    if got.f2 != {"k1": "v1", "k2": "v2"}:
        return f"f2: {got.f2!r}"
    return None


def zerocopy_value():
    return ["str", bytes(1000)]


def check_zerocopy(got):
    if not isinstance(got, list) or len(got) != 2 or got[0] != "str" or bytes(got[1]) != bytes(1000):
        return f"read {got!r:.80}, want ['str', 1000 zero bytes]"
    return None


def new_fory(ref, regs):
    f = pyfory.Fory(xlang=True, ref=ref, compatible=True)
    for cls, name in regs:
        f.register(cls, name=name)
    return f


# name: (reference tracking, registrations, value, check, out of band)
CASES = {
    "customtypes": (False, [(SomeClass1, "example.SomeClass1"), (SomeClass2, "example.SomeClass2")],
                    custom_value, check_custom, False),
    "circular": (True, [(SomeClass, "example.SomeClass")], circular_value, check_circular, False),
    "zerocopy": (True, [], zerocopy_value, check_zerocopy, True),
}


def write(d):
    for name, (ref, regs, value, _, oob) in CASES.items():
        fory = new_fory(ref, regs)
        bufs = []
        if oob:
            # The article's buffer_callback=serialized_objects.append: a falsy return sends the
            # buffer out of band.
            objs = []
            data = fory.serialize(value(), buffer_callback=objs.append)
            bufs = [bytes(o.getbuffer()) for o in objs]
        else:
            data = fory.serialize(value())
        with open(os.path.join(d, f"py_{name}.bin"), "wb") as fh:
            fh.write(data)
        for i, b in enumerate(bufs):
            with open(os.path.join(d, f"py_{name}.buf{i}"), "wb") as fh:
                fh.write(b)


def verify(d):
    failed = 0
    for name, (ref, regs, _, check, _) in CASES.items():
        try:
            with open(os.path.join(d, f"go_{name}.bin"), "rb") as fh:
                data = fh.read()
            bufs = []
            while os.path.exists(os.path.join(d, f"go_{name}.buf{len(bufs)}")):
                with open(os.path.join(d, f"go_{name}.buf{len(bufs)}"), "rb") as fh:
                    bufs.append(memoryview(fh.read()))
            fory = new_fory(ref, regs)
            got = fory.deserialize(data, buffers=bufs) if bufs else fory.deserialize(data)
            why = check(got)
        except Exception as e:
            why = f"{type(e).__name__}: {e}"
        if why:
            failed += 1
            print(f"FAIL {name}: {why}")
        else:
            print(f"PASS {name}")
    return 1 if failed else 0


def main(argv):
    if len(argv) != 2 or argv[0] not in ("write", "verify"):
        print(__doc__, file=sys.stderr)
        return 2
    if argv[0] == "write":
        write(argv[1])
        return 0
    return verify(argv[1])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
