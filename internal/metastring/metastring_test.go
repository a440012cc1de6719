package metastring

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/internal/murmur3"
)

func mustEncode(t *testing.T, e Encoder, s string, allowed ...Encoding) (Encoding, []byte) {
	t.Helper()
	enc, b, err := e.Encode(s, allowed...)
	require.NoError(t, err)
	return enc, b
}

// TestWireFacts pins the bytes observed from the peers for
// `Foo(f1: Int32, f2: str)` registered as "example.Foo".
func TestWireFacts(t *testing.T) {
	// Schema-consistent named type, as pyfory writes it: namespace chosen
	// among all encodings -> LowerSpecial: `0a 01 12 e0 63 d6 40`.
	enc, b := mustEncode(t, NamespaceEncoder, "example")
	assert.Equal(t, LowerSpecial, enc)
	assert.Equal(t, []byte{0x12, 0xe0, 0x63, 0xd6, 0x40}, b)

	// Java (and this package's rule for the namespace set) picks
	// AllToLowerSpecial; the data bytes are the same.
	enc, b = mustEncode(t, NamespaceEncoder, "example", NamespaceEncodings[:]...)
	assert.Equal(t, AllToLowerSpecial, enc)
	assert.Equal(t, []byte{0x12, 0xe0, 0x63, 0xd6, 0x40}, b)
	// TypeDef namespace header: (len << 2) | index in NamespaceEncodings.
	assert.Equal(t, byte(0x15), byte(len(b)<<2|IndexOf(NamespaceEncodings[:], enc)))

	// Type name "Foo": FirstToLowerSpecial `15 ce` under both rules;
	// TypeDef header `0b` = (2 << 2) | 3.
	for _, allowed := range [][]Encoding{nil, TypeNameEncodings[:]} {
		enc, b = mustEncode(t, TypeNameEncoder, "Foo", allowed...)
		assert.Equal(t, FirstToLowerSpecial, enc)
		assert.Equal(t, []byte{0x15, 0xce}, b)
	}
	assert.Equal(t, byte(0x0b), byte(len(b)<<2|IndexOf(TypeNameEncodings[:], enc)))

	// Field names in a TypeDef: `84 05 0b a8` and `84 15 0b b0`, the header
	// holding the encoding index (2 = LowerUpperDigitSpecial) in bits 6-7 and
	// len-1 in bits 2-5.
	for name, want := range map[string][]byte{"f1": {0x0b, 0xa8}, "f2": {0x0b, 0xb0}} {
		enc, b = mustEncode(t, FieldNameEncoder, name, FieldNameEncodings[:]...)
		assert.Equal(t, LowerUpperDigitSpecial, enc)
		assert.Equal(t, want, b)
		assert.Equal(t, byte(0x84), byte(IndexOf(FieldNameEncodings[:], enc)<<6|(len(b)-1)<<2))
	}
}

