// Package varint holds the varint coders that furyrt's Buffer and package
// fury's codecs share: small enough to inline where they are called.
package varint

// Put32 writes v to p (len(p) >= 5) and returns the byte count.
func Put32(p []byte, v uint32) int {
	_ = p[4]
	if v < 1<<7 {
		p[0] = byte(v)
		return 1
	}
	p[0] = byte(v) | 0x80
	if v < 1<<14 {
		p[1] = byte(v >> 7)
		return 2
	}
	p[1] = byte(v>>7) | 0x80
	if v < 1<<21 {
		p[2] = byte(v >> 14)
		return 3
	}
	p[2] = byte(v>>14) | 0x80
	if v < 1<<28 {
		p[3] = byte(v >> 21)
		return 4
	}
	p[3] = byte(v>>21) | 0x80
	p[4] = byte(v >> 28)
	return 5
}

// Put64 writes v to p (len(p) >= 9) and returns the byte count.
func Put64(p []byte, v uint64) int {
	_ = p[8]
	i := 0
	for v >= 0x80 && i < 8 {
		p[i] = byte(v) | 0x80
		v >>= 7
		i++
	}
	p[i] = byte(v)
	return i + 1
}

// Get32 decodes a varuint32 from p. n > 0 is the length read; n == 0
// means p ended first; n < 0 means the value overflows 32 bits.
func Get32(p []byte) (v uint32, n int) {
	if len(p) >= 5 {
		// Unrolled: no bounds checks per byte.
		c := p[0]
		v = uint32(c & 0x7f)
		if c < 0x80 {
			return v, 1
		}
		c = p[1]
		v |= uint32(c&0x7f) << 7
		if c < 0x80 {
			return v, 2
		}
		c = p[2]
		v |= uint32(c&0x7f) << 14
		if c < 0x80 {
			return v, 3
		}
		c = p[3]
		v |= uint32(c&0x7f) << 21
		if c < 0x80 {
			return v, 4
		}
		if c = p[4]; c > 0x0f {
			return 0, -1
		}
		return v | uint32(c)<<28, 5
	}
	var shift uint
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
		v |= uint32(c&0x7f) << shift
		if c < 0x80 {
			return v, i + 1
		}
		shift += 7
	}
	return 0, -1
}

// Get64 decodes Fory's varuint64 from p; n == 0 means p ended first.
func Get64(p []byte) (v uint64, n int) {
	if len(p) >= 9 {
		// Unrolled: no bounds checks per byte.
		var c byte
		c = p[0]
		v = uint64(c & 0x7f)
		if c < 0x80 {
			return v, 1
		}
		c = p[1]
		v |= uint64(c&0x7f) << 7
		if c < 0x80 {
			return v, 2
		}
		c = p[2]
		v |= uint64(c&0x7f) << 14
		if c < 0x80 {
			return v, 3
		}
		c = p[3]
		v |= uint64(c&0x7f) << 21
		if c < 0x80 {
			return v, 4
		}
		c = p[4]
		v |= uint64(c&0x7f) << 28
		if c < 0x80 {
			return v, 5
		}
		c = p[5]
		v |= uint64(c&0x7f) << 35
		if c < 0x80 {
			return v, 6
		}
		c = p[6]
		v |= uint64(c&0x7f) << 42
		if c < 0x80 {
			return v, 7
		}
		c = p[7]
		v |= uint64(c&0x7f) << 49
		if c < 0x80 {
			return v, 8
		}
		return v | uint64(p[8])<<56, 9
	}
	var shift uint
	for i := 0; i < 9; i++ {
		if i >= len(p) {
			return 0, 0
		}
		c := p[i]
		if i == 8 {
			return v | uint64(c)<<56, 9
		}
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return v, i + 1
		}
		shift += 7
	}
	return 0, 0
}
