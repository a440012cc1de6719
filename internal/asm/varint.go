package asm

import (
	"encoding/binary"
	"errors"
	"math/bits"
)

// Maximum encoded lengths.
const (
	// MaxVarint32Len is the maximum length of a varuint32 or varint32.
	MaxVarint32Len = 5
	// MaxVarint64Len is the maximum length of a varuint64 or varint64 in
	// the 9-byte form used by Fory.
	MaxVarint64Len = 9
)

// Errors returned by the bulk varint kernels.
var (
	// ErrTruncated means the input ended inside a varint.
	ErrTruncated = errors.New("asm: truncated varint")
	// ErrOverflow means a varuint32 was longer than 5 bytes or its value
	// exceeded 32 bits.
	ErrOverflow = errors.New("asm: varint overflows 32 bits")
	// ErrShortBuffer means the destination had no room for every value.
	ErrShortBuffer = errors.New("asm: destination too short")
)

// Uvarint32Size returns the encoded length of v as a varuint32.
func Uvarint32Size(v uint32) int {
	return (bits.Len32(v|1)*9 + 64) >> 6
}

// Uvarint64Size returns the encoded length of v as a varuint64.
func Uvarint64Size(v uint64) int {
	return min((bits.Len64(v|1)*9+64)>>6, MaxVarint64Len)
}

// Zigzag32 maps a signed value to an unsigned one so that values of small
// magnitude have small encodings: 0, -1, 1, -2 become 0, 1, 2, 3.
func Zigzag32(v int32) uint32 { return uint32(v<<1) ^ uint32(v>>31) }

// Unzigzag32 inverts Zigzag32.
func Unzigzag32(u uint32) int32 { return int32(u>>1) ^ -int32(u&1) }

// Zigzag64 is the 64-bit Zigzag32.
func Zigzag64(v int64) uint64 { return uint64(v<<1) ^ uint64(v>>63) }

// Unzigzag64 inverts Zigzag64.
func Unzigzag64(u uint64) int64 { return int64(u>>1) ^ -int64(u&1) }

// PutUvarint32 writes v as a varuint32 (LEB128, at most 5 bytes) at the start
// of b and returns the number of bytes written. If b is too short it returns
// 0, and b's contents are unspecified.
func PutUvarint32(b []byte, v uint32) int {
	if v < 0x80 && len(b) > 0 {
		b[0] = byte(v)
		return 1
	}
	return putUvarint32Multi(b, v)
}

// PutUvarint32Call is PutUvarint32 as one call, for callers that inline
// it into code whose inlining budget the fast path would exceed.
func PutUvarint32Call(b []byte, v uint32) int { return putUvarint32Multi(b, v) }

// PutVarint32Call is PutVarint32 as one call (see PutUvarint32Call).
func PutVarint32Call(b []byte, v int32) int { return putUvarint32Multi(b, Zigzag32(v)) }

// PutUvarint64Call is PutUvarint64 as one call (see PutUvarint32Call).
func PutUvarint64Call(b []byte, v uint64) int { return putUvarint64Multi(b, v) }

// PutVarint64Call is PutVarint64 as one call (see PutUvarint32Call).
func PutVarint64Call(b []byte, v int64) int { return putUvarint64Multi(b, Zigzag64(v)) }

// putUvarint32Multi encodes a varuint32 (usually of more than one byte,
// which PutUvarint32 leaves to it): with room
// for 5 bytes, unrolled, one predictable branch per byte. For single
// values this beats the BMI2 kernel (a call through the ABI wrapper, then
// PDEP) and the loop, and runs the same on every CPU.
func putUvarint32Multi(b []byte, v uint32) int {
	if len(b) < MaxVarint32Len {
		return putUvarint32Go(b, v)
	}
	b = b[:MaxVarint32Len]
	b[0] = byte(v)
	if v < 0x80 {
		return 1
	}
	b[0] |= 0x80
	if v < 1<<14 {
		b[1] = byte(v >> 7)
		return 2
	}
	b[1] = byte(v>>7) | 0x80
	if v < 1<<21 {
		b[2] = byte(v >> 14)
		return 3
	}
	b[2] = byte(v>>14) | 0x80
	if v < 1<<28 {
		b[3] = byte(v >> 21)
		return 4
	}
	b[3] = byte(v>>21) | 0x80
	b[4] = byte(v >> 28)
	return 5
}

