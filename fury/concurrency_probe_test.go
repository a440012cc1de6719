package fury_test

// Concurrency probes: the package-level API under many goroutines while
// other goroutines register types, one Fury per goroutine in every mode,
// registration on a *Fury from other goroutines while it works, generated
// and reflection types side by side, and row encoders shared by goroutines.
// Every result is compared with what one goroutine alone gets. Run with
// go test -race.

import (
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
	"github.com/fury-go/fury/row"
)

const ccWorkers = 16

// ccOpts compares values with unexported fields too (gentest's
// embedded struct) and time.Time by Equal.
var ccOpts = cmp.Options{cmp.Exporter(func(reflect.Type) bool { return true })}

type ccLeaf struct {
	ID   int64
	Tags []string
}

type ccOrder struct {
	ID     int64
	Name   string
	Items  []ccLeaf
	Attrs  map[string]int32
	Any    any
	Ptr    *ccLeaf
	When   time.Time
	Blob   []byte
	Nested map[string][]int32
}

// ccCase is one value and the type it is read back into.
type ccCase struct {
	name string
	v    any
	typ  reflect.Type // destination type
}

func ccCases() []ccCase {
	order := ccOrder{
		ID: 7, Name: "order", Items: []ccLeaf{{1, []string{"a"}}, {2, nil}},
		Attrs: map[string]int32{"x": 1, "y": 2}, Any: []any{int64(1), "two", 3.0},
		Ptr: &ccLeaf{ID: 9}, When: time.Unix(1700000000, 42).UTC(), Blob: []byte{1, 2, 3},
		Nested: map[string][]int32{"n": {1, 2}},
	}
	team := gentest.NewTeam()
	coll := gentest.NewCollections()
	return []ccCase{
		{"int32", int32(-5), reflect.TypeFor[int32]()},
		{"string", "héllo, 世界", reflect.TypeFor[string]()},
		{"[]int64", []int64{1, -2, 3}, reflect.TypeFor[[]int64]()},
		{"map", map[string]int32{"a": 1, "b": 2, "c": 3}, reflect.TypeFor[map[string]int32]()},
		{"[]any", []any{int32(1), "x", nil, []byte("b"), map[any]any{"k": int64(2)}}, reflect.TypeFor[[]any]()},
		{"time", time.Unix(1700000000, 5).UTC(), reflect.TypeFor[time.Time]()},
		{"ccOrder", order, reflect.TypeFor[ccOrder]()},
		{"*ccOrder", &order, reflect.TypeFor[ccOrder]()},
		{"gen Team", team, reflect.TypeFor[gentest.Team]()},
		{"gen Sample", gentest.NewSample(), reflect.TypeFor[gentest.Sample]()},
		{"gen MediaContent", gentest.NewMediaContent(), reflect.TypeFor[gentest.MediaContent]()},
		{"gen Collections", coll, reflect.TypeFor[gentest.Collections]()},
		{"gen Struct", gentest.NewStruct(), reflect.TypeFor[gentest.Struct]()},
		{"twin SampleR", gentest.SampleR(gentest.NewSample()), reflect.TypeFor[gentest.SampleR]()},
		{"twin StructR", gentest.StructR(gentest.NewStruct()), reflect.TypeFor[gentest.StructR]()},
		{"twin CollectionsR", gentest.CollectionsR(coll), reflect.TypeFor[gentest.CollectionsR]()},
	}
}

// ccResult is what one goroutine alone gets for a case.
type ccResult struct {
	data    []byte // nil when the value holds maps (bytes vary with map order)
	typed   any    // decoded into the case's type
	dynamic any    // decoded into interface{}
}

func ccHasMap(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Map, reflect.Interface:
		return true
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return ccHasMap(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if ccHasMap(t.Field(i).Type, seen) {
				return true
			}
		}
	}
	return false
}

// ccRun marshals c.v and reads it back twice, with the given functions.
func ccRun(marshal func(any) ([]byte, error), unmarshal func([]byte, any) error, c ccCase) (ccResult, error) {
	data, err := marshal(c.v)
	if err != nil {
		return ccResult{}, fmt.Errorf("%s: marshal: %w", c.name, err)
	}
	typed := reflect.New(c.typ)
	if err := unmarshal(data, typed.Interface()); err != nil {
		return ccResult{}, fmt.Errorf("%s: unmarshal typed: %w", c.name, err)
	}
	var dyn any
	if err := unmarshal(data, &dyn); err != nil {
		return ccResult{}, fmt.Errorf("%s: unmarshal any: %w", c.name, err)
	}
	r := ccResult{typed: typed.Elem().Interface(), dynamic: dyn}
	if !ccHasMap(reflect.TypeOf(c.v), map[reflect.Type]bool{}) {
		r.data = data
	}
	return r, nil
}

