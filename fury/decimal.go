package fury

import (
	"math"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
	"unsafe"
)

// Decimal is an arbitrary-precision decimal number, Unscaled × 10^-Scale
// (wire type decimal). Python's decimal.Decimal and Java's BigDecimal map to
// it, and an interface{} destination receives a Decimal. A nil Unscaled is
// zero.
//
// Like its peers, a Decimal keeps its scale: 1.5 and 1.50 are different
// values ({15, 1} and {150, 2}) that compare numerically equal. Infinities
// and NaNs have no wire form.
type Decimal struct {
	Unscaled *big.Int
	Scale    int32
}

// NewDecimal returns unscaled × 10^-scale.
func NewDecimal(unscaled int64, scale int32) Decimal {
	return Decimal{Unscaled: big.NewInt(unscaled), Scale: scale}
}

// ParseDecimal parses a decimal number in plain or scientific notation
// ("-12.50", "1E+5", "2.5e-3"), keeping its scale as written: "12.50" has
// scale 2. Errors wrap ErrInvalidArgument.
func ParseDecimal(s string) (Decimal, error) {
	bad := func(why string) (Decimal, error) {
		return Decimal{}, wrapf(ErrInvalidArgument, "parse decimal %q: %s", s, why)
	}
	num, exp := s, int64(0)
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		// String writes exponents beyond the int32 range (a long
		// unscaled value at a scale near the int32 limits): read 64
		// bits, and check the scale they give.
		e, err := strconv.ParseInt(s[i+1:], 10, 64)
		if err != nil {
			return bad("bad exponent")
		}
		num, exp = s[:i], e
	}
	neg := false
	if num != "" && (num[0] == '-' || num[0] == '+') {
		neg, num = num[0] == '-', num[1:]
	}
	intPart, frac, _ := strings.Cut(num, ".")
	digits := intPart + frac
	if digits == "" {
		return bad("no digits")
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return bad("not a number")
		}
	}
	if exp < -math.MaxInt64+int64(len(frac)) {
		return bad("exponent out of range")
	}
	scale := int64(len(frac)) - exp
	if scale < math.MinInt32 || scale > math.MaxInt32 {
		return bad("exponent out of range")
	}
	u, ok := new(big.Int).SetString(digits, 10)
	if !ok {
		return bad("not a number")
	}
	if neg {
		u.Neg(u)
	}
	return Decimal{Unscaled: u, Scale: int32(scale)}, nil
}

// String formats d as Python's str and Java's BigDecimal.toString do: plain
// notation ("-12.50", "0.001") unless the exponent is positive or the number
// is smaller than 1e-6, then scientific ("1E+5", "1.5E-9").
func (d Decimal) String() string {
	var sb strings.Builder
	c := "0"
	if d.Unscaled != nil {
		if d.Unscaled.Sign() < 0 {
			sb.WriteByte('-')
		}
		c = new(big.Int).Abs(d.Unscaled).String()
	}
	exp := -int64(d.Scale)
	adjusted := exp + int64(len(c)) - 1
	switch {
	case exp == 0:
		sb.WriteString(c)
	case exp < 0 && adjusted >= -6:
		if point := int64(len(c)) + exp; point > 0 {
			sb.WriteString(c[:point])
			sb.WriteByte('.')
			sb.WriteString(c[point:])
		} else {
			sb.WriteString("0.")
			sb.WriteString(strings.Repeat("0", int(-point)))
			sb.WriteString(c)
		}
	default:
		sb.WriteString(c[:1])
		if len(c) > 1 {
			sb.WriteByte('.')
			sb.WriteString(c[1:])
		}
		sb.WriteByte('E')
		if adjusted >= 0 {
			sb.WriteByte('+')
		}
		sb.WriteString(strconv.FormatInt(adjusted, 10))
	}
	return sb.String()
}

// Equal reports whether d and e have the same unscaled value and scale, so
// that go-cmp and tests compare decimals by what travels on the wire.
// 1.5 and 1.50 are not Equal.
func (d Decimal) Equal(e Decimal) bool {
	return d.Scale == e.Scale && d.unscaled().Cmp(e.unscaled()) == 0
}

var bigZero = new(big.Int)

func (d Decimal) unscaled() *big.Int {
	if d.Unscaled == nil {
		return bigZero
	}
	return d.Unscaled
}

// A decimal is its scale as a zigzag varint32, then a varuint64 header.
// Header bit 0 clear: the rest is zigzag(unscaled), used whenever that fits
// in 63 bits. Bit 0 set: the rest is (length << 1 | sign), followed by the
// magnitude's length bytes, little-endian, without trailing zero bytes.
type decimalCodec struct{}

func (decimalCodec) write(e *encoder, p unsafe.Pointer) error {
	d := (*Decimal)(p)
	writeDecimal(e.buf, d.Scale, d.unscaled())
	return nil
}

func (decimalCodec) read(d *decoder, p unsafe.Pointer) error {
	scale, u, err := readDecimal(d.buf)
	if err != nil {
		return err
	}
	*(*Decimal)(p) = Decimal{Unscaled: u, Scale: scale}
	return nil
}

// bigIntCodec codes a big.Int as a decimal of scale 0, as Java writes a
// BigInteger. It reads any decimal that is a whole number.
type bigIntCodec struct{}

func (bigIntCodec) write(e *encoder, p unsafe.Pointer) error {
	writeDecimal(e.buf, 0, (*big.Int)(p))
	return nil
}

// maxIntegralScale bounds the power of ten a whole decimal read into a
// big.Int may be multiplied or divided by (pyfory's limit for scales): past
// it the read fails with ErrTooLarge, a limit of this reader (the power
// alone could cost seconds of CPU), not a sign of bad data. A fraction is
// ErrTypeMismatch whatever its scale.
const maxIntegralScale = 10000

