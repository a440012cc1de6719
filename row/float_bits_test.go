package row_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/row"
)

type floatBits struct {
	F  float32
	D  float64
	P  *float32
	PD *float64
	M  map[string]float32
	L  []float32
	N  struct{ G float32 }
}

// Floats keep their exact bits through the row format, signaling NaN
// payloads included, in fields, pointers, map values, lists and nested
// structs, and through the getters.
func TestRowFloatsKeepTheirBits(t *testing.T) {
	for _, bits32 := range []uint32{0x7f800001, 0xff800001, 0x7fc00001, 0x7fbfffff, 0x80000000, 0x00000001} {
		bits64 := uint64(0x7ff0000000000001) | uint64(bits32)<<20
		f := math.Float32frombits(bits32)
		d := math.Float64frombits(bits64)
		in := floatBits{F: f, D: d, P: &f, PD: &d, M: map[string]float32{"k": f}, L: []float32{f, f}}
		in.N.G = f
		enc, err := row.NewEncoder[floatBits]()
		require.NoError(t, err)
		data, err := enc.Encode(&in)
		require.NoError(t, err)
		out, err := enc.Decode(data)
		require.NoError(t, err)
		for name, got := range map[string]float32{"field": out.F, "pointer": *out.P, "map value": out.M["k"],
			"list": out.L[1], "nested": out.N.G} {
			assert.Equal(t, bits32, math.Float32bits(got), "%s, bits %#x", name, bits32)
		}
		assert.Equal(t, bits64, math.Float64bits(out.D), "float64 field")
		assert.Equal(t, bits64, math.Float64bits(*out.PD), "float64 pointer")

		r, err := enc.ToRow(&in)
		require.NoError(t, err)
		s := enc.Schema()
		g, err := r.Float32(s.FieldIndex("f"))
		require.NoError(t, err)
		assert.Equal(t, bits32, math.Float32bits(g), "getter")
		vals, err := r.Values()
		require.NoError(t, err)
		assert.Equal(t, bits32, math.Float32bits(vals[s.FieldIndex("f")].(float32)), "Values")
		l, err := r.Array(s.FieldIndex("l"))
		require.NoError(t, err)
		g, err = l.Float32(0)
		require.NoError(t, err)
		assert.Equal(t, bits32, math.Float32bits(g), "list getter")

		// Build from values keeps them too.
		b, err := row.Build(s, vals)
		require.NoError(t, err)
		g, err = b.Float32(s.FieldIndex("f"))
		require.NoError(t, err)
		assert.Equal(t, bits32, math.Float32bits(g), "Build")
	}
}
