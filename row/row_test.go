package row_test

import (
	"errors"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/fury-go/fury/internal/alloctest"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/row"
)

func roundTrip[T any](t *testing.T, v T) *T {
	t.Helper()
	enc, err := row.NewEncoder[T]()
	require.NoError(t, err)
	data, err := enc.Encode(&v)
	require.NoError(t, err)
	got, err := enc.Decode(data)
	require.NoError(t, err)
	r, err := enc.ToRow(&v)
	require.NoError(t, err)
	require.Equal(t, data[row.HashSize:], r.Bytes(), "Encode is the hash then ToRow")
	got2, err := enc.FromRow(r)
	require.NoError(t, err)
	require.Empty(t, cmp.Diff(got, got2, cmpopts.IgnoreUnexported(Extra{}), cmp.AllowUnexported(WithHidden{}, WithHiddenVal{})))
	// The generic form writes the same bytes.
	vals, err := r.Values()
	require.NoError(t, err)
	r2, err := row.Build(enc.Schema(), vals)
	require.NoError(t, err)
	require.Equal(t, r.Bytes(), r2.Bytes(), "Build(Values()) rewrites the same row")
	return got
}

func TestRowRoundTripAllTypes(t *testing.T) {
	// The zero AllTypes (its zero fury.Date{} included) round-trips.
	for _, v := range []AllTypes{allTypes(), allTypesNulls(), {D: fury.Date{Year: 1970, Month: 1, Day: 1}}, {}} {
		want := v
		got := roundTrip(t, v)
		require.Empty(t, cmp.Diff(&want, got))
	}
	require.Empty(t, cmp.Diff(ptr(edge()), roundTrip(t, edge())))
	require.Empty(t, cmp.Diff(ptr(nested()), roundTrip(t, nested())))
}

type Extra struct {
	Embedded
	D        time.Duration
	Ds       []time.Duration
	N        int
	Named    myInt
	Renamed  string `fury:"name=zz_top"`
	Skipped  string `fury:"-"`
	private  int
	PB       *bool
	PF       *float64
	PD       *fury.Date
	PT       *time.Time
	PDur     *time.Duration
	PList    *[]int32
	MapDates map[fury.Date][]string
	MapBool  map[bool]float32
	MapF     map[float64]*Inner
	LL       [][]string
	LM       []map[int8]int16
	MM       map[string]map[string]int64
	Rune     rune
}

type Embedded struct {
	EmbeddedField string
}

type myInt int32

func TestRowRoundTripExtraTypes(t *testing.T) {
	v := Extra{
		Embedded: Embedded{EmbeddedField: "e"},
		D:        -90 * time.Second, Ds: []time.Duration{time.Microsecond, -time.Hour},
		N: -5, Named: 7, Renamed: "r", PB: ptr(false), PF: ptr(1.25),
		PD: &fury.Date{Year: 1, Month: 1, Day: 1}, PT: ptr(time.Date(1900, 3, 4, 5, 6, 7, 8000, time.UTC)),
		PDur: ptr(time.Duration(0)), PList: &[]int32{},
		MapDates: map[fury.Date][]string{{Year: 2000, Month: 1, Day: 2}: {"a"}, {Year: 1999, Month: 1, Day: 2}: nil},
		MapBool:  map[bool]float32{true: 1, false: 0},
		MapF:     map[float64]*Inner{1.5: nil, -1: {ID: 1}},
		LL:       [][]string{{"a", "b"}, nil, {}},
		LM:       []map[int8]int16{{1: 2}, nil},
		MM:       map[string]map[string]int64{"x": {"y": 1}, "e": {}},
		Rune:     'é',
	}
	got := roundTrip(t, v)
	want := v
	want.private, want.Skipped = 0, ""
	require.Empty(t, cmp.Diff(&want, got, cmp.AllowUnexported(Extra{})))

	enc, err := row.NewEncoder[Extra]()
	require.NoError(t, err)
	s := enc.Schema()
	assert.Equal(t, -1, s.FieldIndex("skipped"))
	assert.Equal(t, -1, s.FieldIndex("private"))
	assert.Equal(t, -1, s.FieldIndex("renamed"))
	assert.GreaterOrEqual(t, s.FieldIndex("zz_top"), 0)
	assert.GreaterOrEqual(t, s.FieldIndex("embedded_field"), 0)
	assert.Equal(t, row.TypeDuration, s.Field(s.FieldIndex("d")).Type.ID())
	assert.Equal(t, row.TypeInt64, s.Field(s.FieldIndex("n")).Type.ID())
	assert.Equal(t, row.TypeInt32, s.Field(s.FieldIndex("named")).Type.ID())
	assert.True(t, s.Field(s.FieldIndex("pb")).Nullable)
	assert.False(t, s.Field(s.FieldIndex("n")).Nullable)
	names := make([]string, s.NumFields())
	for i := range names {
		names[i] = s.Field(i).Name
	}
	assert.IsIncreasing(t, names, "fields sorted by wire name, as pyfory sorts them")
}

