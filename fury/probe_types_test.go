package fury_test

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"time"
	"unsafe"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
)

// Probes of the reflection path with Go types people can declare: kinds
// the format has no place for, zero-length and large arrays, empty
// structs, blank and unexported fields, embedded fields of every sort,
// pointers to pointers, maps with composite keys, named containers, wide
// structs made with reflect.StructOf and deeply nested container types.
// Each value is marshalled in all eight modes and must either fail with a
// sentinel error or round-trip exactly, into a fresh and into a used
// destination, on one Fury and under many goroutines on the package-level
// API. Nothing may panic.

type probeMode struct {
	name string
	opts []fury.Option
}

func probeModes() []probeMode {
	var ms []probeMode
	for _, compat := range []bool{false, true} {
		for _, ref := range []bool{false, true} {
			for _, compact := range []bool{false, true} {
				ms = append(ms, probeMode{
					name: fmt.Sprintf("compat=%v/ref=%v/compact=%v", compat, ref, compact),
					opts: []fury.Option{fury.WithCompatible(compat), fury.WithRefTracking(ref), fury.WithCompactStrings(compact)},
				})
			}
		}
	}
	return ms
}

var probeSentinels = []error{
	fury.ErrTruncated, fury.ErrInvalidData, fury.ErrUnknownType, fury.ErrUnsupportedType,
	fury.ErrTypeMismatch, fury.ErrSchemaMismatch, fury.ErrDepthExceeded, fury.ErrTooLarge,
	fury.ErrRegistration, fury.ErrInvalidArgument,
}

func isSentinel(err error) bool {
	for _, s := range probeSentinels {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}

// noPanic runs fn and turns a panic into a test failure with its stack.
func noPanic(t testing.TB, what string, fn func() error) (err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("%s panicked: %v\n%s", what, r, debug.Stack())
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return fn()
}

// probeCmp compares decoded values: NaNs equal, unexported fields and
// blank fields ignored (they are not serialized), times by instant.
var probeCmp = cmp.Options{
	cmpopts.EquateNaNs(),
	cmp.Exporter(func(reflect.Type) bool { return false }),
	cmp.FilterPath(func(p cmp.Path) bool {
		sf, ok := p.Last().(cmp.StructField)
		return ok && !probeExported(sf.Name())
	}, cmp.Ignore()),
	cmp.Comparer(func(a, b time.Time) bool { return a.Equal(b) }),
}

func probeExported(name string) bool {
	return name != "" && name != "_" && strings.ToUpper(name[:1]) == name[:1]
}

// probeCase is one value to round-trip. want is what a round trip gives
// when it differs from v (nil: v itself); fail, when set, is the sentinel
// Marshal must return.
type probeCase struct {
	name string
	v    any
	want any
	fail error
	// used, when not nil, is a value of v's type to decode into (the
	// used destination); otherwise a filled value is made by fill.
	used any
	// check, when set, replaces the comparisons with want (NaN keys).
	check func(t *testing.T, got any)
	// readFail is the sentinel Unmarshal must return in every mode,
	// readFailSC the one in schema-consistent mode only (where an
	// unregistered struct in an interface is unknown; compatible mode
	// reads it as map[string]any, want).
	readFail, readFailSC error
}

// fill sets every settable exported position of v to something non-zero,
// so that a decode into it shows whatever it fails to reset.
func fill(v reflect.Value, depth int) {
	if depth > 6 || !v.CanSet() {
		return
	}
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(7)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(7)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(7.5)
	case reflect.Complex64, reflect.Complex128:
		v.SetComplex(7 + 7i)
	case reflect.String:
		v.SetString("stale")
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		fill(p.Elem(), depth+1)
		v.Set(p)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 2, 2)
		for i := 0; i < 2; i++ {
			fill(s.Index(i), depth+1)
		}
		v.Set(s)
	case reflect.Array:
		for i := 0; i < v.Len() && i < 64; i++ {
			fill(v.Index(i), depth+1)
		}
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k := reflect.New(v.Type().Key()).Elem()
		fill(k, depth+1)
		if k.Comparable() {
			e := reflect.New(v.Type().Elem()).Elem()
			fill(e, depth+1)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[time.Time]() {
			v.Set(reflect.ValueOf(time.Unix(12345, 678).UTC()))
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), depth+1)
			}
		}
	case reflect.Interface:
		if v.NumMethod() == 0 {
			v.Set(reflect.ValueOf("stale"))
		}
	}
}

