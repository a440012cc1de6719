package fury

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// An interface holding a pointer to itself writes nothing at each hop
// (a pointer to an interface travels as the interface), so the write
// recursed until the goroutine stack overflowed: a fatal error, not a
// panic recover can stop. It must be ErrDepthExceeded in every mode.
func TestInterfacePointingToItselfIsDepthExceeded(t *testing.T) {
	type node struct {
		Name string
		I    any
	}
	for _, opts := range [][]Option{
		{}, {WithCompatible(false)},
		{WithRefTracking(true)}, {WithRefTracking(true), WithTrackAllFields(true)},
	} {
		f := New(opts...)
		var x any
		x = &x
		_, err := f.Marshal(x)
		require.ErrorIs(t, err, ErrDepthExceeded)
		_, err = f.Marshal([]any{x})
		require.ErrorIs(t, err, ErrDepthExceeded)
		n := &node{Name: "a"}
		n.I = &n.I
		_, err = f.Marshal(n)
		require.ErrorIs(t, err, ErrDepthExceeded)

		// A chain shorter than the bound still round-trips.
		var y any = int32(7)
		z := any(&y)
		data, err := f.Marshal(&node{I: &z})
		require.NoError(t, err)
		var back node
		require.NoError(t, f.Unmarshal(data, &back))
		require.Equal(t, int32(7), back.I)
	}
}
