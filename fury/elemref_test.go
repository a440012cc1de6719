package fury

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type elemRefNode struct {
	Name     string                  `fury:"id=1"`
	Children []*elemRefNode          `fury:"id=2,elemref"`
	ByName   map[string]*elemRefNode `fury:"id=3,elemref"`
}

type plainRefNode struct {
	Name     string          `fury:"id=1"`
	Children []*plainRefNode `fury:"id=2"`
}

// TestElemRef: under reference tracking, a field tagged elemref tracks its
// elements (map values) and not itself, as a schema's list<ref T> and
// pyfory's List[Ref[T]]: a cycle and sharing through the elements come
// back as they were, in both modes, and a nil slice or map field stays
// without a null flag (it reads back nil, as an untracked field). An
// untagged field tracks neither, so the same cycle is ErrDepthExceeded.
func TestElemRef(t *testing.T) {
	for _, compatible := range []bool{true, false} {
		f := New(WithRefTracking(true), WithCompatible(compatible))
		require.NoError(t, f.Register(elemRefNode{}, 700))
		a := &elemRefNode{Name: "a"}
		b := &elemRefNode{Name: "b", Children: []*elemRefNode{a}}
		a.Children = []*elemRefNode{b, a}
		a.ByName = map[string]*elemRefNode{"b": b, "a": a}
		out, err := f.Marshal(a)
		require.NoError(t, err)
		var got *elemRefNode
		require.NoError(t, f.Unmarshal(out, &got))
		require.Len(t, got.Children, 2)
		assert.Same(t, got, got.Children[1])
		assert.Same(t, got.Children[0], got.ByName["b"])
		assert.Same(t, got, got.ByName["a"])
		assert.Same(t, got, got.Children[0].Children[0])
		assert.Nil(t, got.Children[0].ByName)

		g := New(WithRefTracking(true), WithCompatible(compatible))
		require.NoError(t, g.Register(plainRefNode{}, 701))
		p := &plainRefNode{Name: "p"}
		p.Children = []*plainRefNode{p}
		_, err = g.Marshal(p)
		assert.ErrorIs(t, err, ErrDepthExceeded)
	}

	// Without reference tracking the tag changes nothing.
	f := New()
	require.NoError(t, f.Register(elemRefNode{}, 700))
	out, err := f.Marshal(&elemRefNode{Name: "x", Children: []*elemRefNode{{Name: "y"}}})
	require.NoError(t, err)
	var got elemRefNode
	require.NoError(t, f.Unmarshal(out, &got))
	assert.Equal(t, "y", got.Children[0].Name)
}
