package fury

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// Every String output parses back to the same unscaled value and scale,
// extreme scales included: String writes exponents (scale and digit count
// together) that leave the int32 range.
func TestDecimalStringParsesBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 2))
	scales := []int32{math.MinInt32, math.MinInt32 + 1, math.MaxInt32, math.MaxInt32 - 1, 0, 1, -1, 6, 7, -6, -7}
	check := func(d Decimal) {
		s := d.String()
		back, err := ParseDecimal(s)
		require.NoError(t, err, "String %q of {%v, %d}", s, d.Unscaled, d.Scale)
		require.True(t, back.Equal(d), "String %q of {%v, %d} parsed as {%v, %d}", s, d.Unscaled, d.Scale, back.Unscaled, back.Scale)
	}
	for i := 0; i < 5000; i++ {
		digits := make([]byte, 1+rng.IntN(60))
		for j := range digits {
			digits[j] = byte('0' + rng.IntN(10))
		}
		u, _ := new(big.Int).SetString(string(digits), 10)
		if rng.IntN(2) == 0 {
			u.Neg(u)
		}
		scale := scales[rng.IntN(len(scales))]
		if rng.IntN(3) == 0 {
			scale = int32(rng.Uint32())
		}
		check(Decimal{Unscaled: u, Scale: scale})
	}
	check(Decimal{Scale: math.MinInt32})
	check(Decimal{Unscaled: big.NewInt(0), Scale: math.MaxInt32})
}

func FuzzDecimalString(f *testing.F) {
	f.Add([]byte{1}, false, int32(0))
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, true, int32(math.MinInt32))
	f.Add([]byte{0x12, 0x34}, false, int32(math.MaxInt32))
	f.Fuzz(func(t *testing.T, mag []byte, neg bool, scale int32) {
		u := new(big.Int).SetBytes(mag)
		if neg {
			u.Neg(u)
		}
		d := Decimal{Unscaled: u, Scale: scale}
		back, err := ParseDecimal(d.String())
		if err != nil || !back.Equal(d) {
			t.Fatalf("{%v, %d}: String %q parsed as %v, %v", u, scale, d.String(), back, err)
		}
	})
}

func TestParseDecimalExponentRange(t *testing.T) {
	for _, s := range []string{"1E+9223372036854775807", "1.5E-9223372036854775808", "1E99999999999999999999", "1E+2147483649"} {
		_, err := ParseDecimal(s)
		require.ErrorIs(t, err, ErrInvalidArgument, s)
	}
	d, err := ParseDecimal("1.5E+2147483649") // scale 1 - (2^31 + 1): the least
	require.NoError(t, err)
	require.Equal(t, int32(math.MinInt32), d.Scale)
}

// A fraction read into a big.Int is a value that does not fit the
// destination (ErrTypeMismatch), whatever its scale; a whole decimal whose
// power of ten is over the reader's limit is ErrTooLarge.
func TestBigIntFromDecimalClasses(t *testing.T) {
	f := New()
	for _, c := range []struct {
		d    Decimal
		want error
	}{
		{NewDecimal(1, 20000), ErrTypeMismatch}, // Java's 1E-20000
		{NewDecimal(1, math.MaxInt32), ErrTypeMismatch},
		{NewDecimal(-3, 1), ErrTypeMismatch},
		{NewDecimal(1<<40, 40), ErrTypeMismatch}, // even, and 2^40 < 10^40
		{NewDecimal(5<<40, 40), ErrTypeMismatch}, // passes the bit test, not the 5s
		{NewDecimal(1, -20000), ErrTooLarge},     // whole, but 10^20000 is over the limit
		{NewDecimal(1, math.MinInt32), ErrTooLarge},
	} {
		data, err := f.Marshal(c.d)
		require.NoError(t, err)
		var n big.Int
		err = f.Unmarshal(data, &n)
		require.ErrorIs(t, err, c.want, "%v", c.d)
		require.NotErrorIs(t, err, ErrTruncated, "%v", c.d)
	}
	// Whole decimals that pass every shortcut test read back.
	for _, s := range []string{"100.00", "-7.0", "123456789012345678901234567890.000000000000000000000000000000"} {
		data, err := f.Marshal(mustDecimal(s))
		require.NoError(t, err)
		var n big.Int
		require.NoError(t, f.Unmarshal(data, &n), s)
	}
}

// maybeWhole's false answers are exact: it agrees with the division.
func TestMaybeWholeExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	pow := func(k int32) *big.Int { return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(k)), nil) }
	for i := 0; i < 20000; i++ {
		scale := int32(1 + rng.IntN(40))
		u := new(big.Int).Mul(big.NewInt(rng.Int64N(1<<40)+1), new(big.Int).Exp(big.NewInt(int64(2+rng.IntN(9))), big.NewInt(int64(rng.IntN(50))), nil))
		_, m := new(big.Int).QuoRem(u, pow(scale), new(big.Int))
		if m.Sign() == 0 {
			require.True(t, maybeWhole(u, scale), "%v scale %d", u, scale)
		}
	}
}

// Refusing a 4 MiB fraction of scale 10,000 takes one pass over it, not a
// division by 10^10000 (compare with BenchmarkBigIntWholeDecimal).
func BenchmarkBigIntRefuseFraction(b *testing.B) {
	mag := make([]byte, 4<<20)
	for i := range mag {
		mag[i] = byte(i*131 + 7)
	}
	f := New()
	data, err := f.Marshal(Decimal{Unscaled: new(big.Int).SetBytes(mag), Scale: 10000})
	require.NoError(b, err)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		var n big.Int
		if err := f.Unmarshal(data, &n); err == nil {
			b.Fatal("a fraction read into a big.Int")
		}
	}
}