// runProbe checks one case in one mode on f.
func runProbe(t *testing.T, f *fury.Fury, compatible bool, c probeCase) {
	t.Helper()
	var data []byte
	err := noPanic(t, "Marshal", func() (err error) { data, err = f.Marshal(c.v); return })
	if c.fail != nil {
		require.ErrorIs(t, err, c.fail, "Marshal %T", c.v)
		return
	}
	if err != nil {
		require.Truef(t, isSentinel(err), "Marshal %T: not a sentinel error: %v", c.v, err)
		t.Errorf("Marshal %T: %v", c.v, err)
		return
	}
	want := c.want
	if want == nil {
		want = c.v
	}
	typ := reflect.TypeOf(c.v)
	fresh := reflect.New(typ)
	err = noPanic(t, "Unmarshal", func() error { return f.Unmarshal(data, fresh.Interface()) })
	if c.readFail != nil || (c.readFailSC != nil && !compatible) {
		fail := c.readFail
		if c.readFailSC != nil && !compatible {
			fail = c.readFailSC
		}
		require.ErrorIs(t, err, fail, "Unmarshal %v", typ)
		return
	}
	if err != nil {
		require.Truef(t, isSentinel(err), "Unmarshal %T: not a sentinel error: %v", c.v, err)
		t.Errorf("Unmarshal %v: %v", typ, err)
		return
	}
	if c.check != nil {
		c.check(t, fresh.Elem().Interface())
	} else if d := cmp.Diff(want, fresh.Elem().Interface(), probeCmp); d != "" {
		t.Errorf("fresh %v (-want +got):\n%s", typ, d)
	}
	used := reflect.New(typ)
	if c.used != nil {
		used.Elem().Set(reflect.ValueOf(c.used))
	} else {
		fill(used.Elem(), 0)
	}
	err = noPanic(t, "Unmarshal used", func() error { return f.Unmarshal(data, used.Interface()) })
	if err != nil {
		t.Errorf("Unmarshal used %v: %v", typ, err)
		return
	}
	if c.check != nil {
		c.check(t, used.Elem().Interface())
	} else if d := cmp.Diff(fresh.Elem().Interface(), used.Elem().Interface(), probeCmp); d != "" {
		t.Errorf("used %v differs from fresh (-fresh +used):\n%s", typ, d)
	}
	// The natural value never panics either.
	var a any
	if err := noPanic(t, "Unmarshal any", func() error { return f.Unmarshal(data, &a) }); err != nil && !isSentinel(err) {
		t.Errorf("Unmarshal %v into any: not a sentinel error: %v", typ, err)
	}
}

func runProbes(t *testing.T, cases []probeCase) {
	t.Helper()
	for _, m := range probeModes() {
		t.Run(m.name, func(t *testing.T) {
			f := fury.New(m.opts...)
			compatible := strings.HasPrefix(m.name, "compat=true")
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) { runProbe(t, f, compatible, c) })
			}
		})
	}
}

// Types declared here for the probes.
type (
	probeInner struct{ X, Y int32 }
	probeMyInt int64
	probeStrs  []string
	probeNM    map[string]int32
	probeNP    *int32
	probeNB    []byte
	probeNBA   [4]byte
	probeByte  uint8
	probeBlank struct {
		A int32
		_ int64
		B string
		_ [2]byte
	}
	probeUnexp struct {
		A int32
		b int32
		c string
	}
	probeEmbPtr struct {
		*probeInner
		Z string
	}
	probeEmbVal struct {
		probeInner
		Z string
	}
	probeEmbNamed struct {
		probeMyInt
		probeStrs
		Z string
	}
	ProbeMyInt  int64
	ProbeStrs   []string
	ProbeMap    map[string]int32
	probeEmbExp struct {
		ProbeMyInt
		ProbeStrs
		ProbeMap
		Z string
	}
	probeEmbNamedPtr struct {
		*ProbeMyInt
		Z string
	}
	probeTree struct {
		V    int32
		Kids []probeTree
		ByID map[string]probeTree
	}
	probeEmpty    struct{}
	probeHasEmpty struct {
		E  struct{}
		P  probeEmpty
		A  int32
		PE *struct{}
		SE []struct{}
		AE [3]struct{}
	}
)

func ptr[T any](v T) *T { return &v }

