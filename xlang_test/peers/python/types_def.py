"""Types shared by the Python peer's cases.

Every type here has a twin in the Java peer (xlang_test/peers/java) and is documented in
xlang_test/CASES.md so the Go mirror structs can be written without reading this file.
Python field names are the wire identifiers (snake_case).
"""

import dataclasses
import datetime
import decimal
import enum
from typing import Any, Dict, List, Optional, Set

import pyfory
from pyfory import (
    Float32,
    Int8,
    Int16,
    Int32,
    Int64,
    FixedInt32,
    FixedInt64,
    TaggedInt64,
)

dc = dataclasses.dataclass
field = pyfory.field


class Color(enum.Enum):
    RED = 0
    GREEN = 1
    BLUE = 2


@dc
class Point:
    x: Int32 = 0
    y: Int32 = 0


@dc
class Person:
    name: str = ""
    age: Int32 = 0
    email: Optional[str] = field(nullable=True, default=None)
    tags: List[str] = None
    scores: Dict[str, Int32] = None


# Scalar edges in one struct: every scalar type, min/max, NaN/Inf, strings in every encoding.
@dc
class Scalars:
    flag_true: bool = False
    flag_false: bool = False
    i8_min: Int8 = 0
    i8_max: Int8 = 0
    i16_min: Int16 = 0
    i16_max: Int16 = 0
    i32_min: Int32 = 0
    i32_max: Int32 = 0
    i64_min: int = 0
    i64_max: int = 0
    f32_val: Float32 = 0.0
    f32_nan: Float32 = 0.0
    f32_inf: Float32 = 0.0
    f64_val: float = 0.0
    f64_nan: float = 0.0
    f64_neg_inf: float = 0.0
    f64_neg_zero: float = 0.0
    s_empty: str = ""
    s_latin1: str = ""
    s_utf16: str = ""
    s_emoji: str = ""
    bin_val: bytes = b""


# The reference SomeClass1/SomeClass2 (Java naming: SomeClass2 is the outer object).
@dc
class SomeClass1:
    f1: Any = None
    f2: Dict[Int8, Int32] = None


@dc
class SomeClass2:
    f1: Any = None
    f2: str = ""
    f3: List[str] = None
    f4: Dict[Int8, Int32] = None
    f5: Int8 = 0
    f6: Int16 = 0
    f7: Int32 = 0
    f8: int = 0
    f9: Float32 = 0.0
    f10: float = 0.0
    f11: pyfory.Int16Array = None
    f12: List[Int16] = None


# The reference circular-reference example.
@dc(eq=False)
class SomeClass:
    f1: Optional["SomeClass"] = field(nullable=True, ref=True, default=None)
    f2: Dict[str, str] = field(ref=True, default=None)
    f3: Dict[str, str] = field(ref=True, default=None)


# Schema evolution pair (same registered name, compatible mode).
@dc
class EvolveV1:
    a: Int32 = 0
    b: str = ""


@dc
class EvolveV2:
    a: Int32 = 0
    b: str = ""
    c: int = 0


# Struct with many fields of mixed types: field ordering.
@dc
class ManyFields:
    z_str: str = ""
    y_i64: int = 0
    x_bool: bool = False
    w_f32: Float32 = 0.0
    v_i8: Int8 = 0
    u_list: List[Int32] = None
    t_map: Dict[str, str] = None
    s_f64: float = 0.0
    r_i16: Int16 = 0
    q_i32: Int32 = 0
    p_opt_i32: Optional[Int32] = field(nullable=True, default=None)
    o_opt_str: Optional[str] = field(nullable=True, default=None)
    n_point: Point = None
    m_color: Color = Color.RED
    l_date: datetime.date = None
    k_ts: datetime.datetime = None
    j_bin: bytes = b""
    i_fixed_i32: FixedInt32 = 0
    h_fixed_i64: FixedInt64 = 0
    g_tagged_i64: TaggedInt64 = 0
    f_i16_arr: pyfory.Int16Array = None
    e_set: Set[str] = None
    d_opt_i64: Optional[int] = field(nullable=True, default=None)
    c_opt_f64: Optional[float] = field(nullable=True, default=None)
    b_opt_bool: Optional[bool] = field(nullable=True, default=None)
    a_dur: datetime.timedelta = None