func TestRowLossyConversionsAreDocumented(t *testing.T) {
	type T struct {
		Ts time.Time
		D  time.Duration
	}
	loc := time.FixedZone("X", 3600)
	got := roundTrip(t, T{Ts: time.Date(2020, 1, 1, 1, 0, 0, 1999, loc), D: 1999})
	assert.Equal(t, time.Date(2020, 1, 1, 0, 0, 0, 1000, time.UTC), got.Ts, "UTC, microseconds (floor)")
	assert.Equal(t, time.Microsecond, got.D, "microseconds")
	got = roundTrip(t, T{Ts: time.Date(1960, 1, 1, 0, 0, 0, 1, time.UTC)})
	assert.Equal(t, time.Date(1960, 1, 1, 0, 0, 0, 0, time.UTC), got.Ts)
}

func TestRowNilAndEmpty(t *testing.T) {
	type T struct {
		L  []int32
		M  map[string]int32
		B  []byte
		S  []string
		P  *Inner
		PS *[]string
	}
	got := roundTrip(t, T{})
	require.Empty(t, cmp.Diff(&T{}, got), "nil stays nil")
	empty := T{L: []int32{}, M: map[string]int32{}, B: []byte{}, S: []string{}, P: &Inner{}, PS: &[]string{}}
	got = roundTrip(t, empty)
	require.Empty(t, cmp.Diff(&empty, got), "empty stays empty")
	require.NotNil(t, got.L)
	require.NotNil(t, got.B)
	require.NotNil(t, got.M)
}

func TestRowDecodeReplaces(t *testing.T) {
	enc, err := row.NewEncoder[AllTypes]()
	require.NoError(t, err)
	v := allTypesNulls()
	data, err := enc.Encode(&v)
	require.NoError(t, err)
	used := allTypes()
	used.Ints = append(used.Ints, 99)
	require.NoError(t, enc.DecodeInto(data, &used))
	fresh, err := enc.Decode(data)
	require.NoError(t, err)
	require.Empty(t, cmp.Diff(fresh, &used))
}

