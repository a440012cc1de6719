package asm

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// refUvarint64 is the reference varuint64 encoder of the tests: LEB128 for
// up to 8 groups of 7 bits, then the top 8 bits whole.
func refUvarint64(v uint64) []byte {
	var out []byte
	for i := 0; i < 8; i++ {
		if v < 0x80 {
			return append(out, byte(v))
		}
		out = append(out, byte(v&0x7f)|0x80)
		v >>= 7
	}
	return append(out, byte(v))
}

// refUvarint32 is the reference varuint32 encoder (plain LEB128).
func refUvarint32(v uint32) []byte {
	var out []byte
	for v >= 0x80 {
		out = append(out, byte(v&0x7f)|0x80)
		v >>= 7
	}
	return append(out, byte(v))
}

// edges64 returns every power of two with its neighbours, so that every
// encoded length and every length boundary is covered.
func edges64() []uint64 {
	vals := []uint64{0, math.MaxUint64, math.MaxInt64, 1 << 63}
	for k := 0; k < 64; k++ {
		p := uint64(1) << k
		vals = append(vals, p-1, p, p+1, ^p)
	}
	return vals
}

func edges32() []uint32 {
	vals := []uint32{0, math.MaxUint32, math.MaxInt32, 1 << 31}
	for k := 0; k < 32; k++ {
		p := uint32(1) << k
		vals = append(vals, p-1, p, p+1, ^p)
	}
	return vals
}

// mixed64 returns n values whose bit lengths are spread uniformly over
// 0..64, so encoded lengths 1 to 9 all occur.
func mixed64(r *rand.Rand, n int) []uint64 {
	out := make([]uint64, n)
	for i := range out {
		b := r.IntN(65)
		if b == 0 {
			continue
		}
		out[i] = r.Uint64()>>(64-b) | 1<<(b-1)
	}
	return out
}

func mixed32(r *rand.Rand, n int) []uint32 {
	out := make([]uint32, n)
	for i := range out {
		b := r.IntN(33)
		if b == 0 {
			continue
		}
		out[i] = r.Uint32()>>(32-b) | 1<<(b-1)
	}
	return out
}

type put64 struct {
	name string
	fn   func([]byte, uint64) int
}

type get64 struct {
	name string
	fn   func([]byte) (uint64, int)
}

var (
	puts64 = []put64{{"exported", PutUvarint64}, {"call", PutUvarint64Call}, {"go", putUvarint64Go}, {"asm", putUvarint64Asm}}
	gets64 = []get64{{"exported", Uvarint64}, {"go", uvarint64Go}, {"asm", uvarint64Asm}}
	puts32 = []struct {
		name string
		fn   func([]byte, uint32) int
	}{{"exported", PutUvarint32}, {"call", PutUvarint32Call}, {"go", putUvarint32Go}, {"asm", putUvarint32Asm}}
	gets32 = []struct {
		name string
		fn   func([]byte) (uint32, int)
	}{{"exported", Uvarint32}, {"go", uvarint32Go}, {"asm", uvarint32Asm}}
)

func TestKnownVectors(t *testing.T) {
	b := make([]byte, 16)
	n := PutVarint64(b, math.MaxInt64)
	assert.Equal(t, []byte{0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, b[:n])
	n = PutUvarint64(b, math.MaxUint64)
	assert.Equal(t, []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, b[:n])
	n = PutUvarint64(b, 1<<56-1)
	assert.Equal(t, []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f}, b[:n])
	n = PutUvarint64(b, 1<<56)
	assert.Equal(t, []byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01}, b[:n])
	n = PutUvarint32(b, math.MaxUint32)
	assert.Equal(t, []byte{0xff, 0xff, 0xff, 0xff, 0x0f}, b[:n])
	n = PutVarint32(b, -1)
	assert.Equal(t, []byte{0x01}, b[:n])
	n = PutVarint32(b, math.MinInt32)
	assert.Equal(t, []byte{0xff, 0xff, 0xff, 0xff, 0x0f}, b[:n])
	n = PutUvarint32(b, 300)
	assert.Equal(t, []byte{0xac, 0x02}, b[:n])
}

func TestSizeAndZigzag(t *testing.T) {
	for _, v := range edges64() {
		assert.Equal(t, len(refUvarint64(v)), Uvarint64Size(v), v)
		s := int64(v)
		assert.Equal(t, s, Unzigzag64(Zigzag64(s)))
	}
	for _, v := range edges32() {
		assert.Equal(t, len(refUvarint32(v)), Uvarint32Size(v), v)
		s := int32(v)
		assert.Equal(t, s, Unzigzag32(Zigzag32(s)))
	}
	assert.Equal(t, uint64(1), Zigzag64(-1))
	assert.Equal(t, uint64(math.MaxUint64), Zigzag64(math.MinInt64))
	assert.Equal(t, uint32(2), Zigzag32(1))
}