func (bigIntCodec) read(d *decoder, p unsafe.Pointer) error {
	scale, u, err := readDecimal(d.buf)
	if err != nil {
		return err
	}
	if scale != 0 && u.Sign() != 0 {
		if scale > 0 && !maybeWhole(u, scale) {
			return wrapf(ErrTypeMismatch, "decimal with a fraction (scale %d) read into a big.Int", scale)
		}
		if scale < -maxIntegralScale || scale > maxIntegralScale {
			return wrapf(ErrTooLarge, "decimal with scale %d read into a big.Int: its power of ten is over the limit of 10^%d", scale, maxIntegralScale)
		}
		// 10^k has about k × log2(10) bits; the result of a multiplication
		// has the bits of both factors. Charge the power (when new), the
		// result and the scratch space of the arithmetic.
		powBytes := uintptr(abs32(scale))*3322/8000 + 8
		if err := d.charge(3, powBytes+uintptr(len(u.Bits()))*8, bigIntType); err != nil {
			return err
		}
		pow := d.pow10(abs32(scale))
		if scale < 0 {
			u.Mul(u, pow)
		} else if _, m := u.QuoRem(u, pow, new(big.Int)); m.Sign() != 0 {
			return wrapf(ErrTypeMismatch, "decimal with a fraction (scale %d) read into a big.Int", scale)
		}
	}
	(*big.Int)(p).Set(u)
	return nil
}

// maybeWhole reports whether u × 10^-scale (u non-zero, scale > 0) may be a
// whole number, by tests that cost O(1) in the scale and at most one pass
// over u: |u| must be at least 10^scale, divisible by 2^scale (its low
// bits) and by 5^min(scale, 27). A false answer is exact; a true one is
// settled by the division, which then costs what reading a whole decimal
// of that size costs anyway. So refusing a fraction never costs a
// division by a large power of ten unless u was built to pass these.
func maybeWhole(u *big.Int, scale int32) bool {
	// |u| < 2^BitLen; 10^scale >= 2^(3.3219 scale) >= 2^BitLen means |u| < 10^scale.
	if int64(scale)*33219 >= int64(u.BitLen())*10000 {
		return false
	}
	if u.TrailingZeroBits() < uint(scale) {
		return false
	}
	p5 := uint64(1)
	for i := int32(0); i < min(scale, 27); i++ {
		p5 *= 5
	}
	var r big.Int
	return r.Rem(u, new(big.Int).SetUint64(p5)).Sign() == 0
}

func abs32(v int32) int64 {
	if v < 0 {
		return -int64(v)
	}
	return int64(v)
}

const maxSmallDecimal = 1<<62 - 1 // zigzag(v) < 2^63 for -2^62 <= v <= 2^62-1

func writeDecimal(b *buffer, scale int32, u *big.Int) {
	b.WriteVarint32(scale)
	if u.IsInt64() {
		if v := u.Int64(); v >= -maxSmallDecimal-1 && v <= maxSmallDecimal {
			b.WriteVaruint64(uint64(v<<1^v>>63) << 1)
			return
		}
	}
	// The magnitude little-endian, no trailing zeros, straight from the
	// words (u.Bytes would allocate).
	n := (u.BitLen() + 7) / 8
	sign := uint64(0)
	if u.Sign() < 0 {
		sign = 1
	}
	b.WriteVaruint64((uint64(n)<<1|sign)<<1 | 1)
	out := b.Extend(n)
	for i, w := range u.Bits() {
		for k := 0; k < bits.UintSize/8; k++ {
			if j := i*bits.UintSize/8 + k; j < n {
				out[j] = byte(w >> (8 * k))
			}
		}
	}
}

// readDecimal reads a decimal's scale and a new big.Int of its unscaled
// value.
func readDecimal(b *buffer) (int32, *big.Int, error) {
	scale, err := b.ReadVarint32()
	if err != nil {
		return 0, nil, err
	}
	h, err := b.ReadVaruint64()
	if err != nil {
		return 0, nil, err
	}
	if h&1 == 0 {
		z := h >> 1
		return scale, big.NewInt(int64(z>>1) ^ -int64(z&1)), nil
	}
	n, neg := h>>2, h&2 != 0
	if n == 0 {
		return 0, nil, wrapf(ErrInvalidData, "decimal with an empty magnitude")
	}
	if n > uint64(b.Remaining()) {
		return 0, nil, wrapf(ErrTruncated, "decimal magnitude of %d bytes", n)
	}
	raw, err := b.ReadBytes(int(n))
	if err != nil {
		return 0, nil, err
	}
	if raw[len(raw)-1] == 0 {
		return 0, nil, wrapf(ErrInvalidData, "decimal magnitude with a trailing zero byte")
	}
	be := make([]byte, len(raw))
	for i, c := range raw {
		be[len(raw)-1-i] = c
	}
	u := new(big.Int).SetBytes(be)
	if neg {
		u.Neg(u)
	}
	return scale, u, nil
}

// pow10 returns 10^k, remembering the last few powers: a list of decimals
// of one scale read into big.Int computes the power once, not once per
// element. The result must not be modified.
func (d *decoder) pow10(k int64) *big.Int {
	for _, p := range d.pows {
		if p.k == k {
			return p.v
		}
	}
	v := new(big.Int).Exp(big.NewInt(10), big.NewInt(k), nil)
	if len(d.pows) >= 4 {
		copy(d.pows, d.pows[1:])
		d.pows = d.pows[:3]
	}
	d.pows = append(d.pows, cachedPow{k, v})
	return v
}

type cachedPow struct {
	k int64
	v *big.Int
}
