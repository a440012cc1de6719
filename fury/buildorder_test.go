package fury_test

import (
	"encoding/hex"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
)

// truncTree reaches itself through containers only.
type truncTree struct {
	Name   string
	ByName map[string]*truncTree
	Pair   [2]*truncTree
}

// A struct's declared layout (its hash, its TypeDef) does not depend on
// the type a Fury met it through first: a recursive struct met through a
// container of itself ([]*T, map[string]*T, [2]*T) once took that
// container's declared type, then being built, without its elements, and
// wrote another hash than a Fury that met the struct first.
func TestStructLayoutIndependentOfFirstUse(t *testing.T) {
	node := &truncNode{Name: "n", Kids: []*truncNode{{Name: "k"}}}
	tree := &truncTree{Name: "t", ByName: map[string]*truncTree{"a": {Name: "a"}}}
	firsts := []any{[]*truncNode{node}, map[string]*truncNode{"n": node}, [2]*truncNode{node}, []truncNode{*node},
		map[string]*truncTree{"t": tree}, []*truncTree{tree}, [1]truncTree{*tree}}
	for _, compatible := range []bool{false, true} {
		for _, first := range firsts {
			fresh := fury.New(fury.WithCompatible(compatible))
			used := fury.New(fury.WithCompatible(compatible))
			require.NoError(t, fresh.Register(truncNode{}, 120))
			require.NoError(t, used.Register(truncNode{}, 120))
			require.NoError(t, fresh.Register(truncTree{}, 121))
			require.NoError(t, used.Register(truncTree{}, 121))
			_, err := used.Marshal(first)
			require.NoError(t, err)
			for _, v := range []any{node, tree, first} {
				want, err := fresh.Marshal(v)
				require.NoError(t, err)
				got, err := used.Marshal(v)
				require.NoError(t, err)
				require.Equal(t, hex.EncodeToString(want), hex.EncodeToString(got), "compatible=%v: %T after %T first", compatible, v, first)
			}
		}
	}
}
