package asm

import (
	"encoding/binary"
	"math"
	"unsafe"
)

// Primitive arrays travel as consecutive little-endian elements. On a
// little-endian machine a Go slice already has that layout, so each copy is a
// single memmove of the reinterpreted bytes; big-endian machines convert each
// element.

// asBytes returns the memory of n elements of size size starting at p.
func asBytes(p unsafe.Pointer, n, size int) []byte {
	return unsafe.Slice((*byte)(p), n*size)
}

// copyBytes copies src into dst (len(dst) >= len(src)).
func copyBytes(dst, src []byte) {
	if useAsmCopy && haveAVX2 && len(src) >= 32 {
		copyAVX2(dst, src)
		return
	}
	copy(dst, src)
}

// CopyInt16sToLE writes the elements of src into dst as little-endian int16s and
// returns the number of elements written: min(len(src), len(dst)/2).
func CopyInt16sToLE(dst []byte, src []int16) int {
	n := min(len(src), len(dst)/2)
	if nativeLE {
		if n > 0 {
			copyBytes(dst, asBytes(unsafe.Pointer(&src[0]), n, 2))
		}
		return n
	}
	for i, v := range src[:n] {
		binary.LittleEndian.PutUint16(dst[i*2:], uint16(v))
	}
	return n
}

// CopyLEToInt16s reads little-endian int16s from src into dst and returns the
// number of elements read: min(len(dst), len(src)/2).
func CopyLEToInt16s(dst []int16, src []byte) int {
	n := min(len(dst), len(src)/2)
	if nativeLE {
		if n > 0 {
			copyBytes(asBytes(unsafe.Pointer(&dst[0]), n, 2), src[:n*2])
		}
		return n
	}
	for i := range dst[:n] {
		dst[i] = int16(binary.LittleEndian.Uint16(src[i*2:]))
	}
	return n
}

// CopyInt32sToLE writes the elements of src into dst as little-endian int32s and
// returns the number of elements written: min(len(src), len(dst)/4).
func CopyInt32sToLE(dst []byte, src []int32) int {
	n := min(len(src), len(dst)/4)
	if nativeLE {
		if n > 0 {
			copyBytes(dst, asBytes(unsafe.Pointer(&src[0]), n, 4))
		}
		return n
	}
	for i, v := range src[:n] {
		binary.LittleEndian.PutUint32(dst[i*4:], uint32(v))
	}
	return n
}

// CopyLEToInt32s reads little-endian int32s from src into dst and returns the
// number of elements read: min(len(dst), len(src)/4).
func CopyLEToInt32s(dst []int32, src []byte) int {
	n := min(len(dst), len(src)/4)
	if nativeLE {
		if n > 0 {
			copyBytes(asBytes(unsafe.Pointer(&dst[0]), n, 4), src[:n*4])
		}
		return n
	}
	for i := range dst[:n] {
		dst[i] = int32(binary.LittleEndian.Uint32(src[i*4:]))
	}
	return n
}

// CopyInt64sToLE writes the elements of src into dst as little-endian int64s and
// returns the number of elements written: min(len(src), len(dst)/8).
func CopyInt64sToLE(dst []byte, src []int64) int {
	n := min(len(src), len(dst)/8)
	if nativeLE {
		if n > 0 {
			copyBytes(dst, asBytes(unsafe.Pointer(&src[0]), n, 8))
		}
		return n
	}
	for i, v := range src[:n] {
		binary.LittleEndian.PutUint64(dst[i*8:], uint64(v))
	}
	return n
}

// CopyLEToInt64s reads little-endian int64s from src into dst and returns the
// number of elements read: min(len(dst), len(src)/8).
func CopyLEToInt64s(dst []int64, src []byte) int {
	n := min(len(dst), len(src)/8)
	if nativeLE {
		if n > 0 {
			copyBytes(asBytes(unsafe.Pointer(&dst[0]), n, 8), src[:n*8])
		}
		return n
	}
	for i := range dst[:n] {
		dst[i] = int64(binary.LittleEndian.Uint64(src[i*8:]))
	}
	return n
}