// PutUvarint64 writes v as a varuint64 at the start of b and returns the
// number of bytes written: LEB128 for up to 8 groups of 7 bits, then, for
// values of more than 56 bits, a ninth byte holding the top 8 bits whole. If
// b is too short it returns 0, and b's contents are unspecified.
func PutUvarint64(b []byte, v uint64) int {
	if v < 0x80 && len(b) > 0 {
		b[0] = byte(v)
		return 1
	}
	return putUvarint64Multi(b, v)
}

// putUvarint64Multi is putUvarint32Multi for varuint64s (9 bytes of
// room): unrolled up to 4 bytes; longer values spread their 7-bit groups
// with shifts and masks and go out in one 8-byte store.
func putUvarint64Multi(b []byte, v uint64) int {
	if len(b) < MaxVarint64Len {
		return putUvarint64Go(b, v)
	}
	b = b[:MaxVarint64Len]
	b[0] = byte(v)
	if v < 0x80 {
		return 1
	}
	b[0] |= 0x80
	if v < 1<<14 {
		b[1] = byte(v >> 7)
		return 2
	}
	b[1] = byte(v>>7) | 0x80
	if v < 1<<21 {
		b[2] = byte(v >> 14)
		return 3
	}
	b[2] = byte(v>>14) | 0x80
	if v < 1<<28 {
		b[3] = byte(v >> 21)
		return 4
	}
	x := v & (1<<56 - 1)
	x = x&0xfffffff | x&0xffffffff0000000<<4           // 28-bit halves in 32-bit lanes
	x = x&0x00003fff00003fff | x&0x0fffc0000fffc000<<2 // 14-bit quarters in 16-bit lanes
	x = x&0x007f007f007f007f | x&0x3f803f803f803f80<<1 // 7-bit groups in bytes
	if v >= 1<<56 {
		binary.LittleEndian.PutUint64(b, x|0x8080808080808080)
		b[8] = byte(v >> 56)
		return 9
	}
	n := (bits.Len64(v)*9 + 64) >> 6 // 5 to 8
	x |= 0x8080808080808080 & (uint64(1)<<(8*uint(n-1)) - 1)
	binary.LittleEndian.PutUint64(b, x)
	return n
}

// PutVarint32 writes the zigzag encoding of v as a varuint32; see
// PutUvarint32.
func PutVarint32(b []byte, v int32) int { return PutUvarint32(b, Zigzag32(v)) }

// PutVarint64 writes the zigzag encoding of v as a varuint64; see
// PutUvarint64.
func PutVarint64(b []byte, v int64) int { return PutUvarint64(b, Zigzag64(v)) }

// Uvarint32 decodes the varuint32 at the start of b and returns it with its
// length n > 0. It returns n == 0 if b ends inside the varint, and n == -1 if
// the varint is malformed: no terminating byte within 5 bytes, or a fifth
// byte carrying bits above the 32-bit range (greater than 0x0f). Non-minimal
// encodings of at most 5 bytes are accepted. It never reads past len(b).
func Uvarint32(b []byte) (v uint32, n int) {
	for i := 0; i < MaxVarint32Len; i++ {
		if i >= len(b) {
			return 0, 0
		}
		c := b[i]
		if c < 0x80 {
			if i == MaxVarint32Len-1 && c > 0x0f {
				return 0, -1
			}
			return v | uint32(c)<<(7*i), i + 1
		}
		v |= uint32(c&0x7f) << (7 * i)
	}
	return 0, -1
}

