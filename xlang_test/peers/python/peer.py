#!/usr/bin/env python3
"""Python peer (pyfory 1.7.7) for the fury-go cross-language tests.

Usage:
  peer.py list                     print the case names, one per line
  peer.py describe                 print "<case>\t<description>" lines
  peer.py write DIR [CASE...]      build each case's value, serialize it, write DIR/<case>.bin
                                   (out-of-band cases also write DIR/<case>.buf<N>)
  peer.py verify DIR [CASE...]     read DIR/<case>.bin (+ .buf<N>), compare with the value this peer
                                   builds, print "PASS <case>" or "FAIL <case>: <reason>", and write
                                   the re-serialization to DIR/<case>.out.bin (+ .out.buf<N>).
                                   Exit status 1 if any case failed.

Without CASE arguments, write uses every case and verify every case whose .bin exists in DIR.
The case names are the same in the Java peer; CASES.md documents each one.
"""

import array
import dataclasses
import datetime
import decimal
import enum
import math
import os
import struct
import sys
import typing

import pyfory

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import types_def as T  # noqa: E402

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
UTC = datetime.timezone.utc


class Case:
    def __init__(self, name, desc, build, regs=(), ref=False, compatible=True,
                 read_regs=None, expect=None, oob=None):
        self.name = name
        self.desc = desc
        self.build = build
        self.regs = list(regs)
        self.ref = ref
        self.compatible = compatible
        self.read_regs = list(read_regs) if read_regs is not None else self.regs
        self.expect = expect or build
        # oob: None, or a function(index) -> bool telling whether buffer #index stays in-band.
        self.oob = oob

    def fory(self, regs):
        f = pyfory.Fory(xlang=True, ref=self.ref, compatible=self.compatible)
        for cls, key in regs:
            if isinstance(key, int):
                f.register(cls, type_id=key)
            else:
                f.register(cls, name=key)
        return f


CASES = {}


def case(name, desc, build, **kw):
    assert name not in CASES, name
    CASES[name] = Case(name, desc, build, **kw)


def const(v):
    return lambda: v


# ---------------------------------------------------------------- scalars (top level)
case("bool_true", "bool true", const(True))
case("bool_false", "bool false", const(False))
case("int64_small", "int 1 (Python int / Java Long: varint64)", const(1))
case("int64_neg", "int -1 (varint64)", const(-1))
case("int64_300", "int 300 (varint64, 2 bytes)", const(300))
case("int64_max", "int64 max (varint64, 9 bytes)", const(INT64_MAX))
case("int64_min", "int64 min (varint64, 9 bytes)", const(INT64_MIN))
case("narrow_ints_list",
     "list [127, 32767, 2147483647, -2147483648, 1.5]; Java writes Byte/Short/Integer/Integer/Float, "
     "Python int/int/int/int/float (varint64/float64)",
     lambda: [127, 32767, INT32_MAX, INT32_MIN, 1.5])
case("float64_pi", "float64 pi", const(math.pi))
case("float64_nan", "float64 NaN", const(float("nan")))
case("float64_inf", "float64 +Inf", const(float("inf")))
case("float64_neg_inf", "float64 -Inf", const(float("-inf")))
case("float64_neg_zero", "float64 -0.0", const(-0.0))
case("str_empty", "empty string", const(""))
case("str_ascii", "ASCII string 'hello'", const("hello"))
case("str_latin1", "latin1 string 'héllo wörld'", const("héllo wörld"))
case("str_utf16", "BMP non-latin1 string '你好，世界'", const("你好，世界"))
case("str_emoji", "string with astral chars 'emoji 😀🎉' (Python utf8, Java utf16 surrogates)",
     const("emoji 😀🎉"))
case("str_long", "300-char ASCII string (2-byte header)", const("abc" * 100))
case("binary_empty", "empty binary", const(b""))
case("binary", "binary 00 01 fe ff", const(b"\x00\x01\xfe\xff"))

# ---------------------------------------------------------------- primitive arrays
case("bool_array", "bool_array [true,false,true]", lambda: pyfory.BoolArray([True, False, True]))
case("int8_array", "int8_array [-128,0,127]", lambda: array.array("b", [-128, 0, 127]))
case("int16_array", "int16_array [-32768,0,32767]", lambda: array.array("h", [-32768, 0, 32767]))
case("int32_array", "int32_array [min,0,max]", lambda: array.array("i", [INT32_MIN, 0, INT32_MAX]))
case("int64_array", "int64_array [min,0,max]", lambda: array.array("q", [INT64_MIN, 0, INT64_MAX]))
case("float32_array", "float32_array [1.5,NaN,-Inf]",
     lambda: array.array("f", [1.5, float("nan"), float("-inf")]))
case("float64_array", "float64_array [pi,NaN,-Inf]",
     lambda: array.array("d", [math.pi, float("nan"), float("-inf")]))
