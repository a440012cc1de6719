"""Python (pyfory 1.7.7) side of xlang_test/types28_test.go: unions, float16/bfloat16, uint8 arrays,
evolving=false types and reference tracking by the field rules, as foryc's generated Python writes them
(the classes below are written by hand in the form foryc gives them: Union subclasses with a
UnionSerializer, pyfory.field ids, List[Ref[T, False]] for list<T> of messages).

    types28_peer.py write DIR    writes DIR/<case>.<mode>.bin for every case and mode
    types28_peer.py verify DIR   reads the Go-written DIR/<case>.<mode>.bin files and compares each with the
                                 value built here; prints "PASS <case>.<mode>" or "FAIL <case>.<mode>: <why>"

Modes: cr (compatible, ref), cn (compatible, no ref), sr (schema-consistent, ref), sn.
"""

import array
import math
import os
import sys
from typing import Dict, List, Optional

import pyfory
from pyfory import Ref
from pyfory.union import Union, UnionSerializer

field = pyfory.field


# message Dog { string name = 1; int32 age = 2; }
@pyfory.dataclass
class Dog:
    name: str = field(id=1, default="")
    age: pyfory.Int32 = field(id=2, default=0)


# union Animal { Dog dog = 1; string note = 2; int32 count = 3; list<int32> nums = 4; float16 half = 5; }
class Animal(Union):
    @classmethod
    def _from_case_id(cls, case_id, value):
        return cls(case_id, value)

    def __eq__(self, other):
        return isinstance(other, Animal) and self._case_id == other._case_id and norm(self._value) == norm(other._value)

    def __repr__(self):
        return f"Animal({self._case_id}, {self._value!r})"


class AnimalSerializer(UnionSerializer):
    def __init__(self, resolver):
        super().__init__(resolver, Animal, {1: Dog, 2: str, 3: pyfory.Int32, 4: List[pyfory.Int32], 5: pyfory.Float16})


# message UHolder { Animal pet = 1; int32 x = 2; list<Animal> pets = 3; optional Animal opt = 4;
#                   map<string, Animal> byname = 5; }
@pyfory.dataclass
class UHolder:
    pet: Animal = field(id=1, default=None)
    x: pyfory.Int32 = field(id=2, default=0)
    pets: List[Ref[Animal, False]] = field(id=3, default_factory=list)
    opt: Optional[Animal] = field(id=4, nullable=True, default=None)
    byname: Dict[str, Ref[Animal, False]] = field(id=5, default_factory=dict)


# message Halfs { float16 h = 1; bfloat16 b = 2; array<float16> ha = 3; array<bfloat16> ba = 4;
#                 list<float16> hs = 5; array<uint8> u8 = 6; bytes bin = 7; list<bfloat16> bs = 8; }
@pyfory.dataclass
class Halfs:
    h: pyfory.Float16 = field(id=1, default=0.0)
    b: pyfory.BFloat16 = field(id=2, default=0.0)
    ha: pyfory.Array[pyfory.Float16] = field(id=3, default=None)
    ba: pyfory.Array[pyfory.BFloat16] = field(id=4, default=None)
    hs: List[pyfory.Float16] = field(id=5, default_factory=list)
    u8: pyfory.Array[pyfory.UInt8] = field(id=6, default=None)
    bin: bytes = field(id=7, default=b"")
    bs: List[pyfory.BFloat16] = field(id=8, default_factory=list)


# message Plain [evolving=false] { int32 a = 1; string s = 2; }
@pyfory.dataclass(evolving=False)
class Plain:
    a: pyfory.Int32 = field(id=1, default=0)
    s: str = field(id=2, default="")


# message PlainHolder { Plain p = 1; list<Plain> ps = 2; }
@pyfory.dataclass
class PlainHolder:
    p: Optional[Plain] = field(id=1, nullable=True, default=None)
    ps: List[Ref[Plain, False]] = field(id=2, default_factory=list)


# message Item { string name = 1; }
@pyfory.dataclass
class Item:
    name: str = field(id=1, default="")


# message Bag { list<Item> items = 1; map<string, Item> by = 2; Item one = 3; ref Item shared = 4;
#               ref Item again = 5; list<string> names = 6; optional string note = 7; }
@pyfory.dataclass
class Bag:
    items: List[Ref[Item, False]] = field(id=1, default_factory=list)
    by: Dict[str, Ref[Item, False]] = field(id=2, default_factory=dict)
    one: Optional[Item] = field(id=3, nullable=True, default=None)
    shared: Optional[Item] = field(id=4, nullable=True, ref=True, default=None)
    again: Optional[Item] = field(id=5, nullable=True, ref=True, default=None)
    names: List[str] = field(id=6, default_factory=list)
    note: Optional[str] = field(id=7, nullable=True, default=None)


# message Opts { list<optional string> lo = 1; map<string, optional int32> mo = 2; list<string> lp = 3; }
@pyfory.dataclass
class Opts:
    lo: List[Optional[str]] = field(id=1, default_factory=list)
    mo: Dict[str, Optional[pyfory.Int32]] = field(id=2, default_factory=dict)
    lp: List[str] = field(id=3, default_factory=list)