func TestUvarint64Single(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	vals := append(edges64(), mixed64(r, 4000)...)
	pad := []byte{0xff, 0x80, 0x00, 0x7f, 0xff, 0x80, 0xff, 0x80, 0xff}
	for _, v := range vals {
		want := refUvarint64(v)
		for _, p := range puts64 {
			for _, size := range []int{len(want), MaxVarint64Len, 16} {
				b := make([]byte, size)
				n := p.fn(b, v)
				require.Equal(t, len(want), n, "%s put %#x into %d bytes", p.name, v, size)
				require.Equal(t, want, b[:n], "%s put %#x", p.name, v)
			}
			require.Zero(t, p.fn(make([]byte, len(want)-1), v), "%s put %#x short", p.name, v)
		}
		for _, g := range gets64 {
			for extra := 0; extra <= len(pad); extra++ {
				got, n := g.fn(append(append([]byte(nil), want...), pad[:extra]...))
				require.Equal(t, len(want), n, "%s get %#x", g.name, v)
				require.Equal(t, v, got, "%s get %#x", g.name, v)
			}
			for cut := range want {
				_, n := g.fn(want[:cut])
				require.Zero(t, n, "%s get %#x cut at %d", g.name, v, cut)
			}
		}
	}
}

func TestUvarint32Single(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	vals := append(edges32(), mixed32(r, 4000)...)
	pad := []byte{0xff, 0x80, 0x00, 0x7f, 0xff, 0x80, 0xff, 0x80}
	for _, v := range vals {
		want := refUvarint32(v)
		for _, p := range puts32 {
			for _, size := range []int{len(want), MaxVarint32Len, 8, 16} {
				b := make([]byte, size)
				n := p.fn(b, v)
				require.Equal(t, len(want), n, "%s put %#x into %d bytes", p.name, v, size)
				require.Equal(t, want, b[:n], "%s put %#x", p.name, v)
			}
			require.Zero(t, p.fn(make([]byte, len(want)-1), v), "%s put %#x short", p.name, v)
		}
		for _, g := range gets32 {
			for extra := 0; extra <= len(pad); extra++ {
				got, n := g.fn(append(append([]byte(nil), want...), pad[:extra]...))
				require.Equal(t, len(want), n, "%s get %#x", g.name, v)
				require.Equal(t, v, got, "%s get %#x", g.name, v)
			}
			for cut := range want {
				_, n := g.fn(want[:cut])
				require.Zero(t, n, "%s get %#x cut at %d", g.name, v, cut)
			}
		}
	}
}

// TestUvarint32Malformed covers overlong and out-of-range varuint32s.
func TestUvarint32Malformed(t *testing.T) {
	cases := [][]byte{
		{0x80, 0x80, 0x80, 0x80, 0x80},
		{0xff, 0xff, 0xff, 0xff, 0xff, 0x01},
		{0xff, 0xff, 0xff, 0xff, 0x10},
		{0x80, 0x80, 0x80, 0x80, 0x7f},
		{0xff, 0xff, 0xff, 0xff, 0x1f},
	}
	for c := 0x10; c < 0x80; c++ {
		cases = append(cases, []byte{0x81, 0x82, 0x83, 0x84, byte(c)})
	}
	pad := []byte{0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00}
	for _, in := range cases {
		for _, g := range gets32 {
			for extra := 0; extra <= len(pad); extra++ {
				v, n := g.fn(append(append([]byte(nil), in...), pad[:extra]...))
				require.Equal(t, -1, n, "%s get % x", g.name, in)
				require.Zero(t, v)
			}
		}
	}
	// Non-minimal but in-range encodings are accepted.
	for _, g := range gets32 {
		v, n := g.fn([]byte{0x80, 0x80, 0x80, 0x80, 0x00})
		assert.Equal(t, 5, n, g.name)
		assert.Zero(t, v, g.name)
		v, n = g.fn([]byte{0x81, 0x00})
		assert.Equal(t, 2, n, g.name)
		assert.Equal(t, uint32(1), v, g.name)
	}
	// A 5-byte varuint32 that ends the buffer exactly, and a cut one.
	for _, g := range gets32 {
		_, n := g.fn([]byte{0x80, 0x80, 0x80, 0x80})
		assert.Equal(t, 0, n, g.name)
	}
}

