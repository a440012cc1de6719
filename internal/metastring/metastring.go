// Package metastring implements Fory "meta strings": the compact encodings
// used on the wire for namespaces, type names and field names.
//
// A meta string is either UTF-8 or a packed bit string of 5-bit or 6-bit
// character codes. Packed forms store the codes most-significant-bit first,
// starting at bit 1 of byte 0; bit 7 of byte 0 (the first bit) is the
// "strip last char" flag, set when the zero padding at the end is wide enough
// to be read as one more character, which the decoder must then drop.
//
// Character tables:
//
//	5-bit (LowerSpecial and derived): a-z = 0..25, '.' = 26, '_' = 27, '$' = 28, '|' = 29
//	6-bit (LowerUpperDigitSpecial):   a-z = 0..25, A-Z = 26..51, 0-9 = 52..61,
//	                                  Special1 = 62, Special2 = 63
//
// The special characters of the 6-bit table depend on the use: '.' and '_'
// for namespaces, '$' and '_' for type names and field names.
//
// Encoding choice follows Java fory-core (see [Encoder.Choose]); the encoded
// bytes for a given encoding are identical in every peer.
//
// Where meta strings appear on the wire (verified against pyfory 1.7.7 and
// fory-core 1.6.0):
//
//   - Named types in schema-consistent mode: varuint32(len << 1), then for
//     0 < len <= [SmallThreshold] one encoding byte, for len > SmallThreshold
//     the 8-byte little-endian [Hash], then the bytes; a string already
//     written in the same message is varuint32(((id+1) << 1) | 1). Java
//     chooses among [NamespaceEncodings] / [TypeNameEncodings]; pyfory among
//     all encodings (so it writes LowerSpecial = 1 where Java writes
//     AllToLowerSpecial = 4 with the same bytes, e.g. "example").
//   - TypeDef namespace and type name: one byte (len << 2) | index, where
//     index is the position in [NamespaceEncodings] / [TypeNameEncodings];
//     len >= 63 is written as (63 << 2) | index followed by
//     varuint32(len - 63). Then the bytes.
//   - TypeDef field name: the field header byte holds the index in
//     [FieldNameEncodings] in bits 6-7 (3 = tag id instead of a name) and
//     len-1 in bits 2-5 (15 = 15 + a following varuint32); the bytes follow
//     the field type.
package metastring

import (
	"errors"
	"fmt"
	"unicode/utf8"
)

// Encoding identifies a meta string encoding. The numeric values are the ones
// written on the wire (for example as the encoding byte of a small meta string
// or the low byte of a long meta string's hash).
type Encoding uint8

// Meta string encodings.
const (
	// UTF8 stores the string's UTF-8 bytes unchanged.
	UTF8 Encoding = 0
	// LowerSpecial packs 5-bit codes for a-z . _ $ |.
	LowerSpecial Encoding = 1
	// LowerUpperDigitSpecial packs 6-bit codes for a-z A-Z 0-9 and two
	// use-specific special characters.
	LowerUpperDigitSpecial Encoding = 2
	// FirstToLowerSpecial lowercases an uppercase first letter, then packs
	// the string as LowerSpecial; decoding uppercases the first letter.
	FirstToLowerSpecial Encoding = 3
	// AllToLowerSpecial replaces every uppercase letter with '|' followed by
	// its lowercase form, then packs the result as LowerSpecial.
	AllToLowerSpecial Encoding = 4
)

// numEncodings is the number of defined encodings.
const numEncodings = 5

// MaxChars is the exclusive upper bound on a meta string's length in UTF-16
// code units, as enforced by the peers.
const MaxChars = 32767

var encodingNames = [numEncodings]string{
	"UTF8", "LowerSpecial", "LowerUpperDigitSpecial", "FirstToLowerSpecial", "AllToLowerSpecial",
}

// String returns the encoding's name.
func (e Encoding) String() string {
	if e.Valid() {
		return encodingNames[e]
	}
	return fmt.Sprintf("Encoding(%d)", uint8(e))
}

// Valid reports whether e is one of the defined encodings.
func (e Encoding) Valid() bool { return e < numEncodings }

