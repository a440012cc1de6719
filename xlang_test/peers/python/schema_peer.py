"""Python side of the schema tests (xlang_test/schema_test.go).

The values are instances of the classes foryc generates from the shared
schemas in xlang_test/schemas/; the Go side builds the same values from the
types furygen generates from the same files.

    schema_peer.py GENDIR MODE write DIR [CASE...]    # DIR/<case>.py.bin
    schema_peer.py GENDIR MODE verify DIR [CASE...]   # reads DIR/<case>.go.bin

GENDIR holds the modules foryc wrote (--python_out); MODE is "compatible"
or "consistent" (schema-consistent). Each case prints PASS <case> or
FAIL <case>: <reason>. Exit status 1 when a case failed.
"""

import array
import dataclasses
import datetime
import decimal
import enum
import importlib
import math
import os
import sys
import traceback

import pyfory

GENDIR, MODE, CMD, DIR = sys.argv[1:5]
ONLY = sys.argv[5:]
sys.path.insert(0, GENDIR)


def module(name):
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


common = module("xlang_common")
core = module("xlang_core")
xtypes = module("xlang_xtypes")
evolve = module("xlang_evolve")
shop = module("xlang_shop")
named = module("xlang_named")
unions = module("xlang_unions")
fbs = module("xlang_fbs")
money_mod = module("xlang_money")
order_mod = module("xlang_order")
billing_mod = module("xlang_billing")

UTC = datetime.timezone.utc


def new_fory():
    f = pyfory.Fory(xlang=True, ref=True, compatible=(MODE == "compatible"))
    for m in (common, core, xtypes, evolve, shop, named, unions, fbs, money_mod, order_mod, billing_mod):
        if m is not None:
            getattr(m, "register_%s_types" % m.__name__)(f)
    return f


# ---- the cases ---------------------------------------------------------

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def money(units, cur):
    return common.Money(units=units, currency=cur)


