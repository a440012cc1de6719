package fury

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/require"
)

// The Go-semantics property suite: random struct types built at run time
// with reflect.StructOf, filled with random values, round-tripped in all
// four modes into fresh and into used destinations. The expected value is
// the input with the documented nil and empty rule applied (normalize), so
// a nil/empty bug shows as a diff. Run long with
//
//	go test ./fury -run TestSemantics -semantics.n=10000
var (
	semanticsN    = flag.Int("semantics.n", 150, "random struct types per mode for TestSemantics")
	semanticsSeed = flag.Int64("semantics.seed", 20261123, "seed of TestSemantics")
)

// semEnum is a registered enum; semName and semInts are named types that
// are not registered (they travel as their underlying types).
type (
	semEnum int32
	semName string
	semInts []int32
)

func newSemFury(t testing.TB, compatible, ref bool) *Fury {
	f := newShapeFury(t, compatible, ref)
	require.NoError(t, f.Register(semEnum(0), 303))
	return f
}

var semCmp = cmp.Options{cmpopts.EquateNaNs()}

// typeGen builds random types and values.
type typeGen struct {
	rnd *rand.Rand
	// plain: no registered types anywhere (for the package-level pool,
	// whose Furies have no registrations).
	plain bool
}

var (
	semScalars = []reflect.Type{
		reflect.TypeFor[bool](), reflect.TypeFor[int8](), reflect.TypeFor[int16](), reflect.TypeFor[int32](),
		reflect.TypeFor[int64](), reflect.TypeFor[int](), reflect.TypeFor[uint8](), reflect.TypeFor[uint16](),
		reflect.TypeFor[uint32](), reflect.TypeFor[uint64](), reflect.TypeFor[uint](), reflect.TypeFor[float32](),
		reflect.TypeFor[float64](), reflect.TypeFor[string](), reflect.TypeFor[FixedInt32](), reflect.TypeFor[FixedInt64](),
		reflect.TypeFor[FixedUint32](), reflect.TypeFor[FixedUint64](), reflect.TypeFor[TaggedInt64](),
		reflect.TypeFor[TaggedUint64](), reflect.TypeFor[semName](), timeType, durationType, dateType,
	}
	semArrayElems = []reflect.Type{
		reflect.TypeFor[bool](), reflect.TypeFor[int8](), reflect.TypeFor[int16](), reflect.TypeFor[int32](),
		reflect.TypeFor[int64](), reflect.TypeFor[int](), reflect.TypeFor[uint8](), reflect.TypeFor[uint16](),
		reflect.TypeFor[uint32](), reflect.TypeFor[uint64](), reflect.TypeFor[float32](), reflect.TypeFor[float64](),
	}
	semKeys = []reflect.Type{
		reflect.TypeFor[string](), reflect.TypeFor[int32](), reflect.TypeFor[int64](), reflect.TypeFor[bool](),
		reflect.TypeFor[uint16](), reflect.TypeFor[int8](), reflect.TypeFor[semName](),
	}
	semListTypes = []reflect.Type{
		reflect.TypeFor[BoolSlice](), reflect.TypeFor[Int16Slice](), reflect.TypeFor[Int64Slice](),
		reflect.TypeFor[Float64Slice](), reflect.TypeFor[semInts](),
	}
	shapeType    = reflect.TypeFor[Shape]()
	errorType    = reflect.TypeFor[error]()
	stringerType = reflect.TypeFor[fmt.Stringer]()
)

func (g *typeGen) pick(ts []reflect.Type) reflect.Type { return ts[g.rnd.Intn(len(ts))] }

// structType builds a random struct type; depth bounds nesting.
func (g *typeGen) structType(depth int) reflect.Type {
	n := 1 + g.rnd.Intn(8)
	if depth > 0 {
		n = 1 + g.rnd.Intn(4)
	}
	fields := make([]reflect.StructField, n)
	for i := range fields {
		t := g.fieldType(depth)
		var tag reflect.StructTag
		if k := t.Kind(); (k == reflect.Slice || k == reflect.Map) && g.rnd.Intn(3) == 0 {
			tag = `fury:"nullable"`
		}
		fields[i] = reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: t, Tag: tag}
	}
	return reflect.StructOf(fields)
}

