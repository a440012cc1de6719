package fury

import (
	"encoding/hex"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// Golden vectors observed from the real peers (pyfory 1.7.7 with xlang=True;
// fory-core 1.6.0 writes the same bytes for these). Each is checked both
// ways: Go writes exactly these bytes, and reads them back to the value.

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	require.NoError(t, err)
	return b
}

type Foo struct {
	F1 int32
	F2 string
}

type Bar struct {
	A Foo
	B []Foo
	C map[string]int32
	D Int32Slice
}

type Color int32

const (
	Red Color = iota
	Green
	Blue
)

type E struct {
	C Color
	N *int32
}

func ptr[T any](v T) *T { return &v }

type goldenCase struct {
	name  string
	value any
	hex   string
}

// newGoldenFury returns a Fury for the peers' vectors: they hold the
// peers' latin1/UTF-16 strings, so it writes strings as they do
// (WithCompactStrings) unless opts say otherwise.
func newGoldenFury(t *testing.T, compatible, byID bool, opts ...Option) *Fury {
	// The vectors are pyfory's: its forms where it departs from the spec.
	f := New(append(goldenOptions(compatible), opts...)...)
	require.NoError(t, registerGolden(f, byID))
	return f
}

// goldenOptions are the options of newGoldenFury.
func goldenOptions(compatible bool) []Option {
	return []Option{WithCompatible(compatible), WithCompactStrings(true), WithPythonForms(true)}
}

// registerGolden registers the golden vectors' types by id or by name.
func registerGolden(f *Fury, byID bool) error {
	if byID {
		return errors.Join(f.Register(Foo{}, 100), f.Register(Bar{}, 101), f.Register(Color(0), 7), f.Register(E{}, 8))
	}
	return errors.Join(f.RegisterTagType("example.Foo", Foo{}), f.RegisterTagType("example.Bar", Bar{}),
		f.RegisterTagType("example.Color", Color(0)), f.RegisterTagType("example.E", E{}))
}

// goldenScalars are the vectors of top-level values other than structs,
// with the peers' string forms (WithCompactStrings).
func goldenScalars() []goldenCase {
	return []goldenCase{
		{"int 1", int64(1), "01 ff 07 02"},
		{"int -1", int64(-1), "01 ff 07 01"},
		{"int 300", int64(300), "01 ff 07 d8 04"},
		{"int 2**40", int64(1) << 40, "01 ff 07 80 80 80 80 80 40"},
		{"go int", 300, "01 ff 07 d8 04"},
		{"true", true, "01 ff 01 01"},
		{"1.5", 1.5, "01 ff 14 00 00 00 00 00 00 f8 3f"},
		// Strings as the peers write them (WithCompactStrings; the default
		// UTF-8 form is in TestGoldenStringsUTF8).
		{"hello", "hello", "01 ff 15 14 68 65 6c 6c 6f"},
		{"empty string", "", "01 ff 15 00"},
		{"latin1", "héllo", "01 ff 15 14 68 e9 6c 6c 6f"},
		{"utf16", "你好", "01 ff 15 11 60 4f 7d 59"},
		{"nil", nil, "01 fd"},
		{"list", []any{int64(1), int64(2), int64(3)}, "01 ff 16 03 08 07 02 04 06"},
		{"empty list", []any{}, "01 ff 16 00"},
		{"mixed list", []any{int64(1), "a", nil}, "01 ff 16 03 02 ff 07 02 ff 15 04 61 fd"},
		{"map", map[string]int64{"a": 1}, "01 ff 18 01 00 01 15 07 04 61 02"},
		{"map null value", map[int64]any{1: nil}, "01 ff 18 01 11 ff 07 02"},
		{"set", NewSet[int64](1), "01 ff 17 01 08 07 02"},
		{"binary", []byte("ab"), "01 ff 29 02 61 62"},
		{"int32 array", []int32{1, 2}, "01 ff 2e 08 01 00 00 00 02 00 00 00"},
		{"date", Date{2020, 1, 2}, "01 ff 27 ae 9d 02"},
		{"timestamp", time.Date(2020, 1, 2, 3, 4, 5, 6000000, time.UTC), "01 ff 26 a5 5d 0d 5e 00 00 00 00 80 8d 5b 00"},
		{"duration", 3*time.Second + 5*time.Microsecond, "01 ff 25 06 88 13 00 00"},
		{"max int64", int64(math.MaxInt64), "01 ff 07 fe ff ff ff ff ff ff ff ff"},
		// Decimals as pyfory and fory-core both write them.
		{"decimal 1.5", NewDecimal(15, 1), "01 ff 28 02 3c"},
		{"decimal 0", NewDecimal(0, 0), "01 ff 28 00 00"},
		{"decimal 1E+5", NewDecimal(1, -5), "01 ff 28 09 04"},
		{"decimal -0.001", NewDecimal(-1, 3), "01 ff 28 06 02"},
		{"decimal 2**62-1", NewDecimal(1<<62-1, 0), "01 ff 28 00 fc ff ff ff ff ff ff ff ff"},
		{"decimal -2**62", NewDecimal(-1<<62, 0), "01 ff 28 00 fe ff ff ff ff ff ff ff ff"},
		{"decimal 2**62", NewDecimal(1<<62, 0), "01 ff 28 00 21 00 00 00 00 00 00 00 40"},
		{"decimal -2**62-1", NewDecimal(-1<<62-1, 0), "01 ff 28 00 23 01 00 00 00 00 00 00 40"},
		{"decimal 2**64", mustDecimal("18446744073709551616"), "01 ff 28 00 25 00 00 00 00 00 00 00 00 01"},
		{"decimal big negative", mustDecimal("-123456789012345678901234567890.12"),
			"01 ff 28 04 37 14 3a a0 90 16 dd 43 59 64 3c 0a d3 9b"},
	}
}