# Field names of 15, 16, 17 and 35 characters (TypeDef name length escape at 16).
@dc
class LongNames:
    abcdefghijklmno: Int32 = 0
    abcdefghijklmnop: Int32 = 0
    abcdefghijklmnopq: Int32 = 0
    user_name_with_many_characters_here: str = ""


# Types registered by names that need each meta-string encoding (see CASES.md).
@dc
class MetaLower:
    v: Int32 = 0


@dc
class MetaFirstUpper:
    v: Int32 = 0


@dc
class MetaMixed:
    v: Int32 = 0


@dc
class MetaDigits:
    v: Int32 = 0


@dc
class MetaUtf8:
    v: Int32 = 0


# Sample / MediaContent (the reference benchmark objects, mapped to the xlang types of its .proto).
@dc
class Sample:
    int_value: Int32 = 0
    long_value: int = 0
    float_value: Float32 = 0.0
    double_value: float = 0.0
    short_value: Int16 = 0
    char_value: Int32 = 0
    boolean_value: bool = False
    int_value_boxed: Int32 = 0
    long_value_boxed: int = 0
    float_value_boxed: Float32 = 0.0
    double_value_boxed: float = 0.0
    short_value_boxed: Int16 = 0
    char_value_boxed: Int32 = 0
    boolean_value_boxed: bool = False
    int_array: pyfory.Int32Array = None
    long_array: pyfory.Int64Array = None
    float_array: pyfory.Float32Array = None
    double_array: pyfory.Float64Array = None
    short_array: pyfory.Int16Array = None
    char_array: pyfory.Int32Array = None
    boolean_array: pyfory.BoolArray = None
    string: str = ""


class Player(enum.Enum):
    JAVA = 0
    FLASH = 1


class Size(enum.Enum):
    SMALL = 0
    LARGE = 1


@dc
class Media:
    uri: str = ""
    title: Optional[str] = field(nullable=True, default=None)
    width: Int32 = 0
    height: Int32 = 0
    format: str = ""
    duration: int = 0
    size: int = 0
    bitrate: Int32 = 0
    has_bitrate: bool = False
    persons: List[str] = None
    player: Player = Player.JAVA
    copyright: Optional[str] = field(nullable=True, default=None)


@dc
class Image:
    uri: str = ""
    title: Optional[str] = field(nullable=True, default=None)
    width: Int32 = 0
    height: Int32 = 0
    size: Size = Size.SMALL
    media: Optional[Media] = field(nullable=True, default=None)


@dc
class MediaContent:
    media: Media = None
    images: List[Image] = None


# ---- probes: one struct per field type -------------------------------------------------
# (suffix, python annotation or dataclass field spec, value(s)); each probe struct has a single
# field `v`, except the nullable ones which have `a` (set) and `b` (None).
def _probe(name, ann, default=None, nullable=False):
    if ann is None:
        ns = {"__annotations__": {}}
    elif nullable:
        ns = {
            "__annotations__": {"a": Optional[ann], "b": Optional[ann]},
            "a": field(nullable=True, default=None),
            "b": field(nullable=True, default=None),
        }
    else:
        ns = {"__annotations__": {"v": ann}, "v": default}
    cls = type(name, (), ns)
    cls.__module__ = __name__
    cls = dc(cls)
    globals()[name] = cls
    return cls


# suffix -> (class, kwargs for the value)
PROBES = {}


def _add(suffix, cls_name, ann, value, nullable=False):
    cls = _probe(cls_name, ann, nullable=nullable)
    PROBES[suffix] = (cls, value)


