package furyrt

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// refWriteString is the compact string encoding (WithCompactStrings)
// spelled out rune by rune: the reference the optimized
// Buffer.WriteString is held to.
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
	buf := NewBuffer(nil)
	for _, s := range cases {
		checkString(t, buf, s)
	}
}

// checkString holds both encodings of s to their references and decodes
// them: the default (UTF-8, s's bytes as they are) and the compact one.
func checkString(t *testing.T, buf *Buffer, s string) {
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
		buf.BeginSlab()
		got, err := buf.ReadString()
		buf.EndSlab()
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
	buf := NewBuffer(nil)
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

// Alloc's pieces, of their own or carved from shared blocks, have cap ==
// len, are zero and aligned as Alloc says: to 8 bytes, or for a piece of
// its own under 16 bytes to the largest power of two up to 8 dividing n.
func TestAllocLargePiecesAndEmpty(t *testing.T) {
	for _, shared := range []bool{false, true} {
		var b Buffer
		b.SetSharedBlocks(shared)
		b.BeginSlab()
		e := b.Alloc(0)
		require.NotNil(t, e)
		require.Empty(t, e)
		big := b.Alloc(slabPiece + 1)
		require.Len(t, big, slabPiece+1)
		require.Equal(t, len(big), cap(big))
		for i := range 100 {
			n := i%13 + 1
			p := b.Alloc(n)
			require.Len(t, p, n)
			require.Equal(t, len(p), cap(p))
			require.Equal(t, make([]byte, n), p)
			align := uintptr(8)
			if !shared && n < 16 {
				align = min(uintptr(n&-n), 8)
			}
			require.Zero(t, uintptr(unsafe.Pointer(&p[0]))%align, "shared %v, n %d", shared, n)
			p[0] = 1 // no piece is handed out twice

			// AllocCopy: the same charge, cap == len and alignment.
			src := bytes.Repeat([]byte{byte(n)}, n)
			before := b.Budget()
			c := b.AllocCopy(src)
			require.Equal(t, src, c)
			require.Equal(t, len(c), cap(c))
			require.Equal(t, int64((n+7)&^7), before-b.Budget())
			require.Zero(t, uintptr(unsafe.Pointer(&c[0]))%align, "shared %v, n %d", shared, n)
		}
		require.Equal(t, shared, b.slab != nil, "shared %v: a slab", shared)
		b.EndSlab()
	}
}

func TestShrinkHandsBackTheTail(t *testing.T) {
	var b Buffer
	b.SetSharedBlocks(true)
	b.SetBytes(make([]byte, 100))
	b.BeginSlab()
	defer b.EndSlab()
	p := b.Alloc(30)
	off := b.slabOff
	p = b.shrink(p, 5)
	require.Len(t, p, 5)
	require.Equal(t, 5, cap(p))
	require.Less(t, b.slabOff, off)
	q := b.Alloc(8)
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
	buf := NewBuffer(nil)
	f.Fuzz(func(t *testing.T, s string) { checkString(t, buf, s) })
}

func TestWritePackedAndTruncate(t *testing.T) {
	b := NewBuffer(make([]byte, 0, 3))
	b.WriteUint8(7)
	b.WritePacked(0x0807060504030201, 3)
	require.Equal(t, []byte{7, 1, 2, 3}, b.Bytes())
	b.WritePacked(0x0807060504030201, 8)
	require.Equal(t, []byte{7, 1, 2, 3, 1, 2, 3, 4, 5, 6, 7, 8}, b.Bytes())
	b.WritePacked(0, 0)
	require.Equal(t, 12, b.Len())

	_ = b.Skip(5)
	b.Truncate(4)
	require.Equal(t, []byte{7, 1, 2, 3}, b.Bytes())
	require.Equal(t, 4, b.ReaderIndex(), "the read offset stays within the bytes")
	b.Truncate(-1)
	b.Truncate(99)
	require.Equal(t, 4, b.Len(), "out-of-range lengths are ignored")
}

// TestPutString holds PutString to WriteString's UTF-8 form: the same bytes
// for short (one-byte header) and long strings, ASCII or not.
func TestPutString(t *testing.T) {
	// Golden: "héllo" is 6 UTF-8 bytes, header 6<<2|2.
	dst := make([]byte, 6+9)
	n := PutString(dst, "héllo")
	require.Equal(t, []byte{0x1a, 'h', 0xc3, 0xa9, 'l', 'l', 'o'}, dst[:n])
	for _, s := range []string{"", "a", strings.Repeat("x", 31), strings.Repeat("y", 32), strings.Repeat("é", 100),
		strings.Repeat("z", 1<<14)} {
		var want Buffer
		want.WriteString(s)
		dst := make([]byte, len(s)+9)
		n := PutString(dst, s)
		require.Equal(t, want.Bytes(), dst[:n], "len %d", len(s))
	}
}

// TestReadStringShortForms reads runs of UTF-8 strings of every length
// around ReadString's inline copies (overlapping words for 4 to 16 bytes,
// memmove otherwise, a fresh slab when the current one is full), at the
// end of the input and before more of it, and checks every string once
// all are read (a copy spilling into a neighbor would show).
func TestReadStringShortForms(t *testing.T) {
	for n := 0; n <= 40; n++ {
		for count := 1; count <= 9; count++ {
			var w Buffer
			var want []string
			for i := 0; i < count; i++ {
				s := make([]byte, n+i%3)
				for j := range s {
					s[j] = byte('a' + (i*7+j)%26)
				}
				want = append(want, string(s))
				w.WriteString(string(s))
			}
			r := NewBuffer(w.Bytes())
			r.BeginSlab()
			var got []string
			for range want {
				s, err := r.ReadString()
				if err != nil {
					t.Fatalf("n=%d count=%d: %v", n, count, err)
				}
				got = append(got, s)
			}
			r.EndSlab()
			if r.Remaining() != 0 {
				t.Fatalf("n=%d count=%d: %d bytes left", n, count, r.Remaining())
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("n=%d count=%d: string %d is %q, want %q", n, count, i, got[i], want[i])
				}
			}
			// Truncated: every cut is an error, never a panic.
			for cut := 0; cut < len(w.Bytes()); cut++ {
				r := NewBuffer(w.Bytes()[:cut])
				r.BeginSlab()
				for {
					if _, err := r.ReadString(); err != nil {
						break
					}
					if r.Remaining() == 0 {
						break
					}
				}
				r.EndSlab()
			}
		}
	}
}

// TestLatin1UndoLeavesAllocZeroed: ReadString copies a latin1 string into
// the slab as ASCII first; when a byte turns out not to be ASCII the piece
// goes back to the slab, and what comes after it from Alloc must still be
// zeroed, also when the UTF-8 form is too long for the slab and takes an
// allocation of its own.
func TestLatin1UndoLeavesAllocZeroed(t *testing.T) {
	for _, n := range []int{3, 7, 12, 40, 100, 600, slabPiece} {
		s := strings.Repeat("\xe9", n) // é in latin1: twice as long in UTF-8
		var in []byte
		in = binary.AppendUvarint(in, uint64(n)<<2|strLatin1)
		in = append(in, s...)
		var b Buffer
		b.SetBytes(in)
		b.BeginSlab()
		got, err := b.ReadString()
		require.NoError(t, err)
		require.Equal(t, strings.Repeat("é", n), got)
		for range 4 {
			p := b.Alloc(n)
			require.Equal(t, make([]byte, n), p, "n=%d", n)
		}
		b.EndSlab()
	}
}