func probeUnsupportedCases() []probeCase {
	var x int
	return []probeCase{
		{name: "uintptr", v: struct{ U uintptr }{5}, fail: fury.ErrUnsupportedType},
		{name: "complex64", v: struct{ C complex64 }{1 + 2i}, fail: fury.ErrUnsupportedType},
		{name: "complex128", v: struct{ C complex128 }{1 + 2i}, fail: fury.ErrUnsupportedType},
		{name: "chan", v: struct{ C chan int }{make(chan int)}, fail: fury.ErrUnsupportedType},
		{name: "nil chan", v: struct{ C chan int }{}, fail: fury.ErrUnsupportedType},
		{name: "func", v: struct{ F func() }{func() {}}, fail: fury.ErrUnsupportedType},
		{name: "nil func", v: struct{ F func() }{}, fail: fury.ErrUnsupportedType},
		{name: "unsafe.Pointer", v: struct{ P unsafe.Pointer }{unsafe.Pointer(&x)}, fail: fury.ErrUnsupportedType},
		{name: "root uintptr", v: uintptr(3), fail: fury.ErrUnsupportedType},
		{name: "root complex", v: complex(1, 2), fail: fury.ErrUnsupportedType},
		{name: "root chan", v: make(chan int), fail: fury.ErrUnsupportedType},
		{name: "root func", v: func() {}, fail: fury.ErrUnsupportedType},
		{name: "root unsafe.Pointer", v: unsafe.Pointer(&x), fail: fury.ErrUnsupportedType},
		{name: "slice of chan", v: []chan int{nil}, fail: fury.ErrUnsupportedType},
		{name: "map of func", v: map[string]func(){"a": nil}, fail: fury.ErrUnsupportedType},
		{name: "map complex key", v: map[complex64]int32{1: 1}, fail: fury.ErrUnsupportedType},
		{name: "array of uintptr", v: [2]uintptr{}, fail: fury.ErrUnsupportedType},
		{name: "ptr to complex", v: ptr(complex64(1)), fail: fury.ErrUnsupportedType},
		{name: "any holding chan", v: []any{make(chan int)}, fail: fury.ErrUnsupportedType},
		{name: "any holding complex", v: struct{ A any }{complex(1, 1)}, fail: fury.ErrUnsupportedType},
		{name: "any holding func", v: map[string]any{"f": func() {}}, fail: fury.ErrUnsupportedType},
		{name: "nested struct with chan", v: struct{ In struct{ C chan int } }{}, fail: fury.ErrUnsupportedType},
		{name: "ptr struct with func", v: struct{ In *struct{ F func() } }{}, fail: fury.ErrUnsupportedType},
		{name: "all unexported", v: probeUnexpOnly{a: 1, b: 2}, fail: fury.ErrUnsupportedType},
	}
}

func TestProbeUnsupportedKinds(t *testing.T) { runProbes(t, probeUnsupportedCases()) }

type probeUnexpOnly struct{ a, b int }

// Mutually embedded pointers, an embedded interface, an embedded any.
type (
	ProbeCycA struct {
		*ProbeCycB
		X int32
	}
	ProbeCycB struct {
		*ProbeCycA
		Y int32
	}
	probeEmbStringer struct {
		fmt.Stringer
		X int32
	}
	ProbeAny      = any
	probeEmbAnyEx struct {
		ProbeAny
		X int32
	}
)

