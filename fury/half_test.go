package fury

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFloat16Of(t *testing.T) {
	inf, nan := float32(math.Inf(1)), float32(math.NaN())
	for _, c := range []struct {
		in   float32
		want Float16
	}{
		{0, 0x0000},
		{float32(math.Copysign(0, -1)), 0x8000},
		{1, 0x3c00},
		{-2, 0xc000},
		{1.5, 0x3e00},
		{0.1, 0x2e66},                    // 0.0999755859375, the nearest
		{65504, 0x7bff},                  // the largest finite
		{65519.99, 0x7bff},               // below the midpoint to 65536: rounds down
		{65520, 0x7c00},                  // the midpoint rounds to even: Inf
		{1e6, 0x7c00},                    // overflow
		{-1e6, 0xfc00},                   //
		{inf, 0x7c00},                    //
		{-inf, 0xfc00},                   //
		{6.103515625e-05, 0x0400},        // the smallest normal (2^-14)
		{5.960464477539063e-08, 0x0001},  // the smallest subnormal (2^-24)
		{2.9802322387695312e-08, 0x0000}, // 2^-25, half of it: ties to even (0)
		{2.9802326e-08, 0x0001},          // just above the half: 1
		{8.940697e-08, 0x0002},           // 1.5 × 2^-24: ties to even (2)
		{6.097555e-05, 0x03ff},           // the largest subnormal
		{6.1005353e-05, 0x0400},          // rounds up into the smallest normal
		{1 + 1.0/2048, 0x3c00},           // halfway between 1 and the next: even (down)
		{1 + 3.0/2048, 0x3c02},           // halfway above an odd: up
		{1 + 1.0/2048 + 1.0/65536, 0x3c01},
		{1e-10, 0x0000},
		{-1e-10, 0x8000},
	} {
		assert.Equal(t, c.want, Float16Of(c.in), "Float16Of(%g)", c.in)
	}
	h := Float16Of(nan)
	assert.True(t, math.IsNaN(float64(h.Float32())), "NaN stays NaN: %#04x", uint16(h))
	assert.Equal(t, Float16(0x7e00), h&0x7e00, "a quiet NaN")
	assert.Equal(t, Float16(0xfe00), Float16Of(math.Float32frombits(0xffc00000)), "a negative quiet NaN keeps its sign")
	// A signalling NaN whose payload lives in the low bits only stays a NaN.
	assert.True(t, math.IsNaN(float64(Float16Of(math.Float32frombits(0x7f800001)).Float32())))
}

func TestFloat16RoundTrips(t *testing.T) {
	// Every half converts to float32 exactly and back to itself (NaNs to a
	// NaN).
	for i := 0; i < 1<<16; i++ {
		h := Float16(i)
		f := h.Float32()
		if math.IsNaN(float64(f)) {
			require.True(t, math.IsNaN(float64(Float16Of(f).Float32())), "%#04x", i)
			continue
		}
		require.Equal(t, h, Float16Of(f), "%#04x (%g)", i, f)
	}
	assert.Equal(t, float32(65504), Float16(0x7bff).Float32())
	assert.Equal(t, float32(math.Ldexp(1, -24)), Float16(0x0001).Float32())
	assert.Equal(t, "1.5", Float16Of(1.5).String())
	assert.Equal(t, "0.099975586", Float16Of(0.1).String())
}

func TestBFloat16Of(t *testing.T) {
	for _, c := range []struct {
		in   float32
		want BFloat16
	}{
		{0, 0x0000},
		{1, 0x3f80},
		{-2, 0xc000},
		{0.5, 0x3f00},
		{math.Float32frombits(0x3f808000), 0x3f80}, // halfway, even below: down
		{math.Float32frombits(0x3f818000), 0x3f82}, // halfway, odd below: up
		{math.Float32frombits(0x3f808001), 0x3f81}, // above halfway: up
		{math.MaxFloat32, 0x7f80},                  // rounds to Inf
		{float32(math.Inf(-1)), 0xff80},
		{math.Float32frombits(0x00000001), 0x0000}, // the smallest float32 subnormal
		{math.Float32frombits(0x00010000), 0x0001}, // a bfloat16 subnormal
	} {
		assert.Equal(t, c.want, BFloat16Of(c.in), "BFloat16Of(%g)", c.in)
	}
	for _, bits := range []uint32{0x7fc00000, 0x7f800001, 0xff800001, 0x7f810000} {
		b := BFloat16Of(math.Float32frombits(bits))
		assert.True(t, math.IsNaN(float64(b.Float32())), "%#08x -> %#04x", bits, uint16(b))
		assert.Equal(t, bits>>31, uint32(b)>>15, "sign of %#08x", bits)
	}
	for i := 0; i < 1<<16; i++ {
		b := BFloat16(i)
		if f := b.Float32(); !math.IsNaN(float64(f)) {
			require.Equal(t, b, BFloat16Of(f), "%#04x", i)
		}
	}
	assert.Equal(t, "-2", BFloat16Of(-2).String())
}

type halfMsg struct {
	H   Float16
	B   BFloat16
	Ha  []Float16
	Ba  []BFloat16
	Hs  Float16Slice
	U8  Uint8Array
	Bin []byte
}

