package row_test

import (
	"errors"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/row"
)

// walkVisits bounds the values one walk reads. Values of hostile bytes
// may share them (a list whose elements all point at that list), so n
// bytes can reach n² values, each cheap to read but too many to read them
// all: an 8 KiB row took 11 s, which stalled the fuzz targets (Values and
// Decode refuse such overlaps; the getters read what they are asked).
const walkVisits = 10_000

// walk reads the values reachable from r through the getters (up to
// walkVisits of them), as a reader of hostile bytes would; it must not
// panic.
func walk(r row.Row, depth int) {
	left := walkVisits
	walkRow(r, depth, &left)
}

func walkRow(r row.Row, depth int, left *int) {
	if depth > 70 {
		panic("walk too deep")
	}
	for i := 0; i < r.NumFields(); i++ {
		r.IsNullAt(i)
		walkAt(r.Schema().Field(i).Type, depth, i, left,
			func(i int) {
				r.Bool(i)
				r.Int8(i)
				r.Int16(i)
				r.Int32(i)
				r.Int64(i)
				r.Float32(i)
				r.Float64(i)
			},
			func(i int) {
				r.Date(i)
				r.Timestamp(i)
				r.Duration(i)
				r.String(i)
				r.Binary(i)
				r.BytesAt(i)
			},
			r.Struct, r.Array, r.Map)
	}
	_, _ = r.Values()
}

func walkArray(a row.Array, depth int, left *int) {
	for i := 0; i < a.Len(); i++ {
		a.IsNullAt(i)
		walkAt(a.Elem(), depth, i, left,
			func(i int) {
				a.Bool(i)
				a.Int8(i)
				a.Int16(i)
				a.Int32(i)
				a.Int64(i)
				a.Float32(i)
				a.Float64(i)
			},
			func(i int) {
				a.Date(i)
				a.Timestamp(i)
				a.Duration(i)
				a.String(i)
				a.Binary(i)
				a.BytesAt(i)
			},
			a.Struct, a.Array, a.Map)
	}
}

func walkAt(t *row.DataType, depth, i int, left *int, nums, others func(int),
	st func(int) (row.Row, error), ar func(int) (row.Array, error), mp func(int) (row.Map, error)) {
	if *left <= 0 {
		return
	}
	*left--
	nums(i)
	others(i)
	switch t.ID() {
	case row.TypeStruct:
		if s, err := st(i); err == nil {
			walkRow(s, depth+1, left)
		}
	case row.TypeList:
		if a, err := ar(i); err == nil {
			walkArray(a, depth+1, left)
		}
	case row.TypeMap:
		if m, err := mp(i); err == nil {
			walkArray(m.Keys(), depth+1, left)
			walkArray(m.Values(), depth+1, left)
		}
	}
}

func sentinel(t testing.TB, err error) {
	t.Helper()
	for _, s := range []error{fury.ErrInvalidData, fury.ErrTooLarge, fury.ErrTruncated, fury.ErrTypeMismatch, fury.ErrSchemaMismatch, fury.ErrInvalidArgument, row.ErrNull} {
		if errors.Is(err, s) {
			return
		}
	}
	t.Fatalf("error wraps no sentinel: %v", err)
}

func hostileInputs(t testing.TB) [][]byte {
	var out [][]byte
	a, _ := row.NewEncoder[AllTypes]()
	v := allTypes()
	b, err := a.Encode(&v)
	require.NoError(t, err)
	out = append(out, b)
	n, _ := row.NewEncoder[Nested]()
	nv := nested()
	b, err = n.Encode(&nv)
	require.NoError(t, err)
	out = append(out, b)
	e, _ := row.NewEncoder[Edge]()
	ev := edge()
	b, err = e.Encode(&ev)
	require.NoError(t, err)
	out = append(out, b)
	return out
}