func probeTypeCases() []probeCase {
	i32 := int32(42)
	pi := &i32
	return []probeCase{
		{name: "zero-length int array", v: [0]int64{}},
		{name: "zero-length string array", v: [0]string{}},
		{name: "zero-length array field", v: struct {
			A [0]int32
			B int32
			C [0]string
		}{B: 3}},
		{name: "array of structs", v: [3]probeInner{{1, 2}, {3, 4}, {}}},
		{name: "array of pointers", v: [3]*probeInner{{1, 2}, nil, {5, 6}}},
		{name: "array of interfaces", v: [3]any{int64(1), "x", nil}},
		{name: "array of arrays", v: [2][3]int16{{1, 2, 3}, {4, 5, 6}}},
		{name: "large array", v: func() (a [5000]int64) {
			for i := range a {
				a[i] = int64(i * i)
			}
			return
		}()},
		{name: "large string array", v: func() (a [300]string) {
			for i := range a {
				a[i] = strings.Repeat("é", i%7)
			}
			return
		}()},
		{name: "empty struct", v: probeEmpty{}},
		{name: "anon empty struct", v: struct{}{}},
		{name: "empty struct fields", v: probeHasEmpty{A: 3, PE: &struct{}{}, SE: []struct{}{{}, {}}}},
		{name: "slice of empty structs", v: []struct{}{{}, {}, {}}},
		{name: "blank fields", v: probeBlank{A: 1, B: "b"}},
		{name: "unexported fields", v: probeUnexp{A: 1, b: 2, c: "x"}, want: probeUnexp{A: 1}},
		{name: "embedded pointer nil", v: probeEmbPtr{Z: "z"}},
		{name: "embedded pointer set", v: probeEmbPtr{probeInner: &probeInner{1, 2}, Z: "z"}},
		{name: "embedded value", v: probeEmbVal{probeInner{1, 2}, "z"}},
		{name: "embedded unexported named", v: probeEmbNamed{probeMyInt: 5, probeStrs: probeStrs{"a"}, Z: "z"}, want: probeEmbNamed{Z: "z"}},
		{name: "embedded exported named", v: probeEmbExp{ProbeMyInt: 5, ProbeStrs: ProbeStrs{"a"}, ProbeMap: ProbeMap{"k": 1}, Z: "z"}},
		{name: "embedded named pointer", v: probeEmbNamedPtr{ProbeMyInt: ptr(ProbeMyInt(9)), Z: "z"}},
		{name: "embedded named pointer nil", v: probeEmbNamedPtr{Z: "z"}},
		// Pointers to pointers are refused in a value (see doc.go); a root
		// one is followed (TestRootPointerToPointer).
		{name: "ptr ptr", v: struct{ P **int32 }{&pi}, fail: fury.ErrUnsupportedType},
		{name: "ptr ptr ptr struct field", v: struct{ P ***probeInner }{ptr(ptr(ptr(probeInner{1, 2})))}, fail: fury.ErrUnsupportedType},
		{name: "struct key map", v: map[probeInner]string{{1, 2}: "a", {3, 4}: "b"}},
		{name: "anon struct key map", v: map[struct{ A string }]int32{{"x"}: 1}},
		{name: "array key map", v: map[[2]int32]string{{1, 2}: "a"}},
		{name: "string array key map", v: map[[2]string]bool{{"a", "b"}: true}},
		{name: "any key map", v: map[any]int32{"a": 1, int64(2): 2, true: 3}},
		{name: "NaN key map", v: map[float64]string{math.NaN(): "a", math.NaN(): "c", 1: "b"}, check: func(t *testing.T, got any) {
			m := got.(map[float64]string)
			require.Len(t, m, 3)
			require.Equal(t, "b", m[1])
			var nan []string
			for k, v := range m {
				if k != k {
					nan = append(nan, v)
				}
			}
			require.ElementsMatch(t, []string{"a", "c"}, nan)
		}},
		{name: "inf key map", v: map[float32]int8{float32(math.Inf(1)): 1, float32(math.Inf(-1)): -1, 0: 0}},
		{name: "time key map", v: map[time.Time]int32{time.Unix(5, 6).UTC(): 1}},
		{name: "duration key map", v: map[time.Duration]int32{time.Second: 1, -1: 2}},
		{name: "named slice", v: probeStrs{"a", "b"}},
		{name: "named map", v: probeNM{"a": 1}},
		{name: "named pointer field", v: struct{ P probeNP }{probeNP(pi)}},
		{name: "named byte slice", v: probeNB("abc")},
		{name: "named byte array", v: probeNBA{1, 2, 3, 4}},
		{name: "named byte elem slice", v: []probeByte{1, 2, 255}},
		{name: "named byte elem array", v: [3]probeByte{1, 2, 255}},
		{name: "byte forms", v: struct {
			B  []byte
			A  [3]byte
			NB probeNB
			NA probeNBA
			E  []probeByte
		}{[]byte("x"), [3]byte{1}, probeNB("y"), probeNBA{9}, []probeByte{4}}},
		{name: "recursive tree", v: probeTree{V: 1, Kids: []probeTree{{V: 2}, {V: 3, Kids: []probeTree{{V: 4}}}}, ByID: map[string]probeTree{"x": {V: 5}}}},
		{name: "times in containers", v: struct {
			T  []time.Time
			M  map[string]time.Time
			D  [2]time.Duration
			PD *time.Duration
			MT map[int32][]time.Time
		}{[]time.Time{time.Unix(1, 2).UTC()}, map[string]time.Time{"a": time.Unix(3, 4).UTC()}, [2]time.Duration{1, -1}, ptr(time.Hour), map[int32][]time.Time{1: {time.Unix(0, 0).UTC()}}}},
		{name: "int extremes", v: struct {
			I  int
			U  uint
			I2 int
			U8 uint64
			I8 int64
		}{math.MinInt, math.MaxUint, math.MaxInt, math.MaxUint64, math.MinInt64}},
		{name: "int slices extremes", v: struct {
			I []int
			U []uint
		}{[]int{math.MinInt, math.MaxInt}, []uint{0, math.MaxUint}}},
		{name: "int arrays extremes", v: [2]uint{0, math.MaxUint}},
		// Promoted Y comes back; the deeper X is hidden by ProbeCycA.X.
		{name: "mutually embedded", v: ProbeCycA{&ProbeCycB{Y: 3}, 1}},
		{name: "mutually embedded nil", v: ProbeCycA{X: 1}},
		{name: "embedded interface", v: probeEmbStringer{time.Second, 3}},
		{name: "embedded any", v: probeEmbAnyEx{int64(5), 3}},
		{name: "StructOf embedded", v: reflect.New(reflect.StructOf([]reflect.StructField{
			{Name: "ProbeCycB", Type: reflect.TypeFor[ProbeCycB](), Anonymous: true},
			{Name: "Z", Type: reflect.TypeFor[int8]()},
		})).Elem().Interface()},
		// Elements of zero bytes (empty structs in compatible mode) read
		// back however many there are; the decode budget bounds them.
		{name: "8192 empty structs", v: make([]struct{}, 8192)},
		// (More than the default budget's 8192 take WithMaxDecodedBytes:
		// TestEmptyStructListBudget.)
		{name: "8000 named empty structs", v: probeHasEmpty{SE: make([]struct{}, 8000)}},
		{name: "root int extreme", v: math.MinInt},
		{name: "root uint extreme", v: uint(math.MaxUint)},
	}
}

