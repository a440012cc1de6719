package row_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/row"
)

// reencode decodes data with enc and, when that succeeds, checks that what
// came out encodes, and that encoding is a fixed point: decoding a hostile
// row may normalize it (duplicate map keys collapse, null slots are
// zeroed), but the value it gives must travel unchanged from then on.
func reencode[T any](t *testing.T, enc *row.Encoder[T], data []byte) {
	v, err := enc.Decode(data)
	if err != nil {
		sentinel(t, err)
		return
	}
	b1, err := enc.Encode(v)
	require.NoError(t, err, "a decoded value must encode")
	v2, err := enc.Decode(b1)
	require.NoError(t, err)
	b2, err := enc.Encode(v2)
	require.NoError(t, err)
	require.True(t, bytes.Equal(b1, b2), "encode(decode(encode(v))) differs from encode(v)")
}

// rebuild checks the same of Row.Values and Build.
func rebuild(t *testing.T, s *row.Schema, data []byte) {
	r, err := row.NewRow(s, data)
	if err != nil {
		return
	}
	vals, err := r.Values()
	if err != nil {
		sentinel(t, err)
		return
	}
	b1, err := row.AppendBuild(nil, s, vals)
	require.NoError(t, err, "Values must give what Build takes")
	r1, err := row.NewRow(s, b1)
	require.NoError(t, err)
	vals1, err := r1.Values()
	require.NoError(t, err)
	b2, err := row.AppendBuild(nil, s, vals1)
	require.NoError(t, err)
	require.True(t, bytes.Equal(b1, b2), "Build(Values(Build(Values(r)))) differs from Build(Values(r))")
}

// FuzzDecodeReencode: whatever Decode and Values accept from hostile bytes
// is a value the encoders write back and read again unchanged.
func FuzzDecodeReencode(f *testing.F) {
	for _, b := range hostileInputs(f) {
		f.Add(b)
	}
	encA, encN, encE := fuzzEncoders()
	f.Fuzz(func(t *testing.T, data []byte) {
		eachHash(data, func() {
			reencode(t, encA, data)
			reencode(t, encN, data)
			reencode(t, encE, data)
		}, encA.Schema(), encN.Schema(), encE.Schema())
		if len(data) >= row.HashSize {
			for _, s := range []*row.Schema{encA.Schema(), encN.Schema(), encE.Schema()} {
				rebuild(t, s, data[row.HashSize:])
			}
		}
	})
}