IDS = {"Opts": 109, "Dog": 101, "Animal": 102, "UHolder": 103, "Halfs": 104, "Plain": 105, "PlainHolder": 106,
       "Item": 107, "Bag": 108}


def register(f, named):
    def reg(cls, name):
        if named:
            f.register_type(cls, name="demo." + name)
        else:
            f.register_type(cls, type_id=IDS[name])

    if named:
        f.register_union(Animal, name="demo.Animal", serializer=AnimalSerializer(f.type_resolver))
    else:
        f.register_union(Animal, type_id=IDS["Animal"], serializer=AnimalSerializer(f.type_resolver))
    for cls in (Dog, UHolder, Halfs, Plain, PlainHolder, Item, Bag, Opts):
        reg(cls, cls.__name__)


def bag():
    s = Item("s")
    return Bag(items=[Item("a"), Item("b")], by={"k": Item("v")}, one=Item("o"), shared=s, again=s,
               names=["x", "y"], note="n")


# case -> (builder, modes, named registration)
ALL = ["cr", "cn", "sr", "sn"]
CASES = {
    "union_holder": (lambda: UHolder(pet=Animal(1, Dog("rex", 3)), x=-1, pets=[Animal(2, "a"), Animal(3, 300)],
                                     byname={"k": Animal(2, "v")}), ALL, False),
    "union_holder_opt": (lambda: UHolder(pet=Animal(4, [1, -2, 3]), opt=Animal(5, 1.5), pets=[Animal(1, Dog("d", 1))]),
                         ALL, False),
    "union_root": (lambda: Animal(2, "hi"), ALL, False),
    "union_root_dog": (lambda: Animal(1, Dog("rex", 3)), ALL, False),
    "union_list": (lambda: [Animal(2, "x"), Animal(3, 7)], ALL, False),
    # pyfory 1.7.7 cannot serialize a union registered by name in compatible mode (it builds a TypeDef of the
    # Union class and fails on its case enum): schema-consistent mode only.
    "union_named": (lambda: UHolder(pet=Animal(2, "n"), pets=[Animal(3, 1)]), ["sr", "sn"], True),
    "union_named_root": (lambda: Animal(3, 42), ["sr", "sn"], True),
    "halfs": (lambda: Halfs(h=1.5, b=-2.0, ha=[1.0, 65504.0, -0.000060975551605224609375], ba=[0.5, 3.0e38],
                            hs=[0.25, -0.0, math.inf], u8=array.array("B", [1, 255]), bin=b"\x07",
                            bs=[-1.0, 1.0e-3]), ALL, False),
    "uint8_array_root": (lambda: array.array("B", [0, 1, 254, 255]), ALL, False),
    "plain": (lambda: Plain(a=7, s="p"), ALL, False),
    "plain_named": (lambda: Plain(a=-7, s="q"), ALL, True),
    "plain_holder": (lambda: PlainHolder(p=Plain(1, "x"), ps=[Plain(2, "y"), Plain(3, "z")]), ALL, False),
    "ref_rule_bag": (bag, ALL, False),
    # The TypeDef marks the optional elements and values nullable.
    "nullable_elems": (lambda: Opts(lo=["a", None], mo={"k": 1}, lp=["b"]), ALL, False),
}


def norm(v):
    """A comparable form: dataclasses as dicts, arrays as lists, floats by their bits (NaN == NaN, -0 != 0)."""
    if isinstance(v, float):
        return ("f", repr(v))
    if isinstance(v, Union):
        return ("u", v._case_id, norm(v._value))
    if hasattr(v, "__dataclass_fields__"):
        return (type(v).__name__, tuple((k, norm(getattr(v, k))) for k in v.__dataclass_fields__))
    if isinstance(v, dict):
        return ("d", tuple(sorted((norm(k), norm(x)) for k, x in v.items())))
    if isinstance(v, (bytes, bytearray)):
        return ("b", bytes(v))
    if isinstance(v, (list, tuple, array.array)) or type(v).__name__.endswith("Array"):
        return ("l", tuple(norm(x) for x in v))
    return v


def fory_for(mode, named):
    f = pyfory.Fory(xlang=True, compatible=mode[0] == "c", ref=mode[1] == "r")
    register(f, named)
    return f


def main():
    sub, d = sys.argv[1], sys.argv[2]
    failed = False
    for name, (build, modes, named) in CASES.items():
        for mode in modes:
            key = f"{name}.{mode}"
            f = fory_for(mode, named)
            want = build()
            path = os.path.join(d, key + ".bin")
            try:
                if sub == "write":
                    with open(path, "wb") as out:
                        out.write(f.serialize(want))
                    continue
                # What the value reads back as through pyfory itself (float16 rounding, array types).
                want = f.deserialize(f.serialize(want))
                with open(path, "rb") as inp:
                    data = inp.read()
                got = f.deserialize(data)
                if norm(got) != norm(want):
                    raise AssertionError(f"read {got!r}, want {want!r}")
                print("PASS", key)
            except Exception as e:  # noqa: BLE001 - reported per case
                failed = True
                print(f"FAIL {key}: {type(e).__name__}: {e}".replace("\n", " "))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