func TestRowRandomAccess(t *testing.T) {
	enc, err := row.NewEncoder[AllTypes]()
	require.NoError(t, err)
	v := allTypesNulls()
	data, err := enc.Encode(&v)
	require.NoError(t, err)
	s := enc.Schema()
	r, err := row.NewRow(s, data[row.HashSize:])
	require.NoError(t, err)
	idx := s.FieldIndex
	must := func(x any, err error) any { require.NoError(t, err); return x }
	assert.Equal(t, true, must(r.Bool(idx("b"))))
	assert.Equal(t, int8(-8), must(r.Int8(idx("i8"))))
	assert.Equal(t, int16(-1600), must(r.Int16(idx("i16"))))
	assert.Equal(t, int32(-320000), must(r.Int32(idx("i32"))))
	assert.Equal(t, int64(-(1 << 40)), must(r.Int64(idx("i64"))))
	assert.Equal(t, float32(1.5), must(r.Float32(idx("f32"))))
	assert.Equal(t, -2.25, must(r.Float64(idx("f64"))))
	assert.Equal(t, "héllo, 世界", must(r.String(idx("s"))))
	assert.Equal(t, []byte("héllo, 世界"), must(r.BytesAt(idx("s"))))
	assert.Equal(t, []byte{0, 1, 0xff}, must(r.Binary(idx("bin"))))
	assert.Equal(t, v.D, must(r.Date(idx("d"))))
	assert.Equal(t, v.Ts, must(r.Timestamp(idx("ts"))))
	inner := must(r.Struct(idx("inner"))).(row.Row)
	assert.Equal(t, int32(7), must(inner.Int32(inner.Schema().FieldIndex("id"))))
	assert.Equal(t, "seven", must(inner.String(inner.Schema().FieldIndex("name"))))

	ints := must(r.Array(idx("ints"))).(row.Array)
	assert.Equal(t, 3, ints.Len())
	assert.Equal(t, int64(1<<62), must(ints.Int64(2)))
	assert.Equal(t, int8(127), must(must(r.Array(idx("i8s"))).(row.Array).Int8(2)))
	assert.Equal(t, int16(32767), must(must(r.Array(idx("i16s"))).(row.Array).Int16(1)))
	assert.Equal(t, int32(5), must(must(r.Array(idx("i32s"))).(row.Array).Int32(4)))
	assert.Equal(t, float32(-0.25), must(must(r.Array(idx("f32s"))).(row.Array).Float32(1)))
	assert.Equal(t, 3.125, must(must(r.Array(idx("f64s"))).(row.Array).Float64(0)))
	assert.Equal(t, false, must(must(r.Array(idx("bools"))).(row.Array).Bool(1)))
	assert.Equal(t, "ccc", must(must(r.Array(idx("strs"))).(row.Array).String(2)))
	assert.Equal(t, []byte("xyz"), must(must(r.Array(idx("bins"))).(row.Array).Binary(1)))
	assert.Equal(t, v.Dates[1], must(must(r.Array(idx("dates"))).(row.Array).Date(1)))
	assert.Equal(t, v.Tss[1], must(must(r.Array(idx("tss"))).(row.Array).Timestamp(1)))
	inners := must(r.Array(idx("inners"))).(row.Array)
	second := must(inners.Struct(1)).(row.Row)
	assert.True(t, second.IsNullAt(second.Schema().FieldIndex("name")))
	_, err = second.String(second.Schema().FieldIndex("name"))
	assert.ErrorIs(t, err, row.ErrNull)

	m := must(r.Map(idx("mi"))).(row.Map)
	require.Equal(t, 2, m.Len())
	assert.Equal(t, int32(-1), must(m.Keys().Int32(0)), "keys sorted")
	assert.Equal(t, "three", must(must(m.Values().Struct(0)).(row.Row).String(1)))

	assert.True(t, r.IsNullAt(idx("opt_i")))
	_, err = r.Int64(idx("opt_i"))
	assert.ErrorIs(t, err, row.ErrNull)
	_, err = r.Struct(idx("opt_inner"))
	assert.ErrorIs(t, err, row.ErrNull)
	_, err = r.Int32(idx("i64"))
	assert.ErrorIs(t, err, fury.ErrTypeMismatch)
	_, err = r.Int64(-1)
	assert.ErrorIs(t, err, fury.ErrInvalidArgument)
	_, err = ints.Int64(3)
	assert.ErrorIs(t, err, fury.ErrInvalidArgument)
	assert.False(t, r.IsNullAt(1000))
	assert.Equal(t, -1, idx("nope"))

	var zero row.Row
	_, err = zero.Int32(0)
	assert.Error(t, err)
	var za row.Array
	_, err = za.String(0)
	assert.Error(t, err)
	assert.False(t, za.IsNullAt(0))
}

func TestRowRandomAccessAllocs(t *testing.T) {
	if alloctest.Isolate(t) { // counts bytes allocated: run alone in a child process
		return
	}
	type Big struct{ L []int64 }
	enc, err := row.NewEncoder[Big]()
	require.NoError(t, err)
	v := Big{L: make([]int64, 1000)}
	r, err := enc.ToRow(&v)
	require.NoError(t, err)
	allocs := testing.AllocsPerRun(100, func() {
		a, _ := r.Array(0)
		_, _ = a.Int64(999)
	})
	assert.Zero(t, allocs)
}

func TestRowSchemaHashMismatch(t *testing.T) {
	type A struct{ X int32 }
	type B struct{ X int64 }
	ea, _ := row.NewEncoder[A]()
	eb, _ := row.NewEncoder[B]()
	data, err := ea.Encode(&A{X: 1})
	require.NoError(t, err)
	_, err = eb.Decode(data)
	require.ErrorIs(t, err, fury.ErrSchemaMismatch)
	assert.Contains(t, err.Error(), itoa(ea.Schema().Hash()))
	assert.Contains(t, err.Error(), itoa(eb.Schema().Hash()))
	r, err := ea.ToRow(&A{X: 1})
	require.NoError(t, err)
	_, err = eb.FromRow(r)
	require.ErrorIs(t, err, fury.ErrSchemaMismatch)
	_, err = eb.Decode(data[:3])
	require.ErrorIs(t, err, fury.ErrTruncated)

	// Same layout under other names is accepted by FromRow.
	type C struct{ Y int32 }
	ec, _ := row.NewEncoder[C]()
	c, err := ec.FromRow(r)
	require.NoError(t, err)
	assert.Equal(t, int32(1), c.Y)
}

