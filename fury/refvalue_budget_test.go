package fury_test

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/fury-go/fury/internal/alloctest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
)

// refBig is 64 KiB in memory and one byte on the wire.
type refBig struct {
	A   int8
	Pad [1 << 16]byte `fury:"-"`
}

// A value the input flags as a reference target is kept, boxed, for later
// references to it: for a struct or array value that copy is the value's
// size, and the decode budget is charged for it. Before, only the
// reference table's entry was, and a list of 1000 flagged elements of a
// 64 KiB struct allocated twice the budget.
func TestRefValueCopyCharged(t *testing.T) {
	if alloctest.Isolate(t) { // counts bytes allocated: run alone in a child process
		return
	}
	const limit = 16 << 20
	f := fury.New(fury.WithRefTracking(true), fury.WithCompatible(false), fury.WithMaxDecodedBytes(limit))
	require.NoError(t, f.Register(refBig{}, 70))
	one, err := f.Marshal([]refBig{{A: 1}})
	require.NoError(t, err)
	// Header, the root's flag, the list type id, the count (1), the list
	// header (0x08: elements of one declared type), the element type (struct
	// id 70), then the element: its struct hash and field.
	require.True(t, bytes.HasPrefix(one, []byte{0x01, 0x00, 0x16, 0x01, 0x08, 0x1b, 0x46}), "% x", one)
	body := one[7:]
	// n elements, each flagged as a reference target (list header 0x09:
	// the elements carry reference flags).
	list := func(n int) []byte {
		in := binary.AppendUvarint([]byte{0x01, 0x00, 0x16}, uint64(n))
		in = append(in, 0x09, 0x1b, 0x46)
		for range n {
			in = append(append(in, 0x00), body...)
		}
		return in
	}
	in := list(1000)
	var out []refBig
	n := alloctest.Bytes(func() { err = f.Unmarshal(in, &out) })
	require.ErrorIs(t, err, fury.ErrTooLarge)
	assert.Less(t, n, uint64(limit+(4<<20)),
		"a decode allocated more than its budget")

	// Within the budget the same shape decodes.
	in = list(100)
	require.NoError(t, f.Unmarshal(in, &out))
	require.Len(t, out, 100)
	assert.Equal(t, int8(1), out[99].A)
}