// CopyFloat32sToLE writes the elements of src into dst as little-endian float32s and
// returns the number of elements written: min(len(src), len(dst)/4).
func CopyFloat32sToLE(dst []byte, src []float32) int {
	n := min(len(src), len(dst)/4)
	if nativeLE {
		if n > 0 {
			copyBytes(dst, asBytes(unsafe.Pointer(&src[0]), n, 4))
		}
		return n
	}
	for i, v := range src[:n] {
		binary.LittleEndian.PutUint32(dst[i*4:], math.Float32bits(v))
	}
	return n
}

// CopyLEToFloat32s reads little-endian float32s from src into dst and returns the
// number of elements read: min(len(dst), len(src)/4).
func CopyLEToFloat32s(dst []float32, src []byte) int {
	n := min(len(dst), len(src)/4)
	if nativeLE {
		if n > 0 {
			copyBytes(asBytes(unsafe.Pointer(&dst[0]), n, 4), src[:n*4])
		}
		return n
	}
	for i := range dst[:n] {
		dst[i] = math.Float32frombits(binary.LittleEndian.Uint32(src[i*4:]))
	}
	return n
}

// CopyFloat64sToLE writes the elements of src into dst as little-endian float64s and
// returns the number of elements written: min(len(src), len(dst)/8).
func CopyFloat64sToLE(dst []byte, src []float64) int {
	n := min(len(src), len(dst)/8)
	if nativeLE {
		if n > 0 {
			copyBytes(dst, asBytes(unsafe.Pointer(&src[0]), n, 8))
		}
		return n
	}
	for i, v := range src[:n] {
		binary.LittleEndian.PutUint64(dst[i*8:], math.Float64bits(v))
	}
	return n
}

// CopyLEToFloat64s reads little-endian float64s from src into dst and returns the
// number of elements read: min(len(dst), len(src)/8).
func CopyLEToFloat64s(dst []float64, src []byte) int {
	n := min(len(dst), len(src)/8)
	if nativeLE {
		if n > 0 {
			copyBytes(asBytes(unsafe.Pointer(&dst[0]), n, 8), src[:n*8])
		}
		return n
	}
	for i := range dst[:n] {
		dst[i] = math.Float64frombits(binary.LittleEndian.Uint64(src[i*8:]))
	}
	return n
}

// CopyBoolsToLE writes src into dst as one byte per bool (0 or 1) and returns
// the number of elements written: min(len(src), len(dst)).
func CopyBoolsToLE(dst []byte, src []bool) int {
	n := min(len(src), len(dst))
	if n > 0 {
		copyBytes(dst, asBytes(unsafe.Pointer(&src[0]), n, 1))
	}
	return n
}

// CopyLEToBools reads one bool per byte from src into dst and returns the
// number of elements read, min(len(dst), len(src)), and whether every byte
// read was 0 or 1. When ok is false dst holds no invalid bool, but its
// contents are unspecified.
func CopyLEToBools(dst []bool, src []byte) (n int, ok bool) {
	n = min(len(dst), len(src))
	if n == 0 {
		return 0, true
	}
	src = src[:n]
	if haveAVX2 && n >= 32 {
		// One pass: copy and check together.
		tmp := asBytes(unsafe.Pointer(&dst[0]), n, 1)
		if copyBoolsAVX2(tmp, src) {
			return n, true
		}
		clear(tmp)
		return n, false
	}
	if !validBoolsGo(src) {
		return n, false
	}
	copy(asBytes(unsafe.Pointer(&dst[0]), n, 1), src)
	return n, true
}

// ValidBools reports whether every byte of b is 0 or 1, the only valid
// encodings of a bool.
func ValidBools(b []byte) bool {
	if haveAVX2 && len(b) >= 32 {
		return validBoolsAVX2(b)
	}
	return validBoolsGo(b)
}

// validBoolsGo checks eight bytes at a time.
func validBoolsGo(b []byte) bool {
	var acc uint64
	for len(b) >= 32 {
		acc |= binary.LittleEndian.Uint64(b) | binary.LittleEndian.Uint64(b[8:]) |
			binary.LittleEndian.Uint64(b[16:]) | binary.LittleEndian.Uint64(b[24:])
		b = b[32:]
	}
	for len(b) >= 8 {
		acc |= binary.LittleEndian.Uint64(b)
		b = b[8:]
	}
	for _, c := range b {
		acc |= uint64(c)
	}
	return acc&0xfefefefefefefefe == 0
}