// Encoding sets, in the order that defines the 2-bit index written in TypeDef
// bodies (namespace and type-name header bytes, field-name headers). They are
// also the sets the encoders choose from for schema-consistent named types,
// as Java fory-core does. Do not modify them.
var (
	// NamespaceEncodings: index 0 UTF8, 1 AllToLowerSpecial, 2 LowerUpperDigitSpecial.
	NamespaceEncodings = [...]Encoding{UTF8, AllToLowerSpecial, LowerUpperDigitSpecial}
	// TypeNameEncodings: index 0 UTF8, 1 AllToLowerSpecial, 2 LowerUpperDigitSpecial,
	// 3 FirstToLowerSpecial.
	TypeNameEncodings = [...]Encoding{UTF8, AllToLowerSpecial, LowerUpperDigitSpecial, FirstToLowerSpecial}
	// FieldNameEncodings: index 0 UTF8, 1 AllToLowerSpecial, 2 LowerUpperDigitSpecial
	// (index 3 in a TypeDef field header means "tag id", not a name encoding).
	FieldNameEncodings = [...]Encoding{UTF8, AllToLowerSpecial, LowerUpperDigitSpecial}
)

// IndexOf returns the position of enc in set, the value written in the 2-bit
// encoding field of TypeDef headers, or -1 when enc is not in set.
func IndexOf(set []Encoding, enc Encoding) int {
	for i, e := range set {
		if e == enc {
			return i
		}
	}
	return -1
}

// Encoder encodes meta strings for one use. Special1 and Special2 are the
// characters with 6-bit codes 62 and 63.
type Encoder struct {
	Special1, Special2 byte
}

// Encoders (and special characters) for each use of meta strings.
var (
	NamespaceEncoder = Encoder{Special1: '.', Special2: '_'}
	TypeNameEncoder  = Encoder{Special1: '$', Special2: '_'}
	FieldNameEncoder = Encoder{Special1: '$', Special2: '_'}
)

// Errors returned by this package. Returned errors wrap one of these.
var (
	// ErrUnsupportedChar means the string holds a character the requested
	// encoding cannot represent.
	ErrUnsupportedChar = errors.New("metastring: character not supported by encoding")
	// ErrInvalidEncoding means the encoding value is not defined.
	ErrInvalidEncoding = errors.New("metastring: invalid encoding")
	// ErrTooLong means the string is MaxChars UTF-16 units or longer.
	ErrTooLong = errors.New("metastring: string too long")
	// ErrInvalidData means encoded data cannot be decoded.
	ErrInvalidData = errors.New("metastring: invalid encoded data")
)

// Code tables. lowerSpecialCode maps a byte to its 5-bit code, or 0xff.
var lowerSpecialCode = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xff
	}
	for c := byte('a'); c <= 'z'; c++ {
		t[c] = c - 'a'
	}
	t['.'], t['_'], t['$'], t['|'] = 26, 27, 28, 29
	return t
}()

const (
	lowerSpecialChars = "abcdefghijklmnopqrstuvwxyz._$|"
	ludsChars         = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
)

func isLower(c byte) bool { return c >= 'a' && c <= 'z' }
func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// ludsCode returns the 6-bit code of c, or 0xff.
func (e Encoder) ludsCode(c byte) byte {
	switch {
	case isLower(c):
		return c - 'a'
	case isUpper(c):
		return 26 + c - 'A'
	case isDigit(c):
		return 52 + c - '0'
	case c == e.Special1:
		return 62
	case c == e.Special2:
		return 63
	}
	return 0xff
}

// Choose returns the encoding the peers pick for s among allowed (all
// encodings when allowed is empty). The rule is Java fory-core's:
//
//  1. "" -> UTF8.
//  2. Only a-z . _ $ | and LowerSpecial allowed -> LowerSpecial.
//  3. Only a-z A-Z 0-9 and the two special characters:
//     a. any digit and LowerUpperDigitSpecial allowed -> LowerUpperDigitSpecial;
//     b. exactly one uppercase letter, at position 0, and FirstToLowerSpecial
//     allowed -> FirstToLowerSpecial;
//     c. (len+uppers)*5 < len*6 and AllToLowerSpecial allowed -> AllToLowerSpecial;
//     d. LowerUpperDigitSpecial allowed -> LowerUpperDigitSpecial.
//  4. Otherwise UTF8 (even when UTF8 is not in allowed).
//
// pyfory differs in two corner cases: it picks FirstToLowerSpecial in step
// 3b even when it is not allowed, and it treats non-ASCII lowercase letters
// as LowerSpecial candidates (then fails to encode them).
func (e Encoder) Choose(s string, allowed ...Encoding) Encoding {
	if s == "" {
		return UTF8
	}
	var mask uint8
	if len(allowed) == 0 {
		mask = 1<<numEncodings - 1
	}
	for _, a := range allowed {
		if a.Valid() {
			mask |= 1 << a
		}
	}
	has := func(enc Encoding) bool { return mask&(1<<enc) != 0 }

	canLS, canLUDS := true, true
	digits, uppers := 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if lowerSpecialCode[c] == 0xff {
			canLS = false
		}
		if e.ludsCode(c) == 0xff {
			canLUDS = false
		}
		if isDigit(c) {
			digits++
		} else if isUpper(c) {
			uppers++
		}
	}
	if canLS && has(LowerSpecial) {
		return LowerSpecial
	}
	if canLUDS {
		if digits != 0 && has(LowerUpperDigitSpecial) {
			return LowerUpperDigitSpecial
		}
		if uppers == 1 && isUpper(s[0]) && has(FirstToLowerSpecial) {
			return FirstToLowerSpecial
		}
		n := len(s)
		if (n+uppers)*5 < n*6 && has(AllToLowerSpecial) {
			return AllToLowerSpecial
		}
		if has(LowerUpperDigitSpecial) {
			return LowerUpperDigitSpecial
		}
	}
	return UTF8
}