func TestGoldenScalars(t *testing.T) {
	f, fd := New(WithCompactStrings(true)), New()
	for _, c := range goldenScalars() {
		t.Run(c.name, func(t *testing.T) {
			want := unhex(t, c.hex)
			got, err := f.Marshal(c.value)
			require.NoError(t, err)
			require.Equal(t, hex.EncodeToString(want), hex.EncodeToString(got))
			var back any
			require.NoError(t, f.Unmarshal(want, &back))
			if diff := cmp.Diff(natural(c.value), back); diff != "" {
				t.Fatalf("read back (-want +got):\n%s", diff)
			}
			// The default (UTF-8 strings) writes a value that reads
			// back the same.
			got, err = fd.Marshal(c.value)
			require.NoError(t, err)
			var back2 any
			require.NoError(t, fd.Unmarshal(got, &back2))
			if diff := cmp.Diff(natural(c.value), back2); diff != "" {
				t.Fatalf("default strings, read back (-want +got):\n%s", diff)
			}
		})
	}
}

// goldenStringsUTF8 are the vectors of the default string form.
func goldenStringsUTF8() []goldenCase {
	return []goldenCase{
		{"hello", "hello", "01 ff 15 16 68 65 6c 6c 6f"},
		{"empty string", "", "01 ff 15 02"},
		{"latin1", "héllo", "01 ff 15 1a 68 c3 a9 6c 6c 6f"},
		{"utf16", "你好", "01 ff 15 1a e4 bd a0 e5 a5 bd"},
		{"astral", "\U0001F389", "01 ff 15 12 f0 9f 8e 89"},
		{"invalid utf8 kept", "a\xff", "01 ff 15 0a 61 ff"},
		{"32 bytes: two-byte header", strings.Repeat("a", 32), "01 ff 15 82 01" + strings.Repeat(" 61", 32)},
		{"mixed list", []any{int64(1), "a", nil}, "01 ff 16 03 02 ff 07 02 ff 15 06 61 fd"},
		{"map", map[string]int64{"a": 1}, "01 ff 18 01 00 01 15 07 06 61 02"},
	}
}

// TestGoldenStringsUTF8 holds the default string form: every string is
// UTF-8 (encoding 2 in the header's low bits), its bytes copied as they
// are. Both peers read it (the xlang tests check it).
func TestGoldenStringsUTF8(t *testing.T) {
	f := New()
	for _, c := range goldenStringsUTF8() {
		t.Run(c.name, func(t *testing.T) {
			want := unhex(t, c.hex)
			got, err := f.Marshal(c.value)
			require.NoError(t, err)
			require.Equal(t, hex.EncodeToString(want), hex.EncodeToString(got))
			var back any
			require.NoError(t, f.Unmarshal(want, &back))
			require.Empty(t, cmp.Diff(natural(c.value), back))
		})
	}
	// A struct: Foo{7, "x"} schema-consistent by id.
	f = newGoldenFury(t, false, true, WithCompactStrings(false))
	got, err := f.Marshal(Foo{7, "x"})
	require.NoError(t, err)
	require.Equal(t, "01ff1b646bcf378a0e0678", hex.EncodeToString(got))
}

