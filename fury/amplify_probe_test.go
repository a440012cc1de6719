package fury_test

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/fury-go/fury/internal/alloctest"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
)

// Guards for allocation bounds that hold today: small hostile inputs whose
// declared counts would buy large destinations are refused by the decode
// budget before, or shortly after, the memory is taken.

// ampBig costs 64 KiB of Go and one byte of wire.
type ampBig struct {
	A   int8
	Pad [1 << 16]byte `fury:"-"`
}

func ampUvarint(v uint64) []byte { return binary.AppendUvarint(nil, v) }

// ampCollection is a top-level list (0x16) or set (0x17) of n elements of
// type none (0x24), padded so the count is backed by the input.
func ampCollection(tid byte, n int) []byte {
	b := []byte{0x01, 0xff, tid}
	b = append(b, ampUvarint(uint64(n))...)
	b = append(b, 0x08, 0x24) // elements of one declared type: none
	return append(b, make([]byte, n)...)
}

// ampNestedNone is a list of inner lists of 8192 none elements each.
func ampNestedNone(inner int) []byte {
	var b bytes.Buffer
	b.Write([]byte{0x01, 0xff, 0x16})
	b.Write(ampUvarint(uint64(inner)))
	b.WriteByte(0x00)
	for i := 0; i < inner; i++ {
		b.WriteByte(0x16)
		b.Write(ampUvarint(8192))
		b.Write([]byte{0x08, 0x24})
	}
	return b.Bytes()
}

func TestAmplifyRefusedBeforeAllocating(t *testing.T) {
	if alloctest.Isolate(t) { // counts bytes allocated: run alone in a child process
		return
	}
	const limit = 4 << 20
	f := fury.New(fury.WithMaxDecodedBytes(limit))
	cases := []struct {
		name string
		in   []byte
		dst  func() any
	}{
		{"none list into [][64K]byte", ampCollection(0x16, 100), func() any { return new([][1 << 16]byte) }},
		{"none list into []ampBig", ampCollection(0x16, 100), func() any { return new([]ampBig) }},
		{"none set into map[[64]byte]struct{}", ampCollection(0x17, 100000), func() any { return new(map[[64]byte]struct{}) }},
		{"none set into Set[[4096]byte]", ampCollection(0x17, 100000), func() any { return new(fury.Set[[4096]byte]) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dst := c.dst()
			var err error
			n := allocated(func() { err = f.Unmarshal(c.in, dst) })
			t.Logf("%d input bytes, %d allocated: %v", len(c.in), n, err)
			require.ErrorIs(t, err, fury.ErrTooLarge)
			require.Less(t, n, uint64(64<<10), "refused before the destination is allocated")
		})
	}
}

func TestAmplifyNestedWithinBudget(t *testing.T) {
	if alloctest.Isolate(t) { // counts bytes allocated: run alone in a child process
		return
	}
	const limit = 4 << 20
	in := ampNestedNone(1000) // 5 KB asking for 8192000 elements
	for _, compatible := range []bool{true, false} {
		for _, ref := range []bool{true, false} {
			f := fury.New(fury.WithMaxDecodedBytes(limit), fury.WithCompatible(compatible), fury.WithRefTracking(ref))
			for name, dst := range map[string]func() any{
				"*any":        func() any { return new(any) },
				"*[][]int64":  func() any { return new([][]int64) },
				"*[][]string": func() any { return new([][]string) },
			} {
				d := dst()
				var err error
				n := allocated(func() { err = f.Unmarshal(in, d) })
				require.ErrorIs(t, err, fury.ErrTooLarge, "%s compatible=%v ref=%v", name, compatible, ref)
				require.Less(t, n, uint64(limit+1<<20), "%s compatible=%v ref=%v", name, compatible, ref)
			}
		}
	}
}

func TestAmplifyNullPointersCostPointers(t *testing.T) {
	if alloctest.Isolate(t) { // counts bytes allocated: run alone in a child process
		return
	}
	// 100,000 one-byte nulls into []*ampBig: 8 bytes each, no pointee.
	const n = 100000
	b := []byte{0x01, 0xff, 0x16}
	b = append(b, ampUvarint(n)...)
	b = append(b, 0x0a, 0x24) // declared type none, has nulls
	b = append(b, bytes.Repeat([]byte{0xfd}, n)...)
	f := fury.New()
	var v []*ampBig
	var err error
	alloc := allocated(func() { err = f.Unmarshal(b, &v) })
	require.NoError(t, err)
	require.Len(t, v, n)
	require.Less(t, alloc, uint64(8*n+64<<10))
}