func (g *typeGen) fieldType(depth int) reflect.Type {
	deep := depth < 3
	for {
		switch c := g.rnd.Intn(20); {
		case c < 6:
			return g.pick(semScalars)
		case c == 6:
			return reflect.SliceOf(g.pick(semArrayElems)) // primitive array, []byte included
		case c == 7:
			return reflect.ArrayOf(1+g.rnd.Intn(3), g.pick(semArrayElems))
		case c == 8:
			return reflect.SliceOf(g.pick(semScalars)) // list
		case c == 9:
			return g.pick(semListTypes)
		case c == 10 && deep:
			return g.structType(depth + 1)
		case c == 11 && deep:
			return reflect.SliceOf(g.fieldType(depth + 1))
		case c == 12 && deep:
			return reflect.PointerTo(g.structType(depth + 1))
		case c == 13:
			return reflect.PointerTo(g.pick(semScalars))
		case c == 14 && deep:
			return reflect.MapOf(g.pick(semKeys), g.fieldType(depth+1))
		case c == 15:
			return reflect.MapOf(g.pick(semKeys), reflect.TypeFor[struct{}]()) // set
		case c == 16 && deep:
			return reflect.ArrayOf(1+g.rnd.Intn(2), g.fieldType(depth+1))
		case c == 17:
			if g.plain {
				continue
			}
			return []reflect.Type{reflect.TypeFor[semEnum](), reflect.TypeFor[[]semEnum](), reflect.TypeFor[map[string]semEnum]()}[g.rnd.Intn(3)]
		case c == 18:
			if g.plain {
				return anyType
			}
			return []reflect.Type{anyType, shapeType, errorType, stringerType, reflect.TypeFor[[]Shape](),
				reflect.TypeFor[map[string]Shape](), reflect.TypeFor[[2]Shape](), reflect.TypeFor[[]any]()}[g.rnd.Intn(8)]
		case c == 19 && deep:
			return reflect.SliceOf(g.structType(depth + 1))
		}
	}
}

var semStrings = []string{"", "a", "héllo", "日本語", "emoji 😀", "latin1 ÿ", strings.Repeat("x", 300), "\x00nul", "Ω≈ç√"}

