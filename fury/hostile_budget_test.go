package fury_test

import (
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
)

// Hostile inputs that made a decode build a large value only to refuse
// it (a wrong-type destination) or drop it (a field the reader lacks):
// each must now cost memory in proportion to its input, measured exactly
// (fury.ExactAlloc counts this goroutine's allocations, nothing else's).

// noneLists is a list of k lists, each declaring 8192 elements of type
// none (no bytes each): 5 bytes a list, 64 KiB or more of Go memory a list
// when built.
func noneLists(k int) []byte {
	b := []byte{0x01, 0xff, 0x16}
	b = binary.AppendUvarint(b, uint64(k))
	b = append(b, 0x00) // each element carries its type
	for range k {
		b = append(b, 0x16, 0x80, 0x40, 0x08, 0x24)
	}
	return b
}

// o(n) is what a refused or skipped input of n bytes may cost: the error,
// and a few small tables, but nothing per element.
func o(n int) uint64 { return uint64(2*n) + 16<<10 }

func hostileModes() []struct {
	name string
	opts []fury.Option
} {
	var out []struct {
		name string
		opts []fury.Option
	}
	for _, compatible := range []bool{true, false} {
		for _, ref := range []bool{false, true} {
			for _, gen := range []bool{true, false} {
				out = append(out, struct {
					name string
					opts []fury.Option
				}{
					fmt.Sprintf("compatible=%v/ref=%v/generated=%v", compatible, ref, gen),
					[]fury.Option{fury.WithCompatible(compatible), fury.WithRefTracking(ref), fury.WithGeneratedCode(gen)},
				})
			}
		}
	}
	return out
}

// A 2.5 KB list read into a destination it cannot convert to fails with
// ErrTypeMismatch before anything is built.
func TestWrongTypeRefusedBeforeBuilding(t *testing.T) {
	in := noneLists(500)
	require.Less(t, len(in), 2600)
	for _, m := range hostileModes() {
		t.Run(m.name, func(t *testing.T) {
			f := fury.New(m.opts...)
			require.NoError(t, f.Register(gentest.Address{}, 1))
			for name, dst := range map[string]func() any{
				"*int32":             func() any { return new(int32) },
				"*string":            func() any { return new(string) },
				"*map[string]string": func() any { return new(map[string]string) },
				"*gentest.Address":   func() any { return new(gentest.Address) },
				"**gentest.Address":  func() any { return new(*gentest.Address) },
				"*float64":           func() any { return new(float64) },
			} {
				d := dst()
				var err error
				n := fury.ExactAlloc(func() { err = f.Unmarshal(in, d) })
				require.ErrorIs(t, err, fury.ErrTypeMismatch, name)
				require.LessOrEqual(t, n, o(len(in)), "%s: %d input bytes allocated %d", name, len(in), n)
			}
		})
	}
}

// plainWide is gentest.Address with one more field, registered under
// Address's id: what a newer writer sends.
type plainWide struct {
	Street, City string
	Zip          int32
	Extra        [][]struct{}
}

// plainOtherType has Extra as an int32: the writer's Extra does not
// convert to it.
type plainOtherType struct {
	Street, City string
	Zip          int32
	Extra        int32
}

// A 2.4 KB compatible-mode message whose extra field holds lists of 8192
// empty structs (no bytes each) is skipped without building them: the
// reader that lacks the field, or has it with a type the data does not
// convert to, gets the other fields and allocates next to nothing.
func TestUnknownFieldSkippedWithoutBuilding(t *testing.T) {
	for _, ref := range []bool{false, true} {
		w := fury.New(fury.WithRefTracking(ref))
		require.NoError(t, w.Register(plainWide{}, 1))
		extra := make([][]struct{}, 400)
		for i := range extra {
			extra[i] = make([]struct{}, 8192+i) // distinct: not shared under reference tracking
		}
		in, err := w.Marshal(&plainWide{Street: "kept", Zip: 7, Extra: extra})
		require.NoError(t, err)
		require.Less(t, len(in), 2600)
		t.Logf("ref=%v: %d bytes", ref, len(in))

		for _, gen := range []bool{true, false} {
			f := fury.New(fury.WithRefTracking(ref), fury.WithGeneratedCode(gen))
			require.NoError(t, f.Register(gentest.Address{}, 1))
			require.Equal(t, gen, f.GeneratedInUse(gentest.Address{}))
			var got gentest.Address
			require.NoError(t, f.Unmarshal(in, &got)) // warm: TypeDef, plan
			got = gentest.Address{}
			n := fury.ExactAlloc(func() { err = f.Unmarshal(in, &got) })
			require.NoError(t, err)
			require.Equal(t, gentest.Address{Street: "kept", Zip: 7}, got)
			require.LessOrEqual(t, n, o(len(in)), "ref=%v generated=%v: %d input bytes allocated %d", ref, gen, len(in), n)
		}

		g := fury.New(fury.WithRefTracking(ref))
		require.NoError(t, g.Register(plainOtherType{}, 1))
		var other plainOtherType
		require.NoError(t, g.Unmarshal(in, &other))
		other = plainOtherType{Extra: 99}
		n := fury.ExactAlloc(func() { err = g.Unmarshal(in, &other) })
		require.NoError(t, err)
		require.Equal(t, plainOtherType{Street: "kept", Zip: 7}, other)
		require.LessOrEqual(t, n, o(len(in)))

		// A reader that has the field builds it, within the budget:
		// 400 × 8192 elements that take no input are over the default.
		h := fury.New(fury.WithRefTracking(ref))
		require.NoError(t, h.Register(plainWide{}, 1))
		var wide plainWide
		n = fury.ExactAlloc(func() { err = h.Unmarshal(in, &wide) })
		require.ErrorIs(t, err, fury.ErrTooLarge)
		require.LessOrEqual(t, n, uint64(fury.DecodeBudgetFloor+fury.DecodedBytesPerInputByte*len(in)))
	}
}