case("int32_array_empty", "empty int32_array", lambda: array.array("i", []))

# ---------------------------------------------------------------- lists
case("list_empty", "empty list", const([]))
case("list_int64", "list [1,2,3] of int64", lambda: [1, 2, 3])
case("list_str", "list ['a','héllo','你好'] (same type, different string encodings)",
     lambda: ["a", "héllo", "你好"])
case("list_mixed_nulls", "list [1,'a',null,2.5,true]", lambda: [1, "a", None, 2.5, True])
case("list_all_null", "list [null,null]", lambda: [None, None])
case("list_str_nulls", "list ['a',null,'b'] (same type with nulls)", lambda: ["a", None, "b"])
case("list_nested", "list [[1,2],[3],[]]", lambda: [[1, 2], [3], []])
case("list_nested_mixed", "list [['a',null],[1],[[true]]]", lambda: [["a", None], [1], [[True]]])

# ---------------------------------------------------------------- maps
case("map_empty", "empty map", const({}))
case("map_str_int", "map {'a':1,'b':2}", lambda: {"a": 1, "b": 2})
case("map_int_str", "map {1:'a',2:'b'}", lambda: {1: "a", 2: "b"})
case("map_null_value", "map {'a':null,'b':1}", lambda: {"a": None, "b": 1})
case("map_null_key", "map {null:1,'a':2}", lambda: {None: 1, "a": 2})
case("map_mixed_values", "map {'i':1,'s':'x','f':1.5,'b':true} (chunk per value type)",
     lambda: {"i": 1, "s": "x", "f": 1.5, "b": True})
case("map_large_str_int", "map of 300 entries 'k000'..'k299' -> 0..299 (chunks of 255 + 45)",
     lambda: {"k%03d" % i: i for i in range(300)})
case("map_list_values", "map {'a':[1,2],'b':[]}", lambda: {"a": [1, 2], "b": []})

# ---------------------------------------------------------------- sets
case("set_empty", "empty set", lambda: set())
case("set_int", "set {1,2,3}", lambda: {1, 2, 3})
case("set_str", "set {'a','b'}", lambda: {"a", "b"})

# ---------------------------------------------------------------- time
case("date", "date 2024-01-02", const(datetime.date(2024, 1, 2)))
case("date_pre_epoch", "date 1960-06-15", const(datetime.date(1960, 6, 15)))
case("timestamp", "timestamp 2024-01-02T03:04:05.123456Z",
     const(datetime.datetime(2024, 1, 2, 3, 4, 5, 123456, tzinfo=UTC)))
case("timestamp_pre_epoch", "timestamp 1969-12-31T23:59:59.5Z",
     const(datetime.datetime(1969, 12, 31, 23, 59, 59, 500000, tzinfo=UTC)))
case("duration", "duration 1 day + 2 s + 3 us (86402 s, 3000 ns)",
     const(datetime.timedelta(days=1, seconds=2, microseconds=3)))
case("duration_negative", "duration -1.5 s", const(datetime.timedelta(seconds=-1.5)))

# ---------------------------------------------------------------- decimals
case("decimal", "decimal 12.50 (scale 2 kept)", const(decimal.Decimal("12.50")))
case("decimal_big", "decimal -123456789012345678901234567890.12 (unscaled > 63 bits: big form)",
     const(decimal.Decimal("-123456789012345678901234567890.12")))
case("decimal_exponent", "decimal 1E+5 (scale -5)", const(decimal.Decimal("1E+5")))
case("decimal_list", "list of decimals [0, -0.001, 18446744073709551616]",
     lambda: [decimal.Decimal("0"), decimal.Decimal("-0.001"), decimal.Decimal("18446744073709551616")])


# ---------------------------------------------------------------- structs
def person1():
    return T.Person(name="Alice", age=30, email="alice@example.com", tags=["a", "b"],
                    scores={"math": 90, "art": -1})


def person2():
    return T.Person(name="Bob", age=-5, email=None, tags=[], scores={})


for mode, compat in (("sc", False), ("compat", True)):
    case(f"struct_by_id_{mode}", f"Person registered by id 103, {mode}", person1,
         regs=[(T.Person, 103)], compatible=compat)
    case(f"struct_by_name_{mode}", f"Person registered as example.Person, {mode}", person1,
         regs=[(T.Person, "example.Person")], compatible=compat)
    case(f"struct_null_field_{mode}", f"Person (id 103) with null email, empty list/map, {mode}",
         person2, regs=[(T.Person, 103)], compatible=compat)


def scalars():
    return T.Scalars(
        flag_true=True, flag_false=False, i8_min=-128, i8_max=127, i16_min=-32768, i16_max=32767,
        i32_min=INT32_MIN, i32_max=INT32_MAX, i64_min=INT64_MIN, i64_max=INT64_MAX,
        f32_val=-1.25, f32_nan=float("nan"), f32_inf=float("inf"),
        f64_val=1 / 3.0, f64_nan=float("nan"), f64_neg_inf=float("-inf"), f64_neg_zero=-0.0,
        s_empty="", s_latin1="héllo", s_utf16="你好", s_emoji="😀", bin_val=b"\x00\xff")


