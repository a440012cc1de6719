package fury_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
)

// A list of zero-size elements takes no input per element in compatible
// mode, yet reads back at any length the decode budget allows: only the
// budget (which charges every element) bounds it, so a hostile count fails
// with ErrTooLarge instead of taking time. The default budget holds 8192
// of them beyond what the input pays for; more need WithMaxDecodedBytes.
func TestEmptyStructListBudget(t *testing.T) {
	type empty struct{}
	for _, compatible := range []bool{true, false} {
		want := make([]empty, 300000)
		data, err := fury.New(fury.WithCompatible(compatible)).Marshal(want)
		require.NoError(t, err)
		var got []empty
		err = fury.New(fury.WithCompatible(compatible)).Unmarshal(data, &got)
		if compatible {
			// No bytes an element (schema-consistent mode writes each
			// one's struct hash, which pays for it).
			require.ErrorIs(t, err, fury.ErrTooLarge)
			require.ErrorContains(t, err, "WithMaxDecodedBytes")
		} else {
			require.NoError(t, err)
		}
		f := fury.New(fury.WithCompatible(compatible), fury.WithMaxDecodedBytes(64<<20))
		require.NoError(t, f.Unmarshal(data, &got), "compatible=%v", compatible)
		assert.Len(t, got, len(want))
		few, err := f.Marshal(make([]empty, 8192))
		require.NoError(t, err)
		require.NoError(t, fury.New(fury.WithCompatible(compatible)).Unmarshal(few, &got), "compatible=%v", compatible)
		assert.Len(t, got, 8192)

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