// TestLongNamespaceHash pins the 8-byte hashes both peers write for a long
// namespace in a schema-consistent named type:
//
//	pyfory:   01 ff 1d 28 01 9c a3 51 7a 4b aa f3 09 cc d1 ...
//	fory-core 01 ff 1d 28 04 63 5c ae 85 b4 55 0c 09 cc d1 ...
//
// Each peer rejects the other's ("Malformed meta string hash").
func TestLongNamespaceHash(t *testing.T) {
	const ns = "com.example.very.long.namespace"
	wantData := []byte{0x09, 0xcc, 0xd1, 0x2e, 0x06, 0x3d, 0x64, 0xd5, 0x49, 0x1c,
		0x69, 0x6e, 0x69, 0xb4, 0xd0, 0x30, 0x92, 0x78, 0x04, 0x40}

	enc, b := mustEncode(t, NamespaceEncoder, ns, NamespaceEncodings[:]...)
	assert.Equal(t, AllToLowerSpecial, enc)
	assert.Equal(t, wantData, b)
	assert.Greater(t, len(b), SmallThreshold)
	javaHash := le(0x04, 0x63, 0x5c, 0xae, 0x85, 0xb4, 0x55, 0x0c)
	assert.Equal(t, javaHash, Hash(b, enc))

	enc, b = mustEncode(t, NamespaceEncoder, ns)
	assert.Equal(t, LowerSpecial, enc)
	assert.Equal(t, wantData, b)
	pyHash := le(0x01, 0x9c, 0xa3, 0x51, 0x7a, 0x4b, 0xaa, 0xf3)
	assert.Equal(t, pyHash, PythonHash(b, enc))

	for _, h := range []uint64{javaHash, pyHash, Hash(b, LowerSpecial), PythonHash(b, AllToLowerSpecial)} {
		got, err := CheckHash(h, b)
		require.NoError(t, err)
		assert.Equal(t, Encoding(h&0xff), got)
	}
	_, err := CheckHash(javaHash^0x100, b)
	assert.ErrorIs(t, err, ErrInvalidData)
	_, err = CheckHash(javaHash&^0xff|7, b)
	assert.ErrorIs(t, err, ErrInvalidEncoding)

	// Java's hash for "example" (h1 is negative there, so pyfory's differs).
	example := []byte{0x12, 0xe0, 0x63, 0xd6, 0x40}
	assert.Equal(t, uint64(2223975717182741252), Hash(example, AllToLowerSpecial))
	assert.Equal(t, uint64(0xe122d9de4c3a6404), PythonHash(example, AllToLowerSpecial))

	// The rules agree exactly when h1 is non-negative.
	r := rand.New(rand.NewPCG(3, 4))
	agree := 0
	for range 200 {
		data := []byte(randString(r, "abc", 17+r.IntN(30)))
		h1, _ := murmur3.Sum128(data, 47)
		if int64(h1) >= 0 {
			agree++
			assert.Equal(t, PythonHash(data, LowerSpecial), Hash(data, LowerSpecial))
		} else {
			assert.Equal(t, uint64(-int64(h1))&^0xff|1, Hash(data, LowerSpecial))
		}
	}
	assert.Positive(t, agree)
}

func le(b ...byte) uint64 { return binary.LittleEndian.Uint64(b) }

func TestIndexOf(t *testing.T) {
	assert.Equal(t, 0, IndexOf(FieldNameEncodings[:], UTF8))
	assert.Equal(t, 1, IndexOf(FieldNameEncodings[:], AllToLowerSpecial))
	assert.Equal(t, 2, IndexOf(FieldNameEncodings[:], LowerUpperDigitSpecial))
	assert.Equal(t, -1, IndexOf(FieldNameEncodings[:], FirstToLowerSpecial))
	assert.Equal(t, 3, IndexOf(TypeNameEncodings[:], FirstToLowerSpecial))
	assert.Equal(t, -1, IndexOf(NamespaceEncodings[:], LowerSpecial))
}

func TestChooseCorners(t *testing.T) {
	tests := []struct {
		e       Encoder
		s       string
		allowed []Encoding
		want    Encoding
	}{
		{NamespaceEncoder, "", nil, UTF8},
		{NamespaceEncoder, "a|b", nil, LowerSpecial},
		{NamespaceEncoder, "a|b", NamespaceEncodings[:], UTF8},
		{NamespaceEncoder, "Example", NamespaceEncodings[:], AllToLowerSpecial}, // pyfory: FirstToLowerSpecial (unwritable)
		{NamespaceEncoder, "Foo", NamespaceEncodings[:], LowerUpperDigitSpecial},
		{TypeNameEncoder, "FooBar", TypeNameEncodings[:], LowerUpperDigitSpecial}, // (6+2)*5 = 40 > 36
		{TypeNameEncoder, "FooBarbazqux", TypeNameEncodings[:], AllToLowerSpecial},
		{TypeNameEncoder, "Foo1", TypeNameEncodings[:], LowerUpperDigitSpecial},
		{TypeNameEncoder, "a.b", TypeNameEncodings[:], UTF8},
		{TypeNameEncoder, "Foo$Bar", TypeNameEncodings[:], LowerUpperDigitSpecial},
		{FieldNameEncoder, "café", FieldNameEncodings[:], UTF8},
		{FieldNameEncoder, "É", nil, UTF8},
		{FieldNameEncoder, "user_name", FieldNameEncodings[:], AllToLowerSpecial},
		{FieldNameEncoder, "x", []Encoding{LowerUpperDigitSpecial}, LowerUpperDigitSpecial},
		{FieldNameEncoder, "x y", []Encoding{LowerSpecial}, UTF8}, // UTF8 is the fallback even when not allowed
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.e.Choose(tt.s, tt.allowed...), "%q %v", tt.s, tt.allowed)
	}
}

