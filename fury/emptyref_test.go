package fury_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
)

type emptyRefLeaf struct{ N int32 }

type emptyRefHolder struct {
	Empty []*emptyRefLeaf
	P     *emptyRefLeaf
	Q     *emptyRefLeaf
	More  [][]string
}

// With reference tracking, an empty slice in a tracked position takes a
// reference id of its own (flag 00, as the peers write their empty lists:
// fory-core 1.6 fails on the not-tracked flag ff there), and the ids after
// it still name the right values.
func TestEmptySliceTakesReferenceID(t *testing.T) {
	for _, compatible := range []bool{false, true} {
		f := fury.New(fury.WithRefTracking(true), fury.WithTrackAllFields(true), fury.WithCompatible(compatible))
		require.NoError(t, f.Register(emptyRefHolder{}, 120))
		require.NoError(t, f.Register(emptyRefLeaf{}, 121))
		leaf := &emptyRefLeaf{N: 7}
		in := &emptyRefHolder{Empty: []*emptyRefLeaf{}, P: leaf, Q: leaf, More: [][]string{{}, {"a"}, {}}}
		data, err := f.Marshal(in)
		require.NoError(t, err)
		if !compatible {
			// Root (id 0), Empty 00 00 (id 1), More 00 03 (id 2) with
			// its elements 00 00 (3), 00 01 "a" (4), 00 00 (5), P (6),
			// and Q a reference to id 6: fe 06.
			want := []byte{0x01, 0x00, 0x1b, 0x78, 0x15, 0x29, 0xcb, 0x7b, 0x00, 0x00, 0x00, 0x03, 0x0d,
				0x00, 0x00, 0x00, 0x01, 0x0c, 0x06, 0x61, 0x00, 0x00, 0x00, 0xd0, 0xc6, 0x1b, 0x8c, 0x0e, 0xfe, 0x06}
			assert.Equal(t, want, data, "% x", data)
		}

		var out emptyRefHolder
		require.NoError(t, f.Unmarshal(data, &out))
		require.NotNil(t, out.P)
		assert.Same(t, out.P, out.Q, "the reference after the empty slices names the shared leaf")
		assert.Equal(t, int32(7), out.P.N)
		assert.Equal(t, [][]string{{}, {"a"}, {}}, out.More)

		// The root itself.
		data, err = f.Marshal([]string{})
		require.NoError(t, err)
		require.True(t, bytes.HasPrefix(data, []byte{0x01, 0x00}), "% x", data)
	}
}
