package fury

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A union cycle written from its root, a pointer to a case's wrapper, keeps
// its identity at the root too: a value that refers back to the root reads
// as the root itself (as a root pointer to a struct does), into a *W and
// into an interface{}.
func TestUnionCycleFromRoot(t *testing.T) {
	for _, compatible := range []bool{true, false} {
		for _, all := range []bool{false, true} {
			f := New(WithCompatible(compatible), WithRefTracking(true), WithTrackAllFields(all))
			require.NoError(t, f.RegisterUnion((*cycU)(nil), 9301, (*cycUSelf)(nil), (*cycUInt)(nil)))
			w := &cycUSelf{}
			w.U = w
			data, err := f.Marshal(w)
			require.NoError(t, err)

			var got *cycUSelf
			require.NoError(t, f.Unmarshal(data, &got))
			require.Same(t, got, got.U.(*cycUSelf), "compatible=%v all=%v: *W root", compatible, all)

			var root any
			require.NoError(t, f.Unmarshal(data, &root))
			r, ok := root.(*cycUSelf)
			require.True(t, ok, "%T", root)
			require.Same(t, r, r.U.(*cycUSelf), "compatible=%v all=%v: interface root", compatible, all)

			// One level down: root -> a -> root.
			a := &cycUSelf{U: w}
			b := &cycUSelf{U: a}
			w.U = b
			data, err = f.Marshal(w)
			require.NoError(t, err)
			got = nil
			require.NoError(t, f.Unmarshal(data, &got))
			require.Same(t, got, got.U.(*cycUSelf).U.(*cycUSelf).U.(*cycUSelf))
		}
	}
}
