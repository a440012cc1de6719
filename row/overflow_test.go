package row_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/row"
)

type smallElem struct{ X int32 }

// TestRowDecodeAllocationOverflow: a list whose element count times the
// destination element's Go size overflows the platform's word (a big
// array field skipped with `fury:"-"` makes the element huge) is an error
// wrapping fury.ErrInvalidData; the product used to wrap to a small number,
// pass the memory budget, and panic in reflect.Value.Grow.
func TestRowDecodeAllocationOverflow(t *testing.T) {
	type Huge struct{ L []hugeElem }
	type Small struct{ L []smallElem }
	encH, err := row.NewEncoder[Huge]()
	require.NoError(t, err)
	encS, err := row.NewEncoder[Small]()
	require.NoError(t, err)
	require.Equal(t, encS.Schema().Hash(), encH.Schema().Hash())
	data, err := encS.Encode(&Small{L: make([]smallElem, hugeCount)})
	require.NoError(t, err)
	require.NotPanics(t, func() {
		_, err = encH.Decode(data)
	})
	require.ErrorIs(t, err, fury.ErrInvalidData)

	// Two elements: on 32-bit platforms they decode; on 64-bit ones two
	// 2^47-byte elements are more than the runtime can allocate at once,
	// which is an error too, not reflect's panic.
	data, err = encS.Encode(&Small{L: []smallElem{{1}, {2}}})
	require.NoError(t, err)
	var got *Huge
	require.NotPanics(t, func() {
		got, err = encH.Decode(data)
	})
	if err != nil {
		// Beyond the platform (64-bit), or over the default decode
		// memory budget (32-bit: 2 elements of 2^31 bytes).
		if !errors.Is(err, fury.ErrTooLarge) {
			require.ErrorIs(t, err, fury.ErrInvalidData)
		}
	} else {
		require.Len(t, got.L, 2)
		require.Equal(t, int32(2), got.L[1].X)
	}
}