func TestEncodeWithErrors(t *testing.T) {
	e := TypeNameEncoder
	for _, tt := range []struct {
		s   string
		enc Encoding
		err error
	}{
		{"Abc", LowerSpecial, ErrUnsupportedChar},
		{"a1", LowerSpecial, ErrUnsupportedChar},
		{"a.b", LowerUpperDigitSpecial, ErrUnsupportedChar},
		{"abc", FirstToLowerSpecial, ErrUnsupportedChar},
		{"AbC", FirstToLowerSpecial, ErrUnsupportedChar},
		{"a|b", AllToLowerSpecial, ErrUnsupportedChar},
		{"a1", AllToLowerSpecial, ErrUnsupportedChar},
		{"\xff", UTF8, ErrUnsupportedChar},
		{"abc", Encoding(5), ErrInvalidEncoding},
		{strings.Repeat("a", MaxChars), LowerSpecial, ErrTooLong},
	} {
		_, err := e.EncodeWith(tt.s, tt.enc)
		assert.ErrorIs(t, err, tt.err, "%q %v", tt.s, tt.enc)
	}
	b, err := e.EncodeWith(strings.Repeat("a", MaxChars-1), LowerSpecial)
	require.NoError(t, err)
	assert.Len(t, b, (5*(MaxChars-1)+1+7)/8)
	_, _, err = e.Encode("\xffabc")
	assert.ErrorIs(t, err, ErrUnsupportedChar)
}

func TestDecodeErrors(t *testing.T) {
	for _, tt := range []struct {
		data []byte
		enc  Encoding
		err  error
	}{
		{[]byte{0x7f}, LowerSpecial, ErrInvalidData},         // code 31
		{[]byte{0x7c, 0x00}, LowerSpecial, ErrInvalidData},   // code 31 first
		{[]byte{0xff, 0xfe}, UTF8, ErrInvalidData},           // invalid UTF-8
		{[]byte{0x00}, Encoding(9), ErrInvalidEncoding},      // undefined encoding
		{[]byte{0x00}, Encoding(255), ErrInvalidEncoding},    // undefined encoding
		{[]byte{29 << 2}, AllToLowerSpecial, ErrInvalidData}, // lone trailing '|'
	} {
		_, err := Decode(tt.data, tt.enc, '.', '_')
		assert.ErrorIs(t, err, tt.err, "% x %v", tt.data, tt.enc)
	}
	// Empty data decodes to "" for every encoding.
	for enc := range Encoding(numEncodings) {
		s, err := Decode(nil, enc, '.', '_')
		require.NoError(t, err)
		assert.Empty(t, s)
	}
}

func TestStripLastChar(t *testing.T) {
	// 5-bit: "abc" uses 16 bits (1 + 15): no padding char, no flag.
	b, err := NamespaceEncoder.EncodeWith("abc", LowerSpecial)
	require.NoError(t, err)
	assert.Equal(t, []byte{0x00, 0x22}, b)
	// "ab" uses 11 bits of 16: 5 padding bits would read as 'a', so the flag is set.
	b, err = NamespaceEncoder.EncodeWith("ab", LowerSpecial)
	require.NoError(t, err)
	assert.Equal(t, []byte{0x80, 0x20}, b)
	s, err := Decode(b, LowerSpecial, '.', '_')
	require.NoError(t, err)
	assert.Equal(t, "ab", s)
	// 6-bit: "a" uses 7 bits of 8, no flag; "ab" 13 bits of 16, no flag;
	// "abc" 19 of 24, no flag; "abcd" 25 of 32, 7 padding bits -> flag.
	for s, flag := range map[string]bool{"a": false, "ab": false, "abc": false, "abcd": true} {
		b, err := NamespaceEncoder.EncodeWith(s, LowerUpperDigitSpecial)
		require.NoError(t, err)
		assert.Equal(t, flag, b[0]&0x80 != 0, s)
	}
}

