package rowarrow_test

import (
	"math"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/row"
	"github.com/fury-go/fury/row/rowarrow"
)

// timeBatch is one row of a timestamp and a duration column in unit u.
func timeBatch(t *testing.T, u arrow.TimeUnit, ts, dur int64) arrow.RecordBatch {
	sch := arrow.NewSchema([]arrow.Field{
		{Name: "t", Type: &arrow.TimestampType{Unit: u}, Nullable: true},
		{Name: "d", Type: &arrow.DurationType{Unit: u}, Nullable: true},
	}, nil)
	b := array.NewRecordBuilder(memory.NewGoAllocator(), sch)
	defer b.Release()
	b.Field(0).(*array.TimestampBuilder).Append(arrow.Timestamp(ts))
	b.Field(1).(*array.DurationBuilder).Append(arrow.Duration(dur))
	rec := b.NewRecordBatch()
	t.Cleanup(rec.Release)
	return rec
}

// TestFromRecordBatchTimeOverflow: a timestamp or duration whose
// microseconds overflow int64 (or, for a duration, time.Duration) is an
// error wrapping fury.ErrInvalidData; it used to wrap silently
// (timestamp[s] MaxInt64/100 read back as 1969-12-31).
func TestFromRecordBatchTimeOverflow(t *testing.T) {
	for _, c := range []struct {
		u       arrow.TimeUnit
		ts, dur int64
	}{
		{arrow.Second, math.MaxInt64 / 100, 0},
		{arrow.Second, math.MinInt64 / 100, 0},
		{arrow.Millisecond, math.MaxInt64 / 10, 0},
		{arrow.Second, 0, math.MaxInt64 / 100},
		{arrow.Microsecond, 0, math.MaxInt64 / 10},
		{arrow.Microsecond, 0, math.MinInt64 / 10},
	} {
		_, err := rowarrow.FromRecordBatch(nil, timeBatch(t, c.u, c.ts, c.dur))
		require.ErrorIs(t, err, fury.ErrInvalidData, "%+v", c)
	}
	// In range: exact, and a negative sub-microsecond timestamp is floored
	// as time.Time.UnixMicro floors it (a duration truncates toward zero, as
	// the row format truncates a time.Duration).
	rows, err := rowarrow.FromRecordBatch(nil, timeBatch(t, arrow.Nanosecond, -1, -1999))
	require.NoError(t, err)
	ts, err := rows[0].Timestamp(0)
	require.NoError(t, err)
	require.Equal(t, time.Unix(0, -1).UnixMicro(), ts.UnixMicro())
	d, err := rows[0].Duration(1)
	require.NoError(t, err)
	require.Equal(t, -time.Microsecond, d)
	rows, err = rowarrow.FromRecordBatch(nil, timeBatch(t, arrow.Second, math.MaxInt64/1_000_000, -math.MaxInt64/1_000_000_000))
	require.NoError(t, err)
	ts, err = rows[0].Timestamp(0)
	require.NoError(t, err)
	require.Equal(t, int64(math.MaxInt64/1_000_000), ts.Unix())
}

// TestFromRecordBatchIncompleteSchema: an incomplete row schema (a list of
// a nil type) is refused by Validate's error; it used to panic on a nil
// *row.DataType.
func TestFromRecordBatchIncompleteSchema(t *testing.T) {
	sch := arrow.NewSchema([]arrow.Field{{Name: "l", Type: arrow.ListOf(arrow.ListOf(arrow.PrimitiveTypes.Int32)), Nullable: true}}, nil)
	b := array.NewRecordBuilder(memory.NewGoAllocator(), sch)
	defer b.Release()
	lb := b.Field(0).(*array.ListBuilder)
	lb.Append(true)
	inner := lb.ValueBuilder().(*array.ListBuilder)
	inner.Append(true)
	inner.ValueBuilder().(*array.Int32Builder).Append(1)
	rec := b.NewRecordBatch()
	defer rec.Release()
	s := row.NewSchema(row.Field{Name: "l", Type: row.ListOf(nil)})
	require.NotPanics(t, func() {
		_, err := rowarrow.FromRecordBatch(s, rec)
		require.ErrorIs(t, err, fury.ErrInvalidArgument)
	})
}

// TestToRecordBatchNullInNonNullable: a null in a field the schema says is
// not nullable (a hand-built row, or hostile bytes) is an error; it used to
// give a batch whose column holds a null its schema says it cannot.
func TestToRecordBatchNullInNonNullable(t *testing.T) {
	s := row.NewSchema(
		row.Field{Name: "a", Type: row.Int32()},
		row.Field{Name: "s", Type: row.StructOf(row.Field{Name: "x", Type: row.String()}), Nullable: true},
	)
	for _, vals := range [][]any{{nil, nil}, {int32(1), []any{nil}}} {
		r, err := row.Build(s, vals)
		require.NoError(t, err)
		_, err = rowarrow.ToRecordBatch(nil, s, []row.Row{r})
		require.ErrorIs(t, err, fury.ErrInvalidData, "%v", vals)
	}
	// Nulls where the schema allows them are fine.
	r, err := row.Build(s, []any{int32(1), nil})
	require.NoError(t, err)
	rec, err := rowarrow.ToRecordBatch(nil, s, []row.Row{r})
	require.NoError(t, err)
	defer rec.Release()
	require.True(t, rec.Column(1).IsNull(0))
}

// TestRecordBatchNoColumns: a schema without fields keeps the number of
// rows both ways (the batch used to have 0 rows whatever was given).
func TestRecordBatchNoColumns(t *testing.T) {
	s := row.NewSchema()
	r, err := row.Build(s, nil)
	require.NoError(t, err)
	rec, err := rowarrow.ToRecordBatch(nil, s, []row.Row{r, r, r})
	require.NoError(t, err)
	defer rec.Release()
	require.EqualValues(t, 3, rec.NumRows())
	rows, err := rowarrow.FromRecordBatch(nil, rec)
	require.NoError(t, err)
	require.Len(t, rows, 3)

	empty, err := rowarrow.ToRecordBatch(nil, s, nil)
	require.NoError(t, err)
	defer empty.Release()
	require.EqualValues(t, 0, empty.NumRows())
}

// An error names the package once and its class, and wraps fury's sentinel.
func TestErrorMessageAndClass(t *testing.T) {
	_, err := rowarrow.FromArrowSchema(nil)
	require.ErrorIs(t, err, fury.ErrInvalidArgument)
	require.EqualError(t, err, "rowarrow: invalid argument: nil Arrow schema")

	_, err = rowarrow.FromArrowType(arrow.FixedWidthTypes.DayTimeInterval)
	require.ErrorIs(t, err, fury.ErrUnsupportedType)
	require.EqualError(t, err, "rowarrow: unsupported type: Arrow type day_time_interval has no row type")
}
