package row_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/row"
)

type budgetRow struct {
	L []int64
	S []string
}

// Decoding a row allocates at most fury's default decode budget for its
// length, or the bound WithMaxDecodedBytes sets.
func TestRowMaxDecodedBytes(t *testing.T) {
	v := &budgetRow{L: make([]int64, 10000), S: make([]string, 1000)}
	enc, err := row.NewEncoder[budgetRow]()
	require.NoError(t, err)
	data, err := enc.Encode(v)
	require.NoError(t, err)
	got, err := enc.Decode(data)
	require.NoError(t, err)
	require.Len(t, got.L, 10000)

	small, err := row.NewEncoder[budgetRow](row.WithMaxDecodedBytes(32 << 10))
	require.NoError(t, err)
	_, err = small.Decode(data)
	require.ErrorIs(t, err, fury.ErrTooLarge)
	require.ErrorContains(t, err, "WithMaxDecodedBytes")

	_, err = row.NewEncoder[budgetRow](row.WithMaxDecodedBytes(-1))
	require.ErrorIs(t, err, fury.ErrInvalidArgument)
	_, err = row.NewEncoder[budgetRow](nil)
	require.ErrorIs(t, err, fury.ErrInvalidArgument)
}