func TestSignedSingle(t *testing.T) {
	b := make([]byte, 16)
	for _, u := range edges64() {
		v := int64(u)
		n := PutVarint64(b, v)
		assert.Equal(t, refUvarint64(Zigzag64(v)), b[:n])
		assert.Equal(t, n, PutVarint64Call(b, v))
		got, m := Varint64(b[:n])
		assert.Equal(t, v, got)
		assert.Equal(t, n, m)
	}
	for _, u := range edges32() {
		v := int32(u)
		n := PutVarint32(b, v)
		assert.Equal(t, refUvarint32(Zigzag32(v)), b[:n])
		assert.Equal(t, n, PutVarint32Call(b, v))
		got, m := Varint32(b[:n])
		assert.Equal(t, v, got)
		assert.Equal(t, n, m)
	}
}

// bulkCase is one bulk kernel family, typed over int64 for the test driver.
type bulkCase struct {
	name   string
	maxLen int
	// put encodes vals (converted to the kernel's type).
	put func(dst []byte, vals []uint64, useAsm bool) (int, error)
	// get decodes n values.
	get func(dst []uint64, src []byte, useAsm bool) (int, error)
	// ref encodes one value.
	ref func(uint64) []byte
	// gen makes n mixed-size values.
	gen func(r *rand.Rand, n int) []uint64
}

func conv[T, U uint32 | int32 | uint64 | int64](in []U) []T {
	out := make([]T, len(in))
	for i, v := range in {
		out[i] = T(v)
	}
	return out
}

func gen32(r *rand.Rand, n int) []uint64 { return conv[uint64](mixed32(r, n)) }

var bulkCases = []bulkCase{
	{
		name: "Uvarint64", maxLen: MaxVarint64Len, ref: refUvarint64, gen: mixed64,
		put: func(dst []byte, vals []uint64, a bool) (int, error) { return putUvarint64s(dst, vals, a) },
		get: func(dst []uint64, src []byte, a bool) (int, error) { return uvarint64s(dst, src, a) },
	},
	{
		name: "Varint64", maxLen: MaxVarint64Len, gen: mixed64,
		ref: func(v uint64) []byte { return refUvarint64(Zigzag64(int64(v))) },
		put: func(dst []byte, vals []uint64, a bool) (int, error) {
			return putVarint64s(dst, conv[int64](vals), a)
		},
		get: func(dst []uint64, src []byte, a bool) (int, error) {
			tmp := make([]int64, len(dst))
			n, err := varint64s(tmp, src, a)
			copy(dst, conv[uint64](tmp))
			return n, err
		},
	},
	{
		name: "Uvarint32", maxLen: MaxVarint32Len, gen: gen32,
		ref: func(v uint64) []byte { return refUvarint32(uint32(v)) },
		put: func(dst []byte, vals []uint64, a bool) (int, error) {
			return putUvarint32s(dst, conv[uint32](vals), a)
		},
		get: func(dst []uint64, src []byte, a bool) (int, error) {
			tmp := make([]uint32, len(dst))
			n, err := uvarint32s(tmp, src, a)
			copy(dst, conv[uint64](tmp))
			return n, err
		},
	},
	{
		name: "Varint32", maxLen: MaxVarint32Len, gen: gen32,
		ref: func(v uint64) []byte { return refUvarint32(Zigzag32(int32(uint32(v)))) },
		put: func(dst []byte, vals []uint64, a bool) (int, error) {
			return putVarint32s(dst, conv[int32](conv[uint32](vals)), a)
		},
		get: func(dst []uint64, src []byte, a bool) (int, error) {
			tmp := make([]int32, len(dst))
			n, err := varint32s(tmp, src, a)
			copy(dst, conv[uint64](conv[uint32](tmp)))
			return n, err
		},
	},
}

func refStream(c bulkCase, vals []uint64) []byte {
	out := []byte{}
	for _, v := range vals {
		out = append(out, c.ref(v)...)
	}
	return out
}

func TestBulkRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, c := range bulkCases {
		t.Run(c.name, func(t *testing.T) {
			sizes := []int{0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 64, 100, 1000, 4096}
			for _, n := range sizes {
				for rep := 0; rep < 5; rep++ {
					vals := c.gen(r, n)
					if rep == 0 {
						// Edge values, repeated to length n.
						for i := range vals {
							e := edges64()
							vals[i] = e[i%len(e)]
						}
						if c.maxLen == MaxVarint32Len {
							vals = conv[uint64](conv[uint32](vals))
						}
					}
					checkBulk(t, c, vals)
				}
			}
		})
	}
}

