package fury

import (
	"testing"

	"github.com/stretchr/testify/require"
)

type uNilHolder struct {
	Plain  uAnimal
	Tagged uAnimal `fury:"ref"`
}

// A nil union field: refused where the field has no null flag, written as
// null where it has one, which a tracked field's reference flag is (the
// package documentation's rule, checked in every mode).
func TestNilUnionFieldByTracking(t *testing.T) {
	for _, compatible := range []bool{true, false} {
		set := &uAnimalNote{Note: "x"}
		f := newUnionFury(t, WithCompatible(compatible))
		require.NoError(t, f.Register(uNilHolder{}, 9123))
		_, err := f.Marshal(&uNilHolder{Plain: set})
		require.ErrorIs(t, err, ErrInvalidArgument, "tagged ref, tracking off: no null flag")

		f = newUnionFury(t, WithCompatible(compatible), WithRefTracking(true))
		require.NoError(t, f.Register(uNilHolder{}, 9123))
		_, err = f.Marshal(&uNilHolder{Tagged: set})
		require.ErrorIs(t, err, ErrInvalidArgument, "untagged field: no null flag")
		data, err := f.Marshal(&uNilHolder{Plain: set})
		require.NoError(t, err)
		var back uNilHolder
		require.NoError(t, f.Unmarshal(data, &back))
		require.Equal(t, uNilHolder{Plain: set}, back)

		f = newUnionFury(t, WithCompatible(compatible), WithRefTracking(true), WithTrackAllFields(true))
		require.NoError(t, f.Register(uNilHolder{}, 9123))
		data, err = f.Marshal(&uNilHolder{})
		require.NoError(t, err)
		back = uNilHolder{Plain: set, Tagged: set}
		require.NoError(t, f.Unmarshal(data, &back))
		require.Equal(t, uNilHolder{}, back)
	}
}
