package fury

import (
	"math"
	"math/big"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Small is a uint8 enum: ordinals above 255 do not fit it.
type Small uint8

type enumHolder struct {
	S Small
	C Color
}

// maxTimestampSec is the last wire second a time.Time holds (as in furyrt).
const maxTimestampSec = math.MaxInt64 - 62135596800

func enumFury(t testing.TB) *Fury {
	f := New()
	require.NoError(t, f.Register(Small(0), 90))
	require.NoError(t, f.Register(Color(0), 91))
	require.NoError(t, f.Register(enumHolder{}, 92))
	return f
}

// enumBytes is a top-level enum (registered by id) with ordinal v.
func enumBytes(id uint32, v uint32) []byte {
	b := newBuffer(nil)
	b.WriteUint8(headerXlang)
	b.WriteInt8(flagNotNullValue)
	b.WriteVaruint32(tidEnum)
	b.WriteVaruint32(id)
	b.WriteVaruint32(v)
	return b.Bytes()
}

func TestEnumOrdinalRange(t *testing.T) {
	f := enumFury(t)
	var s Small
	require.ErrorIs(t, f.Unmarshal(enumBytes(90, 300), &s), ErrInvalidData)
	require.NoError(t, f.Unmarshal(enumBytes(90, 255), &s))
	require.Equal(t, Small(255), s)
	var c Color
	require.ErrorIs(t, f.Unmarshal(enumBytes(91, math.MaxUint32), &c), ErrInvalidData)
	require.ErrorIs(t, f.Unmarshal(enumBytes(91, math.MaxInt32+1), &c), ErrInvalidData)
	require.NoError(t, f.Unmarshal(enumBytes(91, math.MaxInt32), &c))
	require.Equal(t, Color(math.MaxInt32), c)
	var v any
	require.ErrorIs(t, f.Unmarshal(enumBytes(90, 256), &v), ErrInvalidData)

	// Writing an enum value that is not an ordinal is refused.
	_, err := f.Marshal(Color(-1))
	require.ErrorIs(t, err, ErrInvalidArgument)

	// In a struct, the error names the field.
	_, err = f.Marshal(enumHolder{S: 1, C: 2})
	require.NoError(t, err)
	// The ordinal of S is the byte after the field's flag; patch it to
	// 300 (two bytes as a varint) by rebuilding from a wider enum.
	type wide struct {
		S Color
		C Color
	}
	g := New()
	require.NoError(t, g.Register(Color(0), 90))
	require.NoError(t, g.Register(wide{}, 92))
	data, err := g.Marshal(wide{S: 300, C: 2})
	require.NoError(t, err)
	var h enumHolder
	err = f.Unmarshal(data, &h)
	require.ErrorIs(t, err, ErrInvalidData)
	require.Contains(t, err.Error(), ".S")
}

func TestDurationLimits(t *testing.T) {
	f := New()
	for _, d := range []time.Duration{math.MinInt64, math.MinInt64 + 1, math.MaxInt64, math.MaxInt64 - 1,
		0, -1, 1, -time.Second, -1500 * time.Millisecond, time.Second - 1} {
		data, err := f.Marshal(d)
		require.NoError(t, err)
		var got time.Duration
		require.NoError(t, f.Unmarshal(data, &got), "%d", d)
		require.Equal(t, d, got)
		var v any
		require.NoError(t, f.Unmarshal(data, &v))
		require.Equal(t, d, v)
	}
	// Beyond the range: an error, not a wrapped value.
	for _, c := range []struct {
		s  int64
		ns int32
	}{{math.MaxInt64 / int64(time.Second), 854775808}, {math.MinInt64/int64(time.Second) - 1, 145224191}, {math.MaxInt64, 0},
		{math.MinInt64, 0}, {math.MaxInt64, -1}, {math.MinInt64, math.MaxInt32}} {
		b := newBuffer(nil)
		b.WriteUint8(headerXlang)
		b.WriteInt8(flagNotNullValue)
		b.WriteVaruint32(tidDuration)
		b.WriteVarint64(c.s)
		b.WriteInt32(c.ns)
		var got time.Duration
		require.ErrorIs(t, f.Unmarshal(b.Bytes(), &got), ErrInvalidData, "%d s %d ns", c.s, c.ns)
	}
	// Nanoseconds outside [0, 1e9) still give the exact sum.
	d, ok := durationOf(-3, -1)
	require.True(t, ok)
	require.Equal(t, -3*time.Second-1, d)
	d, ok = durationOf(2, 1500000000)
	require.True(t, ok)
	require.Equal(t, 3500*time.Millisecond, d)
}

func TestDateLimits(t *testing.T) {
	f := New()
	for _, d := range []Date{{}, {1970, 1, 1}, {1, 1, 1}, {9999, 12, 31}, {0, 1, 1}, {-1, 12, 31},
		{-1, 11, 29}, {2024, 2, 29}, {1000000000, 1, 1}, {-1000000000, 1, 1}} {
		data, err := f.Marshal(d)
		require.NoError(t, err, "%v", d)
		var got Date
		require.NoError(t, f.Unmarshal(data, &got), "%v", d)
		require.Equal(t, d, got)
	}
	type holder struct{ D Date }
	data, err := f.Marshal(holder{})
	require.NoError(t, err)
	var h holder
	require.NoError(t, f.Unmarshal(data, &h))
	require.Equal(t, holder{}, h)

	// Dates that would not read back are refused when written.
	for _, d := range []Date{{2023, 2, 29}, {2024, 13, 1}, {2024, 0, 1}, {2024, 1, 0}, {2024, 1, 32},
		{-1, 11, 30}, {2000000000, 1, 1}} {
		_, err := f.Marshal(d)
		require.ErrorIs(t, err, ErrInvalidArgument, "%v", d)
	}
	// Days beyond the range are refused when read.
	for _, days := range []int64{maxDateDays + 1, -maxDateDays - 1, math.MaxInt64, math.MinInt64} {
		b := newBuffer(nil)
		b.WriteUint8(headerXlang)
		b.WriteInt8(flagNotNullValue)
		b.WriteVaruint32(tidDate)
		b.WriteVarint64(days)
		var got Date
		require.ErrorIs(t, f.Unmarshal(b.Bytes(), &got), ErrInvalidData)
	}
}

func TestTimestampLimits(t *testing.T) {
	f := New()
	for _, ts := range []time.Time{{}, time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.UTC),
		time.Unix(0, 0), time.Unix(-1, 999999999), time.Unix(math.MinInt64, 0), time.Unix(maxTimestampSec, 999999999),
		time.Unix(-62135596800*100, 5)} {
		data, err := f.Marshal(ts)
		require.NoError(t, err, "%v", ts)
		var got time.Time
		require.NoError(t, f.Unmarshal(data, &got))
		require.True(t, ts.Equal(got), "%v != %v", ts, got)
	}
	var zero time.Time
	data, err := f.Marshal(zero)
	require.NoError(t, err)
	var got time.Time
	require.NoError(t, f.Unmarshal(data, &got))
	require.Equal(t, zero, got)

	// Seconds beyond time.Time are refused when read; times before the
	// wire's earliest are refused when written.
	b := newBuffer(nil)
	b.WriteUint8(headerXlang)
	b.WriteInt8(flagNotNullValue)
	b.WriteVaruint32(tidTimestamp)
	b.WriteInt64(maxTimestampSec + 1)
	b.WriteUint32(0)
	require.ErrorIs(t, f.Unmarshal(b.Bytes(), &got), ErrInvalidData)
	_, err = f.Marshal(time.Unix(math.MinInt64, 0).Add(-time.Second)) // before the earliest wire timestamp
	require.ErrorIs(t, err, ErrInvalidArgument)
}