func TestProbeTypes(t *testing.T) { runProbes(t, probeTypeCases()) }

type probeStringer struct{ S string }

func (p probeStringer) String() string { return p.S }

type probeErr struct{ Code int32 }

func (e *probeErr) Error() string { return fmt.Sprint(e.Code) }

type probeNamedF float64

func (p probeNamedF) String() string { return "f" }

func probeMoreCases() []probeCase {
	one := int32(1)
	return []probeCase{
		{name: "pointer key map", v: map[*int32]string{&one: "a"}, check: func(t *testing.T, got any) {
			m := got.(map[*int32]string)
			require.Len(t, m, 1)
			for k, v := range m {
				require.Equal(t, int32(1), *k)
				require.Equal(t, "a", v)
			}
		}},
		// Keys that read back as their natural values, which are not
		// hashable: a clear error.
		{name: "any key holding struct", v: map[any]string{probeInner{1, 2}: "a"}, readFail: fury.ErrTypeMismatch, readFailSC: fury.ErrUnknownType},
		{name: "any key holding array", v: map[any]string{[2]int32{1, 2}: "a"}, readFail: fury.ErrTypeMismatch},
		// Non-empty interfaces refuse what would not read back.
		{name: "iface key map", v: map[fmt.Stringer]int32{probeStringer{"a"}: 1}, fail: fury.ErrUnsupportedType},
		{name: "stringer unregistered", v: struct{ S fmt.Stringer }{probeStringer{"x"}}, fail: fury.ErrUnsupportedType},
		{name: "stringer named float", v: struct{ S fmt.Stringer }{probeNamedF(1)}, fail: fury.ErrUnsupportedType},
		{name: "stringer duration", v: struct{ S fmt.Stringer }{time.Second}},
		{name: "stringer nil", v: struct{ S fmt.Stringer }{}},
		{name: "error unregistered", v: struct{ E error }{&probeErr{3}}, fail: fury.ErrUnsupportedType},
		{name: "error errors.New", v: struct{ E error }{errors.New("x")}, fail: fury.ErrUnsupportedType},
		{name: "error nil", v: struct{ E error }{}},
		// Unregistered structs in interface{}: map[string]any.
		{name: "any unregistered struct", v: struct{ A any }{probeInner{1, 2}}, want: struct{ A any }{map[string]any{"x": int32(1), "y": int32(2)}}, readFailSC: fury.ErrUnknownType},
		{name: "any unregistered ptr", v: struct{ A any }{&probeInner{1, 2}}, want: struct{ A any }{map[string]any{"x": int32(1), "y": int32(2)}}, readFailSC: fury.ErrUnknownType},
		{name: "any slice of structs", v: []any{[]probeInner{{1, 2}}}, want: []any{[]any{map[string]any{"x": int32(1), "y": int32(2)}}}, readFailSC: fury.ErrUnknownType},
		{name: "any holding empty struct", v: []any{struct{}{}}, want: []any{map[string]any{}}, readFailSC: fury.ErrUnknownType},
		{name: "any holding time", v: []any{time.Unix(1, 0).UTC(), time.Second}},
		// Natural values.
		{name: "any holding named slice", v: []any{probeStrs{"a"}}, want: []any{[]any{"a"}}},
		{name: "any holding uint", v: []any{uint(math.MaxUint), int(math.MinInt)}, want: []any{uint64(uint(math.MaxUint)), int64(int(math.MinInt))}},
		{name: "any holding [0]int", v: []any{[0]int32{}}, want: []any{[]int32{}}},
		{name: "any holding array", v: []any{[2]int32{1, 2}}, want: []any{[]int32{1, 2}}},
		{name: "any holding string array", v: []any{[2]string{"a", "b"}}, want: []any{[]any{"a", "b"}}},
		{name: "map of slices of maps", v: map[string][]map[int32][]string{"a": {{1: {"x"}}, nil}}},
		{name: "map struct values", v: map[string]probeInner{"a": {1, 2}}},
		{name: "map ptr values", v: map[string]*probeInner{"a": {1, 2}, "n": nil}},
		{name: "map array values", v: map[int8][2]string{1: {"a", "b"}}},
		{name: "map iface values", v: map[string]any{"a": int64(1), "n": nil}},
		{name: "slice of ptr to slice", v: []*[]int32{{1}, nil}},
		{name: "ptr to array", v: &[2]string{"a", "b"}},
		{name: "ptr to map", v: &map[string]int32{"a": 1}},
		{name: "array of maps", v: [2]map[string]int32{{"a": 1}, nil}},
		{name: "array of slices", v: [2][]string{{"a"}, nil}},
		{name: "array of empty arrays", v: [2][0]int32{}},
		{name: "slice of zero arrays", v: [][0]string{{}, {}}},
		{name: "map zero-array values", v: map[string][0]int32{"a": {}}},
		{name: "map of empty struct keys", v: map[struct{}]int32{{}: 4}},
		{name: "map zero array keys", v: map[[0]int32]string{{}: "a"}},
	}
}

