package fury_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
)

type notNullPtrs struct {
	In  *gentest.Inner `fury:"notnull"`
	N   *int32         `fury:"notnull"`
	S   *string        `fury:"notnull"`
	Opt *int32
}

// TestNotNullNilPointerAllModes: a nil pointer at a `fury:"notnull"` field
// is written as its zero value and comes back as a pointer to it in all
// four modes: reference tracking, which gives the field a reference flag,
// must not write it as null instead. Generated code (gentest.Tagged.Must)
// agrees.
func TestNotNullNilPointerAllModes(t *testing.T) {
	want := notNullPtrs{In: &gentest.Inner{}, N: new(int32), S: new(string)}
	for _, compatible := range []bool{true, false} {
		for _, ref := range []bool{false, true} {
			for _, gen := range []bool{true, false} {
				f := fury.New(fury.WithCompatible(compatible), fury.WithRefTracking(ref), fury.WithGeneratedCode(gen))
				data, err := f.Marshal(&notNullPtrs{})
				require.NoError(t, err)
				var out notNullPtrs
				require.NoError(t, f.Unmarshal(data, &out))
				require.Empty(t, cmp.Diff(want, out), "compatible=%v ref=%v", compatible, ref)

				data, err = f.Marshal(&gentest.Tagged{})
				require.NoError(t, err)
				var tg gentest.Tagged
				require.NoError(t, f.Unmarshal(data, &tg))
				require.NotNil(t, tg.Must, "compatible=%v ref=%v gen=%v", compatible, ref, gen)
				require.Equal(t, int32(0), *tg.Must)
			}
		}
	}
}
