package metastring

import (
	"fmt"

	"github.com/fury-go/fury/internal/murmur3"
)

// SmallThreshold is the largest encoded length (in bytes) of a "small" meta
// string: in schema-consistent named type info a small string is followed by
// its encoding byte, a longer one by an 8-byte hash (see [Hash]).
const SmallThreshold = 16

// Hash returns the 64-bit hash Java fory-core writes (little-endian) before a
// long meta string: h1 = first 64 bits of MurmurHash3_x64_128(data, seed 47),
// as a signed value; h = |h1| (Java Math.abs, so math.MinInt64 stays as is);
// 0 becomes 256; then the low byte is replaced by the encoding.
//
// pyfory 1.7.7 computes the same value without the absolute value (see
// [PythonHash]); the two agree only when h1 is non-negative. Both peers reject
// a hash that does not match their own rule, so for about half of all long
// meta strings the peers cannot read each other. Readers should accept either
// form (see [CheckHash]).
func Hash(data []byte, enc Encoding) uint64 {
	h1, _ := murmur3.Sum128(data, 47)
	h := int64(h1)
	if h < 0 {
		h = -h // math.MinInt64 stays negative, as with Java's Math.abs
	}
	if h == 0 {
		h = 256
	}
	return uint64(h)&^0xff | uint64(enc)
}

// PythonHash returns the 64-bit hash pyfory 1.7.7 writes before a long meta
// string: the first 64 bits of MurmurHash3_x64_128(data, seed 47) with the low
// byte replaced by the encoding.
func PythonHash(data []byte, enc Encoding) uint64 {
	h1, _ := murmur3.Sum128(data, 47)
	return h1&^0xff | uint64(enc)
}

// CheckHash validates the hash read before a long meta string against its
// data and returns the encoding held in its low byte. It accepts both the
// Java ([Hash]) and the Python ([PythonHash]) forms.
func CheckHash(hash uint64, data []byte) (Encoding, error) {
	enc := Encoding(hash & 0xff)
	if !enc.Valid() {
		return 0, fmt.Errorf("%w: %d in meta string hash", ErrInvalidEncoding, uint8(enc))
	}
	h1, _ := murmur3.Sum128(data, 47)
	if hash == h1&^0xff|uint64(enc) {
		return enc, nil
	}
	h := int64(h1)
	if h < 0 {
		h = -h
	}
	if h == 0 {
		h = 256
	}
	if hash == uint64(h)&^0xff|uint64(enc) {
		return enc, nil
	}
	return 0, fmt.Errorf("%w: meta string hash %#016x does not match its data", ErrInvalidData, hash)
}
