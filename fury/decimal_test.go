package fury

import (
	"encoding/hex"
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

func mustDecimal(s string) Decimal {
	d, err := ParseDecimal(s)
	if err != nil {
		panic(err)
	}
	return d
}

func TestParseDecimal(t *testing.T) {
	cases := []struct {
		in       string
		unscaled string
		scale    int32
		str      string // String() of the result; Python's str(Decimal(in))
	}{
		{"0", "0", 0, "0"},
		{"-0", "0", 0, "0"},
		{"1.5", "15", 1, "1.5"},
		{"+1.50", "150", 2, "1.50"},
		{"-12.50", "-1250", 2, "-12.50"},
		{"0.001", "1", 3, "0.001"},
		{"0.000001", "1", 6, "0.000001"},
		{"0.0000001", "1", 7, "1E-7"},
		{"1E+5", "1", -5, "1E+5"},
		{"1e5", "1", -5, "1E+5"},
		{"2.5e-3", "25", 4, "0.0025"},
		{"123.456E+2", "123456", 1, "12345.6"},
		{"1.23E+10", "123", -8, "1.23E+10"},
		{".5", "5", 1, "0.5"},
		{"5.", "5", 0, "5"},
		{"100", "100", 0, "100"},
		{"-123456789012345678901234567890.12", "-12345678901234567890123456789012", 2,
			"-123456789012345678901234567890.12"},
		{"0.00", "0", 2, "0.00"},
		{"0E-9", "0", 9, "0E-9"},
		{"1E-2147483647", "1", 2147483647, "1E-2147483647"},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			d, err := ParseDecimal(c.in)
			require.NoError(t, err)
			require.Equal(t, c.unscaled, d.Unscaled.String())
			require.Equal(t, c.scale, d.Scale)
			require.Equal(t, c.str, d.String())
			back, err := ParseDecimal(d.String())
			require.NoError(t, err)
			require.True(t, back.Equal(d), "%v reparsed as %v", d, back)
		})
	}
	for _, in := range []string{"", "-", ".", "e5", "1e", "1.2.3", "1_000", "0x10", "NaN", "Infinity", "1e99999999999", "1 "} {
		_, err := ParseDecimal(in)
		require.ErrorIs(t, err, ErrInvalidArgument, "%q", in)
	}
}

func TestDecimalStringZeroValue(t *testing.T) {
	require.Equal(t, "0", Decimal{}.String())
	require.Equal(t, "0.00", Decimal{Scale: 2}.String())
	require.Equal(t, "0E+3", Decimal{Scale: -3}.String())
	require.True(t, Decimal{}.Equal(NewDecimal(0, 0)))
	require.False(t, NewDecimal(15, 1).Equal(NewDecimal(150, 2)))
}

func TestDecimalWireForms(t *testing.T) {
	// The small form holds every unscaled value whose zigzag fits 63 bits;
	// the big form everything else. Both round-trip.
	f := New()
	for _, s := range []string{
		"4611686018427387903", "4611686018427387904", "-4611686018427387904", "-4611686018427387905",
		"9223372036854775807", "-9223372036854775808", "18446744073709551616",
		"1" + strings.Repeat("0", 300), "-" + strings.Repeat("9", 500),
	} {
		d := mustDecimal(s)
		data, err := f.Marshal(d)
		require.NoError(t, err)
		var back Decimal
		require.NoError(t, f.Unmarshal(data, &back))
		require.Empty(t, cmp.Diff(d, back), s)
	}
	// A magnitude of more than 63 bytes has a two-byte header.
	d := Decimal{Unscaled: new(big.Int).Lsh(big.NewInt(1), 8*100)}
	data, err := f.Marshal(d)
	require.NoError(t, err)
	require.Equal(t, []byte{0x01, 0xff, 0x28, 0x00, 0x95, 0x03}, data[:6]) // (101<<1)<<1|1 = 405
	require.Len(t, data, 6+101)
}

func TestDecimalBadInput(t *testing.T) {
	f := New()
	for _, c := range []struct {
		name, hex string
		want      error
	}{
		{"empty magnitude", "01 ff 28 00 01", ErrInvalidData},
		{"empty negative magnitude", "01 ff 28 00 03", ErrInvalidData},
		{"trailing zero byte", "01 ff 28 00 05 00", ErrInvalidData},
		{"magnitude past the end", "01 ff 28 00 09 01", ErrTruncated},
		{"huge magnitude length", "01 ff 28 00 ff ff ff ff ff ff ff ff ff", ErrTruncated},
		{"no header", "01 ff 28 00", ErrTruncated},
		{"no scale", "01 ff 28", ErrTruncated},
	} {
		t.Run(c.name, func(t *testing.T) {
			var d Decimal
			err := f.Unmarshal(unhex(t, c.hex), &d)
			require.True(t, errors.Is(err, c.want), "got %v", err)
			var v any
			err = f.Unmarshal(unhex(t, c.hex), &v)
			require.True(t, errors.Is(err, c.want), "into any: got %v", err)
		})
	}
}

