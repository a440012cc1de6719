package furyrt

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// decodeStrings reads every string of msg on b as one decode does
// (BeginSlab to EndSlab) and returns them with what the decode was charged.
func decodeStrings(t *testing.T, b *Buffer, msg []byte) ([]string, int64) {
	t.Helper()
	b.SetBytes(msg)
	b.BeginSlab()
	defer b.EndSlab()
	b.SetBudget(1 << 30)
	var out []string
	for b.Remaining() > 0 {
		s, err := b.ReadString()
		require.NoError(t, err)
		out = append(out, s)
	}
	return out, 1<<30 - b.Budget()
}

func stringsMessage(ss ...string) []byte {
	w := NewBuffer(nil)
	for _, s := range ss {
		w.WriteString(s)
	}
	return w.Bytes()
}

// A slab outlives its decode: the next decode carves on from it, never
// over a piece handed out before, and is charged what a decode on a fresh
// buffer is (the charge does not depend on what earlier decodes left).
func TestSlabOutlivesDecode(t *testing.T) {
	msg := stringsMessage("a1b2c3d4e5f6a7b8", "0123456789", "", "x", strings.Repeat("y", 40))
	var fresh Buffer
	want, charge := decodeStrings(t, &fresh, msg)
	require.Equal(t, []string{"a1b2c3d4e5f6a7b8", "0123456789", "", "x", strings.Repeat("y", 40)}, want)

	var b Buffer
	var kept [][]string
	seen := map[uintptr]bool{}
	for i := range 600 { // past slabMax, so several slabs
		in := append([]byte(nil), msg...)
		got, c := decodeStrings(t, &b, in)
		require.Equal(t, want, got, "decode %d", i)
		require.Equal(t, charge, c, "decode %d: charged as on a fresh buffer", i)
		for _, s := range got {
			if s != "" {
				p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
				require.False(t, seen[p], "decode %d: a piece handed out twice", i)
				seen[p] = true
			}
		}
		kept = append(kept, got)
		for j := range in { // nothing decoded aliases the input
			in[j] = 0xff
		}
	}
	for i, got := range kept {
		require.Equal(t, want, got, "decode %d after the later ones", i)
	}
	assert.LessOrEqual(t, len(b.slab), slabMax)
	assert.Equal(t, slabMax, len(b.slab), "slabs grow to slabMax over a run of decodes")
}

// Restore zeroes what it hands back, so that Alloc's pieces stay zero in
// later decodes too.
func TestRestoreZeroesHandedBack(t *testing.T) {
	msg := stringsMessage("abcdefgh", "ijklmnop", "qrstuvwx")
	var b Buffer
	decodeStrings(t, &b, msg[:9]) // leaves a slab with room
	b.SetBytes(msg)
	b.BeginSlab()
	m := b.Mark()
	for range 3 {
		_, err := b.ReadString()
		require.NoError(t, err)
	}
	b.Restore(m)
	b.EndSlab()
	b.BeginSlab()
	p := b.Alloc(24)
	require.Equal(t, make([]byte, 24), p)
	b.EndSlab()

	// The same after a fresh slab was taken past the mark.
	var c Buffer
	decodeStrings(t, &c, msg[:9])
	c.SetBytes(append(msg, stringsMessage(strings.Repeat("z", 900))...))
	c.BeginSlab()
	m = c.Mark()
	for c.Remaining() > 0 {
		_, err := c.ReadString()
		require.NoError(t, err)
	}
	require.NotEqual(t, unsafe.SliceData(m.slab), unsafe.SliceData(c.slab))
	c.Restore(m)
	c.EndSlab()
	c.BeginSlab()
	rest := len(c.slab) - c.slabOff
	require.Equal(t, make([]byte, rest), c.Alloc(rest))
}