// natural maps a Go value to what Unmarshal into interface{} gives.
func natural(v any) any {
	switch x := v.(type) {
	case int:
		return int64(x)
	case map[string]int64:
		m := map[any]any{}
		for k, v := range x {
			m[k] = v
		}
		return m
	case map[int64]any:
		m := map[any]any{}
		for k, v := range x {
			m[k] = v
		}
		return m
	case Set[int64]:
		s := Set[any]{}
		for k := range x {
			s[k] = struct{}{}
		}
		return s
	}
	return v
}

// goldenStructMode holds the struct vectors of one mode and registration.
type goldenStructMode struct {
	compatible, byID bool
	foo, list, bar   string
	enum, e, eNil    string
}

// goldenBar is the value of the bar vectors.
var goldenBar = Bar{A: Foo{1, "a"}, B: []Foo{{2, "b"}}, C: map[string]int32{"k": 3}, D: []int32{4, 5}}

// goldenStructValues are the values of a goldenStructMode's vectors, in
// the order of its fields foo, list, bar, enum, e and eNil, with the
// typed destination each is read into.
func goldenStructValues() []struct {
	v    any
	into func() any
} {
	return []struct {
		v    any
		into func() any
	}{
		{Foo{7, "x"}, func() any { return new(Foo) }},
		{[]any{Foo{1, "a"}, Foo{2, "b"}}, func() any { return new([]Foo) }},
		{goldenBar, func() any { return new(Bar) }},
		{Blue, func() any { return new(Color) }},
		{E{Green, ptr[int32](5)}, func() any { return new(E) }},
		{E{Green, nil}, func() any { return new(E) }},
	}
}

// vectors returns m's vectors in goldenStructValues' order ("" where m has
// none).
func (m goldenStructMode) vectors() []string {
	return []string{m.foo, m.list, m.bar, m.enum, m.e, m.eNil}
}

func goldenStructModes() []goldenStructMode {
	return []goldenStructMode{
		{false, false,
			"01 ff 1d 0a 01 12 e0 63 d6 40 04 03 15 ce 6b cf 37 8a 0e 04 78",
			"01 ff 16 02 08 1d 0a 01 12 e0 63 d6 40 04 03 15 ce 6b cf 37 8a 02 04 61 6b cf 37 8a 04 04 62",
			"01 ff 1d 0a 01 12 e0 63 d6 40 04 03 04 11 7a b2 42 08 1d 03 04 03 15 ce 6b cf 37 8a 02 04 61 01 08 1d 03 07 6b cf 37 8a 04 04 62 01 24 01 04 6b 06 02 0c 08 0a",
			"01 ff 1a 0a 01 12 e0 63 d6 40 08 03 89 cb 74 40 02",
			"01 ff 1d 0a 01 12 e0 63 d6 40 02 03 10 ba 43 b7 f5 ff 0a 01",
			"01 ff 1d 0a 01 12 e0 63 d6 40 02 03 10 ba 43 b7 f5 fd 01"},
		{true, false,
			"01 ff 1e 00 12 70 06 25 00 d2 3d 75 e2 15 12 e0 63 d6 40 0b 15 ce 84 05 0b a8 84 15 0b b0 0e 04 78",
			"01 ff 16 02 08 1e 00 12 70 06 25 00 d2 3d 75 e2 15 12 e0 63 d6 40 0b 15 ce 84 05 0b a8 84 15 0b b0 02 04 61 04 04 62",
			"01 ff 1e 00 1a c0 4e 1f 51 27 28 2e e4 15 12 e0 63 d6 40 0b 04 11 40 1e 00 40 16 78 04 40 18 54 14 08 40 16 14 0c 1e 02 12 70 06 25 00 d2 3d 75 e2 15 12 e0 63 d6 40 0b 15 ce 84 05 0b a8 84 15 0b b0 02 04 61 01 08 1e 03 04 04 62 01 24 01 04 6b 06 02 0c 08 0a",
			"01 ff 1a 00 0c e0 2e 79 92 d3 59 70 01 15 12 e0 63 d6 40 13 89 cb 74 40 02",
			"01 ff 1e 00 0f d0 97 ac a7 83 14 5a e2 15 12 e0 63 d6 40 07 10 42 05 34 40 19 08 ff 0a 01",
			"01 ff 1e 00 0f d0 97 ac a7 83 14 5a e2 15 12 e0 63 d6 40 07 10 42 05 34 40 19 08 fd 01"},
		{false, true,
			"01 ff 1b 64 6b cf 37 8a 0e 04 78",
			"01 ff 16 02 08 1b 64 6b cf 37 8a 02 04 61 6b cf 37 8a 04 04 62",
			"01 ff 1b 65 7a b2 42 08 6b cf 37 8a 02 04 61 01 08 1b 64 6b cf 37 8a 04 04 62 01 24 01 04 6b 06 02 0c 08 0a",
			"01 ff 19 07 02",
			"01 ff 1b 08 ba 43 b7 f5 ff 0a 01",
			"01 ff 1b 08 ba 43 b7 f5 fd 01"},
		{true, true,
			"", // Foo(7, "x") by id, compatible: covered by the list and Bar vectors
			"01 ff 16 02 08 1c 00 0a 20 1f cf a4 ad e8 0e c2 64 84 05 0b a8 84 15 0b b0 02 04 61 04 04 62",
			"01 ff 1c 00 12 20 7a d5 88 fc 2f 70 c4 65 40 1c 00 40 16 70 04 40 18 54 14 08 40 16 14 0c 1c 02 0a 20 1f cf a4 ad e8 0e c2 64 84 05 0b a8 84 15 0b b0 02 04 61 01 08 1c 03 04 04 62 01 24 01 04 6b 06 02 0c 08 0a",
			"01 ff 19 07 02",
			"01 ff 1c 00 08 c0 10 f5 94 6e 0f 45 c2 08 42 05 34 40 19 08 ff 0a 01",
			""},
	}
}

