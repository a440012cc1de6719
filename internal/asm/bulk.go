package asm

// Bulk varint kernels. Each exported function runs the assembly kernel (when
// the CPU has it) over the part of the input where it may load or store whole
// words without leaving the slices, then finishes the tail, and reproduces
// any error, with the portable code.

// PutUvarint32s encodes the values of src as consecutive varuint32s into dst
// and returns the number of bytes written. dst needs at most
// MaxVarint32Len*len(src) bytes; if it is too short, PutUvarint32s returns
// the bytes written so far and ErrShortBuffer. Bytes of dst past the returned
// length may be overwritten.
func PutUvarint32s(dst []byte, src []uint32) (int, error) {
	return putUvarint32s(dst, src, haveBMI2)
}

func putUvarint32s(dst []byte, src []uint32, useAsm bool) (int, error) {
	nd, ns := 0, 0
	if useAsm && haveBMI2 {
		nd, ns = putUvarint32sBMI2(dst, src)
	}
	d, s := putUvarint32sGo(dst[nd:], src[ns:])
	nd += d
	if ns+s < len(src) {
		return nd, ErrShortBuffer
	}
	return nd, nil
}

// putUvarint32sGo encodes src into dst until src is exhausted or the next value
// does not fit; it returns the bytes written and the values consumed.
func putUvarint32sGo(dst []byte, src []uint32) (nd, ns int) {
	for i, x := range src {
		v := x
		if v < 0x80 && nd < len(dst) {
			dst[nd] = byte(v)
			nd++
			continue
		}
		m := putUvarint32Go(dst[nd:], v)
		if m == 0 {
			return nd, i
		}
		nd += m
	}
	return nd, len(src)
}

// Uvarint32s decodes len(dst) consecutive varuint32s from src into dst and
// returns the number of bytes consumed. It returns ErrTruncated if src ends
// first, or ErrOverflow if a value is malformed (see Uvarint32); dst's contents are then unspecified. It
// never reads past len(src).
func Uvarint32s(dst []uint32, src []byte) (int, error) {
	return uvarint32s(dst, src, haveBMI2)
}

func uvarint32s(dst []uint32, src []byte, useAsm bool) (int, error) {
	nd, ns := 0, 0
	if useAsm && haveBMI2 {
		nd, ns = uvarint32sBMI2(dst, src)
	}
	n, err := uvarint32sGo(dst[nd:], src[ns:])
	return ns + n, err
}

// uvarint32sGo is the portable decoder behind Uvarint32s.
func uvarint32sGo(dst []uint32, src []byte) (int, error) {
	n := 0
	for i := range dst {
		if n < len(src) && src[n] < 0x80 {
			u := uint32(src[n])
			dst[i] = u
			n++
			continue
		}
		u, m := uvarint32Go(src[n:])
		if m <= 0 {
			return n, decodeErr(m)
		}
		dst[i] = u
		n += m
	}
	return n, nil
}

// PutVarint32s encodes the values of src as consecutive zigzag varint32s into dst
// and returns the number of bytes written. dst needs at most
// MaxVarint32Len*len(src) bytes; if it is too short, PutVarint32s returns
// the bytes written so far and ErrShortBuffer. Bytes of dst past the returned
// length may be overwritten.
func PutVarint32s(dst []byte, src []int32) (int, error) {
	return putVarint32s(dst, src, haveBMI2)
}

func putVarint32s(dst []byte, src []int32, useAsm bool) (int, error) {
	nd, ns := 0, 0
	if useAsm && haveBMI2 {
		nd, ns = putVarint32sBMI2(dst, src)
	}
	d, s := putVarint32sGo(dst[nd:], src[ns:])
	nd += d
	if ns+s < len(src) {
		return nd, ErrShortBuffer
	}
	return nd, nil
}

// putVarint32sGo encodes src into dst until src is exhausted or the next value
// does not fit; it returns the bytes written and the values consumed.
func putVarint32sGo(dst []byte, src []int32) (nd, ns int) {
	for i, x := range src {
		v := Zigzag32(x)
		if v < 0x80 && nd < len(dst) {
			dst[nd] = byte(v)
			nd++
			continue
		}
		m := putUvarint32Go(dst[nd:], v)
		if m == 0 {
			return nd, i
		}
		nd += m
	}
	return nd, len(src)
}

// Varint32s decodes len(dst) consecutive zigzag varint32s from src into dst and
// returns the number of bytes consumed. It returns ErrTruncated if src ends
// first, or ErrOverflow if a value is malformed (see Uvarint32); dst's contents are then unspecified. It
// never reads past len(src).
func Varint32s(dst []int32, src []byte) (int, error) {
	return varint32s(dst, src, haveBMI2)
}

func varint32s(dst []int32, src []byte, useAsm bool) (int, error) {
	nd, ns := 0, 0
	if useAsm && haveBMI2 {
		nd, ns = varint32sBMI2(dst, src)
	}
	n, err := varint32sGo(dst[nd:], src[ns:])
	return ns + n, err
}

// varint32sGo is the portable decoder behind Varint32s.
func varint32sGo(dst []int32, src []byte) (int, error) {
	n := 0
	for i := range dst {
		if n < len(src) && src[n] < 0x80 {
			u := uint32(src[n])
			dst[i] = Unzigzag32(u)
			n++
			continue
		}
		u, m := uvarint32Go(src[n:])
		if m <= 0 {
			return n, decodeErr(m)
		}
		dst[i] = Unzigzag32(u)
		n += m
	}
	return n, nil
}

