//go:build linux

package asm

import (
	"math/rand/v2"
	"os"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// guarded returns a slice of n bytes that ends exactly where an inaccessible
// page begins, so a kernel reading or writing one byte too far faults.
func guarded(t *testing.T, n int) []byte {
	t.Helper()
	ps := os.Getpagesize()
	pages := (n+ps-1)/ps + 1
	mem, err := syscall.Mmap(-1, 0, pages*ps, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	require.NoError(t, err)
	t.Cleanup(func() { _ = syscall.Munmap(mem) })
	end := (pages - 1) * ps
	require.NoError(t, syscall.Mprotect(mem[end:], syscall.PROT_NONE))
	return mem[end-n : end : end]
}

// guardedCopy returns b's contents in a guarded slice.
func guardedCopy(t *testing.T, b []byte) []byte {
	g := guarded(t, len(b))
	copy(g, b)
	return g
}

func TestPageBoundarySingle(t *testing.T) {
	for _, v := range edges64() {
		want := refUvarint64(v)
		for _, g := range gets64 {
			got, n := g.fn(guardedCopy(t, want))
			require.Equal(t, len(want), n, g.name)
			require.Equal(t, v, got, g.name)
			for cut := range want {
				_, n := g.fn(guardedCopy(t, want[:cut]))
				require.Zero(t, n, g.name)
			}
		}
		for _, p := range puts64 {
			b := guarded(t, len(want))
			require.Equal(t, len(want), p.fn(b, v), p.name)
			require.Equal(t, want, b)
		}
	}
	for _, v := range edges32() {
		want := refUvarint32(v)
		for _, g := range gets32 {
			got, n := g.fn(guardedCopy(t, want))
			require.Equal(t, len(want), n, g.name)
			require.Equal(t, v, got, g.name)
			for cut := range want {
				_, n := g.fn(guardedCopy(t, want[:cut]))
				require.Zero(t, n, g.name)
			}
		}
		for _, p := range puts32 {
			b := guarded(t, len(want))
			require.Equal(t, len(want), p.fn(b, v), p.name)
			require.Equal(t, want, b)
		}
	}
}

func TestPageBoundaryBulk(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	for _, c := range bulkCases {
		for n := 0; n < 40; n++ {
			vals := c.gen(r, n)
			want := refStream(c, vals)
			for _, useAsm := range []bool{false, true} {
				got := make([]uint64, n)
				m, err := c.get(got, guardedCopy(t, want), useAsm)
				require.NoError(t, err, c.name)
				require.Equal(t, len(want), m, c.name)
				require.Equal(t, vals, got, c.name)
				if len(want) > 0 {
					_, err = c.get(got, guardedCopy(t, want[:len(want)-1]), useAsm)
					require.ErrorIs(t, err, ErrTruncated, c.name)
				}

				dst := guarded(t, len(want))
				m, err = c.put(dst, vals, useAsm)
				require.NoError(t, err, c.name)
				require.Equal(t, want, dst[:m], c.name)
			}
		}
	}
}

func TestPageBoundaryCopies(t *testing.T) {
	r := rand.New(rand.NewPCG(33, 34))
	for n := 0; n < 300; n++ {
		src := guardedCopy(t, randBytes(r, n))
		dst := guarded(t, n)
		i64 := make([]int64, n/8)
		require.Equal(t, n/8, CopyLEToInt64s(i64, src))
		require.Equal(t, n/8, CopyInt64sToLE(dst, i64))
		require.Equal(t, src[:n/8*8], dst[:n/8*8])
		if haveAVX2 && n >= 32 {
			copyAVX2(dst, src)
			require.Equal(t, src, dst)
		}

		for i := range src {
			src[i] &= 1
		}
		require.True(t, ValidBools(src))
		bools := make([]bool, n)
		m, ok := CopyLEToBools(bools, src)
		require.True(t, ok)
		require.Equal(t, n, m)
		if n > 0 {
			src[n-1] = 2
			require.False(t, ValidBools(src))
			_, ok = CopyLEToBools(bools, src)
			require.False(t, ok)
		}
	}
}