func itoa(h int64) string { return strconv.FormatInt(h, 10) }

func TestRowNullIntoNonNullable(t *testing.T) {
	type P struct{ X *int64 }
	type V struct{ X int64 }
	ep, _ := row.NewEncoder[P]()
	ev, _ := row.NewEncoder[V]()
	data, err := ep.Encode(&P{})
	require.NoError(t, err)
	_, err = ev.Decode(data)
	require.ErrorIs(t, err, fury.ErrTypeMismatch)
	assert.Contains(t, err.Error(), "field X")
}

type Rec struct {
	Next *Rec
}

type RecList struct {
	Kids []RecList
}

func TestRowUnsupportedTypes(t *testing.T) {
	check := func(err error) {
		t.Helper()
		require.ErrorIs(t, err, fury.ErrUnsupportedType)
	}
	_, err := row.NewEncoder[int]()
	check(err)
	_, err = row.NewEncoder[struct{ U uint32 }]()
	check(err)
	_, err = row.NewEncoder[struct{ C chan int }]()
	check(err)
	_, err = row.NewEncoder[struct{ I any }]()
	check(err)
	_, err = row.NewEncoder[struct{ A [3]int32 }]()
	check(err)
	_, err = row.NewEncoder[struct{ P **int32 }]()
	check(err)
	_, err = row.NewEncoder[struct{ M map[Inner]int32 }]()
	check(err)
	_, err = row.NewEncoder[Rec]()
	check(err)
	_, err = row.NewEncoder[RecList]()
	check(err)
	// Two fields the same wire name at the same depth: ambiguous in Go's
	// rule (a name= tag wins over an untagged field; see
	// TestRowPromotedFields).
	_, err = row.NewEncoder[struct {
		A int32 `fury:"name=x"`
		B int32 `fury:"name=x"`
	}]()
	check(err)
	_, err = row.NewEncoder[struct {
		AmbA
		AmbB
	}]()
	check(err)
}

func TestRowSchemaOfStructOf(t *testing.T) {
	typ := reflect.StructOf([]reflect.StructField{
		{Name: "Zed", Type: reflect.TypeOf("")},
		{Name: "Alpha", Type: reflect.TypeOf([]*int16{})},
		{Name: "Mid", Type: reflect.TypeOf(map[string]Inner{}), Tag: `fury:"name=a_mid"`},
	})
	s, err := row.SchemaOf(typ)
	require.NoError(t, err)
	assert.Equal(t, "a_mid: map<utf8, struct<id: int32 not null, name: utf8>>\nalpha: list<int16>\nzed: utf8 not null", s.String())
	_, err = row.SchemaOf(reflect.TypeOf(1))
	require.ErrorIs(t, err, fury.ErrUnsupportedType)
}

func TestRowConcurrentEncoder(t *testing.T) {
	enc, err := row.NewEncoder[AllTypes]()
	require.NoError(t, err)
	v := allTypes()
	want, err := enc.Encode(&v)
	require.NoError(t, err)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				v := allTypes()
				got, err := enc.Encode(&v)
				if err != nil {
					errs <- err
					return
				}
				if string(got) != string(want) {
					errs <- errors.New("different bytes")
					return
				}
				if _, err := enc.Decode(got); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
}

func TestRowAppendEncodeNoAlloc(t *testing.T) {
	if alloctest.Isolate(t) { // counts bytes allocated: run alone in a child process
		return
	}
	type S struct {
		A int64
		B string
		C []int32
		D *Inner
	}
	enc, err := row.NewEncoder[S]()
	require.NoError(t, err)
	v := S{A: 1, B: "hello", C: []int32{1, 2, 3}, D: &Inner{ID: 2, Name: ptr("x")}}
	buf := make([]byte, 0, 1024)
	allocs := testing.AllocsPerRun(100, func() {
		buf, _ = enc.AppendEncode(buf[:0], &v)
	})
	assert.Zero(t, allocs)
}