func TestProbeMore(t *testing.T) { runProbes(t, probeMoreCases()) }

// Two func-local struct types of one package share the auto name
// fury_test.probeT.
func probeLocalA() reflect.Type {
	type probeT struct {
		A int32
		S string
	}
	return reflect.TypeFor[probeT]()
}

func probeLocalB() reflect.Type {
	type probeT struct{ B []string }
	return reflect.TypeFor[probeT]()
}

// sameNameHolder builds a struct type mentioning both same-named types at
// several positions, and a value of it.
func sameNameHolder() any {
	a, b := probeLocalA(), probeLocalB()
	st := reflect.StructOf([]reflect.StructField{
		{Name: "X", Type: a},
		{Name: "Y", Type: b},
		{Name: "Ys", Type: reflect.SliceOf(b)},
		{Name: "Xs", Type: reflect.SliceOf(a)},
		{Name: "YM", Type: reflect.MapOf(reflect.TypeFor[string](), b)},
		{Name: "YP", Type: reflect.PointerTo(b)},
		{Name: "YA", Type: reflect.ArrayOf(2, b)},
	})
	av := reflect.New(a).Elem()
	av.Field(0).SetInt(7)
	av.Field(1).SetString("a")
	bv := reflect.New(b).Elem()
	bv.Field(0).Set(reflect.ValueOf([]string{"x", "y"}))
	v := reflect.New(st).Elem()
	v.Field(0).Set(av)
	v.Field(1).Set(bv)
	v.Field(2).Set(reflect.Append(v.Field(2), bv, bv))
	v.Field(3).Set(reflect.Append(v.Field(3), av))
	m := reflect.MakeMap(v.Field(4).Type())
	m.SetMapIndex(reflect.ValueOf("k"), bv)
	v.Field(4).Set(m)
	pb := reflect.New(b)
	pb.Elem().Set(bv)
	v.Field(5).Set(pb)
	v.Field(6).Index(1).Set(bv)
	return v.Interface()
}

// sameNameInIface builds a struct mentioning both same-named types, with
// interface fields holding one of each: they come back as *T of the type
// written, whichever of the two the Fury met first.
func sameNameInIface() (v, want any) {
	a, b := probeLocalA(), probeLocalB()
	st := reflect.StructOf([]reflect.StructField{
		{Name: "X", Type: a}, {Name: "Y", Type: b},
		{Name: "I", Type: reflect.TypeFor[any]()}, {Name: "J", Type: reflect.TypeFor[any]()},
		{Name: "L", Type: reflect.TypeFor[[]any]()},
	})
	av := reflect.New(a)
	av.Elem().Field(0).SetInt(5)
	bv := reflect.New(b)
	bv.Elem().Field(0).Set(reflect.ValueOf([]string{"q"}))
	in, out := reflect.New(st).Elem(), reflect.New(st).Elem()
	in.Field(2).Set(bv.Elem())
	in.Field(3).Set(av.Elem())
	in.Field(4).Set(reflect.ValueOf([]any{bv.Elem().Interface(), av.Elem().Interface()}))
	out.Field(2).Set(bv)
	out.Field(3).Set(av)
	out.Field(4).Set(reflect.ValueOf([]any{bv.Interface(), av.Interface()}))
	return in.Interface(), out.Interface()
}

func TestProbeSameNameTypes(t *testing.T) {
	a, b := probeLocalA(), probeLocalB()
	require.Equal(t, a.String(), b.String())
	v, want := sameNameInIface()
	runProbes(t, []probeCase{
		{name: "both in one struct", v: sameNameHolder()},
		{name: "both in interfaces", v: v, want: want},
	})
	// Whichever of the two a Fury met first, the result is the same.
	for _, m := range probeModes() {
		for _, first := range []reflect.Type{a, b} {
			f := fury.New(m.opts...)
			_, err := f.Marshal(reflect.New(first).Elem().Interface())
			require.NoError(t, err)
			data, err := f.Marshal(v)
			require.NoError(t, err)
			got := reflect.New(reflect.TypeOf(v))
			require.NoError(t, f.Unmarshal(data, got.Interface()), "%s, %v first", m.name, first)
			require.Empty(t, cmp.Diff(want, got.Elem().Interface(), probeCmp), "%s, %v first", m.name, first)
		}
	}
}