// In schema-consistent mode a writer with another layout is refused by
// its struct hash, before any field is read.
func TestSchemaMismatchBeforeBuilding(t *testing.T) {
	for _, ref := range []bool{false, true} {
		w := fury.New(fury.WithCompatible(false), fury.WithRefTracking(ref))
		require.NoError(t, w.Register(plainWide{}, 1))
		extra := make([][]struct{}, 400)
		for i := range extra {
			extra[i] = make([]struct{}, 8192+i) // distinct: not shared under reference tracking
		}
		in, err := w.Marshal(&plainWide{Street: "kept", Zip: 7, Extra: extra})
		require.NoError(t, err)
		for _, gen := range []bool{true, false} {
			f := fury.New(fury.WithCompatible(false), fury.WithRefTracking(ref), fury.WithGeneratedCode(gen))
			require.NoError(t, f.Register(gentest.Address{}, 1))
			var got gentest.Address
			n := fury.ExactAlloc(func() { err = f.Unmarshal(in, &got) })
			require.ErrorIs(t, err, fury.ErrSchemaMismatch)
			require.LessOrEqual(t, n, o(len(in)))
		}
	}
}

// A hostile message that no default-budget decode can build costs at
// most the default budget, in every mode and path, whatever the
// destination.
func TestDefaultBudgetBoundsEveryDestination(t *testing.T) {
	inputs := map[string][]byte{
		"none lists": noneLists(500),
	}
	for _, m := range hostileModes() {
		f := fury.New(m.opts...)
		require.NoError(t, f.Register(gentest.Address{}, 1))
		for name, in := range inputs {
			for dname, dst := range map[string]func() any{
				"*any":        func() any { return new(any) },
				"*[]any":      func() any { return new([]any) },
				"*[][]int64":  func() any { return new([][]int64) },
				"*[][]string": func() any { return new([][]string) },
				"*[]int32":    func() any { return new([]int32) },
			} {
				d := dst()
				var err error
				n := fury.ExactAlloc(func() { err = f.Unmarshal(in, d) })
				require.Error(t, err, "%s %s into %s", m.name, name, dname)
				bound := uint64(fury.DecodeBudgetFloor+fury.DecodedBytesPerInputByte*len(in)) + o(len(in))
				require.LessOrEqual(t, n, bound, "%s %s into %s: %v", m.name, name, dname, err)
			}
		}
	}
}

// Elements that cannot convert to the destination's element type (the
// header of a list, set or map gives them one type) are refused before
// they are built.
func TestWrongElementTypeRefusedBeforeBuilding(t *testing.T) {
	strs := make([]string, 300)
	for i := range strs {
		strs[i] = fmt.Sprint("string ", i)
	}
	m := map[string]string{}
	for _, s := range strs {
		m[s] = s
	}
	for _, mode := range hostileModes() {
		f := fury.New(mode.opts...)
		for name, c := range map[string]struct {
			v   any
			dst func() any
		}{
			"[]string into []int32":                 {strs, func() any { return new([]int32) }},
			"[]string into [300]float64":            {strs, func() any { return new([300]float64) }},
			"[]any of strings into []int64":         {anyOf(strs), func() any { return new([]int64) }},
			"map[string]string into map[int]int":    {m, func() any { return new(map[int]int) }},
			"map[string]string into map[string]int": {m, func() any { return new(map[string]int) }},
			"Set[string] into map[int]struct{}":     {fury.NewSet(strs...), func() any { return new(map[int]struct{}) }},
		} {
			in, err := f.Marshal(c.v)
			require.NoError(t, err)
			d := c.dst()
			n := fury.ExactAlloc(func() { err = f.Unmarshal(in, d) })
			require.ErrorIs(t, err, fury.ErrTypeMismatch, "%s %s", mode.name, name)
			require.LessOrEqual(t, n, uint64(4<<10), "%s %s: %d input bytes allocated %d: %v", mode.name, name, len(in), n, err)
		}
	}
}

func anyOf(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}
