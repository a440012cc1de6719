package fury

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestZeroValueTypes: a Fury, Encoder or Decoder not made by its
// constructor (a nil pointer or the zero value) returns ErrInvalidArgument
// from every call instead of dereferencing missing state.
func TestZeroValueTypes(t *testing.T) {
	data, err := Marshal(int32(1))
	require.NoError(t, err)
	for _, f := range []*Fury{new(Fury), nil} {
		var x int32
		_, err := f.Marshal(int32(1))
		require.ErrorIs(t, err, ErrInvalidArgument)
		_, err = f.MarshalAppend(nil, int32(1))
		require.ErrorIs(t, err, ErrInvalidArgument)
		require.ErrorIs(t, f.Unmarshal(data, &x), ErrInvalidArgument)
		require.ErrorIs(t, f.Serialize(NewBuffer(nil), int32(1), nil), ErrInvalidArgument)
		require.ErrorIs(t, f.Deserialize(NewBuffer(data), &x, nil), ErrInvalidArgument)
		require.ErrorIs(t, f.Register(Pt{}, 1), ErrInvalidArgument)
		require.ErrorIs(t, f.RegisterTagType("a.B", Pt{}), ErrInvalidArgument)
		require.ErrorIs(t, f.RegisterNamed(Pt{}, "a", "B"), ErrInvalidArgument)
		require.False(t, f.GeneratedInUse(Pt{}))
	}
	for _, e := range []*Encoder{new(Encoder), nil} {
		require.ErrorIs(t, e.Encode(int32(1)), ErrInvalidArgument)
	}
	for _, d := range []*Decoder{new(Decoder), nil} {
		var x int32
		require.ErrorIs(t, d.Decode(&x), ErrInvalidArgument)
	}
	// The constructors' results still work.
	var b bytes.Buffer
	require.NoError(t, NewEncoder(&b).Encode(int32(7)))
	var x int32
	require.NoError(t, NewDecoder(&b).Decode(&x))
	require.Equal(t, int32(7), x)
}

// TestPointerToNilContainer holds the package documentation's rule: a
// non-nil pointer to a nil slice or map comes back pointing at an empty
// one (a nil pointer stays nil).
func TestPointerToNilContainer(t *testing.T) {
	type holder struct {
		S  *[]string
		M  *map[string]int32
		NS *[]string
	}
	for _, opts := range allModes() {
		f := New(opts...)
		var s []string
		var m map[string]int32
		data, err := f.Marshal(&holder{S: &s, M: &m})
		require.NoError(t, err)
		var out holder
		require.NoError(t, f.Unmarshal(data, &out))
		require.NotNil(t, out.S)
		require.NotNil(t, out.M)
		assert.NotNil(t, *out.S)
		assert.Empty(t, *out.S)
		assert.NotNil(t, *out.M)
		assert.Empty(t, *out.M)
		assert.Nil(t, out.NS)
	}
}