for mode, compat in (("sc", False), ("compat", True)):
    case(f"scalars_{mode}", f"Scalars struct (example.Scalars): every scalar edge, {mode}", scalars,
         regs=[(T.Scalars, "example.Scalars")], compatible=compat)

for mode, compat in (("sc", False), ("compat", True)):
    case(f"enum_by_id_{mode}", f"Color.BLUE, Color registered by id 101, {mode}", const(T.Color.BLUE),
         regs=[(T.Color, 101)], compatible=compat)
    case(f"enum_by_name_{mode}", f"Color.BLUE, Color registered as example.Color, {mode}",
         const(T.Color.BLUE), regs=[(T.Color, "example.Color")], compatible=compat)
case("enum_list", "list [RED, BLUE, BLUE] of Color (id 101)",
     lambda: [T.Color.RED, T.Color.BLUE, T.Color.BLUE], regs=[(T.Color, 101)])


def some_class():
    obj1 = T.SomeClass1(f1=True, f2={-1: 2})
    return T.SomeClass2(
        f1=obj1, f2="abc", f3=["abc", "abc"], f4={1: 2}, f5=127, f6=32767, f7=INT32_MAX,
        f8=INT64_MAX, f9=1.0 / 2, f10=1 / 3.0, f11=pyfory.Int16Array([1, 2]), f12=[-1, 4])


SOME_REGS = [(T.SomeClass1, "example.SomeClass1"), (T.SomeClass2, "example.SomeClass2")]
for mode, compat in (("sc", False), ("compat", True)):
    case(f"some_class_{mode}", f"reference SomeClass2{{f1: SomeClass1}} (example.SomeClass1/2), {mode}",
         some_class, regs=SOME_REGS, compatible=compat)


def circular():
    obj = T.SomeClass()
    obj.f2 = {"k1": "v1", "k2": "v2"}
    obj.f1 = obj
    obj.f3 = obj.f2
    return obj


for mode, compat in (("sc", False), ("compat", True)):
    case(f"circular_ref_{mode}", f"reference SomeClass (example.SomeClass): f1 = itself, f3 shares f2; "
         f"ref tracking on, {mode}", circular, regs=[(T.SomeClass, "example.SomeClass")], ref=True,
         compatible=compat)

case("evolve_v2_to_v1", "writer EvolveV2{a=1,b='x',c=99}; reader EvolveV1{a,b} (example.Evolve, compat)",
     lambda: T.EvolveV2(a=1, b="x", c=99), regs=[(T.EvolveV2, "example.Evolve")],
     read_regs=[(T.EvolveV1, "example.Evolve")], expect=lambda: T.EvolveV1(a=1, b="x"))
case("evolve_v1_to_v2", "writer EvolveV1{a=1,b='x'}; reader EvolveV2, c defaults to 0 (compat)",
     lambda: T.EvolveV1(a=1, b="x"), regs=[(T.EvolveV1, "example.Evolve")],
     read_regs=[(T.EvolveV2, "example.Evolve")], expect=lambda: T.EvolveV2(a=1, b="x", c=0))


def many_fields():
    return T.ManyFields(
        z_str="z", y_i64=-2, x_bool=True, w_f32=0.5, v_i8=-8, u_list=[1, 2], t_map={"k": "v"},
        s_f64=2.5, r_i16=-16, q_i32=32, p_opt_i32=7, o_opt_str=None, n_point=T.Point(1, 2),
        m_color=T.Color.GREEN, l_date=datetime.date(2000, 1, 1),
        k_ts=datetime.datetime(2000, 1, 1, 0, 0, 1, tzinfo=UTC), j_bin=b"\x07", i_fixed_i32=-32,
        h_fixed_i64=-64, g_tagged_i64=1 << 40, f_i16_arr=pyfory.Int16Array([3]), e_set={"s"},
        d_opt_i64=None, c_opt_f64=1.5, b_opt_bool=False, a_dur=datetime.timedelta(seconds=1))


MANY_REGS = [(T.ManyFields, "example.ManyFields"), (T.Point, "example.Point"),
             (T.Color, "example.Color")]
for mode, compat in (("sc", False), ("compat", True)):
    case(f"many_fields_{mode}", f"ManyFields: 26 fields of mixed types (field ordering), {mode}",
         many_fields, regs=MANY_REGS, compatible=compat)
    case(f"long_names_{mode}", f"LongNames: field names of 15/16/17/35 chars, {mode}",
         lambda: T.LongNames(1, 2, 3, "u"), regs=[(T.LongNames, "example.LongNames")],
         compatible=compat)

