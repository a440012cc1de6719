package fury

import (
	"testing"

	"github.com/stretchr/testify/require"
)

type errPathOuter struct {
	Nest struct{ In Shape }
}

// TestErrorPathThroughUnnamedStruct: an error inside a field of an unnamed
// struct type names the path without an empty type name
// ("errPathOuter.Nest.In", not "errPathOuter.Nest..In").
func TestErrorPathThroughUnnamedStruct(t *testing.T) {
	var in errPathOuter
	in.Nest.In = Circle{R: 1}
	w := newShapeFury(t, true, false)
	data, err := w.Marshal(&in)
	require.NoError(t, err)
	var out errPathOuter
	err = New().Unmarshal(data, &out) // Circle unregistered here: not a Shape
	require.ErrorIs(t, err, ErrTypeMismatch)
	require.Contains(t, err.Error(), "in errPathOuter.Nest.In: ")
}
