package fury_test

import (
	"encoding/hex"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
)

type u8ListHolder struct{ A fury.Uint8Slice }

// fury.Uint8Slice is a schema's list<uint8> (pyfory List[pyfory.UInt8]): a
// list of uint8 elements, not binary ([]byte) nor uint8_array
// (fury.Uint8Array). The golden bytes are pyfory 1.7.7's for the same
// dataclass registered under id 300 (xlang, schema-consistent, no refs).
func TestUint8SliceIsAList(t *testing.T) {
	f := fury.New(fury.WithCompatible(false))
	require.NoError(t, f.Register(u8ListHolder{}, 300))
	in := u8ListHolder{A: fury.Uint8Slice{1, 2, 255}}
	data, err := f.Marshal(&in)
	require.NoError(t, err)
	assert.Equal(t, "01ff1bac024808a1f9030c0102ff", hex.EncodeToString(data))

	var out u8ListHolder
	require.NoError(t, f.Unmarshal(data, &out))
	assert.Equal(t, in, out)

	// At the top level too, and a []byte stays binary.
	for _, v := range []any{fury.Uint8Slice{7, 0}, []byte{7, 0}, fury.Uint8Array{7, 0}} {
		b, err := f.Marshal(v)
		require.NoError(t, err)
		var back any
		require.NoError(t, f.Unmarshal(b, &back))
		switch v.(type) {
		case fury.Uint8Slice:
			assert.Equal(t, []any{uint8(7), uint8(0)}, back, "a list reads into interface{} as []any")
		default:
			assert.Equal(t, v, back)
		}
	}
}