func TestDecimalStructField(t *testing.T) {
	type Price struct {
		Amount Decimal
		Max    *Decimal
		Hist   []Decimal
	}
	for name, opts := range allModes() {
		f := New(opts...)
		require.NoError(t, f.RegisterTagType("example.Price", Price{}))
		in := Price{Amount: mustDecimal("19.99"), Hist: []Decimal{mustDecimal("1E+3"), mustDecimal("-0.5")}}
		data, err := f.Marshal(in)
		require.NoError(t, err, name)
		var out Price
		require.NoError(t, f.Unmarshal(data, &out), name)
		require.Empty(t, cmp.Diff(in, out), name)
	}
}

// FuzzParseDecimal holds String and ParseDecimal to each other: whatever
// parses formats to text that parses back to the same value, and marshals
// and unmarshals unchanged.
func FuzzParseDecimal(f *testing.F) {
	for _, s := range []string{"0", "-12.50", "1E+5", "0.0000001", ".5", "1e-2147483648", "123456789012345678901234567890"} {
		f.Add(s)
	}
	fy := New()
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDecimal(s)
		if err != nil {
			return
		}
		back, err := ParseDecimal(d.String())
		if err != nil || !back.Equal(d) {
			t.Fatalf("%q: String %q reparsed as %v, %v", s, d.String(), back, err)
		}
		data, err := fy.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		var got Decimal
		if err := fy.Unmarshal(data, &got); err != nil || !got.Equal(d) {
			t.Fatalf("%q: read back %v, %v", s, got, err)
		}
	})
}

func TestBigInt(t *testing.T) {
	f := New()
	// Java writes a BigInteger as a decimal of scale 0: the same bytes.
	data, err := f.Marshal(big.NewInt(5))
	require.NoError(t, err)
	require.Equal(t, "01ff280014", hex.EncodeToString(data))
	huge, _ := new(big.Int).SetString("-123456789012345678901234567890", 10)
	data, err = f.Marshal(huge)
	require.NoError(t, err)
	require.Equal(t, "01ff280037d20a3f4eeee073c3f60fe98e01", hex.EncodeToString(data))
	var back *big.Int
	require.NoError(t, f.Unmarshal(data, &back))
	require.Zero(t, huge.Cmp(back))
	var v any
	require.NoError(t, f.Unmarshal(data, &v))
	require.True(t, v.(Decimal).Equal(Decimal{Unscaled: huge}))

	// Whole decimals of any scale read into a big.Int; fractions do not.
	type Account struct {
		Balance *big.Int
		Limit   big.Int
	}
	require.NoError(t, f.RegisterTagType("example.Account", Account{}))
	in := Account{Balance: huge}
	in.Limit.SetInt64(1 << 40)
	data, err = f.Marshal(in)
	require.NoError(t, err)
	var out Account
	require.NoError(t, f.Unmarshal(data, &out))
	require.Zero(t, huge.Cmp(out.Balance))
	require.Zero(t, out.Limit.Cmp(big.NewInt(1<<40)))
	for s, want := range map[string]string{"1E+3": "1000", "12.00": "12", "-5": "-5", "0.000": "0"} {
		data, err := f.Marshal(mustDecimal(s))
		require.NoError(t, err)
		var n big.Int
		require.NoError(t, f.Unmarshal(data, &n), s)
		require.Equal(t, want, n.String(), s)
	}
	var n big.Int
	data, _ = f.Marshal(mustDecimal("1.5"))
	require.ErrorIs(t, f.Unmarshal(data, &n), ErrTypeMismatch)
	data, _ = f.Marshal(mustDecimal("1E+100000"))
	require.ErrorIs(t, f.Unmarshal(data, &n), ErrTooLarge)
}

// A struct whose state is all in unexported fields is refused rather than
// written as an empty struct.
func TestStructWithoutExportedFields(t *testing.T) {
	type hidden struct{ n int }
	type Wrapper struct{ hidden }
	type Skipped struct {
		n int `fury:"-"`
	}
	f := New()
	for _, v := range []any{hidden{1}, Wrapper{hidden{1}}, new(big.Float)} {
		_, err := f.Marshal(v)
		require.ErrorIs(t, err, ErrUnsupportedType, "%T", v)
		require.ErrorContains(t, err, "no exported fields", "%T", v)
	}
	type Empty struct{}
	_, err := f.Marshal(Empty{})
	require.NoError(t, err)
	_, err = f.Marshal(Skipped{n: 1})
	require.NoError(t, err)
}