META_REGS = [
    (T.MetaLower, "example.lower_name"),
    (T.MetaFirstUpper, "example.Firstupper"),
    (T.MetaMixed, "org.FuryGo_NS.MixedCaseTypeName"),
    (T.MetaDigits, "ns2.Type2Digits_X9"),
    (T.MetaUtf8, "my-ns.Type-With-Dash"),
]
for mode, compat in (("sc", False), ("compat", True)):
    case(f"meta_names_{mode}", f"list of 5 structs registered by names needing each meta-string "
         f"encoding, {mode}",
         lambda: [T.MetaLower(1), T.MetaFirstUpper(2), T.MetaMixed(3), T.MetaDigits(4), T.MetaUtf8(5)],
         regs=META_REGS, compatible=compat)


def sample():
    return T.Sample(
        int_value=123, long_value=1230000, float_value=12.345, double_value=1.234567,
        short_value=12345, char_value=ord("!"), boolean_value=True,
        int_value_boxed=321, long_value_boxed=3210000, float_value_boxed=54.321,
        double_value_boxed=7.654321, short_value_boxed=32100, char_value_boxed=ord("$"),
        boolean_value_boxed=False,
        int_array=pyfory.Int32Array([-1234, -123, -12, -1, 0, 1, 12, 123, 1234]),
        long_array=pyfory.Int64Array([-123400, -12300, -1200, -100, 0, 100, 1200, 12300, 123400]),
        float_array=pyfory.Float32Array([-12.34, -12.3, -12, -1, 0, 1, 12, 12.3, 12.34]),
        double_array=pyfory.Float64Array([-1.234, -1.23, -12, -1, 0, 1, 12, 1.23, 1.234]),
        short_array=pyfory.Int16Array([-1234, -123, -12, -1, 0, 1, 12, 123, 1234]),
        char_array=pyfory.Int32Array([ord(c) for c in "asdfASDF"]),
        boolean_array=pyfory.BoolArray([True, False, False, True]),
        string="ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")


def media_content():
    media = T.Media(uri="http://javaone.com/keynote.ogg", title=None, width=641, height=481,
                    format="video/theora\u1234", duration=18000001, size=58982401, bitrate=0,
                    has_bitrate=False, persons=["Bill Gates, Jr.", "Steven Jobs"],
                    player=T.Player.FLASH, copyright="Copyright (c) 2009, Scooby Dooby Doo")
    images = [
        T.Image("http://javaone.com/keynote_huge.jpg", "Javaone Keynote\u1234", 32000, 24000,
                T.Size.LARGE, None),
        T.Image("http://javaone.com/keynote_large.jpg", None, 1024, 768, T.Size.LARGE, None),
        T.Image("http://javaone.com/keynote_small.jpg", None, 320, 240, T.Size.SMALL, None),
    ]
    return T.MediaContent(media=media, images=images)


MEDIA_REGS = [(T.MediaContent, "example.MediaContent"), (T.Media, "example.Media"),
              (T.Image, "example.Image"), (T.Player, "example.Player"), (T.Size, "example.Size")]
for mode, compat in (("sc", False), ("compat", True)):
    case(f"sample_{mode}", f"reference Sample (example.Sample), {mode}", sample,
         regs=[(T.Sample, "example.Sample")], compatible=compat)
    case(f"media_content_{mode}", f"reference MediaContent (example.MediaContent/Media/Image, enums "
         f"example.Player/Size), {mode}", media_content, regs=MEDIA_REGS, compatible=compat)
    case(f"list_of_structs_{mode}", f"list [Point(1,2), Point(3,4)] (Point id 102), {mode}",
         lambda: [T.Point(1, 2), T.Point(3, 4)], regs=[(T.Point, 102)], compatible=compat)
    case(f"map_int_struct_{mode}", f"map {{1: Point(1,2), 2: Point(3,4)}} (Point id 102), {mode}",
         lambda: {1: T.Point(1, 2), 2: T.Point(3, 4)}, regs=[(T.Point, 102)], compatible=compat)
    case(f"map_large_str_struct_{mode}", f"map of 300 'k000'..'k299' -> Point(i,-i) (id 102), {mode}",
         lambda: {"k%03d" % i: T.Point(i, -i) for i in range(300)}, regs=[(T.Point, 102)],
         compatible=compat)


# ---------------------------------------------------------------- reference tracking
def shared_list():
    inner = [1]
    return [inner, inner]


def shared_map():
    m = {"a": 1}
    return [m, m]


def shared_struct():
    p = T.Point(1, 2)
    return [p, p]


def shared_string():
    s = "shared"
    return [s, s]


case("ref_shared_list", "ref on: l=[1]; [l, l]", shared_list, ref=True)
case("ref_shared_map", "ref on: m={'a':1}; [m, m]", shared_map, ref=True)
case("ref_shared_struct_sc", "ref on: p=Point(1,2) (id 102); [p, p], sc", shared_struct,
     regs=[(T.Point, 102)], ref=True, compatible=False)