if core is not None:
    C = core

    @case
    def scalars():
        return C.Scalars(
            b=True, i8=-8, i16=-1600, i32=-320000, fi32=-5, i64=-(2**40), fi64=2**50, ti64=-(2**33),
            u8=200, u16=60000, u32=4000000000, fu32=3000000000, u64=2**63 + 5, fu64=2**64 - 1, tu64=2**40,
            f32=1.5, f64=-2.25e300, s="héllo, 世界 🌍", raw=b"\x00\x01\xfe\xff",
            day=datetime.date(2024, 2, 29),
            at=datetime.datetime(2024, 1, 2, 3, 4, 5, 678000, tzinfo=UTC),
            took=datetime.timedelta(seconds=90, microseconds=250),
            price=decimal.Decimal("-12345.6789"),
        )

    @case
    def scalars_zero():
        return C.Scalars(
            b=False, i8=0, i16=0, i32=0, fi32=0, i64=0, fi64=0, ti64=0, u8=0, u16=0, u32=0, fu32=0, u64=0,
            fu64=0, tu64=0, f32=0.0, f64=0.0, s="", raw=b"", day=datetime.date(1970, 1, 1),
            at=datetime.datetime(1970, 1, 1, tzinfo=UTC), took=datetime.timedelta(0), price=decimal.Decimal("0"),
        )

    @case
    def optionals_set():
        return C.Optionals(i32=-7, i64=2**40, s="x", b=False, f64=0.5, status=C.Status.SUSPENDED,
                           names=["a", ""], counts={"k": 3}, raw=b"\x01")

    @case
    def optionals_unset():
        return C.Optionals()

    @case
    def optionals_empty():
        return C.Optionals(names=[], counts={}, raw=b"", s="")

    @case
    def collections():
        return C.Collections(
            i32s=[1, -2, 2**31 - 1], fi64s=[-(2**62), 7], strings=["a", "", "ünï"], f64s=[1.5, -0.0],
            bools=[True, False], statuses=[C.Status.ACTIVE, C.Status.UNKNOWN, C.Status.SUSPENDED],
            monies=[money(5, common.Currency.EUR), money(-1, common.Currency.JPY)],
            maybe_strings=["x", None, ""],
            i32_array=array.array("i", [3, -4]), f64_array=array.array("d", [0.25]),
            bool_array=[True, False, True], i64_array=array.array("q", [2**40]), i16_array=array.array("h", [-3]),
            counts={"a": 1, "b": -2}, names={1: "one", -2: "minus two"},
            prices={"p": money(9, common.Currency.USD)},
            labels={C.Status.ACTIVE: "on", C.Status.SUSPENDED: "off"},
            times=[datetime.datetime(2000, 1, 1, tzinfo=UTC)],
            maybe_names={"s": "v"},
        )

    @case
    def collections_empty():
        return C.Collections(
            i32s=[], fi64s=[], strings=[], f64s=[], bools=[], statuses=[], monies=[], maybe_strings=[],
            i32_array=array.array("i"), f64_array=array.array("d"), bool_array=[], i64_array=array.array("q"),
            i16_array=array.array("h"), counts={}, names={}, prices={}, labels={}, times=[], maybe_names={},
        )

    @case
    def order():
        line = C.Order.Line(sku="A-1", quantity=2, price=money(150, common.Currency.EUR))
        return C.Order(
            id="o-1", lines=[line, C.Order.Line(sku="B", quantity=0, price=None)], channel=C.Order.Channel.STORE,
            total=money(300, common.Currency.EUR), currency=common.Currency.JPY, status=C.Status.ACTIVE,
            first=C.Order.Line(sku="A-1", quantity=2, price=money(150, common.Currency.EUR)),
            created_at_ms=1700000000000,
        )

    @case
    def node_cycle():
        a = C.Node(name="a", next=None, children=[], plain=None)
        b = C.Node(name="b", next=a, children=[a], plain=C.Node(name="p", next=None, children=[], plain=None))
        a.next = b
        a.children = [b, a]
        return a

    @case
    def graph_shared():
        n1 = C.Node(name="n1", next=None, children=[], plain=None)
        n2 = C.Node(name="n2", next=n1, children=[n1], plain=None)
        return C.Graph(a=n1, b=n1, all=[n1, n2, n1], by_name={"one": n1, "two": n2})

    @case
    def ids_and_aliases():
        return C.Holder(pinned=C.Pinned(label="p"), renamed=C.Renamed(label="r"), elsewhere=C.Elsewhere(n=3),
                        level=C.Level.HIGH, pins=[C.Pinned(label="x"), C.Pinned(label="y")])

    @case
    def dynamic():
        return C.Dynamic(value="text", values=[1, "two", True, None], by_key={"a": 1.5, "m": money(1, common.Currency.EUR)})

    @case
    def root_enum():
        return C.Status.SUSPENDED

    @case
    def root_imported():
        return money(-99, common.Currency.JPY)


if core is not None:
    @case
    def map_optional_values():
        return C.Collections(
            i32s=[], fi64s=[], strings=[], f64s=[], bools=[], statuses=[], monies=[], maybe_strings=[],
            i32_array=array.array("i"), f64_array=array.array("d"), bool_array=[], i64_array=array.array("q"),
            i16_array=array.array("h"), counts={}, names={}, prices={}, labels={}, times=[],
            maybe_names={"n": None, "s": "v"},
        )


