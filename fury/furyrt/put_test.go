package furyrt

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// PutTime and GetTime refuse exactly the times the reflection path
// refuses: a time.Time too early for int64 Unix seconds, and wire seconds
// too late for a time.Time.
func TestTimeRange(t *testing.T) {
	var b [12]byte
	earliest := time.Unix(math.MinInt64, 0)
	require.True(t, PutTime(b[:], earliest))
	got, ok := GetTime(b[:])
	require.True(t, ok)
	assert.True(t, got.Equal(earliest))

	assert.False(t, PutTime(b[:], earliest.Add(-time.Nanosecond)), "one nanosecond before the earliest")
	assert.False(t, PutTime(b[:], earliest.Add(-time.Hour)))

	latest := time.Unix(maxTimestampSec, 999999999)
	require.True(t, PutTime(b[:], latest))
	got, ok = GetTime(b[:])
	require.True(t, ok)
	assert.True(t, got.Equal(latest))
	assert.Equal(t, int64(maxTimestampSec), got.Unix())

	for _, s := range []int64{maxTimestampSec + 1, math.MaxInt64} {
		binary.LittleEndian.PutUint64(b[:], uint64(s))
		binary.LittleEndian.PutUint32(b[8:], 0)
		_, ok = GetTime(b[:])
		assert.False(t, ok, "seconds %d", s)
	}
	binary.LittleEndian.PutUint64(b[:], 0)
	binary.LittleEndian.PutUint32(b[8:], 1e9)
	_, ok = GetTime(b[:])
	assert.False(t, ok, "nanoseconds out of range")
	_, ok = GetTime(b[:11])
	assert.False(t, ok, "short input")
}

// CopyString copies as copy does, whatever the lengths: the bytes of s,
// as many as dst has room for, and nothing past them.
func TestCopyString(t *testing.T) {
	src := "0123456789abcdefghijklmnopqrstuvwxyz!"
	for k := 0; k <= len(src); k++ {
		for room := max(k-2, 0); room <= k+9; room++ {
			s := src[len(src)-k:] // ends at the end of src's bytes
			got := bytes.Repeat([]byte{0xee}, room+8)
			want := bytes.Repeat([]byte{0xee}, room+8)
			n := CopyString(got[:room], s)
			require.Equal(t, copy(want[:room], s), n, "len %d, room %d", k, room)
			require.Equal(t, want, got, "len %d, room %d", k, room)
		}
	}
}

// PutShortString writes what PutString writes for every string under 32
// bytes, at offsets 0 and 3, touching no byte outside them; with less room
// than 1+len(s) from n it panics (its bounds check) before writing
// anything.
func TestPutShortString(t *testing.T) {
	src := "0123456789abcdefghijklmnopqrstu"
	for k := 0; k < 32; k++ {
		s := src[len(src)-k:] // ends at the end of src's bytes
		for _, n := range []int{0, 3} {
			for room := max(n+k-1, 0); room <= n+k+9; room++ {
				got := bytes.Repeat([]byte{0xee}, room+16)
				want := bytes.Repeat([]byte{0xee}, room+16)
				if n+1+k > room {
					require.Panics(t, func() { PutShortString(got[:room], n, s) }, "len %d at %d, room %d", k, n, room)
					require.Equal(t, want, got, "len %d at %d, room %d", k, n, room)
					continue
				}
				end := PutShortString(got[:room], n, s)
				require.Equal(t, n+PutString(want[n:room], s), end, "len %d at %d, room %d", k, n, room)
				require.Equal(t, want, got, "len %d at %d, room %d", k, n, room)
			}
		}
	}
}

// GetTime builds in line what time.Unix(s, ns).UTC() returns: the same
// time.Time, == included (no monotonic reading, location nil), at the
// range's ends and for random seconds and nanoseconds; DecodeTime, the
// runtime's fallback, agrees.
func TestGetTimeIsTimeUnixUTC(t *testing.T) {
	require.True(t, timeWordsOK, "time.Time's layout changed: GetTime declines every timestamp; update timeWords")
	r := rand.New(rand.NewPCG(1, 2))
	var b [12]byte
	cases := [][2]int64{{0, 0}, {-1, 999999999}, {math.MinInt64, 0}, {maxTimestampSec, 999999999}, {1700000000, 1}}
	for range 10000 {
		cases = append(cases, [2]int64{int64(r.Uint64()) >> r.IntN(64), r.Int64N(1e9)})
	}
	for _, c := range cases {
		s, ns := c[0], c[1]
		if s > maxTimestampSec {
			continue
		}
		binary.LittleEndian.PutUint64(b[:], uint64(s))
		binary.LittleEndian.PutUint32(b[8:], uint32(ns))
		want := time.Unix(s, ns).UTC()
		got, ok := GetTime(b[:])
		require.True(t, ok, "%d %d", s, ns)
		require.True(t, want == got, "%d %d: %#v, time.Unix gives %#v", s, ns, got, want)
		require.Equal(t, time.UTC, got.Location())
		got, ok = DecodeTime(b[:])
		require.True(t, ok)
		require.True(t, want == got)
	}
	_, ok := DecodeTime(b[:11])
	require.False(t, ok)
	binary.LittleEndian.PutUint32(b[8:], 1e9)
	_, ok = DecodeTime(b[:])
	require.False(t, ok)
}
