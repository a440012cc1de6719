package fury

import (
	"math"
	"reflect"
	"strconv"
)

// Float16 is an IEEE 754 half-precision (binary16) number, held as its
// bits: the wire type float16, Python's pyfory.Float16, FDL's float16. A
// struct field of this type is written as two bytes; []Float16 is an
// array<float16> (float16_array) and Float16Slice a list<float16>.
//
// Float16Of converts from float32, Float32 back. Arithmetic is done in
// float32: fury.Float16Of(a.Float32() + b.Float32()).
type Float16 uint16

// BFloat16 is a bfloat16 ("brain float") number, held as its bits: the
// upper half of a float32, with float32's range and 8 bits of precision.
// It is the wire type bfloat16 (pyfory.BFloat16, FDL bfloat16); []BFloat16
// is an array<bfloat16> and BFloat16Slice a list<bfloat16>.
type BFloat16 uint16

// Slices of these types travel as lists of float16 or bfloat16 (FDL
// list<float16>), where []Float16 and []BFloat16 travel as arrays.
type (
	Float16Slice  []Float16
	BFloat16Slice []BFloat16
)

// Float16Of returns the half-precision number nearest to f, ties to even
// (IEEE 754's default rounding): values beyond ±65504 (after rounding)
// become ±Inf, values too small for the smallest subnormal (2^-24) become
// ±0, and a NaN stays a NaN (quiet, with the top bits of its payload).
func Float16Of(f float32) Float16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int32(b>>23) & 0xff
	mant := b & 0x7fffff
	if exp == 0xff {
		if mant == 0 {
			return Float16(sign | 0x7c00) // ±Inf
		}
		return Float16(sign | 0x7e00 | uint16(mant>>13)) // NaN, made quiet
	}
	e := exp - 127 + 15 // the half-precision biased exponent
	if e >= 0x1f {
		return Float16(sign | 0x7c00) // overflows to ±Inf
	}
	if e <= 0 {
		// A subnormal half (or zero): m × 2^-24, with m below 2^10.
		if e < -10 {
			return Float16(sign) // below half the smallest subnormal
		}
		mant |= 0x800000
		shift := uint32(14 - e)
		h := mant >> shift
		rem, half := mant&(1<<shift-1), uint32(1)<<(shift-1)
		if rem > half || rem == half && h&1 == 1 {
			h++ // may carry into the smallest normal, which is right
		}
		return Float16(sign | uint16(h))
	}
	h := uint32(e)<<10 | mant>>13
	if rem := mant & 0x1fff; rem > 0x1000 || rem == 0x1000 && h&1 == 1 {
		h++ // may carry into the exponent, up to Inf, which is right
	}
	return Float16(sign | uint16(h))
}

// Float32 returns h as a float32, exactly.
func (h Float16) Float32() float32 { return float16ToFloat32(uint16(h)) }

// String formats h as the shortest decimal that reads back as it.
func (h Float16) String() string {
	return strconv.FormatFloat(float64(h.Float32()), 'g', -1, 32)
}

// BFloat16Of returns the bfloat16 nearest to f, ties to even; a NaN stays
// a NaN (quiet). Values beyond the largest bfloat16 become ±Inf.
func BFloat16Of(f float32) BFloat16 {
	b := math.Float32bits(f)
	if b&0x7fffffff > 0x7f800000 {
		return BFloat16(b>>16 | 0x40) // NaN, made quiet
	}
	b += 0x7fff + (b>>16)&1
	return BFloat16(b >> 16)
}

// Float32 returns b as a float32, exactly.
func (b BFloat16) Float32() float32 { return math.Float32frombits(uint32(b) << 16) }

// String formats b as the shortest decimal that reads back as it.
func (b BFloat16) String() string {
	return strconv.FormatFloat(float64(b.Float32()), 'g', -1, 32)
}

// Uint8Array is an array<uint8> (the wire type uint8_array, pyfory's
// UInt8Array or array('B')), where []byte is binary. Readers treat the
// two alike; use Uint8Array where the peer's schema says array<uint8>, so
// that the TypeDefs and schema hashes agree.
type Uint8Array []uint8

var (
	float16Type    = reflect.TypeFor[Float16]()
	bfloat16Type   = reflect.TypeFor[BFloat16]()
	uint8ArrayType = reflect.TypeFor[Uint8Array]()
)

// halfFloat returns the float32 value of a Float16 or BFloat16 held in v.
func halfFloat(v any) (float32, bool) {
	switch h := v.(type) {
	case Float16:
		return h.Float32(), true
	case BFloat16:
		return h.Float32(), true
	}
	return 0, false
}