case("ref_shared_struct_compat", "ref on: p=Point(1,2) (id 102); [p, p], compat", shared_struct,
     regs=[(T.Point, 102)], ref=True, compatible=True)
case("ref_shared_string", "ref on: s='shared'; [s, s] (are strings ref-tracked?)", shared_string,
     ref=True)
case("ref_list_mixed", "ref on: [1,'a',null,[2]] (flags with tracking on)", lambda: [1, "a", None, [2]],
     ref=True)


# ---------------------------------------------------------------- out-of-band buffers
def oob_value():
    return ["str", b"\x01\x02\x03", array.array("i", [1, 2, 3]), b"\x04\x05", array.array("d", [1.5])]


case("oob_buffers", "out-of-band: ['str', b'\\x01\\x02\\x03', int32_array[1,2,3], b'\\x04\\x05', "
     "float64_array[1.5]]; every buffer out of band", oob_value, oob=lambda i: False)
case("oob_bytes_only", "out-of-band: ['str', b'\\x01\\x02\\x03', b'\\x04\\x05'], all out of band "
     "(the shape both peers agree on)", lambda: ["str", b"\x01\x02\x03", b"\x04\x05"],
     oob=lambda i: False)
case("oob_mixed", "out-of-band, same value, buffer #0 out of band, the others in band", oob_value,
     oob=lambda i: i != 0)


# ---------------------------------------------------------------- probes
def probe_value(cls, spec):
    kw = {}
    for k, v in spec.items():
        if isinstance(v, tuple):
            kind = v[0]
            if kind == "Int16Array":
                v = pyfory.Int16Array(v[1])
            elif kind == "Point":
                v = T.Point(v[1], v[2])
            elif kind == "Points":
                v = [T.Point(a, b) for a, b in v[1]]
        kw[k] = v
    return cls(**kw)


for idx, suffix in enumerate(T.PROBE_ORDER):
    cls, spec = T.PROBES[suffix]
    for mode, compat in (("sc", False), ("compat", True)):
        for reg in ("name", "id"):
            if reg == "name":
                regs = [(cls, "probe." + cls.__name__), (T.Point, "example.Point"),
                        (T.Color, "example.Color")]
            else:
                regs = [(cls, 300 + idx), (T.Point, 102), (T.Color, 101)]
            case(f"probe_{suffix}_{mode}_{reg}",
                 f"probe {cls.__name__} ({'probe.' + cls.__name__ if reg == 'name' else 300 + idx}), "
                 f"{mode}", (lambda c=cls, s=spec: probe_value(c, s)), regs=regs, compatible=compat)


# ---------------------------------------------------------------- edge cases
case("str_long_64k", "70000-char ASCII string (> 64 KiB)", const("abcdefg" * 10000))
case("str_long_utf16_64k", "'你好' * 20000 (40000 BMP chars, 80000 UTF-16 bytes)", const("你好" * 20000))
case("str_long_emoji_64k", "'😀a' * 25000 (surrogate pairs, > 64 KiB in every encoding)",
     const("😀a" * 25000))
case("str_astral_list", "list ['𝄞', 'a😀b', '\\x00nul', 'é😀', '\\uffff', '\\U0010ffff'] (surrogate "
     "pairs at the ends, NUL, U+FFFF, the last code point)",
     lambda: ["𝄞", "a😀b", "\x00nul", "é😀", "\uffff", "\U0010ffff"])
case("binary_large", "binary of 100000 bytes i % 256 (zero bytes included)",
     lambda: bytes(i % 256 for i in range(100000)))
case("float64_extremes", "list of float64 [max, -max, 5e-324, 2.2250738585072014e-308, -0.0, NaN, +Inf]",
     lambda: [1.7976931348623157e308, -1.7976931348623157e308, 5e-324, 2.2250738585072014e-308, -0.0,
              float("nan"), float("inf")])
# Whole seconds in year 9999: pyfory converts through a float of seconds, exact to the microsecond only
# within about 285 years of 1970 (9999-12-31T23:59:59.999999 reads back as year 10000).
case("timestamp_extremes", "list of timestamps [0001-01-01T00:00:00Z, 9999-12-31T23:59:59Z, "
     "1900-01-01T00:00:00.000001Z, 1969-12-31T23:59:59.999999Z]",
     lambda: [datetime.datetime(1, 1, 1, tzinfo=UTC), datetime.datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC),
              datetime.datetime(1900, 1, 1, 0, 0, 0, 1, tzinfo=UTC),
              datetime.datetime(1969, 12, 31, 23, 59, 59, 999999, tzinfo=UTC)])
case("timestamp_nanos", "timestamp 1969-12-31T23:59:59.999999999Z from Java (nanoseconds before the "
     "epoch); Python has microseconds: 1969-12-31T23:59:59.999999Z",
     const(datetime.datetime(1969, 12, 31, 23, 59, 59, 999999, tzinfo=UTC)))
