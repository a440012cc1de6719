package fury

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// zeroMemory sees every non-zero byte, in every position of values of
// every size it checks, and declines the sizes it does not check.
func TestZeroMemory(t *testing.T) {
	buf := make([]byte, 300)
	for n := 0; n <= 256; n++ {
		p := unsafe.Pointer(unsafe.SliceData(buf))
		require.True(t, zeroMemory(p, uintptr(n)), "size %d", n)
		for i := 0; i < n; i++ {
			buf[i] = 0x40
			require.False(t, zeroMemory(p, uintptr(n)), "size %d, byte %d", n, i)
			buf[i] = 0
		}
		buf[n] = 1 // past the value: not looked at
		require.True(t, zeroMemory(p, uintptr(n)), "size %d", n)
		buf[n] = 0
	}
	require.False(t, zeroMemory(unsafe.Pointer(unsafe.SliceData(buf)), 257), "larger values are not checked")
}