func TestRowBuildValues(t *testing.T) {
	s := row.NewSchema(
		row.Field{Name: "a", Type: row.Int64()},
		row.Field{Name: "l", Type: row.ListOf(row.String()), Nullable: true},
		row.Field{Name: "m", Type: row.MapOf(row.Int32(), row.StructOf(row.Field{Name: "x", Type: row.Bool()})), Nullable: true},
		row.Field{Name: "d", Type: row.Duration()},
	)
	vals := []any{int64(5), []any{"x", nil}, row.MapValue{Keys: []any{int32(1)}, Values: []any{[]any{true}}}, time.Second}
	r, err := row.Build(s, vals)
	require.NoError(t, err)
	got, err := r.Values()
	require.NoError(t, err)
	require.Empty(t, cmp.Diff(vals, got))
	_, err = row.Build(s, []any{"no", nil, nil, nil})
	require.ErrorIs(t, err, fury.ErrTypeMismatch)
	_, err = row.Build(s, []any{int64(1)})
	require.ErrorIs(t, err, fury.ErrTypeMismatch)
	_, err = row.Build(row.NewSchema(row.Field{Name: "x", Type: &row.DataType{}}), []any{nil})
	require.ErrorIs(t, err, fury.ErrInvalidArgument)
}

func TestRowSchemaHashOverflow(t *testing.T) {
	// Deep enough that h*31 leaves the int64 range, exercising the
	// divide-by-4 rule; the value is what pyfory's compute_schema_hash gives
	// (see TestGoldenPyfory for real classes).
	fields := make([]row.Field, 40)
	for i := range fields {
		fields[i] = row.Field{Name: string(rune('a'+i%26)) + strconv.Itoa(i), Type: row.Timestamp()}
	}
	h := row.NewSchema(fields...).Hash()
	assert.Positive(t, h)
	assert.Equal(t, int64(pyHash(fields)), h)
}

// pyHash restates pyfory's algorithm with arbitrary precision.
func pyHash(fields []row.Field) int64 {
	h := big.NewInt(17)
	for _, f := range fields {
		h = pyHashType(h, f.Type)
	}
	return h.Int64()
}

func pyHashType(h *big.Int, t *row.DataType) *big.Int {
	limit := new(big.Int).SetUint64(1<<63 - 1)
	for {
		n := new(big.Int).Mul(h, big.NewInt(31))
		n.Add(n, big.NewInt(int64(t.ID())))
		if n.Cmp(limit) > 0 {
			h = new(big.Int).Rsh(h, 2)
			continue
		}
		h = n
		break
	}
	switch t.ID() {
	case row.TypeList:
		h = pyHashType(h, t.Elem())
	case row.TypeMap:
		h = pyHashType(h, t.Key())
		h = pyHashType(h, t.Value())
	case row.TypeStruct:
		for _, f := range t.Schema().Fields() {
			h = pyHashType(h, f.Type)
		}
	}
	return h
}

type hidden struct {
	X int32
	D fury.Date
}

type WithHidden struct {
	hidden
	Y  int32
	Mv map[string]WithHiddenVal
}

type WithHiddenVal struct {
	hidden
	T time.Time
}

func TestRowUnexportedEmbedded(t *testing.T) {
	d := fury.Date{Year: 2000, Month: 2, Day: 3}
	v := WithHidden{hidden: hidden{X: 1, D: d}, Y: 2,
		Mv: map[string]WithHiddenVal{"k": {hidden: hidden{X: 3, D: d}, T: time.Unix(9, 0).UTC()}}}
	got := roundTrip(t, v)
	require.Empty(t, cmp.Diff(&v, got, cmp.AllowUnexported(WithHidden{}, WithHiddenVal{})))
	enc, _ := row.NewEncoder[WithHidden]()
	assert.Equal(t, "d: date32 not null\nmv: map<utf8, struct<d: date32 not null, t: timestamp not null, x: int32 not null>>\nx: int32 not null\ny: int32 not null", enc.Schema().String())
}

func TestRowNaNMapKeys(t *testing.T) {
	type T struct{ M map[float64]int32 }
	v := T{M: map[float64]int32{math.NaN(): 1, 2: 3}}
	enc, _ := row.NewEncoder[T]()
	data, err := enc.Encode(&v)
	require.NoError(t, err)
	got, err := enc.Decode(data)
	require.NoError(t, err)
	require.Len(t, got.M, 2)
	assert.Equal(t, int32(3), got.M[2])
}