func TestRowHostileTruncatedAndFlipped(t *testing.T) {
	encA, _ := row.NewEncoder[AllTypes]()
	encN, _ := row.NewEncoder[Nested]()
	encE, _ := row.NewEncoder[Edge]()
	try := func(data []byte) {
		for _, s := range []*row.Schema{encA.Schema(), encN.Schema(), encE.Schema()} {
			if len(data) >= row.HashSize {
				if r, err := row.NewRow(s, data[row.HashSize:]); err == nil {
					walk(r, 0)
				} else {
					sentinel(t, err)
				}
			}
		}
		if _, err := encA.Decode(data); err != nil {
			sentinel(t, err)
		}
		if _, err := encN.Decode(data); err != nil {
			sentinel(t, err)
		}
		if _, err := encE.Decode(data); err != nil {
			sentinel(t, err)
		}
	}
	rng := rand.New(rand.NewSource(1))
	for _, good := range hostileInputs(t) {
		for n := 0; n < len(good); n++ {
			try(good[:n])
		}
		for k := 0; k < 2000; k++ {
			b := append([]byte(nil), good...)
			for j := 0; j < 1+rng.Intn(4); j++ {
				b[rng.Intn(len(b))] ^= byte(1 << rng.Intn(8))
			}
			try(b)
		}
	}
}

// A list whose string slots all point at one large string must not make
// Decode materialize len(list) copies of it.
func TestRowHostileOverlappingValues(t *testing.T) {
	type T struct{ L []string }
	enc, _ := row.NewEncoder[T]()
	const n = 1000
	l := make([]string, n)
	l[0] = string(make([]byte, 4096))
	data, err := enc.Encode(&T{L: l})
	require.NoError(t, err)
	// Point every slot at element 0's bytes: the array is at offset 16 of
	// the row; its slots follow its 8-byte count and its bitmap.
	arr := data[row.HashSize+16:]
	slots := arr[8+(n+63)/64*8:]
	for i := 1; i < n; i++ {
		copy(slots[8*i:8*i+8], slots[:8])
	}
	r, err := row.NewRow(enc.Schema(), data[row.HashSize:])
	require.NoError(t, err)
	a, err := r.Array(0)
	require.NoError(t, err)
	s, err := a.BytesAt(n - 1)
	require.NoError(t, err)
	require.Len(t, s, 4096, "random access reads what the slot says")
	_, err = enc.Decode(data)
	require.ErrorIs(t, err, fury.ErrInvalidData)
	_, err = r.Values()
	require.ErrorIs(t, err, fury.ErrInvalidData)
}

func TestRowHostileHugeCounts(t *testing.T) {
	type T struct{ L []int64 }
	enc, _ := row.NewEncoder[T]()
	data, err := enc.Encode(&T{L: []int64{1, 2}})
	require.NoError(t, err)
	for _, n := range []uint64{1 << 62, 1<<64 - 1, 1 << 31, 3} {
		b := append([]byte(nil), data...)
		a := b[row.HashSize+16:]
		le64(a, n)
		_, err := enc.Decode(b)
		require.ErrorIs(t, err, fury.ErrTruncated, "count %d", n)
	}
	// An offset past the end.
	b := append([]byte(nil), data...)
	b[row.HashSize+8+4] = 0xff
	_, err = enc.Decode(b)
	require.ErrorIs(t, err, fury.ErrInvalidData)
}

func le64(b []byte, v uint64) {
	for i := 0; i < 8; i++ {
		b[i] = byte(v >> (8 * i))
	}
}

func FuzzNewRow(f *testing.F) {
	for _, b := range hostileInputs(f) {
		f.Add(b[row.HashSize:])
	}
	encA, encN, encE := fuzzEncoders()
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, s := range []*row.Schema{encA.Schema(), encN.Schema(), encE.Schema()} {
			r, err := row.NewRow(s, data)
			if err != nil {
				sentinel(t, err)
				continue
			}
			walk(r, 0)
		}
	})
}

func FuzzDecode(f *testing.F) {
	for _, b := range hostileInputs(f) {
		f.Add(b)
	}
	encA, encN, encE := fuzzEncoders()
	f.Fuzz(func(t *testing.T, data []byte) {
		eachHash(data, func() {
			for _, dec := range []func([]byte) error{
				func(b []byte) error { _, err := encA.Decode(b); return err },
				func(b []byte) error { _, err := encN.Decode(b); return err },
				func(b []byte) error { _, err := encE.Decode(b); return err },
			} {
				if err := dec(data); err != nil {
					sentinel(t, err)
				}
			}
		}, encA.Schema(), encN.Schema(), encE.Schema())
	})
}

// fuzzEncoders returns the encoders the fuzz targets try every input with.
func fuzzEncoders() (*row.Encoder[AllTypes], *row.Encoder[Nested], *row.Encoder[Edge]) {
	encA, _ := row.NewEncoder[AllTypes]()
	encN, _ := row.NewEncoder[Nested]()
	encE, _ := row.NewEncoder[Edge]()
	return encA, encN, encE
}

