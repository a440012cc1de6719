package fury

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// p28Holder puts today's types in every position: union field, optional
// union, list and map of unions, union in interface{}, halfs as field,
// pointer, array, list, map key and value, and a uint8 array.
type p28Holder struct {
	Pet   uAnimal
	Opt   uAnimal `fury:"nullable"`
	Pets  []uAnimal
	ByKey map[string]uAnimal
	Any   any
	H     Float16
	PH    *Float16
	HA    [2]Float16
	HS    []Float16
	HL    Float16Slice
	HM    map[Float16]BFloat16
	B     BFloat16
	U8    Uint8Array
}

func p28Sample() *p28Holder {
	nan := Float16(0x7e01) // a NaN with a payload: bits must survive
	return &p28Holder{
		Pet:   &uAnimalDog{Dog: &uDog{Name: "rex", Age: 3}},
		Pets:  []uAnimal{&uAnimalNote{Note: "a"}, &uAnimalCount{Count: -1}, nil},
		ByKey: map[string]uAnimal{"k": &uAnimalCount{Count: 7}},
		Any:   &uAnimalNote{Note: "in any"},
		H:     0x8000, // -0
		PH:    &nan,
		HA:    [2]Float16{0x7c00, 0xfc00},
		HS:    []Float16{0x0001, 0x7bff, 0x03ff},
		HL:    Float16Slice{0x0400, 0x7e00},
		HM:    map[Float16]BFloat16{0x3c00: 0x7f80, 0x7e00: 0xff81},
		B:     0x0001,
		U8:    Uint8Array{0, 255},
	}
}

// Every mode, generated code or not: the value round-trips; decoding into
// a used destination gives what decoding into a zero one gives and never
// writes through the old union wrappers or their values; and the result
// does not depend on what the Fury decoded before.
func TestTypes28EveryPositionEveryMode(t *testing.T) {
	modes := map[string][]Option{
		"compatible":        {},
		"schema":            {WithCompatible(false)},
		"compatible-ref":    {WithRefTracking(true)},
		"schema-ref":        {WithCompatible(false), WithRefTracking(true)},
		"compatible-refall": {WithRefTracking(true), WithTrackAllFields(true)},
		"schema-refall":     {WithCompatible(false), WithRefTracking(true), WithTrackAllFields(true)},
		"python-forms":      {WithCompatible(false), WithPythonForms(true)},
		"zero-copy":         {WithAliasInput(true)},
	}
	for name, opts := range modes {
		t.Run(name, func(t *testing.T) {
			f := newUnionFury(t, opts...)
			require.NoError(t, f.Register(p28Holder{}, 9201))
			in := p28Sample()
			data, err := f.Marshal(in)
			require.NoError(t, err)
			var out p28Holder
			require.NoError(t, f.Unmarshal(data, &out))
			assert.Equal(t, *in, out)

			oldDog := &uDog{Name: "old"}
			oldPet := &uAnimalDog{Dog: oldDog}
			oldNote := &uAnimalNote{Note: "old"}
			oldH := Float16(1)
			used := p28Holder{Pet: oldPet, Opt: oldNote, Pets: []uAnimal{oldNote, oldNote, oldNote, oldNote},
				ByKey: map[string]uAnimal{"junk": oldNote}, Any: oldNote, PH: &oldH, HM: map[Float16]BFloat16{1: 1}}
			oldPets := used.Pets
			require.NoError(t, f.Unmarshal(data, &used))
			assert.Equal(t, *in, used)
			assert.Equal(t, "old", oldDog.Name)
			assert.Same(t, oldDog, oldPet.Dog)
			assert.Equal(t, "old", oldNote.Note)
			assert.Equal(t, Float16(1), oldH)
			assert.Same(t, oldNote, oldPets[0].(*uAnimalNote))

			// Something else first, then the same bytes again.
			other, err := f.Marshal(&p28Holder{Pet: &uAnimalNote{Note: "other"}, HS: []Float16{9}})
			require.NoError(t, err)
			var sink any
			require.NoError(t, f.Unmarshal(other, &sink))
			var again p28Holder
			require.NoError(t, f.Unmarshal(data, &again))
			assert.Equal(t, out, again)

			// Roots: a union case into the union, into interface{} and into
			// its wrapper type; halfs at the root.
			data, err = f.Marshal(&uAnimalCount{Count: 5})
			require.NoError(t, err)
			var u uAnimal = oldNote
			require.NoError(t, f.Unmarshal(data, &u))
			assert.Equal(t, uAnimal(&uAnimalCount{Count: 5}), u)
			var w uAnimalCount
			require.NoError(t, f.Unmarshal(data, &w))
			assert.Equal(t, uAnimalCount{Count: 5}, w)
			var wrong uAnimalNote
			require.ErrorIs(t, f.Unmarshal(data, &wrong), ErrTypeMismatch)
			for _, v := range []any{Float16(0x7e01), BFloat16(0xff81), []Float16{0xfc00}, Uint8Array{1}} {
				data, err = f.Marshal(v)
				require.NoError(t, err)
				var a any
				require.NoError(t, f.Unmarshal(data, &a))
				assert.Equal(t, v, a)
			}
		})
	}
}