// ccCompare reports how got differs from want ("" when it does not).
func ccCompare(want, got ccResult) string {
	if want.data != nil && string(want.data) != string(got.data) {
		return fmt.Sprintf("bytes differ:\n%x\n%x", want.data, got.data)
	}
	if d := cmp.Diff(want.typed, got.typed, ccOpts); d != "" {
		return "typed: " + d
	}
	if d := cmp.Diff(want.dynamic, got.dynamic, ccOpts); d != "" {
		return "interface{}: " + d
	}
	return ""
}

// ccStruct returns a distinct struct type built at run time, not used
// by any other test (registrations of the package-level API are shared by
// the whole test binary).
func ccStruct(i int) reflect.Type {
	return reflect.StructOf([]reflect.StructField{
		{Name: fmt.Sprintf("ProbeC%d", i), Type: reflect.TypeFor[int64]()},
		{Name: "Label", Type: reflect.TypeFor[string]()},
	})
}

func ccValue(t reflect.Type, n int64) reflect.Value {
	v := reflect.New(t).Elem()
	v.Field(0).SetInt(n)
	v.Field(1).SetString(fmt.Sprint("v", n))
	return v
}

// TestConcurrencyProbeConcurrentPackageAPI: 16 goroutines marshal and unmarshal mixed
// types (generated and reflection ones) with the package-level API while
// two goroutines register new types; every result equals the
// single-goroutine one, and each registration is in effect for the next
// package-level call once Register returns.
func TestConcurrencyProbeConcurrentPackageAPI(t *testing.T) {
	cases := ccCases()
	want := make([]ccResult, len(cases))
	for i, c := range cases {
		r, err := ccRun(fury.Marshal, fury.Unmarshal, c)
		require.NoError(t, err)
		want[i] = r
	}

	const perRegistrar = 100
	var wg sync.WaitGroup
	stop := make(chan struct{})
	errs := make(chan error, ccWorkers+2)
	for w := range ccWorkers {
		wg.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-stop:
					if i >= len(cases) {
						return
					}
				default:
				}
				k := (w + i) % len(cases)
				got, err := ccRun(fury.Marshal, fury.Unmarshal, cases[k])
				if err != nil {
					errs <- err
					return
				}
				if d := ccCompare(want[k], got); d != "" {
					errs <- fmt.Errorf("%s differs from the single-goroutine result: %s", cases[k].name, d)
					return
				}
			}
		})
	}
	var regs sync.WaitGroup
	for r := range 2 {
		regs.Go(func() {
			for i := range perRegistrar {
				n := 1000 + r*perRegistrar + i
				typ := ccStruct(n)
				var err error
				if i%2 == 0 {
					err = fury.Register(reflect.New(typ).Elem().Interface(), uint32(3_000_000+n))
				} else {
					err = fury.RegisterTagType(fmt.Sprintf("probe.concurrency.T%d", n), reflect.New(typ).Elem().Interface())
				}
				if err != nil {
					errs <- err
					return
				}
				// In effect from the next call: a registered struct read into
				// interface{} comes back as *T (an unregistered one would
				// be a map[string]any).
				x := ccValue(typ, int64(n))
				data, err := fury.Marshal(x.Interface())
				if err != nil {
					errs <- err
					return
				}
				var v any
				if err := fury.Unmarshal(data, &v); err != nil {
					errs <- fmt.Errorf("%v: %w", typ, err)
					return
				}
				p := reflect.ValueOf(v)
				if p.Kind() != reflect.Pointer || p.Type().Elem() != typ || !reflect.DeepEqual(p.Elem().Interface(), x.Interface()) {
					errs <- fmt.Errorf("registered %v read into interface{} as %#v", typ, v)
					return
				}
			}
		})
	}
	regs.Wait()
	close(stop)
	ccWait(t, &wg, errs)
}