if shop is not None:
    S = shop

    def item(sku, kind):
        return S.Item(sku=sku, stock=12, delta=-3, views=2**40, balance=-(2**40), small=7, big=2**63, f32=2**31,
                      f64=2**63 + 1, sf32=-9, sf64=-(2**62), ratio=0.5, price=19.99, active=True, blob=b"\x07",
                      kind=kind)

    @case
    def proto_item():
        return item("A", S.Kind.BOOK)

    @case
    def proto_cart():
        shared = item("S", S.Kind.MUSIC)
        return S.Cart(
            id="c1", lines=[S.Cart.Line(item=item("A", S.Kind.BOOK), count=-2), S.Cart.Line(item=None, count=1)],
            totals={"eur": -5, "usd": 2**40}, items={"a": item("A", S.Kind.BOOK)}, note="n",
            at=datetime.datetime(2021, 6, 7, 8, 9, 10, tzinfo=UTC), tags=["x", "y"], amounts=[1, -1],
            shared=shared, same=shared, payment=S.Cart.Payment.account(-77),
        )

    @case
    def proto_weak_ref():
        a, b = item("A", S.Kind.BOOK), item("B", S.Kind.MUSIC)
        return S.Shelf(first=a, all=[a, b, a], by_sku={"a": a, "b": b}, last=b)

    @case
    def proto_oneof_message():
        return S.Cart(id="c2", lines=[], totals={}, items={}, note=None,
                      at=datetime.datetime(2021, 6, 7, tzinfo=UTC), tags=[], amounts=[], shared=None, same=None,
                      payment=S.Cart.Payment.voucher(item("V", S.Kind.BOOK)))


if xtypes is not None:
    X = xtypes

    @case
    def halfs():
        return X.Halfs(h=1.5, bh=256.0, maybe_h=-0.25, h_array=pyfory.Float16Array([1.0, -2.0, 65504.0]),
                       bh_array=pyfory.BFloat16Array([0.5, -3.0]), h_list=[0.0, 2.5], bh_list=[-0.5])

    @case
    def halfs_unset():
        return X.Halfs(h=0.0, bh=0.0, maybe_h=None, h_array=pyfory.Float16Array([]),
                       bh_array=pyfory.BFloat16Array([]), h_list=[], bh_list=[])

    @case
    def uint8_arrays():
        return X.Bytes(raw=b"\x00\xff", u8_array=array.array("B", [0, 1, 255]), i8_array=array.array("b", [-1, 2]),
                       maybe_u8_array=array.array("B", [7]))

    @case
    def not_evolving():
        return X.Shape(name="tri", origin=X.Point(x=1, y=-2), corners=[X.Point(x=3, y=4), X.Point(x=-5, y=6)],
                       fixed=X.Fixed(label="f", weight=2.5))

    @case
    def not_evolving_root():
        return X.Point(x=7, y=8)

    @case
    def signed_enum():
        return X.Signs(s=X.Signed.MINUS_ONE, maybe=X.Signed.BIG, all=[X.Signed.ZERO, X.Signed.MINUS_ONE, X.Signed.BIG],
                       by_name={"m": X.Signed.MINUS_ONE, "z": X.Signed.ZERO})

    @case
    def signed_enum_unset():
        return X.Signs(s=X.Signed.ZERO, maybe=None, all=[], by_name={})

    @case
    def signed_enum_root():
        return X.Signed.MINUS_ONE


if named is not None:
    N = named

    @case
    def named_types():
        return N.Outer(inner=N.Outer.Inner(note="i"), mood=N.Mood.ANGRY,
                       inners=[N.Outer.Inner(note="a"), N.Outer.Inner(note="b")], by_id=N.ById(n=-4))

    @case
    def named_root_enum():
        return N.Mood.ANGRY


if unions is not None:
    U = unions

    def zoo(star, guest, animals, by_name, keeper, pinned):
        return U.Zoo(star=star, guest=guest, animals=animals, by_name=by_name, keeper=keeper, pinned=pinned, after=99)

    @case
    def union_fields():
        return zoo(U.Animal.dog(U.Dog(name="rex", age=3)), U.Animal.note("visitor"),
                   [U.Animal.count(7), U.Animal.suit(U.Suit.SPADES), U.Animal.tags(["a", "b"]), U.Animal.big(-(2**40))],
                   {"d": U.Animal.dog(U.Dog(name="fido", age=1)), "n": U.Animal.note("")},
                   U.Zoo.Keeper(name="k", contact=U.Zoo.Keeper.Contact.phone(5550100)), U.Pinned.number(2.5))

    @case
    def union_unset_optional():
        return zoo(U.Animal.count(0), None, [], {}, None, U.Pinned.text("t"))

    @case
    def union_root():
        return U.Animal.dog(U.Dog(name="root", age=9))

    @case
    def union_root_pinned():
        return U.Pinned.text("pinned")


