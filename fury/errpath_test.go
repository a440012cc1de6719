package fury

import (
	"errors"
	"reflect"
	"testing"

	"github.com/fury-go/fury/internal/alloctest"
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

type errPathNode struct {
	V    int32
	Next *errPathNode
}

// TestErrorPathDeepNesting: an error many levels down names the outermost
// and innermost fields with an ellipsis between, and costs time and memory
// linear in the depth. Spelled out whole, the path made a 120 KB input
// decoded under WithMaxDepth(20000) allocate 1 GB and take seconds.
func TestErrorPathDeepNesting(t *testing.T) {
	if alloctest.Isolate(t) { // counts bytes allocated: run alone in a child process
		return
	}
	const depth = 5000
	root := &errPathNode{}
	for cur, i := root, 0; i < depth; i++ {
		cur.Next = &errPathNode{V: 1}
		cur = cur.Next
	}
	for _, compatible := range []bool{false, true} {
		{
			opts := []Option{WithCompatible(compatible)}
			data, err := New(append(opts, WithMaxDepth(2*depth))...).Marshal(root)
			require.NoError(t, err)
			f := New(append(opts, WithMaxDepth(depth/2))...)
			n := alloctest.Bytes(func() { err = f.Unmarshal(data, new(errPathNode)) })
			require.ErrorIs(t, err, ErrDepthExceeded)
			msg := err.Error()
			require.Less(t, len(msg), 400, msg)
			require.Contains(t, msg, "in errPathNode.Next.Next.Next…Next.Next.Next.Next.Next.Next.Next.Next.Next.Next.Next.Next: ")
			// A few hundred bytes a level, far from depth² (quadratic:
			// about 75 MB here).
			require.Less(t, n, uint64(depth*1024), "bytes allocated")

			_, err = f.Marshal(root)
			require.ErrorIs(t, err, ErrDepthExceeded)
			require.Less(t, len(err.Error()), 400, err.Error())
		}
	}
}

// TestErrorPathKeepsCause: adding a field to an error's path keeps what it
// wraps.
func TestErrorPathKeepsCause(t *testing.T) {
	cause := errors.New("cause")
	err := wrapField(&furyError{Sentinel: ErrInvalidData, Msg: "m", Cause: cause}, &structInfo{ti: &typeInfo{typ: reflect.TypeFor[errPathNode]()}}, &fieldInfo{goName: "V"})
	require.ErrorIs(t, err, cause)
	require.ErrorIs(t, err, ErrInvalidData)
	require.EqualError(t, err, "fury: invalid data: in errPathNode.V: m: cause")
}
