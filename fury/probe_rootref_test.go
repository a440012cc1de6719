package fury

import (
	"testing"

	"github.com/stretchr/testify/require"
)

type rootRefNode struct {
	A    *rootRefNode // untracked: its pointee must not take the root's id
	Back *rootRefNode `fury:"ref"`
	Name string
}

type rootRefList struct {
	E    []*rootRefList `fury:"elemref"` // the slice itself untracked
	Next *rootRefList   `fury:"ref"`
	Name string
}

// Unmarshal into a T (not a *T) of a message whose tracked root points
// back at itself: the root's reference id stayed pending and went to the
// first value inside that claims one (an untracked pointer field's
// pointee), so a back reference to the root read as that value — a
// silently wrong value — or as a type mismatch; with generated code it
// was "used before its value is known". The root is the destination: a
// back reference reads as its address.
func TestRootRefIntoValueDestination(t *testing.T) {
	for _, compatible := range []bool{true, false} {
		for _, gen := range []bool{true, false} {
			f := New(WithCompatible(compatible), WithRefTracking(true), WithGeneratedCode(gen))
			n := &rootRefNode{Name: "root", A: &rootRefNode{Name: "other"}}
			n.Back = n
			data, err := f.Marshal(n)
			require.NoError(t, err)
			var v rootRefNode
			require.NoError(t, f.Unmarshal(data, &v))
			require.Equal(t, "root", v.Name)
			require.Equal(t, "other", v.A.Name)
			require.Same(t, &v, v.Back, "compatible=%v", compatible)
			var p *rootRefNode
			require.NoError(t, f.Unmarshal(data, &p))
			require.Same(t, p, p.Back)

			l := &rootRefList{Name: "l", E: []*rootRefList{{Name: "e"}}}
			l.Next = l
			data, err = f.Marshal(l)
			require.NoError(t, err)
			var lv rootRefList
			require.NoError(t, f.Unmarshal(data, &lv))
			require.Same(t, &lv, lv.Next)
			require.Equal(t, "e", lv.E[0].Name)
		}
	}
}
