package asm

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var copyLens = []int{0, 1, 2, 3, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 1000, 4099, 1<<20 + 3}

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func TestCopyInts(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for _, n := range copyLens {
		i16 := make([]int16, n)
		i32 := make([]int32, n)
		i64 := make([]int64, n)
		f32 := make([]float32, n)
		f64 := make([]float64, n)
		for i := 0; i < n; i++ {
			i16[i], i32[i], i64[i] = int16(r.Uint32()), int32(r.Uint32()), int64(r.Uint64())
			f32[i], f64[i] = math.Float32frombits(r.Uint32()), math.Float64frombits(r.Uint64())
		}
		want16 := make([]byte, 0, 2*n)
		want32 := make([]byte, 0, 4*n)
		want64 := make([]byte, 0, 8*n)
		wantF32 := make([]byte, 0, 4*n)
		wantF64 := make([]byte, 0, 8*n)
		for i := 0; i < n; i++ {
			want16 = binary.LittleEndian.AppendUint16(want16, uint16(i16[i]))
			want32 = binary.LittleEndian.AppendUint32(want32, uint32(i32[i]))
			want64 = binary.LittleEndian.AppendUint64(want64, uint64(i64[i]))
			wantF32 = binary.LittleEndian.AppendUint32(wantF32, math.Float32bits(f32[i]))
			wantF64 = binary.LittleEndian.AppendUint64(wantF64, math.Float64bits(f64[i]))
		}

		b := make([]byte, 8*n+1)
		require.Equal(t, n, CopyInt16sToLE(b, i16))
		require.Equal(t, want16, b[:2*n])
		g16 := make([]int16, n)
		require.Equal(t, n, CopyLEToInt16s(g16, want16))
		require.Equal(t, i16, g16)

		require.Equal(t, n, CopyInt32sToLE(b, i32))
		require.Equal(t, want32, b[:4*n])
		g32 := make([]int32, n)
		require.Equal(t, n, CopyLEToInt32s(g32, want32))
		require.Equal(t, i32, g32)

		require.Equal(t, n, CopyInt64sToLE(b, i64))
		require.Equal(t, want64, b[:8*n])
		g64 := make([]int64, n)
		require.Equal(t, n, CopyLEToInt64s(g64, want64))
		require.Equal(t, i64, g64)

		require.Equal(t, n, CopyFloat32sToLE(b, f32))
		require.Equal(t, wantF32, b[:4*n])
		gf32 := make([]float32, n)
		require.Equal(t, n, CopyLEToFloat32s(gf32, wantF32))
		require.Equal(t, wantF32, b[:4*CopyFloat32sToLE(b, gf32)])

		require.Equal(t, n, CopyFloat64sToLE(b, f64))
		require.Equal(t, wantF64, b[:8*n])
		gf64 := make([]float64, n)
		require.Equal(t, n, CopyLEToFloat64s(gf64, wantF64))
		require.Equal(t, wantF64, b[:8*CopyFloat64sToLE(b, gf64)])
	}
}

func TestCopyShort(t *testing.T) {
	src := []int32{1, 2, 3, 4}
	b := make([]byte, 9)
	assert.Equal(t, 2, CopyInt32sToLE(b, src))
	assert.Equal(t, []byte{1, 0, 0, 0, 2, 0, 0, 0, 0}, b)
	dst := make([]int32, 4)
	assert.Equal(t, 2, CopyLEToInt32s(dst, b))
	assert.Equal(t, []int32{1, 2, 0, 0}, dst)
	assert.Equal(t, 1, CopyLEToInt32s(dst[:1], b))
	assert.Equal(t, 0, CopyLEToInt64s(make([]int64, 3), b[:7]))
}

// TestCopyAVX2 drives the AVX2 copy kernel directly, whether or not the
// exported copies use it.
func TestCopyAVX2(t *testing.T) {
	if !haveAVX2 {
		t.Skip("no AVX2")
	}
	r := rand.New(rand.NewPCG(23, 24))
	for n := 32; n < 700; n++ {
		src := randBytes(r, n)
		dst := make([]byte, n+1)
		dst[n] = 0x5a
		copyAVX2(dst, src)
		require.Equal(t, src, dst[:n], n)
		require.Equal(t, byte(0x5a), dst[n])
	}
}

func TestBools(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	lens := append([]int{}, copyLens...)
	for n := 0; n < 300; n++ {
		lens = append(lens, n)
	}
	for _, n := range lens {
		src := make([]byte, n)
		bools := make([]bool, n)
		for i := range src {
			src[i] = byte(r.IntN(2))
			bools[i] = src[i] == 1
		}
		assert.True(t, ValidBools(src), n)
		assert.True(t, validBoolsGo(src), n)
		got := make([]bool, n)
		m, ok := CopyLEToBools(got, src)
		require.True(t, ok)
		require.Equal(t, n, m)
		require.Equal(t, bools, got)
		back := make([]byte, n)
		require.Equal(t, n, CopyBoolsToLE(back, bools))
		require.Equal(t, src, back)

		positions := []int{0, n / 2, n - 1}
		if n <= 300 {
			positions = positions[:0]
			for i := 0; i < n; i++ {
				positions = append(positions, i)
			}
		}
		for _, pos := range positions {
			if pos < 0 {
				continue
			}
			for _, bad := range []byte{2, 0x80, 0xff, 0x03} {
				old := src[pos]
				src[pos] = bad
				require.False(t, ValidBools(src), "n %d pos %d %#x", n, pos, bad)
				require.False(t, validBoolsGo(src), "n %d pos %d %#x", n, pos, bad)
				_, ok := CopyLEToBools(got, src)
				require.False(t, ok, "n %d pos %d %#x", n, pos, bad)
				for i := range got {
					if c := *(*byte)(unsafe.Pointer(&got[i])); c > 1 {
						t.Fatalf("n %d pos %d: invalid bool %#x left in dst[%d]", n, pos, c, i)
					}
				}
				src[pos] = old
			}
		}
	}
}