// Uvarint64 decodes the varuint64 at the start of b and returns it with its
// length n > 0, or n == 0 if b ends inside the varint. Every 9-byte sequence
// is a valid varuint64, so there is no malformed case. It never reads past
// len(b).
func Uvarint64(b []byte) (v uint64, n int) {
	for i := 0; i < MaxVarint64Len-1; i++ {
		if i >= len(b) {
			return 0, 0
		}
		c := b[i]
		if c < 0x80 {
			return v | uint64(c)<<(7*i), i + 1
		}
		v |= uint64(c&0x7f) << (7 * i)
	}
	if len(b) < MaxVarint64Len {
		return 0, 0
	}
	return v | uint64(b[MaxVarint64Len-1])<<56, MaxVarint64Len
}

// Varint32 decodes a zigzag varint32; see Uvarint32.
func Varint32(b []byte) (int32, int) {
	u, n := Uvarint32(b)
	return Unzigzag32(u), n
}

// Varint64 decodes a zigzag varint64; see Uvarint64.
func Varint64(b []byte) (int64, int) {
	u, n := Uvarint64(b)
	return Unzigzag64(u), n
}

// putUvarint32Go is the portable varuint32 encoder.
func putUvarint32Go(b []byte, v uint32) int {
	i := 0
	for v >= 0x80 {
		if i >= len(b) {
			return 0
		}
		b[i] = byte(v) | 0x80
		v >>= 7
		i++
	}
	if i >= len(b) {
		return 0
	}
	b[i] = byte(v)
	return i + 1
}

// putUvarint64Go is the portable varuint64 encoder.
func putUvarint64Go(b []byte, v uint64) int {
	i := 0
	for v >= 0x80 && i < 8 {
		if i >= len(b) {
			return 0
		}
		b[i] = byte(v) | 0x80
		v >>= 7
		i++
	}
	if i >= len(b) {
		return 0
	}
	b[i] = byte(v)
	return i + 1
}

// uvarint32Go is the portable varuint32 decoder.
func uvarint32Go(b []byte) (uint32, int) { return Uvarint32(b) }

// uvarint64Go is the portable varuint64 decoder.
func uvarint64Go(b []byte) (uint64, int) { return Uvarint64(b) }

// decodeErr maps a failed decoder length to its error.
func decodeErr(n int) error {
	if n == 0 {
		return ErrTruncated
	}
	return ErrOverflow
}

// The single-value kernels through assembly, with the same one-byte fast
// path as the exported functions. The exported functions use the Go code,
// which measured as fast or faster where it runs (see the package
// documentation). These wrappers remain for the benchmarks and tests.

func putUvarint32Asm(b []byte, v uint32) int {
	if v < 0x80 && len(b) > 0 {
		b[0] = byte(v)
		return 1
	}
	if haveBMI2 && len(b) >= 8 {
		return putUvarint32BMI2(b, v)
	}
	return putUvarint32Go(b, v)
}

func putUvarint64Asm(b []byte, v uint64) int {
	if v < 0x80 && len(b) > 0 {
		b[0] = byte(v)
		return 1
	}
	if haveBMI2 && len(b) >= MaxVarint64Len {
		return putUvarint64BMI2(b, v)
	}
	return putUvarint64Go(b, v)
}

func uvarint32Asm(b []byte) (uint32, int) {
	if len(b) > 0 && b[0] < 0x80 {
		return uint32(b[0]), 1
	}
	if haveBMI2 && len(b) >= 8 {
		return uvarint32BMI2(b)
	}
	return uvarint32Go(b)
}

func uvarint64Asm(b []byte) (uint64, int) {
	if len(b) > 0 && b[0] < 0x80 {
		return uint64(b[0]), 1
	}
	if haveBMI2 && len(b) >= MaxVarint64Len {
		return uvarint64BMI2(b)
	}
	return uvarint64Go(b)
}