func TestGoldenStructs(t *testing.T) {
	bar := goldenBar
	modes := goldenStructModes()
	for _, m := range modes {
		name := map[bool]string{false: "consistent", true: "compatible"}[m.compatible] + map[bool]string{false: "/by-name", true: "/by-id"}[m.byID]
		t.Run(name, func(t *testing.T) {
			f := newGoldenFury(t, m.compatible, m.byID)
			fd := newGoldenFury(t, m.compatible, m.byID, WithCompactStrings(false))
			check := func(label string, v any, hexs string, into func() any) {
				if hexs == "" {
					return
				}
				want := unhex(t, hexs)
				got, err := f.Marshal(v)
				require.NoError(t, err, label)
				require.Equal(t, hex.EncodeToString(want), hex.EncodeToString(got), label)
				dst := into()
				require.NoError(t, f.Unmarshal(want, dst), label)
				// UTF-8 strings (the default) read back the same.
				utf8Form, err := fd.Marshal(v)
				require.NoError(t, err, label)
				dst2 := into()
				require.NoError(t, f.Unmarshal(utf8Form, dst2), label)
				require.Empty(t, cmp.Diff(dst, dst2), label)
				var back any
				require.NoError(t, f.Unmarshal(want, &back), label)
				require.NotNil(t, back, label)
			}
			for i, label := range []string{"foo", "list", "bar", "enum", "e", "e nil"} {
				c := goldenStructValues()[i]
				check(label, c.v, m.vectors()[i], c.into)
			}

			var gotBar Bar
			require.NoError(t, f.Unmarshal(unhex(t, m.bar), &gotBar))
			require.Empty(t, cmp.Diff(bar, gotBar))
			var list []Foo
			require.NoError(t, f.Unmarshal(unhex(t, m.list), &list))
			require.Empty(t, cmp.Diff([]Foo{{1, "a"}, {2, "b"}}, list))
		})
	}
}

func newOf(v any) reflectValue { return reflectNew(v) }