case("date_extremes", "list of dates [0001-01-01, 9999-12-31, 1970-01-01, 1969-12-31]",
     lambda: [datetime.date(1, 1, 1), datetime.date(9999, 12, 31), datetime.date(1970, 1, 1),
              datetime.date(1969, 12, 31)])
DECIMAL_EXTREMES = ["1E-40", "-9.87654321E+50", "123456789012345678901234567890123456789012345678901234567890",
                    "9223372036854775807", "-9223372036854775808", "9223372036854775808",
                    "-170141183460469231731687303715884105728", "0.0000", "-1"]
case("decimal_extremes", "list of decimals " + ", ".join(DECIMAL_EXTREMES) +
     " (tiny and huge scales, int64 and int128 boundaries, > 128-bit unscaled)",
     lambda: [decimal.Decimal(s) for s in DECIMAL_EXTREMES])
for mode, compat in (("sc", False), ("compat", True)):
    case(f"enum_extremes_{mode}", f"list of BigEnum (130 values, id 110) [V0, V127, V128, V129], {mode}",
         lambda: [T.BigEnum.V0, T.BigEnum.V127, T.BigEnum.V128, T.BigEnum.V129],
         regs=[(T.BigEnum, 110)], compatible=compat)
    case(f"unsigned_{mode}", f"Unsigned (id 112): every unsigned encoding at its maximum, {mode}",
         lambda: T.Unsigned(u8=255, u16=65535, u32=2**32 - 1, u64=2**64 - 1, fu32=2**32 - 1,
                            fu64=2**64 - 1, tu64=2**64 - 1, tu64_small=1),
         regs=[(T.Unsigned, 112)], compatible=compat)
    case(f"nested_generics_{mode}", f"Nested (id 111): map<str,list<Point>>, list<list<int32>>, "
         f"map<str,map<str,str>>, map<str,set<str>> fields, {mode}",
         lambda: T.Nested(groups={"a": [T.Point(1, 2), T.Point(3, 4)], "b": []},
                          matrix=[[1, 2], [], [3]], lookup={"x": {"k": "v"}, "y": {}}, tags={"t": {"s"}}),
         regs=[(T.Nested, 111), (T.Point, 102)], compatible=compat)
    case(f"map_str_list_struct_{mode}", f"map {{'a': [Point(1,2), Point(3,4)], 'b': [], 'c': [Point(5,6)]}} "
         f"(Point id 102), {mode}",
         lambda: {"a": [T.Point(1, 2), T.Point(3, 4)], "b": [], "c": [T.Point(5, 6)]},
         regs=[(T.Point, 102)], compatible=compat)
    case(f"list_any_structs_{mode}", f"list [Point(1,2), null, 'x', Point(3,4), 7] (Point id 102), {mode}",
         lambda: [T.Point(1, 2), None, "x", T.Point(3, 4), 7], regs=[(T.Point, 102)], compatible=compat)
    case(f"list_10k_structs_{mode}", f"list of 10000 Point(i,-i) (id 102), {mode}",
         lambda: [T.Point(i, -i) for i in range(10000)], regs=[(T.Point, 102)], compatible=compat)
    case(f"list_empty_structs_{mode}", f"list of 3 PEmpty (id 326, no fields), {mode}",
         lambda: [T.PEmpty(), T.PEmpty(), T.PEmpty()], regs=[(T.PEmpty, 326)], compatible=compat)
case("collections_empty", "list [[], {}, '', b'', set()]", lambda: [[], {}, "", b"", set()])


def ref_graph():
    a, b, c = T.Node("a"), T.Node("b"), T.Node("c")
    a.children = [b, c, b]
    b.next, b.children = a, [c]
    c.next, c.children = c, [a]
    return a


def ref_map_values():
    p = T.Point(1, 2)
    return {"a": p, "b": p, "c": T.Point(1, 2)}


for mode, compat in (("sc", False), ("compat", True)):
    case(f"ref_graph_{mode}", f"ref on: Node (id 113) a{{children [b, c, b]}}, b.next = a, b.children = [c], "
         f"c.next = c, c.children = [a], {mode}", ref_graph, regs=[(T.Node, 113)], ref=True, compatible=compat)
    case(f"ref_empty_children_{mode}", f"ref on: Node (id 113) {{name 'e', next null, children []}}: an empty "
         f"list in a ref-tracked field, {mode}", lambda: T.Node("e", None, []), regs=[(T.Node, 113)], ref=True,
         compatible=compat)
    case(f"ref_map_values_{mode}", f"ref on: p = Point(1,2); {{'a': p, 'b': p, 'c': Point(1,2)}} "
         f"(id 102), {mode}", ref_map_values, regs=[(T.Point, 102)], ref=True, compatible=compat)