// probeWide returns a struct type with n fields of assorted types and a
// value of it.
func probeWide(n int) any {
	kinds := []reflect.Type{
		reflect.TypeFor[int32](), reflect.TypeFor[string](), reflect.TypeFor[[]int64](),
		reflect.TypeFor[map[string]int32](), reflect.TypeFor[*probeInner](), reflect.TypeFor[any](),
		reflect.TypeFor[bool](), reflect.TypeFor[float64](), reflect.TypeFor[[2]uint16](),
		reflect.TypeFor[time.Duration](), reflect.TypeFor[[]probeInner](), reflect.TypeFor[uint](),
	}
	fields := make([]reflect.StructField, n)
	for i := range fields {
		fields[i] = reflect.StructField{Name: fmt.Sprintf("Field%03d", i), Type: kinds[i%len(kinds)]}
	}
	v := reflect.New(reflect.StructOf(fields)).Elem()
	for i := 0; i < n; i++ {
		f := v.Field(i)
		switch f.Kind() {
		case reflect.Int32, reflect.Int64:
			f.SetInt(int64(i) - 500)
		case reflect.String:
			f.SetString(strings.Repeat("w", i%5))
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 1, 1))
		case reflect.Map:
			f.Set(reflect.ValueOf(map[string]int32{fmt.Sprint(i): int32(i)}))
		case reflect.Pointer:
			if i%2 == 0 {
				f.Set(reflect.ValueOf(&probeInner{int32(i), 1}))
			}
		case reflect.Interface:
			f.Set(reflect.ValueOf(int64(i)))
		case reflect.Bool:
			f.SetBool(i%3 == 0)
		case reflect.Float64:
			f.SetFloat(float64(i) / 3)
		case reflect.Uint:
			f.SetUint(math.MaxUint - uint64(i))
		case reflect.Array:
			f.Index(1).SetUint(uint64(i))
		}
	}
	return v.Interface()
}

// probeNested returns the type made by wrapping base depth times with wrap.
func probeNested(base reflect.Type, depth int, wrap func(reflect.Type) reflect.Type) reflect.Type {
	for i := 0; i < depth; i++ {
		base = wrap(base)
	}
	return base
}

func TestProbeWideAndDeep(t *testing.T) {
	slices := func(n int) any {
		return reflect.Zero(probeNested(reflect.TypeFor[int32](), n, reflect.SliceOf)).Interface()
	}
	// A value nested n levels: [[[...[1]...]]].
	nestedValue := func(n int) any {
		v := reflect.ValueOf([]int32{1})
		for i := 1; i < n; i++ {
			s := reflect.MakeSlice(reflect.SliceOf(v.Type()), 1, 1)
			s.Index(0).Set(v)
			v = s
		}
		return v.Interface()
	}
	structs := func(n int) any {
		t := probeNested(reflect.TypeFor[int32](), n, func(t reflect.Type) reflect.Type {
			return reflect.StructOf([]reflect.StructField{{Name: "In", Type: t}, {Name: "N", Type: reflect.TypeFor[int8]()}})
		})
		v := reflect.New(t).Elem()
		v.Field(1).SetInt(3)
		return v.Interface()
	}
	maps := func(n int) any {
		t := probeNested(reflect.TypeFor[string](), n, func(t reflect.Type) reflect.Type { return reflect.MapOf(reflect.TypeFor[string](), t) })
		return reflect.Zero(t).Interface()
	}
	runProbes(t, []probeCase{
		{name: "300 fields", v: probeWide(300)},
		{name: "1500 fields", v: probeWide(1500)},
		{name: "nil slice of 1000-deep type", v: slices(1000)},
		{name: "nil map of 500-deep type", v: maps(500)},
		// go-cmp's slice diff is exponential in the nesting: DeepEqual.
		{name: "slice nested 90", v: nestedValue(90), check: func(t *testing.T, got any) {
			require.True(t, reflect.DeepEqual(nestedValue(90), got))
		}},
		{name: "slice nested 150", v: nestedValue(150), fail: fury.ErrDepthExceeded},
		{name: "struct nested 40", v: structs(40)},
		{name: "struct nested 150", v: structs(150), fail: fury.ErrDepthExceeded},
	})
}