// TestJavaUntypedStructField: fory-core 1.6.0 writes a by-name struct field
// without type info in schema-consistent mode (pyfory writes it); both
// forms must read.
func TestJavaUntypedStructField(t *testing.T) {
	f := newGoldenFury(t, false, false)
	python := "01 ff 1d 0a 01 12 e0 63 d6 40 04 03 04 11 7a b2 42 08 1d 03 04 03 15 ce 6b cf 37 8a 02 04 61 01 08 1d 03 07 6b cf 37 8a 04 04 62 01 24 01 04 6b 06 02 0c 08 0a"
	java := strings.Replace(python, "7a b2 42 08 1d 03 04 03 15 ce 6b cf 37 8a 02 04 61 01 08 1d 03 07", "7a b2 42 08 6b cf 37 8a 02 04 61 01 08 1d 03 04 03 15 ce", 1)
	want := Bar{A: Foo{1, "a"}, B: []Foo{{2, "b"}}, C: map[string]int32{"k": 3}, D: []int32{4, 5}}
	for _, h := range []string{python, java} {
		var got Bar
		require.NoError(t, f.Unmarshal(unhex(t, h), &got))
		require.Empty(t, cmp.Diff(want, got))
	}
}

// TestGoldenSharedList: with ref=True pyfory writes l=[1]; [l, l] as
// 01 00 16 02 09 16 00 01 08 07 02 fe 01.
func TestGoldenSharedList(t *testing.T) {
	f := New(WithRefTracking(true))
	l := []any{int64(1)}
	want := unhex(t, "01 00 16 02 09 16 00 01 08 07 02 fe 01")
	got, err := f.Marshal([]any{l, l})
	require.NoError(t, err)
	require.Equal(t, hex.EncodeToString(want), hex.EncodeToString(got))
	var back []any
	require.NoError(t, f.Unmarshal(want, &back))
	require.Len(t, back, 2)
	a, b := back[0].([]any), back[1].([]any)
	require.Equal(t, []any{int64(1)}, a)
	require.Same(t, &a[0], &b[0], "the two elements must share one backing array")
}

// Vectors from the real peers for cases where this package once differed.
func TestGoldenPeerFixes(t *testing.T) {
	f := New()
	// Negative durations: seconds round down, nanoseconds non-negative.
	d := -1500 * time.Millisecond
	got, err := f.Marshal(d)
	require.NoError(t, err)
	require.Equal(t, "01ff250300"+"65cd1d", hex.EncodeToString(got))
	var back time.Duration
	require.NoError(t, f.Unmarshal(got, &back))
	require.Equal(t, d, back)

	// Empty collections read back as empty, not nil, and write back as empty.
	for _, h := range []string{"01 ff 29 00", "01 ff 16 00", "01 ff 18 00", "01 ff 2e 00"} {
		var v any
		require.NoError(t, f.Unmarshal(unhex(t, h), &v))
		again, err := f.Marshal(v)
		require.NoError(t, err)
		require.Equal(t, hex.EncodeToString(unhex(t, h)), hex.EncodeToString(again))
	}
	var bs []int32
	require.NoError(t, f.Unmarshal(unhex(t, "01 ff 2e 00"), &bs))
	require.NotNil(t, bs)

	// Java's byte[] is binary: it reads into []int8.
	var i8 []int8
	require.NoError(t, f.Unmarshal(unhex(t, "01 ff 29 03 80 00 7f"), &i8))
	require.Equal(t, []int8{-128, 0, 127}, i8)
}

type Point struct{ X, Y int32 }

type PListStruct struct{ V []Point }

type PEmpty struct{}

type PAny struct{ V any }

func TestGoldenJavaForms(t *testing.T) {
	f := New(WithCompatible(false), WithCompactStrings(true))
	require.NoError(t, f.Register(Point{}, 102))
	require.NoError(t, f.Register(PListStruct{}, 318))
	require.NoError(t, f.Register(PEmpty{}, 326))
	require.NoError(t, f.Register(PAny{}, 325))
	// fory-core: a List<Point> field with a declared element type (0c).
	var l PListStruct
	require.NoError(t, f.Unmarshal(unhex(t, "01 ff 1b be 02 30 b5 3a 85 02 0c 68 60 8b 24 02 04 68 60 8b 24 06 08"), &l))
	require.Equal(t, PListStruct{[]Point{{1, 2}, {3, 4}}}, l)
	// Empty struct: fory-core hashes the empty fingerprint, pyfory writes 47.
	var e PEmpty
	require.NoError(t, f.Unmarshal(unhex(t, "01 ff 1b c6 02 3a a1 e9 0b"), &e))
	require.NoError(t, f.Unmarshal(unhex(t, "01 ff 1b c6 02 2f 00 00 00"), &e))
	// interface{} fields are not nullable: both peers write type info and
	// value with no flag.
	want := "01ff1bc502" + "32fcbeee" + "150c737472"
	got, err := f.Marshal(PAny{"str"})
	require.NoError(t, err)
	require.Equal(t, want, hex.EncodeToString(got))
	var a PAny
	require.NoError(t, f.Unmarshal(got, &a))
	require.Equal(t, PAny{"str"}, a)
	// A nil interface field travels as the none type.
	got, err = f.Marshal(PAny{})
	require.NoError(t, err)
	require.NoError(t, f.Unmarshal(got, &a))
	require.Equal(t, PAny{}, a)
}

