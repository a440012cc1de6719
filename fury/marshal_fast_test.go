package fury_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
)

// MarshalAppend takes a short way for the root type of its last call when
// generated code writes it with a constant prefix. The short way must give
// what the full way gives, whatever came before: another root type, a nil
// pointer of the cached type, a value after a pointer, a registration
// between calls, another mode.
func TestMarshalAppendRootCache(t *testing.T) {
	for _, compatible := range []bool{false, true} {
		f := fury.New(fury.WithCompatible(compatible))
		ref := fury.New(fury.WithCompatible(compatible), fury.WithGeneratedCode(false))
		for _, g := range []*fury.Fury{f, ref} {
			require.NoError(t, g.Register(gentest.MediaContent{}, 300))
			require.NoError(t, g.Register(gentest.Media{}, 301))
			require.NoError(t, g.Register(gentest.Image{}, 302))
		}
		require.True(t, f.GeneratedInUse(gentest.MediaContent{}))
		mc := gentest.NewMediaContent()
		var nilMC *gentest.MediaContent
		seq := []any{&mc, &mc, mc, &mc.Media, &mc, nilMC, &mc, mc, mc}
		var buf []byte
		for i, v := range seq {
			if i == 5 {
				// A registration between calls changes the plans.
				for _, g := range []*fury.Fury{f, ref} {
					require.NoError(t, g.Register(gentest.Sample{}, 303))
				}
			}
			want, err := ref.Marshal(v)
			require.NoError(t, err)
			buf, err = f.MarshalAppend(buf[:0], v)
			require.NoError(t, err)
			require.Equal(t, want, buf, "compatible %v, call %d (%T)", compatible, i, v)
			pre := []byte("prefix")
			out, err := f.MarshalAppend(pre, v)
			require.NoError(t, err)
			require.Equal(t, append([]byte("prefix"), want...), out, "compatible %v, call %d (%T)", compatible, i, v)
		}
		allocs := testing.AllocsPerRun(50, func() {
			buf, _ = f.MarshalAppend(buf[:0], &mc)
		})
		require.Zero(t, allocs)
	}
}
