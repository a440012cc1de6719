package fury

import (
	"encoding/binary"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// refWriteString is the compact string encoding (WithCompactStrings)
// spelled out rune by rune: the reference the optimized
// ByteBuffer.WriteString is held to.
func refWriteString(s string) []byte {
	latin1, bmp := true, true
	for _, r := range s {
		latin1 = latin1 && r <= 0xff
		bmp = bmp && r <= 0xffff
	}
	var body []byte
	enc := uint64(strUTF8)
	switch {
	case latin1:
		enc = strLatin1
		for _, r := range s {
			body = append(body, byte(r))
		}
	case bmp:
		enc = strUTF16
		for _, r := range s {
			body = binary.LittleEndian.AppendUint16(body, uint16(r))
		}
	default:
		body = []byte(s)
	}
	out := binary.AppendUvarint(nil, uint64(len(body))<<2|enc)
	return append(out, body...)
}

// randomString mixes ASCII runs with latin1, BMP and astral runes.
func randomString(rng *rand.Rand) string {
	alphabets := [][]rune{
		[]rune("abcdefghijklmnopqrstuvwxyz0123456789 /.:"),
		[]rune("éüßñ\u00ff\u0080"),
		[]rune("\u1234\u4e2d\u6587\u0800\u07ff\uffff"),
		[]rune("\U0001F389\U00010000\U0010FFFF"),
	}
	kinds := rng.IntN(4) + 1
	n := rng.IntN(70)
	rs := make([]rune, n)
	for i := range rs {
		a := alphabets[0]
		if rng.IntN(6) == 0 {
			a = alphabets[rng.IntN(kinds)]
		}
		rs[i] = a[rng.IntN(len(a))]
	}
	return string(rs)
}

func TestWriteStringMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cases := []string{"", "a", "abcdefg", "abcdefgh", "abcdefghi", "0123456789abcdef", "0123456789abcdefX",
		"é", "abcdefghijklmnoé", "abcdefghijklmnopé", "\u1234", "abcd\u1234", "\U0001F389", strings32()}
	// Invalid UTF-8 (each bad byte travels as U+FFFD): stray and truncated
	// sequences, overlong forms, surrogates, beyond U+10FFFF.
	cases = append(cases, "\xff", "a\xc3", "\xc3(", "\xc0\x80", "\xe0\x80\x80", "\xed\xa0\x80", "\xe4\xb8",
		"ab\xe4\xb8\xad\xe4", "\xf4\x90\x80\x80", "\xf0\x9f\x8e", "é\x80", "\u1234\xc3")
	for range 3000 {
		cases = append(cases, randomString(rng))
	}
	for range 500 {
		b := []byte(randomString(rng) + "\u4e2d")
		b[rng.IntN(len(b))] = byte(rng.Uint32())
		cases = append(cases, string(b), strings.Repeat(string(b), 1+rng.IntN(4)))
	}
	buf := NewByteBuffer(nil)
	for _, s := range cases {
		checkString(t, buf, s)
	}
}

// checkString holds both encodings of s to their references and decodes
// them: the default (UTF-8, s's bytes as they are) and the compact one.
func checkString(t *testing.T, buf *ByteBuffer, s string) {
	for _, compact := range []bool{false, true} {
		buf.Reset()
		buf.compactStrings = compact
		buf.WriteString(s)
		buf.compactStrings = false
		want, back := append(binary.AppendUvarint(nil, uint64(len(s))<<2|strUTF8), s...), s
		if compact {
			want, back = refWriteString(s), roundTripped(s)
		}
		require.Equal(t, want, buf.Bytes(), "%q compact %v", s, compact)
		buf.beginSlab()
		got, err := buf.ReadString()
		buf.endSlab()
		require.NoError(t, err)
		require.Equal(t, back, got, "%q compact %v", s, compact)
		require.Zero(t, buf.Remaining())
	}
}

// roundTripped is what decoding the encoding of s gives: invalid UTF-8
// bytes become U+FFFD in latin1 and UTF-16; UTF-8 keeps s's bytes.
func roundTripped(s string) string {
	for _, r := range s {
		if r > 0xffff {
			return s
		}
	}
	return string([]rune(s))
}

func strings32() string {
	b := make([]byte, 40)
	for i := range b {
		b[i] = 'a' + byte(i%26)
	}
	return string(b)
}

func TestAsciiPrefix(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := range 80 {
		for range 40 {
			b := make([]byte, n)
			for i := range b {
				b[i] = byte(rng.IntN(0x80))
			}
			want := n
			if n > 0 && rng.IntN(3) > 0 {
				want = rng.IntN(n)
				b[want] = 0x80 | byte(rng.IntN(0x80))
			}
			require.Equal(t, want, asciiPrefix(string(b)), "%q", b)
		}
	}
}

