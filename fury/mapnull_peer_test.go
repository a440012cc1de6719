package fury

import (
	"encoding/hex"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMapNullValueWithoutKeyRef reads the bytes pyfory 1.7.7 writes for a
// struct (id 900, compatible, ref=True) holding map<string, optional
// string> {"n": None}: the null entry's header (0x14: value null, key
// declared) has no key-ref bit, so the key carries no ref flag. The reader
// once read a flag anyway ("bad reference flag 4").
func TestMapNullValueWithoutKeyRef(t *testing.T) {
	type M struct {
		M map[string]*string `fury:"id=1"`
	}
	b, err := hex.DecodeString("01001c0007508d2369e90c15c18407c41854560114046e")
	require.NoError(t, err)
	f := New(WithRefTracking(true))
	require.NoError(t, f.Register(M{}, 900))
	var m M
	require.NoError(t, f.Unmarshal(b, &m))
	require.Equal(t, map[string]*string{"n": nil}, m.M)

	// Go's own form (key-ref bit and flag) still reads back.
	out, err := f.Marshal(&M{M: map[string]*string{"n": nil}})
	require.NoError(t, err)
	var back M
	require.NoError(t, f.Unmarshal(out, &back))
	require.Equal(t, m, back)
}
