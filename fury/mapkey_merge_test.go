package fury

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/internal/alloctest"
)

// Keys that are distinct in Go but one value on the wire would read back
// as one entry: Marshal refuses such a map, naming a key. Keys distinct on
// the wire round-trip.
func TestMapKeysOneOnTheWire(t *testing.T) {
	utc := time.Date(2026, 11, 27, 8, 0, 0, 5, time.UTC)
	plus1 := utc.In(time.FixedZone("+01:00", 3600))
	mono := time.Now()
	monoUTC := mono.Round(0).UTC()
	type stamped struct {
		At   time.Time
		Name string
	}
	for name, m := range map[string]any{
		"time locations":     map[time.Time]int{utc: 1, plus1: 2},
		"time monotonic":     map[time.Time]int{mono: 1, monoUTC: 2},
		"struct with a time": map[stamped]int{{utc, "a"}: 1, {plus1, "a"}: 2},
		"array of times":     map[[2]time.Time]int{{utc, utc}: 1, {plus1, utc}: 2},
		"one-time array":     map[[1]time.Time]int{{utc}: 1, {plus1}: 2},
		"int and int64":      map[any]int{1: 1, int64(1): 2},
		"interface times":    map[any]string{utc: "a", plus1: "b"},
		"nil value":          map[any]any{utc: nil, plus1: nil},
		"set of instants":    NewSet(utc, plus1),
	} {
		for _, f := range []*Fury{New(), New(WithCompatible(false)), New(WithRefTracking(true))} {
			_, err := f.Marshal(m)
			require.ErrorIs(t, err, ErrInvalidArgument, name)
			assert.ErrorContains(t, err, "same", name)
		}
	}

	// Distinct on the wire: these round-trip, entry for entry.
	nan := func() float64 { var z float64; return z / z }
	for name, c := range map[string]struct {
		m    any
		n    int
		into func() any
	}{
		"three instants":  {map[time.Time]int{utc: 1, utc.Add(1): 2, plus1.Add(time.Hour): 3}, 3, func() any { return new(map[time.Time]int) }},
		"int32 and int64": {map[any]int{int32(1): 1, int64(1): 2}, 2, func() any { return new(map[any]int) }},
		"NaN keys":        {map[float64]int{nan(): 1, nan(): 2, 0: 3}, 3, func() any { return new(map[float64]int) }},
		"any NaN keys":    {map[any]int{nan(): 1, nan(): 2}, 2, func() any { return new(map[any]int) }},
		"pointer keys":    {map[*int]int{new(int): 1, new(int): 2}, 2, func() any { return new(map[*int]int) }},
	} {
		data, err := Marshal(c.m)
		require.NoError(t, err, name)
		out := c.into()
		require.NoError(t, Unmarshal(data, out), name)
		assert.Len(t, *anyMapLen(out), c.n, name)
	}
}

// anyMapLen returns a slice as long as the map out points to.
func anyMapLen(out any) *[]struct{} {
	var n int
	switch m := out.(type) {
	case *map[time.Time]int:
		n = len(*m)
	case *map[any]int:
		n = len(*m)
	case *map[float64]int:
		n = len(*m)
	case *map[*int]int:
		n = len(*m)
	}
	s := make([]struct{}, n)
	return &s
}

// Checking the keys of a time-keyed map allocates nothing once the map type
// has been written: MarshalAppend into a reused buffer stays free.
func TestMapKeyCheckAllocatesNothing(t *testing.T) {
	if alloctest.Isolate(t) { // counts allocations: run alone in a child process
		return
	}
	f := New()
	m := map[time.Time]int{}
	for i := range 100 {
		m[time.Unix(int64(i), 0).UTC()] = i
	}
	buf, err := f.MarshalAppend(nil, m)
	require.NoError(t, err)
	allocs := testing.AllocsPerRun(50, func() { buf, _ = f.MarshalAppend(buf[:0], m) })
	assert.Zero(t, allocs)
}