// PutUvarint64s encodes the values of src as consecutive varuint64s into dst
// and returns the number of bytes written. dst needs at most
// MaxVarint64Len*len(src) bytes; if it is too short, PutUvarint64s returns
// the bytes written so far and ErrShortBuffer. Bytes of dst past the returned
// length may be overwritten.
func PutUvarint64s(dst []byte, src []uint64) (int, error) {
	return putUvarint64s(dst, src, haveBMI2)
}

func putUvarint64s(dst []byte, src []uint64, useAsm bool) (int, error) {
	nd, ns := 0, 0
	if useAsm && haveBMI2 {
		nd, ns = putUvarint64sBMI2(dst, src)
	}
	d, s := putUvarint64sGo(dst[nd:], src[ns:])
	nd += d
	if ns+s < len(src) {
		return nd, ErrShortBuffer
	}
	return nd, nil
}

// putUvarint64sGo encodes src into dst until src is exhausted or the next value
// does not fit; it returns the bytes written and the values consumed.
func putUvarint64sGo(dst []byte, src []uint64) (nd, ns int) {
	for i, x := range src {
		v := x
		if v < 0x80 && nd < len(dst) {
			dst[nd] = byte(v)
			nd++
			continue
		}
		m := putUvarint64Go(dst[nd:], v)
		if m == 0 {
			return nd, i
		}
		nd += m
	}
	return nd, len(src)
}

// Uvarint64s decodes len(dst) consecutive varuint64s from src into dst and
// returns the number of bytes consumed. It returns ErrTruncated if src ends
// first; dst's contents are then unspecified. It
// never reads past len(src).
func Uvarint64s(dst []uint64, src []byte) (int, error) {
	return uvarint64s(dst, src, haveBMI2)
}

func uvarint64s(dst []uint64, src []byte, useAsm bool) (int, error) {
	nd, ns := 0, 0
	if useAsm && haveBMI2 {
		nd, ns = uvarint64sBMI2(dst, src)
	}
	n, err := uvarint64sGo(dst[nd:], src[ns:])
	return ns + n, err
}

// uvarint64sGo is the portable decoder behind Uvarint64s.
func uvarint64sGo(dst []uint64, src []byte) (int, error) {
	n := 0
	for i := range dst {
		if n < len(src) && src[n] < 0x80 {
			u := uint64(src[n])
			dst[i] = u
			n++
			continue
		}
		u, m := uvarint64Go(src[n:])
		if m <= 0 {
			return n, decodeErr(m)
		}
		dst[i] = u
		n += m
	}
	return n, nil
}

// PutVarint64s encodes the values of src as consecutive zigzag varint64s into dst
// and returns the number of bytes written. dst needs at most
// MaxVarint64Len*len(src) bytes; if it is too short, PutVarint64s returns
// the bytes written so far and ErrShortBuffer. Bytes of dst past the returned
// length may be overwritten.
func PutVarint64s(dst []byte, src []int64) (int, error) {
	return putVarint64s(dst, src, haveBMI2)
}

func putVarint64s(dst []byte, src []int64, useAsm bool) (int, error) {
	nd, ns := 0, 0
	if useAsm && haveBMI2 {
		nd, ns = putVarint64sBMI2(dst, src)
	}
	d, s := putVarint64sGo(dst[nd:], src[ns:])
	nd += d
	if ns+s < len(src) {
		return nd, ErrShortBuffer
	}
	return nd, nil
}

// putVarint64sGo encodes src into dst until src is exhausted or the next value
// does not fit; it returns the bytes written and the values consumed.
func putVarint64sGo(dst []byte, src []int64) (nd, ns int) {
	for i, x := range src {
		v := Zigzag64(x)
		if v < 0x80 && nd < len(dst) {
			dst[nd] = byte(v)
			nd++
			continue
		}
		m := putUvarint64Go(dst[nd:], v)
		if m == 0 {
			return nd, i
		}
		nd += m
	}
	return nd, len(src)
}

// Varint64s decodes len(dst) consecutive zigzag varint64s from src into dst and
// returns the number of bytes consumed. It returns ErrTruncated if src ends
// first; dst's contents are then unspecified. It
// never reads past len(src).
func Varint64s(dst []int64, src []byte) (int, error) {
	return varint64s(dst, src, haveBMI2)
}

func varint64s(dst []int64, src []byte, useAsm bool) (int, error) {
	nd, ns := 0, 0
	if useAsm && haveBMI2 {
		nd, ns = varint64sBMI2(dst, src)
	}
	n, err := varint64sGo(dst[nd:], src[ns:])
	return ns + n, err
}

// varint64sGo is the portable decoder behind Varint64s.
func varint64sGo(dst []int64, src []byte) (int, error) {
	n := 0
	for i := range dst {
		if n < len(src) && src[n] < 0x80 {
			u := uint64(src[n])
			dst[i] = Unzigzag64(u)
			n++
			continue
		}
		u, m := uvarint64Go(src[n:])
		if m <= 0 {
			return n, decodeErr(m)
		}
		dst[i] = Unzigzag64(u)
		n += m
	}
	return n, nil
}
