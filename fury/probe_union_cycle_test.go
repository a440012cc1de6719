package fury

import (
	"testing"

	"github.com/stretchr/testify/require"
)

type cycU interface{ isCycU() }

type cycUSelf struct {
	U cycU `fury:"id=1"`
}

type cycUInt struct {
	N int32 `fury:"id=2"`
}

func (*cycUSelf) isCycU() {}
func (*cycUInt) isCycU()  {}

type cycUHolder struct {
	U cycU
}

// A union whose case holds the union itself, pointing back at its own
// wrapper: Marshal wrote it with reference tracking, but reading failed
// ("reference id used before its value is known"): the wrapper was not
// claimed before the case's value was read.
func TestUnionSelfCycle(t *testing.T) {
	for _, compatible := range []bool{true, false} {
		f := New(WithCompatible(compatible), WithRefTracking(true), WithTrackAllFields(true))
		require.NoError(t, f.RegisterUnion((*cycU)(nil), 9301, (*cycUSelf)(nil), (*cycUInt)(nil)))
		w := &cycUSelf{}
		w.U = w
		data, err := f.Marshal(&cycUHolder{U: w})
		require.NoError(t, err)
		var h cycUHolder
		require.NoError(t, f.Unmarshal(data, &h))
		self := h.U.(*cycUSelf)
		require.Same(t, self, self.U.(*cycUSelf))

		// Tracking by type only (the field is not tagged): the case's
		// value still reads as a cycle.
		g := New(WithCompatible(compatible), WithRefTracking(true))
		require.NoError(t, g.RegisterUnion((*cycU)(nil), 9301, (*cycUSelf)(nil), (*cycUInt)(nil)))
		data, err = g.Marshal(&cycUHolder{U: w})
		require.NoError(t, err)
		h = cycUHolder{}
		require.NoError(t, g.Unmarshal(data, &h))
		inner := h.U.(*cycUSelf).U.(*cycUSelf)
		require.Same(t, inner, inner.U.(*cycUSelf))

		var root any
		data, err = g.Marshal(w)
		require.NoError(t, err)
		require.NoError(t, g.Unmarshal(data, &root))

		// Without tracking it is ErrDepthExceeded.
		n := New(WithCompatible(compatible))
		require.NoError(t, n.RegisterUnion((*cycU)(nil), 9301, (*cycUSelf)(nil), (*cycUInt)(nil)))
		_, err = n.Marshal(&cycUHolder{U: w})
		require.ErrorIs(t, err, ErrDepthExceeded)
	}
}