def evolve_wide():
    return T.EvolveWide(x_list=["p", "q"], a=1, x_map={"k": T.Point(1, 2)}, x_point=T.Point(3, 4), b="x",
                        x_opt="o", x_color=T.Color.BLUE, x_nested={"n": [1, 2]},
                        x_arr=pyfory.Int32Array([5, 6]), x_any=T.Point(7, 8))


EVOLVE_X_REGS = [(T.Point, 102), (T.Color, 101)]
case("evolve_skip_complex", "writer EvolveWide (example.EvolveX: list, map<str,Point>, Point, nullable str, "
     "enum, map<str,list<int32>>, int32_array, any = Point around a, b); reader EvolveNarrow{a, b} (compat)",
     evolve_wide, regs=[(T.EvolveWide, "example.EvolveX")] + EVOLVE_X_REGS,
     read_regs=[(T.EvolveNarrow, "example.EvolveX")] + EVOLVE_X_REGS,
     expect=lambda: T.EvolveNarrow(a=1, b="x"))


# ---------------------------------------------------------------- equality
def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def _float_eq(a, b, is_f32):
    if math.isnan(a) and math.isnan(b):
        return True
    if a == b:
        return math.copysign(1, a) == math.copysign(1, b) if a == 0 else True
    return is_f32 and f32(a) == f32(b)


_F32_HINTS = {pyfory.Float32}
_ARRAY_TYPES = tuple(
    getattr(pyfory, n) for n in ("BoolArray", "Int8Array", "Int16Array", "Int32Array", "Int64Array",
                                 "Float32Array", "Float64Array", "UInt8Array", "UInt16Array",
                                 "UInt32Array", "UInt64Array"))


def _seq_is_f32(x):
    return (isinstance(x, array.array) and x.typecode == "f") or type(x).__name__ == "Float32Array"


def _elem_hint(hint, i):
    args = typing.get_args(hint)
    if not args:
        return None
    return args[i] if i < len(args) else None


def deq(a, b, path="$", hint=None, seen=None):
    """Deep equality; returns None when equal, else a string describing the first difference."""
    if seen is None:
        seen = set()
    key = (id(a), id(b))
    if key in seen:
        return None
    is_f32 = hint in _F32_HINTS
    if a is None or b is None:
        return None if a is None and b is None else f"{path}: {a!r} != {b!r}"
    if isinstance(a, decimal.Decimal) or isinstance(b, decimal.Decimal):
        # Exact: same value and same exponent (12.50 != 12.5).
        if type(a) is not type(b) or a.as_tuple() != b.as_tuple():
            return f"{path}: {a!r} != {b!r}"
        return None
    if isinstance(a, bool) or isinstance(b, bool):
        if type(a) is not type(b) or a != b:
            return f"{path}: {a!r} != {b!r}"
        return None
    if isinstance(a, float) or isinstance(b, float):
        if not isinstance(a, (int, float)) or not isinstance(b, (int, float)):
            return f"{path}: {a!r} != {b!r}"
        return None if _float_eq(float(a), float(b), is_f32) else f"{path}: {a!r} != {b!r}"
    if isinstance(a, int) and isinstance(b, int):
        return None if a == b else f"{path}: {a!r} != {b!r}"
    arr = (array.array,) + _ARRAY_TYPES
    # Java has no int8 array: byte[] travels as binary. Compare as signed bytes.
    if isinstance(b, (bytes, bytearray)) and isinstance(a, arr) and getattr(a, "typecode", "b") == "b":
        b = array.array("b", bytes(b))
    if isinstance(a, arr) or isinstance(b, arr):
        if not isinstance(a, arr + (list,)) or not isinstance(b, arr + (list,)):
            return f"{path}: {type(a).__name__} vs {type(b).__name__}"
        la, lb = list(a), list(b)
        if len(la) != len(lb):
            return f"{path}: length {len(la)} != {len(lb)}"
        f = _seq_is_f32(a) or _seq_is_f32(b)
        for i, (x, y) in enumerate(zip(la, lb)):
            r = deq(x, y, f"{path}[{i}]", pyfory.Float32 if f else None, seen)
            if r:
                return r
        return None
    if isinstance(a, (bytes, bytearray, memoryview)) and isinstance(b, (bytes, bytearray, memoryview)):
        return None if bytes(a) == bytes(b) else f"{path}: {bytes(a)!r} != {bytes(b)!r}"
    if type(a) is not type(b) and not (isinstance(a, (list, tuple)) and isinstance(b, (list, tuple))):
        if not (isinstance(a, (set, frozenset)) and isinstance(b, (set, frozenset))):
            return f"{path}: type {type(a).__name__} != {type(b).__name__} ({a!r} vs {b!r})"
    seen.add(key)
    if dataclasses.is_dataclass(a):
        hints = typing.get_type_hints(type(a), include_extras=True)
        for fld in dataclasses.fields(a):
            h = hints.get(fld.name)
            # unwrap Optional[X]
            if typing.get_origin(h) is typing.Union:
                args = [x for x in typing.get_args(h) if x is not type(None)]
                h = args[0] if len(args) == 1 else h
            r = deq(getattr(a, fld.name), getattr(b, fld.name), f"{path}.{fld.name}", h, seen)
            if r:
                return r
        return None
    if isinstance(a, (list, tuple)):
        if len(a) != len(b):
            return f"{path}: length {len(a)} != {len(b)}"
        eh = _elem_hint(hint, 0)
        for i, (x, y) in enumerate(zip(a, b)):
            r = deq(x, y, f"{path}[{i}]", eh, seen)
            if r:
                return r
        return None
    if isinstance(a, dict):
        if set(a.keys()) != set(b.keys()):
            return f"{path}: keys {sorted(map(repr, a.keys()))} != {sorted(map(repr, b.keys()))}"
        vh = _elem_hint(hint, 1)
        for k in a:
            r = deq(a[k], b[k], f"{path}[{k!r}]", vh, seen)
            if r:
                return r
        return None
    if isinstance(a, (set, frozenset)):
        return None if set(a) == set(b) else f"{path}: {a!r} != {b!r}"
    if isinstance(a, (str, enum.Enum, datetime.date, datetime.timedelta)):
        return None if a == b else f"{path}: {a!r} != {b!r}"
    return None if a == b else f"{path}: {a!r} != {b!r}"


