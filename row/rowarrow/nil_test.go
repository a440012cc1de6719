package rowarrow_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/row"
	"github.com/fury-go/fury/row/rowarrow"
)

// TestNilInputs: nil schemas, types and record batches are errors wrapping
// fury.ErrInvalidArgument, not panics.
func TestNilInputs(t *testing.T) {
	_, err := rowarrow.FromArrowSchema(nil)
	require.ErrorIs(t, err, fury.ErrInvalidArgument)
	_, err = rowarrow.ToArrowType(nil)
	require.ErrorIs(t, err, fury.ErrInvalidArgument)
	_, err = rowarrow.ToArrowType(row.ListOf(nil))
	require.ErrorIs(t, err, fury.ErrInvalidArgument)
	s := row.NewSchema(row.Field{Name: "a", Type: row.Int32()})
	_, err = rowarrow.FromRecordBatch(s, nil)
	require.ErrorIs(t, err, fury.ErrInvalidArgument)
	_, err = rowarrow.FromRecordBatch(nil, nil)
	require.ErrorIs(t, err, fury.ErrInvalidArgument)
}