// eachHash stamps each schema's hash on data (when it is long enough to
// hold one) and calls fn: fuzz input is tried as a row of every schema,
// whatever its hash says.
func eachHash(data []byte, fn func(), schemas ...*row.Schema) {
	for _, s := range schemas {
		if len(data) >= row.HashSize {
			le64(data, uint64(s.Hash()))
		}
		fn()
	}
}

type wideRef struct {
	W [64]int64 `fury:"-"`
	X *int64
}

// A list element costs one 8-byte slot on the wire but 520 bytes of Go
// here: decoding allocates at most that ratio times the input (the budget
// follows the destination type), and honest input is never refused.
func TestRowGoMemoryBudget(t *testing.T) {
	type T struct{ L []*wideRef }
	type V struct{ L []wideRef }
	enc, _ := row.NewEncoder[T]()
	encV, _ := row.NewEncoder[V]()
	require.Equal(t, enc.Schema().Hash(), encV.Schema().Hash())
	data, err := enc.Encode(&T{L: make([]*wideRef, 100000)})
	require.NoError(t, err)
	got, err := enc.Decode(data)
	require.NoError(t, err)
	require.Len(t, got.L, 100000)
	_, err = encV.Decode(data)
	require.ErrorIs(t, err, fury.ErrTypeMismatch, "null elements into a non-pointer struct")

	x := int64(5)
	full := V{L: make([]wideRef, 20000)}
	for i := range full.L {
		full.L[i].X = &x
	}
	data, err = encV.Encode(&full)
	require.NoError(t, err)
	back, err := encV.Decode(data)
	require.NoError(t, err)
	require.Len(t, back.L, 20000)
	require.Equal(t, int64(5), *back.L[19999].X)
}

// TestRowZeroEncoder: an Encoder not made by NewEncoder (its zero value or
// a nil pointer) returns ErrInvalidArgument from every method rather than
// dereferencing a missing plan.
func TestRowZeroEncoder(t *testing.T) {
	type T struct{ A int32 }
	good, err := row.NewEncoder[T]()
	require.NoError(t, err)
	data, err := good.Encode(&T{A: 1})
	require.NoError(t, err)
	r, err := good.ToRow(&T{A: 1})
	require.NoError(t, err)
	var zero row.Encoder[T]
	for _, e := range []*row.Encoder[T]{&zero, nil} {
		calls := map[string]func() error{
			"Encode":       func() error { _, err := e.Encode(&T{}); return err },
			"AppendEncode": func() error { _, err := e.AppendEncode(nil, &T{}); return err },
			"ToRow":        func() error { _, err := e.ToRow(&T{}); return err },
			"AppendRow":    func() error { _, err := e.AppendRow(nil, &T{}); return err },
			"Decode":       func() error { _, err := e.Decode(data); return err },
			"DecodeInto":   func() error { return e.DecodeInto(data, &T{}) },
			"FromRow":      func() error { _, err := e.FromRow(r); return err },
			"FromRowInto":  func() error { return e.FromRowInto(r, &T{}) },
		}
		for name, call := range calls {
			require.ErrorIs(t, call(), fury.ErrInvalidArgument, name)
		}
		require.Nil(t, e.Schema())
	}
}

// TestIncompleteSchemaPrints: a hand-built schema with a missing type
// (nil, or Primitive of an id that is not one) fails Validate, and its
// String and the DataType's String print "<nil>" there instead of
// panicking.
func TestIncompleteSchemaPrints(t *testing.T) {
	for _, ty := range []*row.DataType{nil, row.ListOf(nil), row.MapOf(row.String(), nil), row.Primitive(0),
		row.StructOf(row.Field{Name: "a"})} {
		s := row.NewSchema(row.Field{Name: "f", Type: ty})
		require.ErrorIs(t, s.Validate(), fury.ErrInvalidArgument)
		require.Contains(t, s.String(), "<nil>")
		_, err := row.Build(s, []any{nil})
		require.ErrorIs(t, err, fury.ErrInvalidArgument)
		_, err = row.NewRow(s, make([]byte, 16))
		require.Error(t, err)
	}
	require.Equal(t, "list<<nil>>", row.ListOf(nil).String())
}
