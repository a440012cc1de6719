package fury_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
)

type msgT struct{ A int32 }
type msgU struct{ B string }

// A struct's data read into a destination it does not convert to names
// the struct the data holds, not the map of fields it was read as.
func TestStructMismatchNamesTheStruct(t *testing.T) {
	w := fury.New()
	require.NoError(t, w.RegisterTagType("ex.U", msgU{}))
	data, err := w.Marshal(msgU{B: "x"})
	require.NoError(t, err)

	r := fury.New()
	require.NoError(t, r.RegisterTagType("ex.T", msgT{}))
	err = r.Unmarshal(data, new(msgT))
	require.ErrorIs(t, err, fury.ErrTypeMismatch)
	assert.Contains(t, err.Error(), `struct "ex.U"`)
	assert.Contains(t, err.Error(), "registered under the same name or id")
	assert.NotContains(t, err.Error(), "map[string]interface")

	err = r.Unmarshal(data, new(string))
	require.ErrorIs(t, err, fury.ErrTypeMismatch)
	assert.Contains(t, err.Error(), `struct "ex.U", which does not convert to string`)
}
