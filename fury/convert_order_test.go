package fury

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type orderSub struct {
	A string
	B int64
	C int64
}
type orderW struct{ M orderSub }
type orderR struct{ M map[string]uint8 }
type orderFitR struct{ M map[string]int8 }

// TestConvertOrderIndependent reads a struct field, in compatible mode,
// into a map field whose value type some entries do not convert to and
// others overflow: the result must be the same whatever order the entries
// are met in (a map's is random). An entry that does not convert at all
// makes the field read as missing; values that only overflow are an error.
func TestConvertOrderIndependent(t *testing.T) {
	w := New()
	require.NoError(t, w.RegisterTagType("order.T", orderW{}))
	require.NoError(t, w.RegisterTagType("order.Sub", orderSub{}))
	mixed, err := w.Marshal(&orderW{M: orderSub{A: "x", B: 1000, C: 1}})
	require.NoError(t, err)
	for i := 0; i < 50; i++ {
		r := New()
		require.NoError(t, r.RegisterTagType("order.T", orderR{}))
		out := orderR{M: map[string]uint8{"old": 1}}
		require.NoError(t, r.Unmarshal(mixed, &out), "run %d", i)
		assert.Nil(t, out.M, "run %d: a field whose type does not convert reads as missing", i)
	}

	type numbers struct {
		B int64
		C int64
	}
	w2 := New()
	require.NoError(t, w2.RegisterTagType("order.T", struct{ M numbers }{}))
	overflow, err := w2.Marshal(&struct{ M numbers }{M: numbers{B: 1000, C: 1}})
	require.NoError(t, err)
	for i := 0; i < 50; i++ {
		r := New()
		require.NoError(t, r.RegisterTagType("order.T", orderFitR{}))
		var out orderFitR
		require.ErrorIs(t, r.Unmarshal(overflow, &out), ErrTypeMismatch, "run %d", i)
	}
}
