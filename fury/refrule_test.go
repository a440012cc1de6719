package fury

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type rrItem struct{ N int32 }

type rrHolder struct {
	Plain  []*rrItem
	Tagged []*rrItem `fury:"ref"`
	Opted  []*rrItem `fury:"noref"`
	M      map[string]*rrItem
}

// TestFieldRefRule checks which positions reference tracking covers: a
// field only when tagged ref (and then its elements), everything with
// WithTrackAllFields unless tagged noref; top-level lists by type.
func TestFieldRefRule(t *testing.T) {
	it := &rrItem{N: 1}
	v := &rrHolder{Plain: []*rrItem{it, it}, Tagged: []*rrItem{it, it}, Opted: []*rrItem{it, it}, M: map[string]*rrItem{"a": it}}
	for _, c := range []struct {
		opts                           []Option
		plainShared, taggedShared, opt bool
	}{
		{[]Option{WithRefTracking(true)}, false, true, false},
		{[]Option{WithRefTracking(true), WithTrackAllFields(true)}, true, true, false},
	} {
		for _, compatible := range []bool{false, true} {
			f := New(append(c.opts, WithCompatible(compatible))...)
			data, err := f.Marshal(v)
			require.NoError(t, err)
			var out rrHolder
			require.NoError(t, f.Unmarshal(data, &out))
			assert.Equal(t, *v, out)
			assert.Equal(t, c.plainShared, out.Plain[0] == out.Plain[1], "plain %v", c.opts)
			assert.Equal(t, c.taggedShared, out.Tagged[0] == out.Tagged[1], "tagged")
			assert.Equal(t, c.opt, out.Opted[0] == out.Opted[1], "noref")
			assert.Equal(t, c.plainShared, out.Tagged[0] == out.Plain[0] && c.taggedShared, "across fields")
		}
	}
	// WithTrackAllFields without reference tracking is an invalid option,
	// not ignored: whatever the order, every call says so.
	for _, opts := range [][]Option{
		{WithRefTracking(false), WithTrackAllFields(true)},
		{WithTrackAllFields(true)},
		{WithTrackAllFields(true), WithRefTracking(true), WithRefTracking(false)},
	} {
		f := New(opts...)
		_, err := f.Marshal(v)
		require.ErrorIs(t, err, ErrInvalidArgument)
		assert.Contains(t, err.Error(), "WithTrackAllFields(true)")
		assert.Contains(t, err.Error(), "WithRefTracking(true)")
		var out rrHolder
		require.ErrorIs(t, f.Unmarshal([]byte{2}, &out), ErrInvalidArgument)
	}
	for _, opts := range [][]Option{{WithTrackAllFields(true), WithRefTracking(true)}, {WithTrackAllFields(false)}} {
		f := New(opts...)
		data, err := f.Marshal(v)
		require.NoError(t, err, "order does not matter; false needs nothing")
		require.NoError(t, f.Unmarshal(data, new(rrHolder)))
	}

	// A top-level list tracks its elements by type.
	f := New(WithRefTracking(true))
	data, err := f.Marshal([]*rrItem{it, it})
	require.NoError(t, err)
	var out []*rrItem
	require.NoError(t, f.Unmarshal(data, &out))
	assert.Same(t, out[0], out[1])
}
