package fury

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRefIdentityLimits holds the package documentation's two exceptions
// to shared values coming back shared under reference tracking: slices
// sent as primitive arrays are copied per use, and a pointer into a field
// or an element is not matched with it.
func TestRefIdentityLimits(t *testing.T) {
	type item struct{ N int32 }
	type holder struct {
		A, B  []float64
		S     []string
		P     *[]string
		Items []item
		Q     *item
		L, M  []string
	}
	f := New(WithRefTracking(true), WithTrackAllFields(true))
	v := holder{A: []float64{1, 2}, S: []string{"x"}, Items: []item{{1}, {2}}, L: []string{"a"}}
	v.B, v.P, v.Q, v.M = v.A, &v.S, &v.Items[1], v.L
	data, err := f.Marshal(&v)
	require.NoError(t, err)
	var out holder
	require.NoError(t, f.Unmarshal(data, &out))
	assert.Equal(t, v, out)
	assert.NotSame(t, &out.A[0], &out.B[0], "primitive arrays are values")
	assert.NotSame(t, &out.S, out.P, "a pointer to a field points at a copy")
	assert.NotSame(t, &out.Items[1], out.Q, "a pointer to an element points at a copy")
	assert.Same(t, &out.L[0], &out.M[0], "a list slice reached twice comes back shared")
}
