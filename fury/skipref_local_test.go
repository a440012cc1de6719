package fury

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// skipLeaf is the shared value; skipMid a struct in its local layout
// (evolving=false: no TypeDef), whose tracked field holds the leaf.
type skipLeaf struct {
	N int32
}

type skipMid struct {
	_ struct{}  `fury:"evolving=false"`
	L *skipLeaf `fury:"ref"`
	M int32
}

type skipLocalW struct {
	Aaa *skipMid  `fury:"ref"`
	Zzz *skipLeaf `fury:"ref"`
}

type skipLocalR struct {
	Zzz *skipLeaf `fury:"ref"`
}

// A reference into a tracked struct field of a value the reader skips in
// its local layout (skipLocalField reads that field's flag): the decode
// starts over reading the skipped value, and the reference resolves to
// the value that field held, leaf evolving or not, with the skipped
// value's own fields tracked by tag or by WithTrackAllFields.
func TestSkippedLocalFieldReferencedLater(t *testing.T) {
	for _, all := range []bool{false, true} {
		for _, leafName := range []string{"skip.Leaf", ""} {
			w := New(WithRefTracking(true), WithTrackAllFields(all))
			r := New(WithRefTracking(true), WithTrackAllFields(all))
			for _, f := range []*Fury{w, r} {
				require.NoError(t, f.Register(skipMid{}, 8100)) // by id: its local layout, no TypeDef
				if leafName != "" {
					require.NoError(t, f.RegisterTagType(leafName, skipLeaf{}))
				} else {
					require.NoError(t, f.Register(skipLeaf{}, 8101))
				}
			}
			require.NoError(t, w.RegisterTagType("skip.LocalRef", skipLocalW{}))
			require.NoError(t, r.RegisterTagType("skip.LocalRef", skipLocalR{}))
			leaf := &skipLeaf{N: 7}
			data, err := w.Marshal(&skipLocalW{Aaa: &skipMid{L: leaf, M: 1}, Zzz: leaf})
			require.NoError(t, err)
			for range 2 { // and again with the TypeDefs known
				var got skipLocalR
				require.NoError(t, r.Unmarshal(data, &got), "all=%v leaf=%q", all, leafName)
				require.Equal(t, leaf, got.Zzz)
				require.False(t, r.dec.noSkip)
			}

			// The writer's own type reads the shared leaf back as one.
			var back skipLocalW
			require.NoError(t, w.Unmarshal(data, &back))
			require.Same(t, back.Aaa.L, back.Zzz)
		}
	}
}
