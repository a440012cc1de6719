package fury

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type anonW struct {
	N    int32
	Sub  struct{ A, B int32 }
	Ptr  *struct{ A, B int32 }
	List []struct{ A, B int32 }
	Map  map[string]struct{ A, B int32 }
}

type anonR struct {
	N    int32
	Sub  struct{ A int32 }
	Ptr  *struct{ A int32 }
	List []struct{ A int32 }
	Map  map[string]struct{ A int32 }
}

// TestAnonymousStructEvolution: in compatible mode a struct type without a
// name (a field declared struct{ ... }) evolves like a named one: its
// fields are matched by name, whatever its Go spelling on either side.
func TestAnonymousStructEvolution(t *testing.T) {
	w, r := New(), New()
	require.NoError(t, w.RegisterTagType("anon.T", anonW{}))
	require.NoError(t, r.RegisterTagType("anon.T", anonR{}))
	in := anonW{N: 1}
	in.Sub.A, in.Sub.B = 2, 3
	in.Ptr = &struct{ A, B int32 }{4, 5}
	in.List = []struct{ A, B int32 }{{6, 7}, {8, 9}}
	in.Map = map[string]struct{ A, B int32 }{"k": {10, 11}}
	data, err := w.Marshal(&in)
	require.NoError(t, err)
	var out anonR
	require.NoError(t, r.Unmarshal(data, &out))
	assert.Equal(t, int32(1), out.N)
	assert.Equal(t, int32(2), out.Sub.A)
	require.NotNil(t, out.Ptr)
	assert.Equal(t, int32(4), out.Ptr.A)
	assert.Equal(t, []struct{ A int32 }{{6}, {8}}, out.List)
	assert.Equal(t, map[string]struct{ A int32 }{"k": {10}}, out.Map)
}
