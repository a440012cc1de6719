package furyrt

import (
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
