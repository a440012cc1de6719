package fury

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type uvHolder struct {
	U UnionValue
	N int32
}

// A UnionValue is what a union reads as where no Go union type is
// registered (a struct read as a map of its fields). Marshalling that
// value wrote an unregistered struct named fury.UnionValue: read back as
// a map {"case", "value"} in compatible mode, refused (ErrUnknownType) in
// schema-consistent mode. It is written as a union again (wire type
// union: case id, then the value) and reads back as the same UnionValue.
func TestUnionValueMarshalsAsUnion(t *testing.T) {
	w := newUnionFury(t)
	in := uHolder{Pet: &uAnimalDog{Dog: &uDog{Name: "rex", Age: 3}}, X: 42,
		Pets: []uAnimal{&uAnimalNote{Note: "a"}}, Opt: &uAnimalCount{Count: 5}}
	data, err := w.Marshal(&in)
	require.NoError(t, err)
	m := New(WithCompactStrings(true))
	require.NoError(t, m.Register(uDog{}, uDogID))
	var fields any
	require.NoError(t, m.Unmarshal(data, &fields))
	require.Equal(t, UnionValue{Case: 3, Value: int32(5)}, fields.(map[string]any)["4"])

	for _, opts := range [][]Option{{}, {WithCompatible(false)}, {WithRefTracking(true)}} {
		f := New(opts...)
		require.NoError(t, f.Register(uDog{}, uDogID))
		out, err := f.Marshal(fields)
		require.NoError(t, err)
		var back any
		require.NoError(t, f.Unmarshal(out, &back))
		got := back.(map[any]any)
		assert.Equal(t, UnionValue{Case: 3, Value: int32(5)}, got["4"])
		assert.Equal(t, UnionValue{Case: 1, Value: &uDog{Name: "rex", Age: 3}}, got["1"])

		for _, v := range []any{
			UnionValue{Case: 7, Value: "x"},
			[]any{UnionValue{Case: 1, Value: nil}, UnionValue{Case: 2, Value: []any{int64(1)}}},
			&uvHolder{U: UnionValue{Case: 9, Value: 1.5}, N: 3},
		} {
			out, err := f.Marshal(v)
			require.NoError(t, err)
			if h, ok := v.(*uvHolder); ok {
				var hb uvHolder
				require.NoError(t, f.Unmarshal(out, &hb))
				assert.Equal(t, *h, hb)
				continue
			}
			var a any
			require.NoError(t, f.Unmarshal(out, &a))
			assert.Equal(t, v, a)
		}
		out, err = f.Marshal(UnionValue{Case: 7, Value: "x"})
		require.NoError(t, err)
		var uv UnionValue
		require.NoError(t, f.Unmarshal(out, &uv))
		assert.Equal(t, UnionValue{Case: 7, Value: "x"}, uv)
	}
}
