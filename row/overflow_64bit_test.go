//go:build amd64 || arm64 || ppc64 || ppc64le || riscv64 || s390x || loong64 || mips64 || mips64le || wasm

package row_test

// hugeElem's size times hugeCount is 2^64: the product wraps to 0 in
// uintptr arithmetic.
type hugeElem struct {
	Pad [1 << 47]byte `fury:"-"`
	X   int32
}

const hugeCount = 1 << 17