_add("bool", "PBool", bool, {"v": True})
_add("int8", "PInt8", Int8, {"v": -100})
_add("int16", "PInt16", Int16, {"v": -300})
_add("int32", "PInt32", Int32, {"v": -70000})
_add("int64", "PInt64", int, {"v": -5000000000})
_add("fixed_int32", "PFixedInt32", FixedInt32, {"v": -70000})
_add("fixed_int64", "PFixedInt64", FixedInt64, {"v": -5000000000})
_add("tagged_int64", "PTaggedInt64", TaggedInt64, {"v": -5000000000})
_add("float32", "PFloat32", Float32, {"v": 1.5})
_add("float64", "PFloat64", float, {"v": -2.25})
_add("string", "PString", str, {"v": "hello"})
_add("binary", "PBinary", bytes, {"v": b"\x01\x02"})
_add("list_int32", "PListInt32", List[Int32], {"v": [1, -1]})
_add("list_string", "PListString", List[str], {"v": ["a", "b"]})
_add("set_string", "PSetString", Set[str], {"v": {"a"}})
_add("map_string_int32", "PMapStringInt32", Dict[str, Int32], {"v": {"a": 1}})
_add("int16_array", "PInt16Array", pyfory.Int16Array, {"v": ("Int16Array", [1, 2])})
_add("struct", "PStruct", Point, {"v": ("Point", 1, 2)})
_add("list_struct", "PListStruct", List[Point], {"v": ("Points", [(1, 2), (3, 4)])})
_add("enum", "PEnum", Color, {"v": Color.GREEN})
_add("nullable_int32", "PNullableInt32", Int32, {"a": 5, "b": None}, nullable=True)
_add("nullable_string", "PNullableString", str, {"a": "x", "b": None}, nullable=True)
_add("timestamp", "PTimestamp", datetime.datetime,
     {"v": datetime.datetime(2024, 1, 2, 3, 4, 5, 123456, tzinfo=datetime.timezone.utc)})
_add("date", "PDate", datetime.date, {"v": datetime.date(2024, 1, 2)})
_add("duration", "PDuration", datetime.timedelta, {"v": datetime.timedelta(seconds=90061, microseconds=5)})
_add("any", "PAny", Any, {"v": "str"})
_add("empty", "PEmpty", None, {})
_add("boxed_int32", "PBoxedInt32", Int32, {"v": 7})
_add("decimal", "PDecimal", decimal.Decimal, {"v": decimal.Decimal("-3.14")})

PROBE_ORDER = list(PROBES)


# ---- edge cases added after the probes (CASES.md, "Edge-case types") ----------------------
# Enum with 130 values: ordinals from 128 take two varuint bytes.
BigEnum = enum.Enum("BigEnum", [(f"V{i}", i) for i in range(130)])
BigEnum.__module__ = __name__


# Unsigned integers at their maxima, in every unsigned encoding.
@dc
class Unsigned:
    u8: pyfory.UInt8 = 0
    u16: pyfory.UInt16 = 0
    u32: pyfory.UInt32 = 0
    u64: pyfory.UInt64 = 0
    fu32: pyfory.FixedUInt32 = 0
    fu64: pyfory.FixedUInt64 = 0
    tu64: pyfory.TaggedUInt64 = 0
    tu64_small: pyfory.TaggedUInt64 = 0


# Nested generic field types: map of lists of structs, list of lists, map of maps, map of sets.
@dc
class Nested:
    groups: Dict[str, List[Point]] = None
    matrix: List[List[Int32]] = None
    lookup: Dict[str, Dict[str, str]] = None
    tags: Dict[str, Set[str]] = None


# A reference graph: shared children, a back edge, a self loop.
@dc(eq=False)
class Node:
    name: str = ""
    next: Optional["Node"] = field(nullable=True, ref=True, default=None)
    children: List["Node"] = field(ref=True, default=None)


# Schema evolution with complex fields the narrow reader must skip (both example.EvolveX).
@dc
class EvolveNarrow:
    a: Int32 = 0
    b: str = ""


@dc
class EvolveWide:
    x_list: List[str] = None
    a: Int32 = 0
    x_map: Dict[str, Point] = None
    x_point: Point = None
    b: str = ""
    x_opt: Optional[str] = field(nullable=True, default=None)
    x_color: Color = Color.RED
    x_nested: Dict[str, List[Int32]] = None
    x_arr: pyfory.Int32Array = None
    x_any: Any = None