func TestDecimalLimits(t *testing.T) {
	f := New()
	huge := new(big.Int).Lsh(big.NewInt(1), 4000)
	for _, d := range []Decimal{{}, NewDecimal(0, math.MinInt32), NewDecimal(1, math.MaxInt32),
		NewDecimal(-1, math.MinInt32), NewDecimal(math.MaxInt64, 0), NewDecimal(math.MinInt64, 3),
		NewDecimal(1<<62-1, 1), NewDecimal(-1<<62, 1), NewDecimal(1<<62, 1), NewDecimal(-1<<62-1, 1),
		{Unscaled: huge, Scale: 7}, {Unscaled: new(big.Int).Neg(huge), Scale: -7}} {
		data, err := f.Marshal(d)
		require.NoError(t, err)
		var got Decimal
		require.NoError(t, f.Unmarshal(data, &got))
		require.True(t, d.Equal(got), "%v != %v", d, got)
	}
	for _, v := range []*big.Int{big.NewInt(0), huge, new(big.Int).Neg(huge), big.NewInt(math.MinInt64)} {
		data, err := f.Marshal(v)
		require.NoError(t, err)
		var got big.Int
		require.NoError(t, f.Unmarshal(data, &got))
		require.Zero(t, v.Cmp(&got))
	}
	// A scale beyond what a big.Int destination takes is refused.
	data, err := f.Marshal(NewDecimal(1, -maxIntegralScale-1))
	require.NoError(t, err)
	var got big.Int
	require.ErrorIs(t, f.Unmarshal(data, &got), ErrTooLarge)
}

func TestNarrowingConversions(t *testing.T) {
	f := New()
	for _, c := range []struct {
		v    any
		dest any
	}{{int64(300), new(int8)}, {int64(-1), new(uint32)}, {uint64(math.MaxUint64), new(int64)}, {1e300, new(float32)}} {
		data, err := f.Marshal(c.v)
		require.NoError(t, err)
		require.ErrorIs(t, f.Unmarshal(data, c.dest), ErrTypeMismatch, "%v into %T", c.v, c.dest)
	}
	// In a struct field read by a TypeDef, the error names the field.
	type W struct{ N int64 }
	type R struct{ N int8 }
	w, r := New(), New()
	require.NoError(t, w.RegisterTagType("example.N", W{}))
	require.NoError(t, r.RegisterTagType("example.N", R{}))
	data, err := w.Marshal(W{N: 300})
	require.NoError(t, err)
	var got R
	err = r.Unmarshal(data, &got)
	require.ErrorIs(t, err, ErrTypeMismatch)
	require.Contains(t, err.Error(), "N")
	data, err = w.Marshal(W{N: -100})
	require.NoError(t, err)
	require.NoError(t, r.Unmarshal(data, &got))
	require.Equal(t, int8(-100), got.N)
}