func TestDecodeUTF16(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	units := []uint16{'a', 'z', 0x7f, 0x80, 0x7ff, 0x800, 0x1234, 0xffff, 0xd800, 0xdbff, 0xdc00, 0xdfff}
	buf := NewByteBuffer(nil)
	for range 5000 {
		u := make([]uint16, rng.IntN(24))
		for i := range u {
			if rng.IntN(3) == 0 {
				u[i] = units[rng.IntN(len(units))]
			} else {
				u[i] = 'a' + uint16(rng.IntN(26))
			}
		}
		p := make([]byte, 2*len(u))
		for i, c := range u {
			binary.LittleEndian.PutUint16(p[2*i:], c)
		}
		want := string(utf16.Decode(u)) // unpaired surrogates become U+FFFD
		got := buf.decodeUTF16(p)
		require.Equal(t, want, got, "%x", u)
		require.True(t, utf8.ValidString(got))
	}
}

// A decode carves strings and primitive slices from shared blocks: few
// allocations, and no piece can be grown into its neighbor.
func TestDecodedValuesShareBlocks(t *testing.T) {
	type T struct {
		A, B, C string
		X       []int32
		Y       []float64
		Z       []byte
		W       []bool
	}
	f := New()
	require.NoError(t, f.Register(T{}, 300))
	in := T{A: "http://example.com/a", B: "h\u00e9llo", C: "video/theora\u1234",
		X: []int32{1, 2, 3}, Y: []float64{1.5, 2.5}, Z: []byte("raw"), W: []bool{true, false}}
	data, err := f.Marshal(in)
	require.NoError(t, err)
	var out T
	allocs := testing.AllocsPerRun(50, func() {
		out = T{}
		require.NoError(t, f.Unmarshal(data, &out))
	})
	require.Empty(t, cmp.Diff(in, out))
	require.LessOrEqual(t, allocs, float64(1))

	// Growing one piece must not overwrite the next.
	require.Equal(t, len(out.X), cap(out.X))
	out.X = append(out.X, 99)
	out.Z = append(out.Z, '!')
	require.Empty(t, cmp.Diff([]float64{1.5, 2.5}, out.Y))
	require.Equal(t, []bool{true, false}, out.W)
	require.Equal(t, "http://example.com/a", out.A)

	// 8-byte elements are aligned.
	require.Zero(t, uintptr(unsafe.Pointer(unsafe.SliceData(out.Y)))%8)

	// A later decode does not write into an earlier result's block.
	keep := out
	require.NoError(t, f.Unmarshal(data, &T{}))
	require.Empty(t, cmp.Diff(in.A, keep.A))
	require.Empty(t, cmp.Diff(in.Y, keep.Y))
}

func TestAllocLargePiecesAndEmpty(t *testing.T) {
	var b ByteBuffer
	b.beginSlab()
	defer b.endSlab()
	e := b.alloc(0)
	require.NotNil(t, e)
	require.Empty(t, e)
	big := b.alloc(slabPiece + 1)
	require.Len(t, big, slabPiece+1)
	require.Equal(t, len(big), cap(big))
	for i := range 100 {
		p := b.alloc(i%13 + 1)
		require.Len(t, p, i%13+1)
		require.Equal(t, len(p), cap(p))
		require.Zero(t, uintptr(unsafe.Pointer(&p[0]))%8)
	}
}

func TestShrinkHandsBackTheTail(t *testing.T) {
	var b ByteBuffer
	b.SetBytes(make([]byte, 100))
	b.beginSlab()
	defer b.endSlab()
	p := b.alloc(30)
	off := b.slabOff
	p = b.shrink(p, 5)
	require.Len(t, p, 5)
	require.Equal(t, 5, cap(p))
	require.Less(t, b.slabOff, off)
	q := b.alloc(8)
	require.Equal(t, uintptr(unsafe.Pointer(&p[0]))+8, uintptr(unsafe.Pointer(&q[0])))
	// Only the last piece can shrink.
	off = b.slabOff
	b.shrink(p, 1)
	require.Equal(t, off, b.slabOff)
}

// FuzzWriteString holds the string encoder to the reference on arbitrary
// strings, valid UTF-8 or not, and checks the round trip.
func FuzzWriteString(f *testing.F) {
	for _, s := range []string{"", "abc", "é", "\u4e2d\u6587", "\U0001F389", "\xff", "a\xe4\xb8", strings32() + "\u1234"} {
		f.Add(s)
	}
	buf := NewByteBuffer(nil)
	f.Fuzz(func(t *testing.T, s string) { checkString(t, buf, s) })
}