// Encode chooses an encoding for s among allowed (see [Encoder.Choose]) and
// returns it with the encoded bytes. The empty string encodes as UTF8 with no
// bytes.
func (e Encoder) Encode(s string, allowed ...Encoding) (Encoding, []byte, error) {
	enc := e.Choose(s, allowed...)
	b, err := e.EncodeWith(s, enc)
	if err != nil {
		return 0, nil, err
	}
	return enc, b, nil
}

// EncodeWith encodes s with the given encoding. It fails when s holds a
// character the encoding cannot represent, when s is not valid UTF-8, or when
// s is too long. FirstToLowerSpecial requires s to start with an ASCII
// uppercase letter; AllToLowerSpecial rejects '|' (its escape character).
// The empty string encodes to no bytes whatever the encoding.
func (e Encoder) EncodeWith(s string, enc Encoding) ([]byte, error) {
	if !enc.Valid() {
		return nil, fmt.Errorf("%w: %d", ErrInvalidEncoding, uint8(enc))
	}
	if !utf8.ValidString(s) {
		return nil, fmt.Errorf("%w: invalid UTF-8 in %q", ErrUnsupportedChar, s)
	}
	if utf16Len(s) >= MaxChars {
		return nil, fmt.Errorf("%w: %d bytes", ErrTooLong, len(s))
	}
	if s == "" {
		return []byte{}, nil
	}
	switch enc {
	case UTF8:
		return []byte(s), nil
	case LowerSpecial:
		for i := 0; i < len(s); i++ {
			if lowerSpecialCode[s[i]] == 0xff {
				return nil, unsupported(s, i, enc)
			}
		}
		return pack(len(s), 5, func(i int) byte { return lowerSpecialCode[s[i]] }), nil
	case FirstToLowerSpecial:
		if !isUpper(s[0]) {
			return nil, unsupported(s, 0, enc)
		}
		for i := 1; i < len(s); i++ {
			if lowerSpecialCode[s[i]] == 0xff {
				return nil, unsupported(s, i, enc)
			}
		}
		return pack(len(s), 5, func(i int) byte {
			if i == 0 {
				return s[0] - 'A'
			}
			return lowerSpecialCode[s[i]]
		}), nil
	case AllToLowerSpecial:
		n := len(s)
		for i := 0; i < len(s); i++ {
			c := s[i]
			switch {
			case isUpper(c):
				n++
			case c == '|' || lowerSpecialCode[c] == 0xff:
				return nil, unsupported(s, i, enc)
			}
		}
		// Expand uppercase letters into '|' + lowercase, tracking the source
		// position as the packer asks for consecutive codes.
		src, pendingLower := 0, false
		return pack(n, 5, func(int) byte {
			if pendingLower {
				pendingLower = false
				c := s[src]
				src++
				return c - 'A'
			}
			c := s[src]
			if isUpper(c) {
				pendingLower = true
				return lowerSpecialCode['|']
			}
			src++
			return lowerSpecialCode[c]
		}), nil
	default: // LowerUpperDigitSpecial
		for i := 0; i < len(s); i++ {
			if e.ludsCode(s[i]) == 0xff {
				return nil, unsupported(s, i, enc)
			}
		}
		return pack(len(s), 6, func(i int) byte { return e.ludsCode(s[i]) }), nil
	}
}