var roundTripAlphabets = []string{
	"abcdefghijklmnopqrstuvwxyz",
	"abcdefghijklmnopqrstuvwxyz._$|",
	"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._$",
	"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
	"aAbB_",
	"aé中😀 -",
}

func randString(r *rand.Rand, alphabet string, n int) string {
	runes := []rune(alphabet)
	var sb strings.Builder
	for range n {
		sb.WriteRune(runes[r.IntN(len(runes))])
	}
	return sb.String()
}

func TestRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	encoders := []Encoder{NamespaceEncoder, TypeNameEncoder, FieldNameEncoder}
	sets := [][]Encoding{nil, NamespaceEncodings[:], TypeNameEncodings[:], FieldNameEncodings[:]}
	for range 5000 {
		s := randString(r, roundTripAlphabets[r.IntN(len(roundTripAlphabets))], r.IntN(80))
		e := encoders[r.IntN(len(encoders))]
		allowed := sets[r.IntN(len(sets))]
		enc, b, err := e.Encode(s, allowed...)
		require.NoError(t, err, "%q", s)
		if allowed != nil && s != "" {
			assert.GreaterOrEqual(t, IndexOf(allowed, enc), 0, "%q %v", s, enc)
		}
		got, err := e.Decode(b, enc)
		require.NoError(t, err, "%q %v % x", s, enc, b)
		if diff := cmp.Diff(s, got); diff != "" {
			t.Fatalf("round trip %q via %v (-want +got):\n%s", s, enc, diff)
		}
		// Every encoding that accepts s must round-trip it too.
		for enc := range Encoding(numEncodings) {
			b, err := e.EncodeWith(s, enc)
			if err != nil {
				continue
			}
			got, err := e.Decode(b, enc)
			require.NoError(t, err)
			require.Equal(t, s, got, "%v", enc)
		}
	}
}

func TestDecodeAllocations(t *testing.T) {
	for _, enc := range []Encoding{LowerSpecial, LowerUpperDigitSpecial, FirstToLowerSpecial, AllToLowerSpecial, UTF8} {
		s := "Abcdefghijklmnopqrstuvwxyz"
		if enc == LowerSpecial {
			s = "abcdefghijklmnopqrstuvwxyz"
		}
		b, err := TypeNameEncoder.EncodeWith(s, enc)
		require.NoError(t, err)
		allocs := testing.AllocsPerRun(100, func() {
			_, _ = TypeNameEncoder.Decode(b, enc)
		})
		assert.LessOrEqual(t, allocs, 1.0, "%v", enc)
	}
}

func TestEncodingString(t *testing.T) {
	assert.Equal(t, "AllToLowerSpecial", AllToLowerSpecial.String())
	assert.Equal(t, "Encoding(7)", Encoding(7).String())
	assert.True(t, errors.Is(ErrInvalidData, ErrInvalidData))
}

// FuzzDecode checks that Decode never panics and that whatever it returns for
// the packed encodings re-encodes to a string that decodes the same.
func FuzzDecode(f *testing.F) {
	f.Add([]byte{0x12, 0xe0, 0x63, 0xd6, 0x40}, uint8(1), byte('.'), byte('_'))
	f.Add([]byte{0x15, 0xce}, uint8(3), byte('$'), byte('_'))
	f.Add([]byte{0x0b, 0xa8}, uint8(2), byte('$'), byte('_'))
	f.Add([]byte{0xff}, uint8(4), byte('.'), byte('_'))
	f.Add([]byte{0x80}, uint8(2), byte(0), byte(0xff))
	f.Add([]byte{}, uint8(0), byte('.'), byte('_'))
	f.Fuzz(func(t *testing.T, data []byte, enc uint8, s1, s2 byte) {
		s, err := Decode(data, Encoding(enc), s1, s2)
		if err != nil {
			return
		}
		if Encoding(enc) == UTF8 && !utf8.ValidString(s) {
			t.Fatalf("invalid UTF-8 result %q", s)
		}
	})
}

