package fury

import (
	"bytes"
	"io"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestStreamNilReceivers: the accessors of a nil Encoder or Decoder return
// nil, as Encode and Decode return an error, rather than panic.
func TestStreamNilReceivers(t *testing.T) {
	var e *Encoder
	var d *Decoder
	require.NotPanics(t, func() {
		require.Nil(t, e.Fury())
		require.Nil(t, d.Fury())
		require.Nil(t, d.Buffered())
	})
	var zero Decoder
	require.Empty(t, zero.Buffered())
}

// TestStreamUnsupportedDestination: decoding into a type Fury cannot decode
// into reads nothing and leaves the stream usable, as a nil destination
// does; it used to make the error sticky, losing the rest of the stream.
func TestStreamUnsupportedDestination(t *testing.T) {
	dec := NewDecoder(bytes.NewReader(encodeAll(t, []any{"x", "y"})))
	var ch chan int
	require.ErrorIs(t, dec.Decode(&ch), ErrUnsupportedType)
	var fn func()
	require.ErrorIs(t, dec.Decode(&fn), ErrUnsupportedType)
	var s string
	require.NoError(t, dec.Decode(&s))
	require.Equal(t, "x", s)
	require.ErrorIs(t, dec.Decode(&ch), ErrUnsupportedType)
	require.NoError(t, dec.Decode(&s))
	require.Equal(t, "y", s)
	require.Equal(t, io.EOF, dec.Decode(&s))
}