// value returns a random value of t.
func (g *typeGen) value(t reflect.Type, depth int) reflect.Value {
	v := reflect.New(t).Elem()
	r := g.rnd
	switch t {
	case timeType:
		if r.Intn(4) == 0 {
			return v
		}
		v.Set(reflect.ValueOf(time.Unix(r.Int63n(1<<40)-1<<39, r.Int63n(1e9)).UTC()))
		return v
	case dateType:
		v.Set(reflect.ValueOf(Date{Year: 1900 + r.Intn(300), Month: time.Month(1 + r.Intn(12)), Day: 1 + r.Intn(28)}))
		return v
	}
	switch t.Kind() {
	case reflect.Bool:
		v.SetBool(r.Intn(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if t == reflect.TypeFor[semEnum]() {
			v.SetInt(int64(r.Intn(50)))
			break
		}
		bits := t.Bits()
		switch r.Intn(4) {
		case 0:
			v.SetInt(-1 << (bits - 1))
		case 1:
			v.SetInt(1<<(bits-1) - 1)
		default:
			v.SetInt(r.Int63() >> (64 - bits))
			if r.Intn(2) == 0 {
				v.SetInt(-v.Int())
			}
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		bits := t.Bits()
		switch r.Intn(4) {
		case 0:
			v.SetUint(0)
		case 1:
			v.SetUint(math.MaxUint64 >> (64 - bits))
		default:
			v.SetUint(r.Uint64() >> (64 - bits))
		}
	case reflect.Float32, reflect.Float64:
		v.SetFloat([]float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 1e-300, -3.25, r.NormFloat64() * 1e6}[r.Intn(8)])
		if t.Kind() == reflect.Float32 {
			v.SetFloat(float64(float32(v.Float())))
		}
	case reflect.String:
		v.SetString(semStrings[r.Intn(len(semStrings))])
	case reflect.Slice:
		switch r.Intn(5) {
		case 0:
			return v // nil
		case 1:
			v.Set(reflect.MakeSlice(t, 0, r.Intn(2)))
			return v
		}
		n := 1 + r.Intn(4)
		v.Set(reflect.MakeSlice(t, n, n))
		for i := 0; i < n; i++ {
			v.Index(i).Set(g.elem(t.Elem(), depth))
		}
	case reflect.Array:
		for i := 0; i < t.Len(); i++ {
			v.Index(i).Set(g.elem(t.Elem(), depth))
		}
	case reflect.Map:
		switch r.Intn(5) {
		case 0:
			return v
		case 1:
			v.Set(reflect.MakeMap(t))
			return v
		}
		m := reflect.MakeMap(t)
		for i := 1 + r.Intn(4); i > 0; i-- {
			m.SetMapIndex(g.value(t.Key(), depth+1), g.elem(t.Elem(), depth))
		}
		v.Set(m)
	case reflect.Pointer:
		if r.Intn(4) == 0 {
			return v
		}
		p := reflect.New(t.Elem())
		p.Elem().Set(g.value(t.Elem(), depth+1))
		v.Set(p)
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if t.Field(i).IsExported() {
				v.Field(i).Set(g.value(t.Field(i).Type, depth+1))
			}
		}
	case reflect.Interface:
		if x := g.iface(t); x != nil {
			v.Set(reflect.ValueOf(x))
		}
	}
	return v
}

// elem is a value for a list element or map value: slices and maps there
// keep nil and empty apart, so both are generated.
func (g *typeGen) elem(t reflect.Type, depth int) reflect.Value { return g.value(t, depth+1) }

// iface returns a random value for an interface of type t, of types that
// come back as themselves (see the package documentation's table of
// natural values).
func (g *typeGen) iface(t reflect.Type) any {
	r := g.rnd
	if r.Intn(4) == 0 {
		return nil
	}
	switch t {
	case shapeType:
		return []any{Circle{R: r.NormFloat64()}, &Square{Side: r.Int31()}, (*Square)(nil)}[r.Intn(3)]
	case errorType:
		return &AppError{Code: r.Int31(), Msg: semStrings[r.Intn(len(semStrings))]}
	case stringerType:
		return []any{Hue(r.Intn(30)), time.Duration(r.Int63()), Date{Year: 2000, Month: 2, Day: 29}}[r.Intn(3)]
	}
	leaves := []any{int32(r.Int31()), int64(-r.Int63()), "str é", true, 2.5, []byte{}, []byte("xy"), []int32{1, -2},
		time.Duration(-r.Int63n(1e12)), uint16(7), int8(-8), []any{int32(1), "x", nil}, map[any]any{"k": int64(3)}, []int32(nil)}
	if !g.plain {
		leaves = append(leaves, &Circle{R: 1}, &Square{Side: 4}, semEnum(3), Hue(1))
	}
	return leaves[r.Intn(len(leaves))]
}

// normalize returns the value a round trip of v should give: fields that
// are slices or maps and not `fury:"nullable"` read empty as nil, and an
// interface holding a nil pointer, slice or map comes back nil. Everything
// else is unchanged.
func normalize(v reflect.Value) reflect.Value {
	out := reflect.New(v.Type()).Elem()
	out.Set(v)
	normalizeIn(out)
	return out
}

func normalizeIn(v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		if v.Type() == timeType {
			return
		}
		for i := 0; i < v.NumField(); i++ {
			sf := v.Type().Field(i)
			if !sf.IsExported() {
				continue
			}
			f := v.Field(i)
			nullable := strings.Contains(sf.Tag.Get("fury"), "nullable")
			if (f.Kind() == reflect.Slice || f.Kind() == reflect.Map) && !nullable && f.Len() == 0 {
				f.SetZero()
				continue
			}
			normalizeIn(f)
		}
	case reflect.Slice:
		if v.IsNil() {
			return
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		reflect.Copy(c, v)
		v.Set(c)
		for i := 0; i < v.Len(); i++ {
			normalizeIn(v.Index(i))
		}
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			normalizeIn(v.Index(i))
		}
	case reflect.Map:
		if v.IsNil() {
			return
		}
		m := reflect.MakeMapWithSize(v.Type(), v.Len())
		it := v.MapRange()
		for it.Next() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(it.Value())
			normalizeIn(e)
			m.SetMapIndex(it.Key(), e)
		}
		v.Set(m)
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		p := reflect.New(v.Type().Elem())
		p.Elem().Set(v.Elem())
		normalizeIn(p.Elem())
		v.Set(p)
	case reflect.Interface:
		if v.IsNil() {
			return
		}
		e := v.Elem()
		switch e.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Map:
			if e.IsNil() {
				v.SetZero()
				return
			}
		}
		c := reflect.New(e.Type()).Elem()
		c.Set(e)
		normalizeIn(c)
		v.Set(c)
	}
}

