package fury

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
)

type worstSmall struct{ A int8 }
type worstEmpty struct{}
type worstWithMap struct{ M map[string]int32 }

// worstCases are legitimate values (what Marshal writes from a Go value)
// whose decoding allocates the most memory per input byte: the cases the
// default budget's constant is chosen from. zero marks values whose
// elements take no input bytes at all, which only the budget's floor pays
// for.
func worstCases() []struct {
	name string
	v    any
	zero bool
} {
	const n = 20000
	rep := func(v any, n int) any {
		s := reflect.MakeSlice(reflect.SliceOf(reflect.TypeOf(v)), n, n)
		for i := range n {
			s.Index(i).Set(reflect.ValueOf(v))
		}
		return s.Interface()
	}
	u16 := map[uint16]bool{}
	for i := range n {
		u16[uint16(i)] = true
	}
	small := make([]*worstSmall, n)
	for i := range small {
		small[i] = &worstSmall{A: 1}
	}
	shared := make([]*worstSmall, n)
	for i := range shared {
		shared[i] = small[0]
	}
	anys := make([]any, n)
	for i := range anys {
		anys[i] = []any{}
	}
	maps := make([]map[string]int32, n)
	for i := range maps {
		maps[i] = map[string]int32{}
	}
	ptrMaps := make([]*map[string]int32, n)
	for i := range ptrMaps {
		ptrMaps[i] = &map[string]int32{}
	}
	withMaps := make([]worstWithMap, n)
	ptrWithMaps := make([]*worstWithMap, n)
	for i := range ptrWithMaps {
		ptrWithMaps[i] = &worstWithMap{}
	}
	ptrSlices := make([]*[]int32, n)
	for i := range ptrSlices {
		ptrSlices[i] = &[]int32{}
	}
	return []struct {
		name string
		v    any
		zero bool
	}{
		{name: "empty strings", v: make([]string, n)},
		{name: "one-byte strings", v: rep("a", n)},
		{name: "nil interface elements", v: make([]any, n)},
		{name: "nil pointer elements", v: make([]*worstSmall, n)},
		{name: "pointers to 1-byte structs", v: small},
		{name: "one shared pointer", v: shared},
		{name: "small map entries", v: u16},
		{name: "empty inner slices", v: make([][]int8, n)},
		{name: "empty inner lists", v: make([][]string, n)},
		{name: "empty maps", v: maps},
		{name: "pointers to empty slices", v: ptrSlices},
		{name: "pointers to empty maps", v: ptrMaps},
		{name: "structs with an empty map", v: withMaps},
		{name: "pointers to structs with an empty map", v: ptrWithMaps},
		{name: "empty lists in interfaces", v: anys},
		{name: "8192 empty structs", v: make([]worstEmpty, 8192), zero: true},
		{name: "8000 pointers to empty structs", v: rep(&worstEmpty{}, 8000), zero: true},
		{name: "8192 struct{}", v: make([]struct{}, 8192), zero: true},
	}
}

// TestDecodeBudgetWorstCases measures, for each worst case in every mode,
// the bytes its decode allocates (exactly, see exactAlloc) and charges to
// the budget per input byte, and checks that the default budget's constant
// covers them: each decodes under the default budget, allocates no more
// than it charges, and charges no more than DecodedBytesPerInputByte per
// input byte (cases whose elements take no input: no more than the floor).
// The package documentation's table is this test's output (-v).
func TestDecodeBudgetWorstCases(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's allocations are not the program's")
	}
	for _, m := range []struct {
		compatible, ref bool
	}{{true, false}, {false, false}, {true, true}, {false, true}} {
		for _, c := range worstCases() {
			name := fmt.Sprintf("compatible=%v/ref=%v/%s", m.compatible, m.ref, c.name)
			t.Run(name, func(t *testing.T) {
				f := New(WithCompatible(m.compatible), WithRefTracking(m.ref))
				data, err := f.Marshal(c.v)
				require.NoError(t, err)
				typ := reflect.TypeOf(c.v)
				out := reflect.New(typ)
				require.NoError(t, f.Unmarshal(data, out.Interface())) // warm: plans, TypeDef cache
				var charged int64
				alloc := exactAlloc(func() {
					out = reflect.New(typ)
					err = f.Unmarshal(data, out.Interface())
					charged = f.dec.limit - f.in.Budget()
				})
				require.NoError(t, err)
				root := uint64(typ.Size()) + 16 // reflect.New's value, not the decode's
				alloc -= min(alloc, root)
				t.Logf("%6d input bytes, %8d allocated (%5.1f/byte), %8d charged (%5.1f/byte)",
					len(data), alloc, float64(alloc)/float64(len(data)), charged, float64(charged)/float64(len(data)))
				require.LessOrEqual(t, alloc, uint64(charged)+256, "allocated more than charged to the budget")
				if c.zero {
					require.LessOrEqual(t, charged, int64(DecodeBudgetFloor)+int64(len(data))*DecodedBytesPerInputByte)
					return
				}
				require.LessOrEqual(t, charged, int64(len(data))*DecodedBytesPerInputByte,
					"a legitimate value charges more per input byte than the default budget's constant")
			})
		}
	}
}
