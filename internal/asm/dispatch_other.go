//go:build purego || !amd64

package asm

// Without assembly no kernel is available; the stubs below are never called
// (every call site is guarded by one of these constants) and only keep the
// shared dispatch code compiling.
const (
	haveBMI2 = false
	haveAVX2 = false
)

func unreachable() { panic("asm: assembly kernel called without assembly support") }

func putUvarint32BMI2(b []byte, v uint32) int                 { unreachable(); return 0 }
func putUvarint64BMI2(b []byte, v uint64) int                 { unreachable(); return 0 }
func uvarint32BMI2(b []byte) (v uint32, n int)                { unreachable(); return 0, 0 }
func uvarint64BMI2(b []byte) (v uint64, n int)                { unreachable(); return 0, 0 }
func putUvarint32sBMI2(dst []byte, src []uint32) (nd, ns int) { unreachable(); return 0, 0 }
func putUvarint64sBMI2(dst []byte, src []uint64) (nd, ns int) { unreachable(); return 0, 0 }
func putVarint32sBMI2(dst []byte, src []int32) (nd, ns int)   { unreachable(); return 0, 0 }
func putVarint64sBMI2(dst []byte, src []int64) (nd, ns int)   { unreachable(); return 0, 0 }
func uvarint32sBMI2(dst []uint32, src []byte) (nd, ns int)    { unreachable(); return 0, 0 }
func uvarint64sBMI2(dst []uint64, src []byte) (nd, ns int)    { unreachable(); return 0, 0 }
func varint32sBMI2(dst []int32, src []byte) (nd, ns int)      { unreachable(); return 0, 0 }
func varint64sBMI2(dst []int64, src []byte) (nd, ns int)      { unreachable(); return 0, 0 }
func copyAVX2(dst, src []byte)                                { unreachable() }
func validBoolsAVX2(b []byte) bool                            { unreachable(); return false }
func copyBoolsAVX2(dst, src []byte) bool                      { unreachable(); return false }