// roundTrip checks one value of type t in one mode: Marshal, then
// Unmarshal into a fresh and into a used destination, on the writer and
// on a second Fury.
func roundTrip(t *testing.T, w, r *Fury, g *typeGen, typ reflect.Type, val reflect.Value) {
	t.Helper()
	data, err := w.Marshal(val.Interface())
	require.NoError(t, err, "marshal %v", typ)
	want := normalize(val).Interface()
	for _, f := range []*Fury{w, r} {
		fresh := reflect.New(typ)
		require.NoError(t, f.Unmarshal(data, fresh.Interface()), "unmarshal %v", typ)
		if d := cmp.Diff(want, fresh.Elem().Interface(), semCmp); d != "" {
			t.Fatalf("fresh %v (-want +got):\n%s", typ, d)
		}
		used := reflect.New(typ)
		used.Elem().Set(g.value(typ, 0))
		require.NoError(t, f.Unmarshal(data, used.Interface()), "unmarshal used %v", typ)
		if d := cmp.Diff(want, used.Elem().Interface(), semCmp); d != "" {
			t.Fatalf("used %v (-want +got):\n%s", typ, d)
		}
	}
}

func TestSemantics(t *testing.T) {
	for mi, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			g := &typeGen{rnd: rand.New(rand.NewSource(*semanticsSeed + int64(mi)))}
			w, r := newSemFury(t, m.compatible, m.ref), newSemFury(t, m.compatible, m.ref)
			for i := 0; i < *semanticsN; i++ {
				typ := g.structType(0)
				for j := 0; j < 3; j++ {
					roundTrip(t, w, r, g, typ, g.value(typ, 0))
				}
				// The same value as the root of a pointer, a list element
				// and a map value.
				v := g.value(typ, 0)
				p := reflect.New(typ)
				p.Elem().Set(v)
				roundTrip(t, w, r, g, p.Type(), p)
				s := reflect.MakeSlice(reflect.SliceOf(typ), 2, 2)
				s.Index(1).Set(v)
				roundTrip(t, w, r, g, s.Type(), s)
				if t.Failed() {
					return
				}
			}
		})
	}
}

