package row_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/row"
)

// TestRowNilSchemaAndType: the accessors of a nil *Schema (the zero Row's
// schema, a nil Encoder's) and a nil *DataType (Primitive of an unknown
// id) report an empty value instead of panicking.
func TestRowNilSchemaAndType(t *testing.T) {
	var e *row.Encoder[struct{ A int32 }]
	for _, s := range []*row.Schema{nil, row.Row{}.Schema(), e.Schema()} {
		require.NotPanics(t, func() {
			require.Zero(t, s.NumFields())
			require.Equal(t, row.Field{}, s.Field(0))
			require.Nil(t, s.Fields())
			require.Equal(t, -1, s.FieldIndex("a"))
			require.Zero(t, s.Hash())
			require.Empty(t, s.String())
			require.Error(t, s.Validate())
			require.True(t, s.Equal(nil))
		})
	}
	ty := row.Primitive(row.TypeList) // nil: list is not a primitive
	require.Nil(t, ty)
	require.NotPanics(t, func() {
		require.Zero(t, ty.ID())
		require.Nil(t, ty.Elem())
		require.Nil(t, ty.Key())
		require.Nil(t, ty.Value())
		require.Nil(t, ty.Schema())
		require.Equal(t, "<nil>", ty.String())
	})
}