if fbs is not None:
    F = fbs

    @case
    def fbs_monster():
        return F.Monster(pos=F.Vec3(x=1.0, y=2.5, z=-3.0), mana=150, hp=80, name="orc",
                         inventory=array.array("B", [1, 2, 255]), color=F.Color.Blue,
                         weapons=[F.Weapon(name="axe", damage=12), F.Weapon(name="", damage=-1)],
                         path=[F.Vec3(x=0.0, y=0.0, z=0.0), F.Vec3(x=0.5, y=0.25, z=0.125)], tags=["a", "b"])


if order_mod is not None:
    O, M = order_mod, money_mod

    def cash(units, cur):
        return M.Money(units=units, currency=cur)

    @case
    def order_scalars():
        return O.Scalars(i32=4000000000, i64=2**63 + 1, si32=-5, si64=-(2**40), u32=7, u64=2**64 - 1,
                         f32=2**32 - 1, f64=2**63, sf32=-9, sf64=-(2**62), fl=1.5, db=-2.25, b=True, s="x",
                         raw=b"\x01\x02", maybe_i32=3, maybe_si64=-1)

    @case
    def order_scalars_zero():
        return O.Scalars()

    @case
    def order_lists():
        return O.Lists(i32s=[0, 4000000000], i64s=[2**63], si32s=[-1, 1], si64s=[-(2**40)], u32s=[5], u64s=[2**64 - 1],
                       f32s=[2**32 - 1, 0], f64s=[2**63 + 7], sf32s=[-3], sf64s=[-(2**62), 2],
                       fls=[0.5], dbs=[-1.25, 3.0], bs=[True, False], ss=["a", ""],
                       statuses=[O.Status.PAID, O.Status.UNKNOWN],
                       by_i32={4000000000: 2**63}, by_si32={-2: -(2**40)}, by_name={"n": 4000000000},
                       names={2**64 - 1: "max"})

    @case
    def order_lists_empty():
        return O.Lists()

    @case
    def order_full():
        return O.Order(
            id="o-1", status=O.Status.SHIPPED,
            lines=[O.Order.Line(sku="A", quantity=3000000000, price=cash(-150, M.Currency.EUR)),
                   O.Order.Line(sku="B", quantity=0, price=cash(0, M.Currency.USD))],
            total=cash(300, M.Currency.EUR), tip=cash(5, M.Currency.JPY),
            refunds=[cash(-1, M.Currency.USD)], fees={"ship": cash(9, M.Currency.EUR)},
            at=datetime.datetime(2024, 3, 4, 5, 6, 7, tzinfo=UTC),
            payment=O.Order.Payment.voucher(cash(10, M.Currency.JPY)),
        )

    @case
    def order_unset():
        return O.Order(id="", status=O.Status.UNKNOWN, lines=[], total=cash(0, M.Currency.USD), tip=None,
                       refunds=[], fees={}, at=datetime.datetime(1970, 1, 1, tzinfo=UTC), payment=None)

    @case
    def order_account():
        return O.Order(id="o-2", status=O.Status.PAID, lines=[], total=cash(1, M.Currency.USD), tip=None,
                       refunds=[], fees={}, at=datetime.datetime(2000, 1, 1, tzinfo=UTC),
                       payment=O.Order.Payment.account(2**63 + 5))

    @case
    def money_root():
        return cash(-99, M.Currency.JPY)