// TestSemanticsMixedDecodes decodes the same bytes into interface{} and
// into typed destinations in random order, on one Fury per goroutine and
// on the package-level pool, from many goroutines: every result must equal
// what a fresh Fury gives.
func TestSemanticsMixedDecodes(t *testing.T) {
	type sample struct {
		typ     reflect.Type
		data    []byte
		want    any // typed result
		natural any // interface{} result from a fresh Fury, or nil
		natErr  bool
	}
	g := &typeGen{rnd: rand.New(rand.NewSource(*semanticsSeed)), plain: true}
	n := max(*semanticsN/5, 20)
	samples := make([]sample, n)
	for i := range samples {
		typ := g.structType(0)
		v := g.value(typ, 0)
		data, err := Marshal(v.Interface())
		require.NoError(t, err)
		var nat any
		natErr := New().Unmarshal(data, &nat) != nil
		samples[i] = sample{typ: typ, data: data, want: normalize(v).Interface(), natural: nat, natErr: natErr}
	}
	check := func(f *Fury, rnd *rand.Rand) error {
		s := &samples[rnd.Intn(len(samples))]
		unmarshal := Unmarshal
		if f != nil {
			unmarshal = f.Unmarshal
		}
		if rnd.Intn(2) == 0 {
			var v any
			err := unmarshal(s.data, &v)
			if (err != nil) != s.natErr {
				return fmt.Errorf("interface{} decode of %v: error %v, fresh Fury's error: %v", s.typ, err, s.natErr)
			}
			if d := cmp.Diff(s.natural, v, semCmp); d != "" {
				return fmt.Errorf("interface{} decode of %v differs from a fresh Fury's:\n%s", s.typ, d)
			}
			return nil
		}
		p := reflect.New(s.typ)
		if rnd.Intn(2) == 0 {
			p.Elem().Set(g2value(s.typ, rnd))
		}
		if err := unmarshal(s.data, p.Interface()); err != nil {
			return fmt.Errorf("typed decode of %v: %w", s.typ, err)
		}
		if d := cmp.Diff(s.want, p.Elem().Interface(), semCmp); d != "" {
			return fmt.Errorf("typed decode of %v:\n%s", s.typ, d)
		}
		return nil
	}
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for gi := 0; gi < 8; gi++ {
		wg.Add(1)
		go func(gi int) {
			defer wg.Done()
			rnd := rand.New(rand.NewSource(*semanticsSeed + 100 + int64(gi)))
			var own *Fury
			if gi%2 == 0 {
				own = New()
			}
			for i := 0; i < 10*n; i++ {
				if err := check(own, rnd); err != nil {
					errs <- err
					return
				}
			}
		}(gi)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// g2value is a random used destination for concurrent checks (each
// goroutine has its own generator).
func g2value(t reflect.Type, rnd *rand.Rand) reflect.Value {
	return (&typeGen{rnd: rnd, plain: true}).value(t, 0)
}

// TestSemanticsMutatedInput decodes corrupted encodings of random values
// (interface fields included) into their types and into interface{}: an
// error must wrap one of the package's sentinels, and nothing may panic.
func TestSemanticsMutatedInput(t *testing.T) {
	sentinels := []error{ErrTruncated, ErrInvalidData, ErrUnknownType, ErrUnsupportedType, ErrTypeMismatch,
		ErrSchemaMismatch, ErrDepthExceeded, ErrTooLarge}
	for mi, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			rnd := rand.New(rand.NewSource(*semanticsSeed + 200 + int64(mi)))
			g := &typeGen{rnd: rnd}
			f := newSemFury(t, m.compatible, m.ref)
			for i := 0; i < max(*semanticsN/3, 30); i++ {
				typ := g.structType(0)
				data, err := f.Marshal(g.value(typ, 0).Interface())
				require.NoError(t, err)
				for j := 0; j < 20; j++ {
					bad := append([]byte(nil), data...)
					switch rnd.Intn(3) {
					case 0:
						bad = bad[:rnd.Intn(len(bad))]
					default:
						for k := 1 + rnd.Intn(3); k > 0; k-- {
							bad[rnd.Intn(len(bad))] = byte(rnd.Intn(256))
						}
					}
					var errs [2]error
					errs[0] = f.Unmarshal(bad, reflect.New(typ).Interface())
					var v any
					errs[1] = f.Unmarshal(bad, &v)
					for _, err := range errs {
						if err == nil {
							continue
						}
						ok := false
						for _, s := range sentinels {
							ok = ok || errors.Is(err, s)
						}
						if !ok {
							t.Fatalf("error wraps no sentinel: %v", err)
						}
					}
				}
			}
		})
	}
}