// fory-core writes [null, null] in compatible mode with a named-struct
// element type (java.lang.Object) followed by a shared TypeDef.
func TestGoldenJavaAllNullList(t *testing.T) {
	f := New()
	var v any
	require.NoError(t, f.Unmarshal(unhex(t, "01 ff 16 02 0a 1d 00 0d e0 49 39 85 bf 00 14 a0 19 24 15 06 96 06 98 13 38 29 20 a6 fd fd"), &v))
	require.Equal(t, []any{nil, nil}, v)
}

// TestJavaForms holds the default to fory-core's forms,
// and WithPythonForms to pyfory's, where the peers differ (the xlang tests exchange them with the real Java peer): a
// schema-consistent struct field registered by name goes without type info
// (Bar.A; the list's element type info then carries Foo's names in full),
// and a struct without fields has fory-core's hash. Either reader reads
// either form.
func TestJavaForms(t *testing.T) {
	bar := Bar{A: Foo{1, "a"}, B: []Foo{{2, "b"}}, C: map[string]int32{"k": 3}, D: []int32{4, 5}}
	type Empty struct{}
	cases := []struct {
		name         string
		v            any
		python, java string
	}{
		{"named struct field", bar,
			"01 ff 1d 0a 01 12 e0 63 d6 40 04 03 04 11 7a b2 42 08 1d 03 04 03 15 ce 6b cf 37 8a 02 04 61 01 08 1d 03 07 6b cf 37 8a 04 04 62 01 24 01 04 6b 06 02 0c 08 0a",
			"01 ff 1d 0a 01 12 e0 63 d6 40 04 03 04 11 7a b2 42 08 6b cf 37 8a 02 04 61 01 08 1d 03 04 03 15 ce 6b cf 37 8a 04 04 62 01 24 01 04 6b 06 02 0c 08 0a"},
		{"empty struct", Empty{}, "01 ff 1b 09 2f 00 00 00", "01 ff 1b 09 3a a1 e9 0b"},
	}
	newF := func(java bool) *Fury {
		f := New(WithCompatible(false), WithPythonForms(!java), WithCompactStrings(true))
		require.NoError(t, f.RegisterTagType("example.Foo", Foo{}))
		require.NoError(t, f.RegisterTagType("example.Bar", Bar{}))
		require.NoError(t, f.Register(Empty{}, 9))
		return f
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// The default writes the spec's forms, fory-core's and Rust's;
			// WithPythonForms(true) pyfory's.
			for python, want := range map[bool]string{false: c.java, true: c.python} {
				f := New(WithCompatible(false), WithPythonForms(python), WithCompactStrings(true))
				require.NoError(t, f.RegisterTagType("example.Foo", Foo{}))
				require.NoError(t, f.RegisterTagType("example.Bar", Bar{}))
				require.NoError(t, f.Register(Empty{}, 9))
				got, err := f.Marshal(c.v)
				require.NoError(t, err)
				require.Equal(t, hex.EncodeToString(unhex(t, want)), hex.EncodeToString(got), "python forms %v", python)
			}
			for java, want := range map[bool]string{false: c.python, true: c.java} {
				got, err := newF(java).Marshal(c.v)
				require.NoError(t, err)
				require.Equal(t, hex.EncodeToString(unhex(t, want)), hex.EncodeToString(got), "java forms %v", java)
				for _, reader := range []bool{false, true} {
					dst := reflect.New(reflect.TypeOf(c.v))
					require.NoError(t, newF(reader).Unmarshal(got, dst.Interface()))
					require.Empty(t, cmp.Diff(c.v, dst.Elem().Interface()))
				}
			}
		})
	}
}
