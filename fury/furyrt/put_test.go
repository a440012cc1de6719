package furyrt

import (
	"bytes"
	"encoding/binary"
	"math"
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
