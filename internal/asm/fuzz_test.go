package asm

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/require"
)

// The fuzz targets compare the assembly paths with the Go code on arbitrary
// input. Without assembly both sides run the Go code.

func fuzzSeeds(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0x00})
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0x0f})
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0x10, 0x00, 0x00, 0x00})
	f.Add([]byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01})
	f.Add([]byte{0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x05, 0xac, 0x02})
}

func FuzzUvarint32(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		v1, n1 := uvarint32Go(data)
		v2, n2 := uvarint32Asm(data)
		v3, n3 := Uvarint32(data)
		require.Equal(t, n1, n2)
		require.Equal(t, v1, v2)
		require.Equal(t, n1, n3)
		require.Equal(t, v1, v3)
		for _, count := range []int{0, 1, 2, 3, 8} {
			a, b := make([]uint32, count), make([]uint32, count)
			na, ea := uvarint32s(a, data, false)
			nb, eb := uvarint32s(b, data, true)
			require.Equal(t, ea, eb)
			if ea == nil {
				require.Equal(t, na, nb)
				require.Equal(t, a, b)
			}
			sa, sb := make([]int32, count), make([]int32, count)
			na, ea = varint32s(sa, data, false)
			nb, eb = varint32s(sb, data, true)
			require.Equal(t, ea, eb)
			if ea == nil {
				require.Equal(t, na, nb)
				require.Equal(t, sa, sb)
			}
		}
	})
}

func FuzzUvarint64(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		v1, n1 := uvarint64Go(data)
		v2, n2 := uvarint64Asm(data)
		v3, n3 := Uvarint64(data)
		require.Equal(t, n1, n2)
		require.Equal(t, v1, v2)
		require.Equal(t, n1, n3)
		require.Equal(t, v1, v3)
		if n1 > 0 {
			// Re-encoding a decoded value gives a canonical form that decodes
			// to the same value.
			b := make([]byte, MaxVarint64Len)
			m := putUvarint64Asm(b, v1)
			require.Equal(t, Uvarint64Size(v1), m)
			w, k := uvarint64Go(b[:m])
			require.Equal(t, v1, w)
			require.Equal(t, m, k)
		}
		for _, count := range []int{0, 1, 2, 3, 8} {
			a, b := make([]uint64, count), make([]uint64, count)
			na, ea := uvarint64s(a, data, false)
			nb, eb := uvarint64s(b, data, true)
			require.Equal(t, ea, eb)
			if ea == nil {
				require.Equal(t, na, nb)
				require.Equal(t, a, b)
			}
			sa, sb := make([]int64, count), make([]int64, count)
			na, ea = varint64s(sa, data, false)
			nb, eb = varint64s(sb, data, true)
			require.Equal(t, ea, eb)
			if ea == nil {
				require.Equal(t, na, nb)
				require.Equal(t, sa, sb)
			}
		}
	})
}

// FuzzPutVarints reads data as 64-bit and 32-bit values and compares the
// encoders, including with a destination that is too short.
func FuzzPutVarints(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		short := int(data[0])
		data = data[1:]
		u64 := make([]uint64, len(data)/8)
		for i := range u64 {
			u64[i] = binary.LittleEndian.Uint64(data[8*i:])
		}
		u32 := make([]uint32, len(data)/4)
		for i := range u32 {
			u32[i] = binary.LittleEndian.Uint32(data[4*i:])
		}
		i64, i32 := conv[int64](u64), conv[int32](u32)
		for _, size := range []int{MaxVarint64Len * len(u64), short} {
			a, b := make([]byte, size), make([]byte, size)
			na, ea := putUvarint64s(a, u64, false)
			nb, eb := putUvarint64s(b, u64, true)
			require.Equal(t, ea, eb)
			require.Equal(t, na, nb)
			require.Equal(t, a[:na], b[:nb])
			if ea == nil {
				got := make([]uint64, len(u64))
				n, err := uvarint64s(got, b[:nb], true)
				require.NoError(t, err)
				require.Equal(t, nb, n)
				require.Equal(t, u64, got)
			}
			na, ea = putVarint64s(a, i64, false)
			nb, eb = putVarint64s(b, i64, true)
			require.Equal(t, ea, eb)
			require.Equal(t, a[:na], b[:nb])
		}
		for _, size := range []int{MaxVarint32Len * len(u32), short} {
			a, b := make([]byte, size), make([]byte, size)
			na, ea := putUvarint32s(a, u32, false)
			nb, eb := putUvarint32s(b, u32, true)
			require.Equal(t, ea, eb)
			require.Equal(t, a[:na], b[:nb])
			if ea == nil {
				got := make([]uint32, len(u32))
				n, err := uvarint32s(got, b[:nb], true)
				require.NoError(t, err)
				require.Equal(t, nb, n)
				require.Equal(t, u32, got)
			}
			na, ea = putVarint32s(a, i32, false)
			nb, eb = putVarint32s(b, i32, true)
			require.Equal(t, ea, eb)
			require.Equal(t, a[:na], b[:nb])
		}
	})
}

func FuzzBools(f *testing.F) {
	f.Add([]byte{0, 1, 1, 0})
	f.Add(make([]byte, 100))
	f.Fuzz(func(t *testing.T, data []byte) {
		want := validBoolsGo(data)
		ok := true
		for _, c := range data {
			ok = ok && c <= 1
		}
		require.Equal(t, ok, want)
		require.Equal(t, want, ValidBools(data))
		dst := make([]bool, len(data))
		n, got := CopyLEToBools(dst, data)
		require.Equal(t, len(data), n)
		require.Equal(t, want, got)
		if want {
			back := make([]byte, len(data))
			CopyBoolsToLE(back, dst)
			require.Equal(t, data, back)
		}
	})
}