# ---------------------------------------------------------------- commands
def write_case(c, d, obj, suffix="", fory=None):
    fory = fory or c.fory(c.regs)
    if c.oob is None:
        data = fory.serialize(obj)
        bufs = []
    else:
        collected = []
        count = [0]

        def cb(bo):
            i = count[0]
            count[0] += 1
            in_band = c.oob(i)
            if not in_band:
                collected.append(bytes(bo.getbuffer()))
            return in_band

        data = fory.serialize(obj, buffer_callback=cb)
        bufs = collected
    with open(os.path.join(d, f"{c.name}{suffix}.bin"), "wb") as fh:
        fh.write(data)
    for i, b in enumerate(bufs):
        with open(os.path.join(d, f"{c.name}{suffix}.buf{i}"), "wb") as fh:
            fh.write(b)


def read_buffers(d, name):
    bufs = []
    i = 0
    while os.path.exists(os.path.join(d, f"{name}.buf{i}")):
        with open(os.path.join(d, f"{name}.buf{i}"), "rb") as fh:
            bufs.append(fh.read())
        i += 1
    return bufs


def verify_case(c, d):
    with open(os.path.join(d, c.name + ".bin"), "rb") as fh:
        data = fh.read()
    fory = c.fory(c.read_regs)
    if data and data[0] & 0x02:
        bufs = read_buffers(d, c.name)
        obj = fory.deserialize(data, buffers=[memoryview(b) for b in bufs])
    else:
        obj = fory.deserialize(data)
    diff = deq(c.expect(), obj)
    try:
        write_case(c, d, obj, ".out", fory=c.fory(c.read_regs))
    except Exception as e:  # pragma: no cover - reported as failure
        return diff or f"re-serialization failed: {type(e).__name__}: {e}"
    return diff


def select(names):
    for n in names:
        if n not in CASES:
            sys.exit(f"unknown case {n!r}")
    return [CASES[n] for n in names] if names else list(CASES.values())


def main(argv):
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    cmd, rest = argv[0], argv[1:]
    if cmd == "list":
        for n in CASES:
            print(n)
        return 0
    if cmd == "describe":
        for c in CASES.values():
            print(f"{c.name}\t{c.desc}")
        return 0
    if cmd in ("write", "verify"):
        if not rest:
            print(f"usage: peer.py {cmd} DIR [CASE...]", file=sys.stderr)
            return 2
        d, names = rest[0], rest[1:]
        os.makedirs(d, exist_ok=True)
        failed = 0
        for c in select(names):
            if cmd == "write":
                try:
                    write_case(c, d, c.build())
                except Exception as e:
                    failed += 1
                    print(f"FAIL {c.name}: write: {type(e).__name__}: {e}")
                continue
            path = os.path.join(d, c.name + ".bin")
            if not os.path.exists(path):
                if names:
                    failed += 1
                    print(f"FAIL {c.name}: {path} missing")
                continue
            try:
                r = verify_case(c, d)
            except Exception as e:
                r = f"{type(e).__name__}: {e}"
            if r:
                failed += 1
                print(f"FAIL {c.name}: {r}")
            else:
                print(f"PASS {c.name}")
        sys.stdout.flush()
        return 1 if failed else 0
    print(f"unknown command {cmd!r}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    # Fixed hash seed: set/dict-of-set iteration order (and so the bytes written) is reproducible.
    if os.environ.get("PYTHONHASHSEED") != "0":
        os.environ["PYTHONHASHSEED"] = "0"
        os.execv(sys.executable, [sys.executable] + sys.argv)
    sys.exit(main(sys.argv[1:]))