// TestProbeWrongDestinations: Unmarshal into what cannot hold the value is
// an error, never a panic; *any holding something is replaced.
func TestProbeWrongDestinations(t *testing.T) {
	src := probeEmbVal{probeInner{1, 2}, "z"}
	for _, m := range probeModes() {
		t.Run(m.name, func(t *testing.T) {
			f := fury.New(m.opts...)
			data, err := f.Marshal(&src)
			require.NoError(t, err)
			var nilPtr *probeEmbVal
			var nilAny any
			var ch chan int
			var x int
			var other struct{ Q []string }
			compatible := strings.HasPrefix(m.name, "compat=true")
			cases := []struct {
				name string
				dst  any
				fail error
			}{
				{"nil", nil, fury.ErrInvalidArgument},
				{"non-pointer", src, fury.ErrInvalidArgument},
				{"typed nil pointer", nilPtr, fury.ErrInvalidArgument},
				{"nil *any", (*any)(nil), fury.ErrInvalidArgument},
				{"reflect.Value", reflect.ValueOf(&src), fury.ErrInvalidArgument},
				{"*reflect.Value", ptr(reflect.ValueOf(&src)), fury.ErrUnsupportedType},
				{"*chan", &ch, fury.ErrUnsupportedType},
				{"*func", new(func()), fury.ErrUnsupportedType},
				{"*unsafe.Pointer", new(unsafe.Pointer), fury.ErrUnsupportedType},
				{"*uintptr", new(uintptr), fury.ErrUnsupportedType},
				{"*complex128", new(complex128), fury.ErrUnsupportedType},
				{"*int", &x, fury.ErrTypeMismatch},
				{"*string", new(string), fury.ErrTypeMismatch},
				{"*[]int32", new([]int32), fury.ErrTypeMismatch},
				{"*[2]int32", new([2]int32), fury.ErrTypeMismatch},
				{"*map[int32]int32", new(map[int32]int32), fury.ErrTypeMismatch},
				{"**T (pointer to pointer destination)", new(*probeEmbVal), nil},
				{"***T", new(**probeEmbVal), fury.ErrUnsupportedType},
				{"*other struct", &other, nil}, // compatible: fields by name; schema-consistent: unknown
				{"*any nil", &nilAny, nil},
				{"*any holding int", ptr[any](5), nil},
				{"*any holding *T", ptr[any](&probeEmbVal{Z: "old"}), nil},
				{"*fmt.Stringer", new(fmt.Stringer), fury.ErrTypeMismatch},
				{"*error", new(error), fury.ErrTypeMismatch},
				{"*struct{}", new(struct{}), nil},
			}
			for _, c := range cases {
				err := noPanic(t, c.name, func() error { return f.Unmarshal(data, c.dst) })
				switch {
				case c.fail == fury.ErrTypeMismatch && !compatible:
					// The struct is unknown where the destination does
					// not mention it.
					require.ErrorIs(t, err, fury.ErrUnknownType, c.name)
				case c.fail != nil:
					require.ErrorIs(t, err, c.fail, c.name)
				case err != nil:
					require.Truef(t, isSentinel(err), "%s: %v", c.name, err)
				}
			}
			// A **T destination gets a new *T; a *any destination gets the
			// natural value (its old contents are not written through).
			old := &probeEmbVal{Z: "old"}
			p := old
			require.NoError(t, f.Unmarshal(data, &p))
			require.Equal(t, src, *p)
			require.Equal(t, "old", old.Z)
			a := any(old)
			err = f.Unmarshal(data, &a)
			if strings.HasPrefix(m.name, "compat=false") {
				require.ErrorIs(t, err, fury.ErrUnknownType)
			} else {
				require.NoError(t, err)
				require.Equal(t, map[string]any{"x": int32(1), "y": int32(2), "z": "z"}, a)
			}
			require.Equal(t, "old", old.Z)
		})
	}
}

// TestProbeConcurrent runs the probes through the package-level API from
// many goroutines at once, each in its own order: every result must be
// what one goroutine alone gets (compatible mode, no reference tracking).
func TestProbeConcurrent(t *testing.T) {
	var cases []probeCase
	for _, c := range append(append(append(probeUnsupportedCases(), probeTypeCases()...), probeMoreCases()...),
		probeCase{name: "same name", v: sameNameHolder()}, probeCase{name: "wide", v: probeWide(300)}) {
		if c.check == nil {
			cases = append(cases, c)
		}
	}
	type result struct {
		merr, uerr error
		got        any
	}
	run := func(c probeCase, used bool) (r result) {
		var data []byte
		if r.merr = noPanic(t, c.name, func() (err error) { data, err = fury.Marshal(c.v); return }); r.merr != nil {
			return r
		}
		p := reflect.New(reflect.TypeOf(c.v))
		if used {
			fill(p.Elem(), 0)
		}
		r.uerr = noPanic(t, c.name, func() error { return fury.Unmarshal(data, p.Interface()) })
		r.got = p.Elem().Interface()
		return r
	}
	same := func(a, b error) bool {
		if (a == nil) != (b == nil) {
			return false
		}
		for _, s := range probeSentinels {
			if errors.Is(a, s) != errors.Is(b, s) {
				return false
			}
		}
		return true
	}
	want := make([]result, len(cases))
	for i, c := range cases {
		want[i] = run(c, false)
	}
	const workers, rounds = 12, 3
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := 0; r < rounds; r++ {
				for k := range cases {
					i := (k*7 + w*5 + r) % len(cases)
					got := run(cases[i], (w+r)%2 == 0)
					if !same(want[i].merr, got.merr) || !same(want[i].uerr, got.uerr) {
						t.Errorf("%s: errors %v, %v; alone %v, %v", cases[i].name, got.merr, got.uerr, want[i].merr, want[i].uerr)
						continue
					}
					if got.merr == nil && got.uerr == nil {
						if d := cmp.Diff(want[i].got, got.got, probeCmp); d != "" {
							t.Errorf("%s: concurrent result differs (-alone +concurrent):\n%s", cases[i].name, d)
						}
					}
				}
			}
		}()
	}
	wg.Wait()
}