// ccWait waits for the goroutines of wg and reports the errors they sent
// on errs.
func ccWait(t *testing.T, wg *sync.WaitGroup, errs chan error) {
	t.Helper()
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

var ccModes = []struct {
	name string
	opts []fury.Option
}{
	{"compatible", nil},
	{"compatible+ref", []fury.Option{fury.WithRefTracking(true)}},
	{"consistent", []fury.Option{fury.WithCompatible(false)}},
	{"consistent+ref", []fury.Option{fury.WithCompatible(false), fury.WithRefTracking(true)}},
	{"compatible nogen", []fury.Option{fury.WithGeneratedCode(false)}},
	{"consistent nogen", []fury.Option{fury.WithCompatible(false), fury.WithGeneratedCode(false)}},
}

// TestConcurrencyProbeFuryPerGoroutine: each goroutine makes its own Fury (the
// documented way to use a *Fury from many goroutines), in every mode,
// generated code on and off; results equal the single-goroutine ones.
// Generated types and their reflection twins decode to equal values.
func TestConcurrencyProbeFuryPerGoroutine(t *testing.T) {
	cases := ccCases()
	want := make([][]ccResult, len(ccModes))
	// Structs read into interface{} must be registered in
	// schema-consistent mode; register them in every mode.
	newFury := func(opts ...fury.Option) *fury.Fury {
		f := fury.New(opts...)
		for i, v := range []any{ccOrder{}, ccLeaf{}, gentest.Team{}, gentest.Person{}, gentest.Address{},
			gentest.Sample{}, gentest.MediaContent{}, gentest.Media{}, gentest.Image{}, gentest.Collections{},
			gentest.Struct{}, gentest.SampleR{}, gentest.StructR{}, gentest.CollectionsR{}} {
			require.NoError(t, f.Register(v, uint32(100+i)))
		}
		return f
	}
	for m, mode := range ccModes {
		f := newFury(mode.opts...)
		for _, c := range cases {
			r, err := ccRun(f.Marshal, f.Unmarshal, c)
			require.NoError(t, err, mode.name)
			want[m] = append(want[m], r)
		}
	}
	// Generated and reflection paths give the same bytes.
	for m := range ccModes {
		for k, c := range cases {
			if want[m][k].data == nil {
				continue
			}
			g := newFury(append(ccModes[m].opts[:len(ccModes[m].opts):len(ccModes[m].opts)], fury.WithGeneratedCode(false))...)
			data, err := g.Marshal(c.v)
			require.NoError(t, err)
			assert.Equal(t, want[m][k].data, data, "%s %s: generated and reflection bytes", ccModes[m].name, c.name)
		}
	}

	var wg sync.WaitGroup
	errs := make(chan error, ccWorkers)
	for w := range ccWorkers {
		wg.Go(func() {
			m := w % len(ccModes)
			f := fury.New(ccModes[m].opts...)
			for i, v := range []any{ccOrder{}, ccLeaf{}, gentest.Team{}, gentest.Person{}, gentest.Address{},
				gentest.Sample{}, gentest.MediaContent{}, gentest.Media{}, gentest.Image{}, gentest.Collections{},
				gentest.Struct{}, gentest.SampleR{}, gentest.StructR{}, gentest.CollectionsR{}} {
				if err := f.Register(v, uint32(100+i)); err != nil {
					errs <- err
					return
				}
			}
			for i := range 3 * len(cases) {
				k := (w + i) % len(cases)
				got, err := ccRun(f.Marshal, f.Unmarshal, cases[k])
				if err != nil {
					errs <- fmt.Errorf("%s: %w", ccModes[m].name, err)
					return
				}
				if d := ccCompare(want[m][k], got); d != "" {
					errs <- fmt.Errorf("%s %s: %s", ccModes[m].name, cases[k].name, d)
					return
				}
			}
		})
	}
	ccWait(t, &wg, errs)
}

// TestConcurrencyProbeGeneratedAndTwinsConcurrently: generated types and their
// reflection twins, written by goroutines sharing nothing but the
// process-wide generated-code table, read each other's bytes (a twin has
// the generated type's layout, so its bytes must decode into the
// generated type once the names match).
func TestConcurrencyProbeGeneratedAndTwinsConcurrently(t *testing.T) {
	type pair struct {
		gen, twin any
		genT      reflect.Type
	}
	pairs := []pair{
		{gentest.NewSample(), gentest.SampleR(gentest.NewSample()), reflect.TypeFor[gentest.Sample]()},
		{gentest.NewStruct(), gentest.StructR(gentest.NewStruct()), reflect.TypeFor[gentest.Struct]()},
		{gentest.NewCollections(), gentest.CollectionsR(gentest.NewCollections()), reflect.TypeFor[gentest.Collections]()},
	}
	// Writer and reader each register one of the two types under one name.
	newFury := func(i int, _ pair) *fury.Fury { return fury.New(fury.WithCompatible(i%2 == 0)) }
	var wg sync.WaitGroup
	errs := make(chan error, ccWorkers)
	for w := range ccWorkers {
		wg.Go(func() {
			for i := range 12 {
				p := pairs[(w+i)%len(pairs)]
				wf, rf := newFury(w, p), newFury(w, p)
				if err := wf.RegisterTagType("probe.Twin", p.twin); err != nil {
					errs <- err
					return
				}
				if err := rf.RegisterTagType("probe.Twin", reflect.New(p.genT).Elem().Interface()); err != nil {
					errs <- err
					return
				}
				if !rf.GeneratedInUse(reflect.New(p.genT).Interface()) {
					errs <- fmt.Errorf("%v: generated code not in use", p.genT)
					return
				}
				data, err := wf.Marshal(p.twin)
				if err != nil {
					errs <- err
					return
				}
				got := reflect.New(p.genT)
				if err := rf.Unmarshal(data, got.Interface()); err != nil {
					errs <- fmt.Errorf("%v: %w", p.genT, err)
					return
				}
				if d := cmp.Diff(p.gen, got.Elem().Interface(), ccOpts); d != "" {
					errs <- fmt.Errorf("%v from its twin: %s", p.genT, d)
					return
				}
			}
		})
	}
	ccWait(t, &wg, errs)
}

// TestConcurrencyProbeRegisterOnSharedFury: registering on a *Fury from several
// goroutines while one goroutine uses it (documented as safe) loses no
// registration and disturbs no result; racing registrations of one type
// agree (the same registration twice is accepted, two ids for one type or
// one id for two types let exactly one win).
func TestConcurrencyProbeRegisterOnSharedFury(t *testing.T) {
	f := fury.New()
	cases := ccCases()
	want := make([]ccResult, len(cases))
	{
		g := fury.New()
		for i, c := range cases {
			r, err := ccRun(g.Marshal, g.Unmarshal, c)
			require.NoError(t, err)
			want[i] = r
		}
	}
	const registrars, each = 4, 25
	var wg sync.WaitGroup
	stop := make(chan struct{})
	errs := make(chan error, 1+registrars)
	wg.Go(func() {
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			k := i % len(cases)
			got, err := ccRun(f.Marshal, f.Unmarshal, cases[k])
			if err != nil {
				errs <- err
				return
			}
			if d := ccCompare(want[k], got); d != "" {
				errs <- fmt.Errorf("%s: %s", cases[k].name, d)
				return
			}
		}
	})
	var regs sync.WaitGroup
	for r := range registrars {
		regs.Go(func() {
			for i := range each {
				n := 5000 + r*each + i
				if err := f.Register(reflect.New(ccStruct(n)).Elem().Interface(), uint32(n)); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	// Racing registrations of the same types.
	same := ccStruct(9000)
	other := ccStruct(9001)
	var okSame, okID, okType int
	var mu sync.Mutex
	for r := range 8 {
		regs.Go(func() {
			errSame := f.Register(reflect.New(same).Elem().Interface(), 9000)
			errID := f.Register(reflect.New(other).Elem().Interface(), uint32(9100+r))    // one type, 8 ids
			errType := f.Register(reflect.New(ccStruct(9200+r)).Elem().Interface(), 9300) // 8 types, one id
			mu.Lock()
			defer mu.Unlock()
			for _, e := range []struct {
				err error
				n   *int
			}{{errSame, &okSame}, {errID, &okID}, {errType, &okType}} {
				if e.err == nil {
					*e.n++
				} else if !errors.Is(e.err, fury.ErrRegistration) {
					t.Errorf("racing registration: %v", e.err)
				}
			}
		})
	}
	regs.Wait()
	close(stop)
	ccWait(t, &wg, errs)
	assert.Equal(t, 8, okSame, "the same registration from 8 goroutines")
	assert.Equal(t, 1, okID, "one type under 8 ids")
	assert.Equal(t, 1, okType, "8 types under one id")

	// Every registration made it: a reader with the same registrations
	// reads each registered type by id.
	g := fury.New()
	for r := range registrars {
		for i := range each {
			n := 5000 + r*each + i
			require.NoError(t, g.Register(reflect.New(ccStruct(n)).Elem().Interface(), uint32(n)))
		}
	}
	for r := range registrars {
		for i := range each {
			n := 5000 + r*each + i
			x := ccValue(ccStruct(n), int64(n))
			data, err := f.Marshal(x.Interface())
			require.NoError(t, err)
			var v any
			require.NoError(t, g.Unmarshal(data, &v), "type %d", n)
			require.Equal(t, x.Interface(), reflect.ValueOf(v).Elem().Interface())
		}
	}
}

type ccRow struct {
	ID    int64
	Name  string
	Score float64
	Tags  []string
	Items []ccRowItem
	When  time.Time
}

type ccRowItem struct {
	SKU   string
	Count int32
}

// TestConcurrencyProbeRowEncoderShared: a row.Encoder is documented as safe for
// concurrent use; 16 goroutines encoding and decoding values of different
// sizes through one Encoder (its size hint changes under them) and reading
// fields in place get the single-goroutine results.
func TestConcurrencyProbeRowEncoderShared(t *testing.T) {
	enc, err := row.NewEncoder[ccRow]()
	require.NoError(t, err)
	values := make([]ccRow, 24)
	wantData := make([][]byte, len(values))
	for i := range values {
		items := make([]ccRowItem, i*i)
		for j := range items {
			items[j] = ccRowItem{SKU: fmt.Sprint("sku", j), Count: int32(j)}
		}
		values[i] = ccRow{ID: int64(i), Name: fmt.Sprint("row", i), Score: float64(i) / 4,
			Tags: make([]string, i), Items: items, When: time.UnixMicro(1700000000000000 + int64(i)).UTC()}
		wantData[i], err = enc.Encode(&values[i])
		require.NoError(t, err)
	}
	itemsField := enc.Schema().FieldIndex("items")
	require.GreaterOrEqual(t, itemsField, 0)
	var wg sync.WaitGroup
	errs := make(chan error, ccWorkers)
	for w := range ccWorkers {
		wg.Go(func() {
			for i := range 3 * len(values) {
				k := (w*7 + i) % len(values)
				data, err := enc.Encode(&values[k])
				if err != nil {
					errs <- err
					return
				}
				if string(data) != string(wantData[k]) {
					errs <- fmt.Errorf("value %d: row bytes differ from the single-goroutine ones", k)
					return
				}
				got, err := enc.Decode(data)
				if err != nil {
					errs <- err
					return
				}
				if d := cmp.Diff(values[k], *got); d != "" {
					errs <- fmt.Errorf("value %d: %s", k, d)
					return
				}
				r, err := row.NewRow(enc.Schema(), wantData[k][row.HashSize:])
				if err != nil {
					errs <- err
					return
				}
				items, err := r.Array(itemsField)
				if err != nil {
					errs <- err
					return
				}
				if items.Len() != len(values[k].Items) {
					errs <- fmt.Errorf("value %d: %d items in place, want %d", k, items.Len(), len(values[k].Items))
					return
				}
			}
		})
	}
	ccWait(t, &wg, errs)
}

// TestConcurrencyProbeRegisterAfterUse: the documented limit of
// registering at any time: bytes written before a type's registration name
// it by its Go name and do not read once the reader has registered it.
func TestConcurrencyProbeRegisterAfterUse(t *testing.T) {
	for _, compatible := range []bool{true, false} {
		typ := ccStruct(20_000)
		if !compatible {
			typ = ccStruct(20_001)
		}
		f := fury.New(fury.WithCompatible(compatible))
		x := ccValue(typ, 5)
		data, err := f.Marshal(x.Interface())
		require.NoError(t, err)
		require.NoError(t, f.RegisterTagType("probe.late.T", x.Interface()))
		err = f.Unmarshal(data, reflect.New(typ).Interface())
		if compatible {
			require.ErrorIs(t, err, fury.ErrTypeMismatch)
		} else {
			require.ErrorIs(t, err, fury.ErrUnknownType)
		}
		// Written after the registration, it reads.
		data, err = f.Marshal(x.Interface())
		require.NoError(t, err)
		y := reflect.New(typ)
		require.NoError(t, f.Unmarshal(data, y.Interface()))
		require.Equal(t, x.Interface(), y.Elem().Interface())
	}
}