// TestHalfGolden: pyfory 1.7.7's bytes for
//
//	@dataclass class HF: h: Float16; b: BFloat16; ha: Array[Float16];
//	    ba: Array[BFloat16]; hs: List[Float16]; u8: Array[UInt8]; bin: bytes
//
// registered as 301, HF(1.5, -2.0, [1.0, 65504.0], [0.5], [0.25, -0.0],
// array('B', [1, 255]), b"\x07"), both modes.
func TestHalfGolden(t *testing.T) {
	want := halfMsg{H: Float16Of(1.5), B: BFloat16Of(-2), Ha: []Float16{0x3c00, 0x7bff}, Ba: []BFloat16{0x3f00},
		Hs: Float16Slice{Float16Of(0.25), Float16Of(float32(math.Copysign(0, -1)))}, U8: Uint8Array{1, 255}, Bin: []byte{7}}
	for _, c := range []struct {
		compatible bool
		hex        string
	}{
		{false, "01ff1bad02eacf7459003e00c002003f010704003cff7b020c003400800201ff"},
		{true, "01ff1c001eb0af19cb39a17cc7ad0240111c401204443684004429050d44359c004416449e40843029e0003e00c002003f010704003cff7b020c003400800201ff"},
	} {
		f := New(WithCompatible(c.compatible))
		require.NoError(t, f.Register(halfMsg{}, 301))
		data, err := f.Marshal(&want)
		require.NoError(t, err)
		assert.Equal(t, c.hex, hexOf(data), "compatible=%v", c.compatible)
		var got halfMsg
		require.NoError(t, f.Unmarshal(unhex(t, c.hex), &got))
		assert.Equal(t, want, got)
	}
	// Roots, and interface{} destinations keep the Go types.
	f := New()
	data, err := f.Marshal(Uint8Array{1, 2})
	require.NoError(t, err)
	assert.Equal(t, "01ff30020102", hexOf(data))
	var v any
	require.NoError(t, f.Unmarshal(data, &v))
	assert.Equal(t, Uint8Array{1, 2}, v)
	var raw []byte
	require.NoError(t, f.Unmarshal(data, &raw), "[]byte reads uint8_array")
	assert.Equal(t, []byte{1, 2}, raw)
	for _, in := range []any{Float16Of(1.5), BFloat16Of(3), []Float16{1, 2}, []BFloat16{3}, Float16Slice{5}} {
		data, err := f.Marshal(in)
		require.NoError(t, err)
		var out any
		require.NoError(t, f.Unmarshal(data, &out))
		if _, ok := in.(Float16Slice); ok {
			assert.Equal(t, []any{Float16(5)}, out)
			continue
		}
		assert.Equal(t, in, out)
	}
	// float16 data fills float32 destinations exactly; a Float16 takes no
	// other number's bits.
	data, err = f.Marshal(Float16Of(0.1))
	require.NoError(t, err)
	var f32 float32
	require.NoError(t, f.Unmarshal(data, &f32))
	assert.Equal(t, Float16Of(0.1).Float32(), f32)
	data, err = f.Marshal([]Float16{Float16Of(2.5)})
	require.NoError(t, err)
	var f64s []float64
	require.NoError(t, f.Unmarshal(data, &f64s))
	assert.Equal(t, []float64{2.5}, f64s)
	data, err = f.Marshal(uint16(7))
	require.NoError(t, err)
	var h Float16
	require.ErrorIs(t, f.Unmarshal(data, &h), ErrTypeMismatch)
}

func hexOf(b []byte) string {
	const digits = "0123456789abcdef"
	out := make([]byte, 2*len(b))
	for i, c := range b {
		out[2*i], out[2*i+1] = digits[c>>4], digits[c&15]
	}
	return string(out)
}

// A float16 or bfloat16 that cannot be stored in the destination is named
// as itself in the error, not as the float32 it converts as.
func TestHalfMismatchNamesTheType(t *testing.T) {
	f := New()
	for _, v := range []any{Float16Of(1.5), BFloat16Of(1.5), []any{Float16Of(1.5)}, map[string]any{"k": BFloat16Of(2)}} {
		data, err := f.Marshal(v)
		require.NoError(t, err)
		for _, dst := range []any{new(string), new(int32), new(bool), new([]string), new(Float16), new(BFloat16), new(map[string]string)} {
			err := f.Unmarshal(data, dst)
			if err == nil {
				continue
			}
			require.ErrorIs(t, err, ErrTypeMismatch, "%T into %T", v, dst)
			assert.NotContains(t, err.Error(), "float32", "%T into %T", v, dst)
		}
	}
	data, err := f.Marshal(Float16Of(1.5))
	require.NoError(t, err)
	require.EqualError(t, f.Unmarshal(data, new(string)), "fury: type mismatch: cannot store fury.Float16 in string")
	data, err = f.Marshal(BFloat16Of(1.5))
	require.NoError(t, err)
	require.EqualError(t, f.Unmarshal(data, new(Float16)), "fury: type mismatch: cannot store fury.BFloat16 in fury.Float16")
}
