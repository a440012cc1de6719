package furyrt

import (
	"math"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// within reports whether the n bytes at p lie inside mem.
func within(p unsafe.Pointer, n int, mem []byte) bool {
	a, base := uintptr(p), uintptr(unsafe.Pointer(unsafe.SliceData(mem)))
	return a >= base && a+uintptr(n) <= base+uintptr(len(mem))
}

// TestReadStringAliasing reads each string form with aliasing on and off:
// UTF-8 and latin1 of ASCII characters only are the input's own bytes
// (nothing allocated or charged), other forms are transcoded copies.
func TestReadStringAliasing(t *testing.T) {
	for _, tc := range []struct {
		s       string
		compact bool
		alias   bool // with aliasing on, the result is the input's bytes
	}{
		{"", false, false},
		{"hello", false, true},
		{"héllo wörld, 漢字, 😀", false, true},
		{strings.Repeat("long ascii ", 200), false, true},
		{"hello", true, true},                              // latin1, ASCII only
		{strings.Repeat("ascii", 30), true, true},          // latin1, ASCII only, long
		{"héllo", true, false},                             // latin1
		{"漢字", true, false},                                // UTF-16
		{"😀 beyond the BMP: UTF-8 either way", true, true}, // UTF-8
	} {
		for _, on := range []bool{false, true} {
			var w Buffer
			w.SetCompactStrings(tc.compact)
			w.WriteString(tc.s)
			w.WriteUint8(0xee) // what follows is left unread
			data := w.Bytes()
			b := NewBuffer(data)
			b.BeginSlab()
			b.SetBudget(1 << 20)
			b.SetAliasing(on)
			got, err := b.ReadString()
			require.NoError(t, err)
			require.Equal(t, tc.s, got)
			require.Equal(t, len(data)-1, b.ReaderIndex())
			aliased := len(got) > 0 && within(unsafe.Pointer(unsafe.StringData(got)), len(got), data)
			assert.Equal(t, on && tc.alias, aliased, "%q compact=%v aliasing=%v", tc.s, tc.compact, on)
			if aliased {
				assert.Equal(t, int64(1<<20), b.Budget(), "an aliased string is charged nothing")
			}
			b.EndSlab()
		}
	}
}

// TestReadStringAliasingErrors: truncated and malformed strings fail as
// they do without aliasing.
func TestReadStringAliasingErrors(t *testing.T) {
	var w Buffer
	w.WriteString(strings.Repeat("x", 300))
	data := w.Bytes()
	for n := 0; n < len(data); n++ {
		b := NewBuffer(data[:n])
		b.SetAliasing(true)
		_, err := b.ReadString()
		require.Error(t, err, "%d bytes", n)
	}
	b := NewBuffer([]byte{3<<2 | 3, 'a', 'b', 'c'}) // encoding 3 does not exist
	b.SetAliasing(true)
	_, err := b.ReadString()
	require.Error(t, err)
}

// TestReadArrayAliasing: byte-sized integer arrays alias the input, capped
// at their length; bools (normalized) and wider elements are copied.
func TestReadArrayAliasing(t *testing.T) {
	var w Buffer
	WriteArray(&w, []uint8{1, 2, 3})
	WriteArray(&w, []int8{-1, 0, 1})
	w.WriteVaruint32(3)
	seven := w.Len() + 2
	w.WriteBytes([]byte{0, 1, 7}) // bools: 7 reads as true
	WriteArray(&w, []int32{1, math.MaxInt32})
	WriteArray(&w, []uint8{})
	data := w.Bytes()
	b := NewBuffer(data)
	b.BeginSlab()
	b.SetAliasing(true)

	var u []uint8
	require.NoError(t, ReadArray(b, &u))
	assert.Equal(t, []uint8{1, 2, 3}, u)
	assert.True(t, within(unsafe.Pointer(unsafe.SliceData(u)), len(u), data))
	assert.Equal(t, len(u), cap(u))

	var i8 []int8
	require.NoError(t, ReadArray(b, &i8))
	assert.Equal(t, []int8{-1, 0, 1}, i8)
	assert.True(t, within(unsafe.Pointer(unsafe.SliceData(i8)), len(i8), data))

	var bs []bool
	require.NoError(t, ReadArray(b, &bs))
	assert.Equal(t, []bool{false, true, true}, bs)
	assert.False(t, within(unsafe.Pointer(unsafe.SliceData(bs)), len(bs), data))
	assert.Equal(t, byte(7), data[seven], "the input is not normalized in place")

	var i32 []int32
	require.NoError(t, ReadArray(b, &i32))
	assert.Equal(t, []int32{1, math.MaxInt32}, i32)
	assert.False(t, within(unsafe.Pointer(unsafe.SliceData(i32)), 8, data))

	var empty []uint8
	require.NoError(t, ReadArray(b, &empty))
	assert.NotNil(t, empty)
	assert.Empty(t, empty)
	assert.Zero(t, b.Remaining())
}
