package row_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/row"
)

type timeRanges struct {
	TS time.Time
	D  fury.Date
}

// TestRowTimestampRange: a time.Time outside the int64-microsecond range
// is an error; UnixMicro used to wrap it silently (year 300000 read back
// as year -284555).
func TestRowTimestampRange(t *testing.T) {
	enc, err := row.NewEncoder[timeRanges]()
	require.NoError(t, err)
	s := row.NewSchema(row.Field{Name: "ts", Type: row.Timestamp(), Nullable: true})
	for _, ts := range []time.Time{
		time.Date(300000, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(-300000, 1, 1, 0, 0, 0, 0, time.UTC),
		time.UnixMicro(9223372036854775807).Add(time.Microsecond),
		time.UnixMicro(-9223372036854775808).Add(-time.Nanosecond),
	} {
		_, err := enc.Encode(&timeRanges{TS: ts})
		require.ErrorIs(t, err, fury.ErrInvalidArgument, "%v", ts)
		_, err = row.Build(s, []any{ts})
		require.ErrorIs(t, err, fury.ErrInvalidArgument, "%v", ts)
	}
	// The ends of the range round-trip.
	for _, us := range []int64{9223372036854775807, -9223372036854775808, 0, -1} {
		v := timeRanges{TS: time.UnixMicro(us).UTC()}
		data, err := enc.Encode(&v)
		require.NoError(t, err)
		got, err := enc.Decode(data)
		require.NoError(t, err)
		require.True(t, v.TS.Equal(got.TS), "%d: %v", us, got.TS)
		r, err := row.Build(s, []any{v.TS})
		require.NoError(t, err)
		back, err := r.Timestamp(0)
		require.NoError(t, err)
		require.Equal(t, us, back.UnixMicro())
	}
}

// TestRowDateNotOnTheCalendar: a fury.Date that is not a day of the
// calendar (February 30, month 13) or lies outside the date32 range is an
// error, as in package fury; it used to be written as the day time.Date
// normalizes it to and read back as a different Date.
func TestRowDateNotOnTheCalendar(t *testing.T) {
	enc, err := row.NewEncoder[timeRanges]()
	require.NoError(t, err)
	s := row.NewSchema(row.Field{Name: "d", Type: row.Date(), Nullable: true})
	for _, d := range []fury.Date{
		{Year: 2023, Month: 2, Day: 29},
		{Year: 2024, Month: 2, Day: 30},
		{Year: 2024, Month: 13, Day: 1},
		{Year: 2024, Month: 0, Day: 1},
		{Year: 2024, Month: 1, Day: 0},
		{Year: 2024, Month: 1, Day: -1},
		{Year: 1 << 30, Month: 1, Day: 1},
		{Year: -(1 << 30), Month: 1, Day: 1},
	} {
		_, err := enc.Encode(&timeRanges{D: d})
		require.ErrorIs(t, err, fury.ErrInvalidArgument, "%v", d)
		_, err = row.Build(s, []any{d})
		require.ErrorIs(t, err, fury.ErrInvalidArgument, "%v", d)
	}
	for _, d := range []fury.Date{{}, {Year: 2024, Month: 2, Day: 29}, {Year: 1, Month: 1, Day: 1}, {Year: -5000, Month: 12, Day: 31}} {
		v := timeRanges{D: d}
		data, err := enc.Encode(&v)
		require.NoError(t, err)
		got, err := enc.Decode(data)
		require.NoError(t, err)
		require.Equal(t, d, got.D)
	}
}
