package fury_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
)

// A list of zero-size elements takes no input per element in compatible
// mode, yet reads back at any length: only the decode budget (which charges
// every element) bounds it, so a hostile count fails with ErrTooLarge
// instead of taking time.
func TestEmptyStructListBudget(t *testing.T) {
	type empty struct{}
	for _, compatible := range []bool{true, false} {
		f := fury.New(fury.WithCompatible(compatible))
		want := make([]empty, 300000)
		data, err := f.Marshal(want)
		require.NoError(t, err)
		var got []empty
		require.NoError(t, f.Unmarshal(data, &got), "compatible=%v", compatible)
		assert.Len(t, got, len(want))

		// The same list declaring 2^32-1 elements: over the budget.
		small, err := f.Marshal([]empty{{}})
		require.NoError(t, err)
		// Header, not-null flag, list type id, then the element count.
		require.True(t, bytes.HasPrefix(small, []byte{0x01, 0xff, 0x16, 0x01}), "% x", small)
		hostile := append([]byte{0x01, 0xff, 0x16, 0xff, 0xff, 0xff, 0xff, 0x0f}, small[4:]...)
		err = f.Unmarshal(hostile, &got)
		require.ErrorIs(t, err, fury.ErrTooLarge, "compatible=%v", compatible)

		// A budget set by the user bounds the count further.
		g := fury.New(fury.WithCompatible(compatible), fury.WithMaxDecodedBytes(1<<20))
		require.ErrorIs(t, g.Unmarshal(data, &got), fury.ErrTooLarge)
	}
}
