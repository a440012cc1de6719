package fury_test

import (
	"testing"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
	"github.com/stretchr/testify/require"
)

// TestRootRefIntoValueDestination with generated code (gentest.Node's),
// tracking every field: the root's reference id was left unclaimed, and a
// back reference to it failed ("used before its value is known").
func TestRootRefIntoValueDestinationGenerated(t *testing.T) {
	for _, compatible := range []bool{true, false} {
		f := fury.New(fury.WithCompatible(compatible), fury.WithRefTracking(true), fury.WithTrackAllFields(true))
		n := &gentest.Node{Value: 1}
		n.Next = n
		n.Kids = []*gentest.Node{{Value: 2}, n}
		require.True(t, f.GeneratedInUse(n))
		data, err := f.Marshal(n)
		require.NoError(t, err)
		var v gentest.Node
		require.NoError(t, f.Unmarshal(data, &v))
		require.Same(t, &v, v.Next)
		require.Same(t, &v, v.Kids[1])
		require.Equal(t, int32(2), v.Kids[0].Value)
	}
}
