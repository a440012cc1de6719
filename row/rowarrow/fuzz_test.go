package rowarrow_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/row"
	"github.com/fury-go/fury/row/rowarrow"
)

// FuzzToRecordBatch converts hostile rows to an Arrow batch and back: the
// conversion fails with one of fury's errors or gives back rows whose
// values are the originals' (no allocation left behind either way).
func FuzzToRecordBatch(f *testing.F) {
	enc, err := row.NewEncoder[Every]()
	require.NoError(f, err)
	for _, v := range samples() {
		r, err := enc.ToRow(&v)
		require.NoError(f, err)
		f.Add(r.Bytes())
	}
	s := enc.Schema()
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := row.NewRow(s, data)
		if err != nil {
			return
		}
		mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
		defer mem.AssertSize(t, 0)
		rec, err := rowarrow.ToRecordBatch(mem, s, []row.Row{r, r})
		if err != nil {
			for _, sentinel := range []error{fury.ErrInvalidData, fury.ErrTruncated, fury.ErrTypeMismatch, row.ErrNull} {
				if errors.Is(err, sentinel) {
					return
				}
			}
			t.Fatalf("error wraps no sentinel: %v", err)
		}
		defer rec.Release()
		require.EqualValues(t, 2, rec.NumRows())
		back, err := rowarrow.FromRecordBatch(s, rec)
		require.NoError(t, err, "a batch ToRecordBatch made converts back")
		vals, err := r.Values()
		require.NoError(t, err)
		want, err := row.AppendBuild(nil, s, vals)
		require.NoError(t, err)
		for _, b := range back {
			require.True(t, bytes.Equal(want, b.Bytes()), "row changed on the way through Arrow")
		}
	})
}
