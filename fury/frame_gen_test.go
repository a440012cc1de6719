package fury_test

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
)

// TestGeneratedFramesShareTypeDefs checks the framing that generated
// writers take from their plan (furyrt.Nest) against the reflection path,
// where it meets what the runtime writes in the same message: a struct
// type reached both through generated code (a field, a pointer field, a
// list) and through the runtime (an interface field, a list of
// interfaces), in either order, so that in compatible mode its TypeDef is
// written once, by whichever comes first, and referenced after; in
// schema-consistent mode by name, the type info of a named type comes
// from the runtime. Each Fury writes the value three times (the TypeDefs
// start afresh with each message), and writes other values in between.
func TestGeneratedFramesShareTypeDefs(t *testing.T) {
	in := func(i int) gentest.Inner {
		return gentest.Inner{ID: int64(i), Label: fmt.Sprint("label", i), Tags: []string{"a", fmt.Sprint(i)}}
	}
	p1, p2 := in(2), in(3)
	values := map[string]gentest.Containers{
		"runtime first":  {Any: in(1), Anys: []any{&p1, in(4)}, Inner: in(5), InnerPtr: &p2, Inners: []gentest.Inner{in(6), in(7)}},
		"generated only": {Inner: in(5), InnerPtr: &p2, Inners: []gentest.Inner{in(6)}},
		"runtime only":   {Any: in(1), Anys: []any{&p1}},
		"empty lists":    {Inners: []gentest.Inner{}, Anys: []any{}},
		"nil pointer":    {Inner: in(5), Any: &p1},
	}
	for _, compatible := range []bool{false, true} {
		for _, byName := range []bool{false, true} {
			newF := func(generated bool) *fury.Fury {
				f := fury.New(fury.WithCompatible(compatible), fury.WithGeneratedCode(generated))
				for i, v := range []any{gentest.Containers{}, gentest.Inner{}} {
					if byName {
						require.NoError(t, f.RegisterNamed(v, "gentest", fmt.Sprintf("T%d", i)))
					} else {
						require.NoError(t, f.Register(v, uint32(300+i)))
					}
				}
				return f
			}
			gen, refl := newF(true), newF(false)
			require.True(t, gen.GeneratedInUse(gentest.Containers{}))
			require.False(t, refl.GeneratedInUse(gentest.Containers{}))
			for round := 0; round < 3; round++ {
				for name, v := range values {
					msg := fmt.Sprintf("compatible=%v byName=%v %s round %d", compatible, byName, name, round)
					want, err := refl.Marshal(&v)
					require.NoError(t, err, msg)
					got, err := gen.Marshal(&v)
					require.NoError(t, err, msg)
					require.Equal(t, want, got, msg)
					app, err := gen.MarshalAppend([]byte("x"), &v)
					require.NoError(t, err, msg)
					require.Equal(t, append([]byte("x"), want...), app, msg)
					var back gentest.Containers
					require.NoError(t, gen.Unmarshal(got, &back), msg)
					// (An empty list field reads as nil.)
					assert.Empty(t, cmp.Diff(v.Inners, back.Inners, cmpopts.EquateEmpty()), msg)
					assert.Empty(t, cmp.Diff(v.Inner, back.Inner, cmpopts.EquateEmpty()), msg)
					assert.Empty(t, cmp.Diff(v.InnerPtr, back.InnerPtr, cmpopts.EquateEmpty()), msg)
				}
			}
		}
	}
}

// TestGeneratedFramesErrorPath checks that an error inside a struct that
// generated code reaches through its plan (a list element, a pointer
// field's pointee, a nested value) names the same path as on the
// reflection path, and that the Fury writes the next message normally.
func TestGeneratedFramesErrorPath(t *testing.T) {
	bad := func() gentest.MediaContent {
		mc := gentest.NewMediaContent()
		mc.Images[1].Size = -1 // not an ordinal of the Size enum
		return mc
	}
	inner := func() gentest.MediaContent {
		mc := gentest.NewMediaContent()
		mc.Images[0].Media = &gentest.Media{Player: -2} // the pointee of a list element's field
		return mc
	}
	for _, compatible := range []bool{false, true} {
		newF := func(generated bool) *fury.Fury {
			f := fury.New(fury.WithCompatible(compatible), fury.WithGeneratedCode(generated))
			for i, v := range []any{gentest.MediaContent{}, gentest.Media{}, gentest.Image{}, gentest.Size(0), gentest.Player(0)} {
				require.NoError(t, f.Register(v, uint32(400+i)))
			}
			return f
		}
		gen, refl := newF(true), newF(false)
		require.True(t, gen.GeneratedInUse(gentest.MediaContent{}))
		for name, v := range map[string]gentest.MediaContent{"element": bad(), "pointee": inner()} {
			msg := fmt.Sprintf("compatible=%v %s", compatible, name)
			_, errRefl := refl.Marshal(&v)
			require.Error(t, errRefl, msg)
			for round := 0; round < 2; round++ {
				_, errGen := gen.Marshal(&v)
				require.Error(t, errGen, msg)
				assert.Equal(t, errRefl.Error(), errGen.Error(), msg)
				assert.Contains(t, errGen.Error(), "Images", msg)
				good := gentest.NewMediaContent()
				want, err := refl.Marshal(&good)
				require.NoError(t, err, msg)
				got, err := gen.Marshal(&good)
				require.NoError(t, err, msg)
				assert.Equal(t, want, got, msg)
			}
		}
	}
}
