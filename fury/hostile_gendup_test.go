package fury_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
)

// TestGeneratedMapKeyTwice: a map field with a key twice is ErrInvalidData
// with generated code as without it, in the chunk read straight from the
// bytes (int32 keys, float32 values) and in the string run (string keys
// and values).
func TestGeneratedMapKeyTwice(t *testing.T) {
	for _, compatible := range []bool{false, true} {
		w := fury.New(fury.WithCompatible(compatible))
		require.NoError(t, w.RegisterTagType("gentest.Collections", gentest.Collections{}))
		for _, c := range []struct {
			name     string
			v        gentest.Collections
			from, to []byte
		}{
			{"int32 keys", gentest.Collections{Weights: map[int32]float32{2: 0.25}}, []byte{0x04, 0, 0, 0x80, 0x3e}, []byte{0x02, 0, 0, 0x80, 0x3e}},
			{"string keys", gentest.Collections{Labels: map[string]string{"b": "y"}}, []byte{0x06, 'b', 0x06, 'y'}, []byte{0x06, 'a', 0x06, 'y'}},
		} {
			// Two entries, one of them renamed to the other's key.
			switch {
			case c.v.Weights != nil:
				c.v.Weights[1] = 0.5
			default:
				c.v.Labels["a"] = "x"
			}
			data, err := w.Marshal(&c.v)
			require.NoError(t, err)
			require.Equal(t, 1, bytes.Count(data, c.from), "%s: %x", c.name, data)
			data = bytes.Replace(data, c.from, c.to, 1)
			for _, gen := range []bool{true, false} {
				r := fury.New(fury.WithCompatible(compatible), fury.WithGeneratedCode(gen))
				require.NoError(t, r.RegisterTagType("gentest.Collections", gentest.Collections{}))
				require.Equal(t, gen, r.GeneratedInUse(&gentest.Collections{}))
				var got gentest.Collections
				err := r.Unmarshal(data, &got)
				require.ErrorIs(t, err, fury.ErrInvalidData, "%s, compatible=%v, generated=%v", c.name, compatible, gen)
				require.ErrorContains(t, err, "map of 2 entries holds 1 distinct keys")
			}
		}
	}
}