// FuzzEncodeRoundTrip checks that every string Encode accepts decodes back.
func FuzzEncodeRoundTrip(f *testing.F) {
	for _, s := range []string{"", "example", "Foo", "f1", "user_name", "a|b", "Foo$Bar", "café", "ABC"} {
		f.Add(s, uint8(0))
	}
	encoders := []Encoder{NamespaceEncoder, TypeNameEncoder}
	sets := [][]Encoding{nil, NamespaceEncodings[:], TypeNameEncodings[:], FieldNameEncodings[:]}
	f.Fuzz(func(t *testing.T, s string, which uint8) {
		e := encoders[int(which)%len(encoders)]
		allowed := sets[int(which/2)%len(sets)]
		enc, b, err := e.Encode(s, allowed...)
		if err != nil {
			if utf8.ValidString(s) && len(s) < MaxChars {
				t.Fatalf("Encode(%q): %v", s, err)
			}
			return
		}
		got, err := e.Decode(b, enc)
		if err != nil || got != s {
			t.Fatalf("round trip %q via %v: %q, %v", s, enc, got, err)
		}
	})
}

func BenchmarkDecode(b *testing.B) {
	for _, enc := range []Encoding{LowerSpecial, LowerUpperDigitSpecial, AllToLowerSpecial, UTF8} {
		data, err := NamespaceEncoder.EncodeWith("com.example.very.long.namespace", enc)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(enc.String(), func(b *testing.B) {
			for b.Loop() {
				_, _ = NamespaceEncoder.Decode(data, enc)
			}
		})
	}
}

func BenchmarkEncode(b *testing.B) {
	for b.Loop() {
		_, _, _ = TypeNameEncoder.Encode("MediaContentWithLongName", TypeNameEncodings[:]...)
	}
}

// TestTypeDefLongNames checks the TypeDef name header rule for names of 63 or
// more encoded bytes: header byte (63 << 2) | index, then varuint32(len - 63).
// The payload is a Foo{f1} registered with the names below, compatible mode;
// pyfory 1.7.7 and fory-core 1.6.0 write identical bytes.
func TestTypeDefLongNames(t *testing.T) {
	const peer = "01ff1e009730cde93a7b6159e1fd0989ccd5ef7bdef7bdef7bdef7bdef7bdef7bdef7bdef7bdef7bdef7bdef7bdef7bdef7bdef7bdef7bdef7bdef7bdef7bdef7bdef7bdef7bdef7bdef7bdef7bdef7bdef7bdef7bdee0fe07ca71a35ac1e24e01826596596596596596596596596596596596596596596596596596596596596596596596596596596596596596596596596596596596596596596596590084050ba80e"
	ns := "com." + strings.Repeat("x", 110)
	tn := "LongTypeName" + strings.Repeat("Y", 80)

	var want []byte
	for _, n := range []struct {
		e   Encoder
		s   string
		set []Encoding
	}{{NamespaceEncoder, ns, NamespaceEncodings[:]}, {TypeNameEncoder, tn, TypeNameEncodings[:]}} {
		enc, b := mustEncode(t, n.e, n.s, n.set...)
		require.GreaterOrEqual(t, len(b), 63)
		require.Less(t, len(b)-63, 128) // one varuint32 byte
		want = append(want, byte(63<<2|IndexOf(n.set, enc)), byte(len(b)-63))
		want = append(want, b...)
	}
	assert.Equal(t, byte(0xfd), want[0]) // AllToLowerSpecial, index 1
	assert.Contains(t, peer, hex.EncodeToString(want))
}