// checkBulk encodes and decodes vals with the assembly and Go paths and
// compares them with the reference stream.
func checkBulk(t *testing.T, c bulkCase, vals []uint64) {
	t.Helper()
	want := refStream(c, vals)
	for _, useAsm := range []bool{false, true} {
		name := fmt.Sprintf("%s asm=%v n=%d", c.name, useAsm, len(vals))
		dst := make([]byte, c.maxLen*len(vals))
		n, err := c.put(dst, vals, useAsm)
		require.NoError(t, err, name)
		require.Equal(t, want, dst[:n], name)
		// Exactly sized destination.
		dst = make([]byte, len(want))
		n, err = c.put(dst, vals, useAsm)
		require.NoError(t, err, name)
		require.Equal(t, want, dst[:n], name)

		got := make([]uint64, len(vals))
		n, err = c.get(got, want, useAsm)
		require.NoError(t, err, name)
		require.Equal(t, len(want), n, name)
		if diff := cmp.Diff(vals, got); diff != "" {
			t.Fatalf("%s decode mismatch (-want +got):\n%s", name, diff)
		}
		// Trailing bytes are left alone.
		n, err = c.get(got, append(append([]byte(nil), want...), 0xff, 0xff, 0xff), useAsm)
		require.NoError(t, err, name)
		require.Equal(t, len(want), n, name)
	}
}

func TestBulkTruncatedAndShort(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, c := range bulkCases {
		t.Run(c.name, func(t *testing.T) {
			for _, n := range []int{1, 2, 5, 20, 300} {
				vals := c.gen(r, n)
				want := refStream(c, vals)
				cuts := make([]int, 0, len(want))
				for cut := range want {
					cuts = append(cuts, cut)
				}
				for _, cut := range cuts {
					for _, useAsm := range []bool{false, true} {
						got := make([]uint64, n)
						_, err := c.get(got, want[:cut], useAsm)
						require.ErrorIs(t, err, ErrTruncated, "asm=%v cut %d of %d", useAsm, cut, len(want))

						dst := make([]byte, cut)
						m, err := c.put(dst, vals, useAsm)
						require.ErrorIs(t, err, ErrShortBuffer, "asm=%v dst %d of %d", useAsm, cut, len(want))
						require.LessOrEqual(t, m, cut)
						require.Equal(t, want[:m], dst[:m])
					}
				}
			}
		})
	}
}

func TestBulk32Malformed(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	bad := [][]byte{
		{0x80, 0x80, 0x80, 0x80, 0x80, 0x00},
		{0xff, 0xff, 0xff, 0xff, 0x10},
		{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01},
	}
	for _, n := range []int{1, 2, 10, 100} {
		vals := mixed32(r, n)
		for pos := 0; pos < n; pos++ {
			for _, b := range bad {
				var src []byte
				for i, v := range vals {
					if i == pos {
						src = append(src, b...)
						continue
					}
					src = append(src, refUvarint32(v)...)
				}
				for _, useAsm := range []bool{false, true} {
					_, err := uvarint32s(make([]uint32, n), src, useAsm)
					require.ErrorIs(t, err, ErrOverflow, "asm=%v pos %d % x", useAsm, pos, b)
					_, err = varint32s(make([]int32, n), src, useAsm)
					require.ErrorIs(t, err, ErrOverflow, "asm=%v pos %d % x", useAsm, pos, b)
				}
			}
		}
	}
}

// TestExportedBulk checks the exported wrappers against the internal paths.
func TestExportedBulk(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	u64 := mixed64(r, 500)
	b := make([]byte, MaxVarint64Len*len(u64))
	n, err := PutUvarint64s(b, u64)
	require.NoError(t, err)
	got := make([]uint64, len(u64))
	m, err := Uvarint64s(got, b[:n])
	require.NoError(t, err)
	assert.Equal(t, n, m)
	assert.Equal(t, u64, got)

	i64 := conv[int64](u64)
	n, err = PutVarint64s(b, i64)
	require.NoError(t, err)
	gi := make([]int64, len(i64))
	_, err = Varint64s(gi, b[:n])
	require.NoError(t, err)
	assert.Equal(t, i64, gi)

	u32 := mixed32(r, 500)
	n, err = PutUvarint32s(b, u32)
	require.NoError(t, err)
	g32 := make([]uint32, len(u32))
	_, err = Uvarint32s(g32, b[:n])
	require.NoError(t, err)
	assert.Equal(t, u32, g32)

	i32 := conv[int32](u32)
	n, err = PutVarint32s(b, i32)
	require.NoError(t, err)
	gi32 := make([]int32, len(i32))
	_, err = Varint32s(gi32, b[:n])
	require.NoError(t, err)
	assert.Equal(t, i32, gi32)
}
