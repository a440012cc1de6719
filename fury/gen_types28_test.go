package fury_test

import (
	"testing"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGeneratedTypes28 holds furygen's code for structs with halfs, uint8
// arrays, unions and evolving=false to the reflection path: the same bytes
// in every mode, and the same values read back.
func TestGeneratedTypes28(t *testing.T) {
	in := &gentest.Inner{ID: 3, Label: "in"}
	h := fury.Float16Of(-0.5)
	values := []any{
		&gentest.HalfHolder{H: fury.Float16Of(1.5), B: fury.BFloat16Of(-3), PH: &h, Ha: []fury.Float16{1, 2}, Ba: []fury.BFloat16{3},
			Hs: fury.Float16Slice{fury.Float16Of(0.25)}, Bs: fury.BFloat16Slice{fury.BFloat16Of(7)}, U8: fury.Uint8Array{1, 2, 3}, U8s: fury.Uint8Slice{4, 255},
			Bin: []byte{4}, Arr: [2]fury.Float16{5, 6}},
		&gentest.HalfHolder{},
		&gentest.UnionHolder{S: &gentest.ShapeCircle{R: 2}, Opt: &gentest.ShapeInner{In: in},
			List: []gentest.Shape{&gentest.ShapeName{Name: "n"}, &gentest.ShapeInner{In: in}},
			M:    map[string]gentest.Shape{"k": &gentest.ShapeCircle{R: -1}}, N: 9, Half: fury.Float16Of(2)},
		&gentest.UnionHolder{S: &gentest.ShapeName{}},
		&gentest.FixedPoint{X: 1, Y: -2, L: []gentest.FixedPoint{{X: 3}}},
	}
	for _, compatible := range []bool{false, true} {
		for _, ref := range []bool{false, true} {
			mk := func(gen bool) *fury.Fury {
				f := fury.New(fury.WithCompatible(compatible), fury.WithRefTracking(ref), fury.WithGeneratedCode(gen))
				require.NoError(t, f.RegisterUnion((*gentest.Shape)(nil), 300,
					(*gentest.ShapeCircle)(nil), (*gentest.ShapeName)(nil), (*gentest.ShapeInner)(nil)))
				require.NoError(t, f.Register(gentest.Inner{}, 301))
				require.NoError(t, f.Register(gentest.HalfHolder{}, 302))
				require.NoError(t, f.Register(gentest.UnionHolder{}, 303))
				require.NoError(t, f.Register(gentest.FixedPoint{}, 304))
				return f
			}
			gen, refl := mk(true), mk(false)
			for _, v := range values {
				want, err := refl.Marshal(v)
				require.NoError(t, err)
				got, err := gen.Marshal(v)
				require.NoError(t, err)
				require.Equal(t, want, got, "compatible=%v ref=%v %T", compatible, ref, v)
				require.True(t, gen.GeneratedInUse(v), "%T", v)
				for _, f := range []*fury.Fury{gen, refl} {
					out := newOf(v)
					require.NoError(t, f.Unmarshal(want, out))
					assert.Equal(t, v, out, "compatible=%v ref=%v", compatible, ref)
				}
			}
		}
	}
}

func newOf(v any) any {
	switch v.(type) {
	case *gentest.HalfHolder:
		return new(gentest.HalfHolder)
	case *gentest.UnionHolder:
		return new(gentest.UnionHolder)
	}
	return new(gentest.FixedPoint)
}
