package row_test

import (
	"testing"

	"github.com/fury-go/fury/internal/alloctest"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/row"
)

// wideVal is a map value that costs 64 KiB of Go and one byte of row.
type wideVal struct {
	A   int8
	Pad [1 << 16]byte `fury:"-"`
}

type wideMap struct{ M map[int64]wideVal }

// Decoding a map allocates its entries once: the key and value each entry
// is read into are reused, not made afresh per entry (which, for a large
// value type, allocated as much again as the map, beyond what the Go
// memory budget counts).
func TestRowMapDecodeAllocations(t *testing.T) {
	if alloctest.Isolate(t) { // counts bytes allocated: run alone in a child process
		return
	}
	// 200 entries of 64 KiB from a few KB of row: over the default
	// decode memory budget (256 KiB + 96 bytes a byte), within a raised one.
	def, err := row.NewEncoder[wideMap]()
	require.NoError(t, err)
	enc, err := row.NewEncoder[wideMap](row.WithMaxDecodedBytes(64 << 20))
	require.NoError(t, err)
	const n = 200
	m := make(map[int64]wideVal, n)
	for i := 0; i < n; i++ {
		m[int64(i)] = wideVal{A: int8(i)}
	}
	data, err := enc.Encode(&wideMap{M: m})
	require.NoError(t, err)
	_, err = def.Decode(data)
	require.ErrorIs(t, err, fury.ErrTooLarge)
	var got *wideMap
	alloc := alloctest.Bytes(func() { got, err = enc.Decode(data) })
	require.NoError(t, err)
	require.Len(t, got.M, n)
	for i := 0; i < n; i++ {
		require.Equal(t, int8(i), got.M[int64(i)].A)
	}
	t.Logf("%d input bytes, %d allocated", len(data), alloc)
	// The map stores values this large out of line: about 72 KiB an entry
	// (64 KiB rounded to the allocator's size class); one more copy per
	// entry made it 144 KiB.
	require.Less(t, alloc, uint64(n*100_000))
}
