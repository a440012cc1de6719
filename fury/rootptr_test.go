package fury_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
)

type rootPtrT struct {
	Name string
	N    int32
}

// Marshal(&p) for a p of type *T writes what p points to (as encoding/json
// does), and Unmarshal into &p sets p: a root may be a pointer to a
// pointer, though no field, element or key may.
func TestRootPointerToPointer(t *testing.T) {
	for _, compatible := range []bool{true, false} {
		f := fury.New(fury.WithCompatible(compatible))
		require.NoError(t, f.Register(rootPtrT{}, 90))
		p := &rootPtrT{Name: "ann", N: 3}
		want, err := f.Marshal(p)
		require.NoError(t, err)

		got, err := f.Marshal(&p)
		require.NoError(t, err)
		assert.Equal(t, want, got, "Marshal(&p) writes *p")
		pp := &p
		got, err = f.MarshalAppend(nil, &pp)
		require.NoError(t, err)
		assert.Equal(t, want, got, "every level is followed")

		var q *rootPtrT
		require.NoError(t, f.Unmarshal(got, &q))
		assert.Equal(t, p, q)

		var nilp *rootPtrT
		null, err := f.Marshal(nil)
		require.NoError(t, err)
		got, err = f.Marshal(&nilp)
		require.NoError(t, err)
		assert.Equal(t, null, got, "a nil *T behind the pointer is null")
		q = &rootPtrT{Name: "old"}
		require.NoError(t, f.Unmarshal(got, &q))
		assert.Nil(t, q)

		type holder struct{ P **rootPtrT }
		_, err = f.Marshal(holder{P: &p})
		assert.ErrorIs(t, err, fury.ErrUnsupportedType, "a field may not be a pointer to a pointer")
		_, err = f.Marshal([]**rootPtrT{&p})
		assert.ErrorIs(t, err, fury.ErrUnsupportedType, "nor an element")
	}
}