if billing_mod is not None:
    B, M = billing_mod, money_mod

    @case
    def billing_invoice():
        return B.Invoice(number="inv-7", amount=M.Money(units=1200, currency=M.Currency.EUR),
                         discount=M.Money(units=-200, currency=M.Currency.EUR),
                         items=[M.Money(units=700, currency=M.Currency.EUR), M.Money(units=500, currency=M.Currency.USD)],
                         currency=M.Currency.EUR, settled=B.Settled())

    @case
    def billing_invoice_unset():
        return B.Invoice(number="", amount=M.Money(units=0, currency=M.Currency.USD), discount=None, items=[],
                         currency=M.Currency.USD, settled=None)

    @case
    def billing_settled_root():
        return B.Settled()


# Cases whose reader expects another value than its writer writes (schema
# evolution): case -> the value Python expects from Go's bytes.
VERIFY_WANT = {}

if evolve is not None:
    @case
    def evolve_profile():
        return evolve.Profile(name="Ann", age=30, email="ann@example.com", tags=["t1"])

    VERIFY_WANT["evolve_profile"] = lambda: evolve.Profile(name="Bob", age=40, email="", tags=["u1", "u2"])


# ---- comparison --------------------------------------------------------

def norm(v, seen=None):
    """A comparable form: dataclasses as (class name, fields), arrays as
    lists, datetimes as epoch microseconds, enums as (class, value);
    shared and cyclic objects as ("@", index of first visit)."""
    if seen is None:
        seen = {}
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        if id(v) in seen:
            return ("@", seen[id(v)])
        seen[id(v)] = len(seen)
        return (type(v).__qualname__, tuple((f.name, norm(getattr(v, f.name), seen)) for f in dataclasses.fields(v)))
    if isinstance(v, enum.Enum):
        return (type(v).__qualname__, v.value)
    if isinstance(v, (list, tuple, array.array)):
        return ("list", tuple(norm(x, seen) for x in v))
    if isinstance(v, dict):
        return ("map", tuple(sorted(((norm(k, seen), norm(x, seen)) for k, x in v.items()), key=repr)))
    if isinstance(v, datetime.datetime):
        if v.tzinfo is None:
            v = v.replace(tzinfo=UTC)
        return ("ts", round(v.timestamp() * 1e6))
    if isinstance(v, float) and math.isnan(v):
        return ("nan",)
    if isinstance(v, bytearray):
        return bytes(v)
    if type(v).__name__.endswith("Array") and hasattr(v, "__iter__"):  # pyfory's dense arrays
        return ("list", tuple(norm(x, seen) for x in v))
    if hasattr(v, "tolist"):  # numpy arrays
        return ("list", tuple(norm(x, seen) for x in v.tolist()))
    if hasattr(v, "case_id") and hasattr(v, "_value"):  # generated unions
        return (type(v).__qualname__, v.case_id(), norm(v._value, seen))
    return v


def main():
    fory = new_fory()
    failed = False
    names = ONLY or sorted(CASES)
    for name in names:
        try:
            if name not in CASES:
                raise KeyError("no such case in schema_peer.py")
            want = CASES[name]()
            if CMD == "verify" and name in VERIFY_WANT:
                want = VERIFY_WANT[name]()
            if CMD == "write":
                with open(os.path.join(DIR, name + ".py.bin"), "wb") as fh:
                    fh.write(fory.serialize(want))
            else:
                with open(os.path.join(DIR, name + ".go.bin"), "rb") as fh:
                    got = fory.deserialize(fh.read())
                a, b = norm(got), norm(want)
                if a != b:
                    raise AssertionError("got %r, want %r" % (a, b))
            print("PASS " + name, flush=True)
        except Exception as e:  # noqa: BLE001 - every failure is reported per case
            failed = True
            msg = "%s: %s" % (type(e).__name__, e)
            print("FAIL %s: %s" % (name, msg.replace("\n", " ")[:4000]), flush=True)
            traceback.print_exc(file=sys.stderr)
    sys.exit(1 if failed else 0)


main()
