//go:build 386 || arm || mips || mipsle

package row_test

// hugeElem's size times hugeCount overflows 32 bits (to 2^18): the product
// wraps in uintptr arithmetic, and the budget (factor times input) in int.
type hugeElem struct {
	Pad [1 << 16]byte `fury:"-"`
	X   int32
}

const hugeCount = 1 << 16
