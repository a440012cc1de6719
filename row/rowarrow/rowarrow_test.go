package rowarrow_test

import (
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/row"
	"github.com/fury-go/fury/row/rowarrow"
)

type Inner struct {
	ID   int32
	Name *string
}

// Every type a row schema supports, nullable and not, nested.
type Every struct {
	B      bool
	I8     int8
	I16    int16
	I32    int32
	I64    int64
	F32    float32
	F64    float64
	S      string
	Bin    []byte
	D      fury.Date
	Ts     time.Time
	Dur    time.Duration
	Inner  Inner
	PInner *Inner
	PI     *int64
	Ints   []int64
	Strs   []string
	Dates  []fury.Date
	Tss    []time.Time
	Durs   []time.Duration
	Inners []*Inner
	LL     [][]int16
	M      map[string]float32
	MM     map[int8]map[string][]bool
	MI     map[fury.Date]Inner
}

func ptr[T any](v T) *T { return &v }

func samples() []Every {
	full := Every{
		B: true, I8: -1, I16: 2, I32: -3, I64: 1 << 50, F32: 0.5, F64: -0.125, S: "s", Bin: []byte{9},
		D: fury.Date{Year: 2001, Month: 9, Day: 9}, Ts: time.Date(2020, 5, 6, 7, 8, 9, 10000, time.UTC), Dur: -time.Millisecond,
		Inner: Inner{ID: 1, Name: ptr("n")}, PInner: &Inner{ID: 2}, PI: ptr(int64(7)),
		Ints: []int64{1, 2}, Strs: []string{"", "x"}, Dates: []fury.Date{{Year: 1960, Month: 2, Day: 3}},
		Tss: []time.Time{time.Unix(5, 0).UTC()}, Durs: []time.Duration{time.Second},
		Inners: []*Inner{nil, {ID: 3, Name: ptr("")}}, LL: [][]int16{{1}, nil, {}},
		M: map[string]float32{"a": 1}, MM: map[int8]map[string][]bool{1: {"t": {true, false}}, 2: nil},
		MI: map[fury.Date]Inner{{Year: 2000, Month: 1, Day: 1}: {ID: 4}},
	}
	return []Every{full, {D: fury.Date{Year: 1970, Month: 1, Day: 1}}, {S: "only", D: fury.Date{Year: 2024, Month: 1, Day: 1}, Ints: []int64{}, M: map[string]float32{}}}
}

func TestRowArrowSchemaRoundTrip(t *testing.T) {
	enc, err := row.NewEncoder[Every]()
	require.NoError(t, err)
	as, err := rowarrow.ToArrowSchema(enc.Schema())
	require.NoError(t, err)
	back, err := rowarrow.FromArrowSchema(as)
	require.NoError(t, err)
	require.True(t, back.Equal(enc.Schema()), "%v\n!=\n%v", back, enc.Schema())
	assert.Equal(t, enc.Schema().Hash(), back.Hash())
	f, ok := as.FieldsByName("ts")
	require.True(t, ok)
	assert.Equal(t, "timestamp[us]", f[0].Type.String())
	assert.False(t, f[0].Nullable)
	f, _ = as.FieldsByName("p_inner")
	assert.True(t, f[0].Nullable)
}

func TestRowArrowRecordBatchRoundTrip(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	enc, err := row.NewEncoder[Every]()
	require.NoError(t, err)
	var rows []row.Row
	for _, v := range samples() {
		r, err := enc.ToRow(&v)
		require.NoError(t, err)
		rows = append(rows, r)
	}
	rec, err := rowarrow.ToRecordBatch(mem, enc.Schema(), rows)
	require.NoError(t, err)
	defer rec.Release()
	require.Equal(t, int64(len(rows)), rec.NumRows())

	back, err := rowarrow.FromRecordBatch(enc.Schema(), rec)
	require.NoError(t, err)
	require.Len(t, back, len(rows))
	for i := range rows {
		assert.Equal(t, rows[i].Bytes(), back[i].Bytes(), "row %d", i)
		v, err := enc.FromRow(back[i])
		require.NoError(t, err)
		want := samples()[i]
		require.Empty(t, cmp.Diff(&want, v))
	}
	// Without a schema, the one the batch's Arrow schema gives.
	back, err = rowarrow.FromRecordBatch(nil, rec)
	require.NoError(t, err)
	assert.Equal(t, rows[0].Bytes(), back[0].Bytes())

	// Random access on a column value.
	s := enc.Schema()
	m, err := back[0].Map(s.FieldIndex("mm"))
	require.NoError(t, err)
	assert.Equal(t, 2, m.Len())
}

func TestRowArrowInputForms(t *testing.T) {
	mem := memory.NewGoAllocator()
	as := arrow.NewSchema([]arrow.Field{
		{Name: "ts", Type: &arrow.TimestampType{Unit: arrow.Nanosecond}, Nullable: true},
		{Name: "s", Type: arrow.BinaryTypes.LargeString},
		{Name: "d", Type: &arrow.DurationType{Unit: arrow.Millisecond}},
	}, nil)
	b := array.NewRecordBuilder(mem, as)
	defer b.Release()
	b.Field(0).(*array.TimestampBuilder).Append(1_500_000_999)
	b.Field(0).(*array.TimestampBuilder).AppendNull()
	b.Field(1).(*array.LargeStringBuilder).AppendValues([]string{"a", "b"}, nil)
	b.Field(2).(*array.DurationBuilder).AppendValues([]arrow.Duration{3, 4}, nil)
	rec := b.NewRecordBatch()
	defer rec.Release()
	rows, err := rowarrow.FromRecordBatch(nil, rec)
	require.NoError(t, err)
	ts, err := rows[0].Timestamp(0)
	require.NoError(t, err)
	assert.Equal(t, time.Unix(1, 500_000_000).UTC(), ts.Truncate(time.Millisecond))
	assert.Equal(t, time.Unix(1, 500_000_000).UTC().UnixMicro(), ts.UnixMicro())
	assert.True(t, rows[1].IsNullAt(0))
	d, err := rows[1].Duration(2)
	require.NoError(t, err)
	assert.Equal(t, 4*time.Millisecond, d)
	s, err := rows[1].String(1)
	require.NoError(t, err)
	assert.Equal(t, "b", s)

	_, err = rowarrow.FromArrowSchema(arrow.NewSchema([]arrow.Field{{Name: "u", Type: arrow.PrimitiveTypes.Uint8}}, nil))
	require.ErrorIs(t, err, fury.ErrUnsupportedType)
}