func unsupported(s string, i int, enc Encoding) error {
	return fmt.Errorf("%w: %q at offset %d of %q for %v", ErrUnsupportedChar, s[i], i, s, enc)
}

// utf16Len returns the length of s in UTF-16 code units (the peers' limit is
// expressed in Java chars). It stops counting once the limit is reached.
func utf16Len(s string) int {
	if len(s) < MaxChars {
		return len(s) // a UTF-16 length never exceeds the UTF-8 length
	}
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		if n >= MaxChars {
			break
		}
	}
	return n
}

// pack writes n codes of width bits (obtained in order from code) MSB-first
// after the leading flag bit, and sets the flag when the padding could be
// misread as one more character.
func pack(n, width int, code func(i int) byte) []byte {
	totalBits := n*width + 1
	out := make([]byte, (totalBits+7)/8)
	var acc uint32 // pending bits, right-aligned
	nacc := 1      // the flag bit (0 for now) is already in acc
	pos := 0
	for i := 0; i < n; i++ {
		acc = acc<<width | uint32(code(i))
		nacc += width
		for nacc >= 8 {
			nacc -= 8
			out[pos] = byte(acc >> nacc)
			pos++
		}
	}
	if nacc > 0 {
		out[pos] = byte(acc << (8 - nacc))
	}
	if len(out)*8 >= totalBits+width {
		out[0] |= 0x80
	}
	return out
}

// Decode decodes data written with enc, using special1 and special2 for the
// 6-bit codes 62 and 63. It never panics: malformed input (undefined
// encoding, 5-bit codes 30 and 31, a trailing '|' escape in
// AllToLowerSpecial, invalid UTF-8) yields an error. Padding bits are not
// checked, as in the peers. Empty data decodes to "". For results of up to
// 64 characters the only allocation is the result string.
func Decode(data []byte, enc Encoding, special1, special2 byte) (string, error) {
	if !enc.Valid() {
		return "", fmt.Errorf("%w: %d", ErrInvalidEncoding, uint8(enc))
	}
	if len(data) == 0 {
		return "", nil
	}
	if enc == UTF8 {
		if !utf8.Valid(data) {
			return "", fmt.Errorf("%w: invalid UTF-8", ErrInvalidData)
		}
		return string(data), nil
	}

	var tableBuf [64]byte
	width, table := 5, tableBuf[:copy(tableBuf[:], lowerSpecialChars)]
	if enc == LowerUpperDigitSpecial {
		width, table = 6, tableBuf[:copy(tableBuf[:], ludsChars)+2]
		table[62], table[63] = special1, special2
	}
	n := numChars(data, width)
	var stack [64]byte
	var buf []byte
	if n <= len(stack) {
		buf = stack[:n]
	} else {
		buf = make([]byte, n)
	}

	// Unpack MSB-first codes after the flag bit.
	var acc uint64
	nacc := 7
	acc = uint64(data[0] & 0x7f)
	next := 1
	mask := uint64(1)<<width - 1
	for i := range buf {
		if nacc < width {
			acc = acc<<8 | uint64(data[next])
			next++
			nacc += 8
		}
		nacc -= width
		v := (acc >> nacc) & mask
		if v >= uint64(len(table)) {
			return "", fmt.Errorf("%w: %d-bit code %d", ErrInvalidData, width, v)
		}
		buf[i] = table[v]
	}

	switch enc {
	case FirstToLowerSpecial:
		if len(buf) > 0 && isLower(buf[0]) {
			buf[0] -= 'a' - 'A'
		}
	case AllToLowerSpecial:
		w := 0
		for r := 0; r < len(buf); r++ {
			c := buf[r]
			if c == '|' {
				r++
				if r == len(buf) {
					return "", fmt.Errorf("%w: trailing escape in %v", ErrInvalidData, enc)
				}
				c = buf[r]
				if isLower(c) {
					c -= 'a' - 'A'
				}
			}
			buf[w] = c
			w++
		}
		buf = buf[:w]
	}
	return string(buf), nil
}

// Decode decodes data written with enc using e's special characters.
func (e Encoder) Decode(data []byte, enc Encoding) (string, error) {
	return Decode(data, enc, e.Special1, e.Special2)
}

// numChars returns how many width-bit characters a packed meta string of
// len(data) bytes holds, honouring the strip-last-char flag.
func numChars(data []byte, width int) int {
	n := (len(data)*8 - 1) / width
	if data[0]&0x80 != 0 {
		n--
	}
	return max(n, 0)
}
