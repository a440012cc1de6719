package varint

import (
	"encoding/binary"
	"testing"
)

// get32Ref is Get32 written the plain way (a loop), to hold the unrolled
// fast path to.
func get32Ref(p []byte) (uint32, int) {
	var v uint32
	for i := 0; i < 5; i++ {
		if i >= len(p) {
			return 0, 0
		}
		c := p[i]
		if i == 4 {
			if c > 0x0f {
				return 0, -1
			}
			return v | uint32(c)<<28, 5
		}
		v |= uint32(c&0x7f) << (7 * i)
		if c < 0x80 {
			return v, i + 1
		}
	}
	return 0, -1
}

func TestGet32(t *testing.T) {
	check := func(p []byte) {
		t.Helper()
		v, n := Get32(p)
		rv, rn := get32Ref(p)
		if v != rv || n != rn {
			t.Fatalf("Get32(% x) = %d, %d; want %d, %d", p, v, n, rv, rn)
		}
	}
	vals := []uint32{0, 1, 0x7f, 0x80, 0x3fff, 0x4000, 1<<21 - 1, 1 << 21, 1<<28 - 1, 1 << 28, 1<<32 - 1}
	for _, v := range vals {
		var b [5]byte
		n := Put32(b[:], v)
		for pad := 0; pad < 6; pad++ { // with and without room for the fast path
			p := append(append([]byte{}, b[:n]...), make([]byte, pad)...)
			check(p)
			if got, k := Get32(p); got != v || k != n {
				t.Fatalf("Get32 of %d: %d, %d", v, got, k)
			}
			for cut := 0; cut < n; cut++ { // truncated
				check(b[:cut])
			}
		}
	}
	// Fifth bytes over 0x0f overflow; continuation bits in every byte.
	for c := 0; c < 256; c++ {
		check([]byte{0x80, 0x80, 0x80, 0x80, byte(c)})
		check([]byte{0xff, 0xff, 0xff, 0xff, byte(c), 0})
		check([]byte{byte(c), 0x81, 0x82, 0x83, 0x04})
	}
	var w [8]byte
	for i := uint64(0); i < 1<<16; i++ {
		binary.LittleEndian.PutUint64(w[:], i*0x9e3779b97f4a7c15)
		for k := 0; k <= 8; k++ {
			check(w[:k])
		}
	}
}
