package furygrpc_test

import (
	"testing"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/furygrpc"
	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/mem"
)

// TestUnmarshalCopiesWithAliasInput: gRPC frees a frame once the codec has
// decoded it, so the codec copies even when fury.WithAliasInput asks not to.
func TestUnmarshalCopiesWithAliasInput(t *testing.T) {
	c, err := furygrpc.New(furygrpc.WithFuryOptions(fury.WithAliasInput(true)))
	require.NoError(t, err)
	q := &Query{Customer: "gus", Count: 7, Blob: []byte("0123456789abcdef")}
	frame, err := c.Marshal(q)
	require.NoError(t, err)
	one := frame.Materialize()
	frame.Free()
	var back Query
	require.NoError(t, c.Unmarshal(mem.BufferSlice{mem.SliceBuffer(one)}, &back))
	for i := range one {
		one[i] = 0
	}
	assert.Empty(t, cmp.Diff(*q, back), "decoded value must not alias the frame")
}
