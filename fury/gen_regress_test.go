package fury_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
)

// Regression tests for furygen bugs: generated readers that did not check
// what the reflection path checks (gentest/regress.go has the types).

// sameError checks that the generated and the reflection path (twin)
// failed alike: both or neither, with the same message but for the twin's
// type names (...R).
func sameError(t *testing.T, errGen, errTwin error, msg string) {
	t.Helper()
	require.Equal(t, errTwin == nil, errGen == nil, "%s: reflect %v, generated %v", msg, errTwin, errGen)
	if errTwin != nil {
		assert.Equal(t, twinless(errTwin.Error()), errGen.Error(), msg)
		for _, sentinel := range []error{fury.ErrInvalidData, fury.ErrTooLarge, fury.ErrTruncated, fury.ErrTypeMismatch} {
			assert.Equal(t, errors.Is(errTwin, sentinel), errors.Is(errGen, sentinel), "%s: %v", msg, sentinel)
		}
	}
}

// twinless names the twin types of an error message as their originals.
func twinless(s string) string {
	for twin, gen := range twinNames {
		s = strings.ReplaceAll(s, twin, gen)
	}
	for _, p := range genCorpus {
		s = strings.ReplaceAll(s, p.twin.Name()+".", p.gen.Name()+".")
		s = strings.ReplaceAll(s, "gentest."+p.twin.Name(), "gentest."+p.gen.Name())
	}
	return s
}

// twinNames are the twins of gentest's types that are not structs of
// genCorpus.
var twinNames = map[string]string{"gentest.PInnerR": "gentest.PInner"}

// decodeBoth decodes data with gen (into the generated type) and twin.
func decodeBoth(t *testing.T, p genPair, gen, twin *fury.Fury, data []byte, msg string) {
	t.Helper()
	gv, tv := reflect.New(p.gen), reflect.New(p.twin)
	errGen, errTwin := gen.Unmarshal(data, gv.Interface()), twin.Unmarshal(data, tv.Interface())
	sameError(t, errGen, errTwin, msg)
	if errGen == nil {
		asGen := reflect.NewAt(p.gen, tv.UnsafePointer())
		if diff := cmp.Diff(asGen.Interface(), gv.Interface(), genCmp...); diff != "" {
			t.Fatalf("%s: (-reflect +generated):\n%s", msg, diff)
		}
	}
}

// wideOrdinal is an enum registered as gentest.Small by a writer: its
// ordinals go past Small's range.
type wideOrdinal uint32

// wideEnums is gentest.SmallEnums with the wide enum.
type wideEnums struct {
	S    wideOrdinal
	P    *wideOrdinal
	M    map[string]wideOrdinal
	L    []wideOrdinal
	Keys map[wideOrdinal]int32
}

// TestGeneratedEnumOrdinalRange checks that an ordinal beyond the range of
// the enum's Go type (300 for a uint8) is the reflection path's error in
// generated code too, in a field, behind a pointer, as a map key or value
// and as a list element: it once wrapped (300 read as 44).
func TestGeneratedEnumOrdinalRange(t *testing.T) {
	w := func(v wideOrdinal) *wideOrdinal { return &v }
	valid := func() wideEnums {
		return wideEnums{S: 1, P: w(2), M: map[string]wideOrdinal{"a": 3}, L: []wideOrdinal{4, 5}, Keys: map[wideOrdinal]int32{6: 7}}
	}
	cases := map[string]func(*wideEnums){
		"valid":     func(*wideEnums) {},
		"field":     func(v *wideEnums) { v.S = 300 },
		"pointer":   func(v *wideEnums) { v.P = w(300) },
		"map value": func(v *wideEnums) { v.M["a"] = 300 },
		"element":   func(v *wideEnums) { v.L[1] = 300 },
		"map key":   func(v *wideEnums) { v.Keys = map[wideOrdinal]int32{300: 1} },
		"max":       func(v *wideEnums) { v.S, v.L[0] = 255, 255 },
		"beyond":    func(v *wideEnums) { v.S = 256 },
	}
	p := pairOf[gentest.SmallEnums, gentest.SmallEnumsR]()
	for _, c := range []genConfig{{byName: true, enums: true}, {compatible: true, byName: true, enums: true},
		{refs: true, byName: true, enums: true}, {compatible: true, refs: true, byName: true, enums: true}} {
		gen, twin := newGenFury(t, c, false), newGenFury(t, c, true)
		require.True(t, gen.GeneratedInUse(gentest.SmallEnums{}))
		writer := fury.New(fury.WithCompatible(c.compatible), fury.WithRefTracking(c.refs))
		require.NoError(t, writer.RegisterNamed(wideEnums{}, "gentest", "SmallEnums"))
		require.NoError(t, writer.RegisterNamed(wideOrdinal(0), "gentest", "Small"))
		for name, change := range cases {
			v := valid()
			change(&v)
			data, err := writer.Marshal(v)
			require.NoError(t, err)
			decodeBoth(t, p, gen, twin, data, fmt.Sprintf("%v %s", c, name))
			if strings.Contains(name, "valid") || name == "max" {
				continue
			}
			err = gen.Unmarshal(data, new(gentest.SmallEnums))
			require.ErrorIs(t, err, fury.ErrInvalidData, "%v %s", c, name)
			assert.Contains(t, err.Error(), "out of range of gentest.Small (at most 255)", "%v %s", c, name)
		}
	}
}

// TestGeneratedDecodeBudget checks that generated readers charge the
// decode memory budget (WithMaxDecodedBytes) as the reflection path does:
// under every budget, both fail with the same ErrTooLarge (naming the same
// amounts) or both succeed. Generated container readers once allocated
// without charging it.
func TestGeneratedDecodeBudget(t *testing.T) {
	budgets := []int64{1, 32, 100, 300, 1000, 3000, 10_000, 30_000}
	configs := []genConfig{{}, {compatible: true}, {compatible: true, refs: true}, {enums: true}}
	for _, c := range configs {
		writer := newGenFury(t, c, false)
		gens, twins := map[int64]*fury.Fury{}, map[int64]*fury.Fury{}
		for _, b := range budgets {
			cb := c
			cb.maxDecoded = b
			gens[b], twins[b] = newGenFury(t, cb, false), newGenFury(t, cb, true)
		}
		r := rand.New(rand.NewPCG(11, 12))
		for _, p := range genCorpus {
			for n := 0; n < 4; n++ {
				v := reflect.New(p.gen).Elem()
				fillRandom(r, v, 0, "")
				data, err := writer.Marshal(v.Interface())
				require.NoError(t, err)
				for _, b := range budgets {
					decodeBoth(t, p, gens[b], twins[b], data, fmt.Sprintf("%v %v budget %d", c, p.gen, b))
				}
			}
		}
	}
}

// TestGeneratedNamedPointerBudget checks that a struct pointee over the
// decode budget, in a field or a list element of a named pointer type
// (type PInner *Inner), is the runtime's error in generated code too: it
// once named *gentest.Inner where the runtime names gentest.PInner.
func TestGeneratedNamedPointerBudget(t *testing.T) {
	v := gentest.NamedPtrs{In: &gentest.Inner{ID: 1}, Ins: []gentest.PInner{&gentest.Inner{Label: "b"}, nil}}
	p := pairOf[gentest.NamedPtrs, gentest.NamedPtrsR]()
	for _, c := range []genConfig{{}, {compatible: true}} {
		data, err := newGenFury(t, c, false).Marshal(v)
		require.NoError(t, err)
		ok := false
		for b := int64(1); !ok; b++ {
			require.Less(t, b, int64(100_000), "%v: no budget decodes", c)
			c.maxDecoded = b
			gen, twin := newGenFury(t, c, false), newGenFury(t, c, true)
			require.True(t, gen.GeneratedInUse(v))
			decodeBoth(t, p, gen, twin, data, fmt.Sprintf("%v budget %d", c, b))
			ok = gen.Unmarshal(data, new(gentest.NamedPtrs)) == nil
		}
	}
}

// TestGeneratedPointeeBudgetOrder checks that generated code charges a
// struct pointee to the decode budget where the runtime does: after the
// field's type info, before the nesting check and the struct hash. Under a
// depth limit the pointee exceeds and a budget it exceeds too, both paths
// fail with the same error; generated code once checked the depth (and in
// schema-consistent mode the hash) first, so it reported
// ErrDepthExceeded where the runtime reports ErrTooLarge.
func TestGeneratedPointeeBudgetOrder(t *testing.T) {
	// The pointer is the first field that nests.
	values := map[string]struct {
		v any
		p genPair
	}{
		"field":   {gentest.Image{URI: "u", Media: &gentest.Media{URI: "m"}}, pairOf[gentest.Image, gentest.ImageR]()},
		"element": {gentest.Person{Name: "a", Friends: []*gentest.Person{{Name: "b"}}}, pairOf[gentest.Person, gentest.PersonR]()},
	}
	for _, c := range []genConfig{{}, {compatible: true}} {
		writer := newGenFury(t, c, false)
		for name, v := range values {
			data, err := writer.Marshal(v.v)
			require.NoError(t, err)
			for depth := 1; depth <= 3; depth++ {
				ok := false
				for b := int64(1); !ok; b++ {
					require.Less(t, b, int64(100_000), "%v %s depth %d: no budget gets past the pointee", c, name, depth)
					cb := c
					cb.maxDecoded, cb.maxDepth = b, depth
					gen, twin := newGenFury(t, cb, false), newGenFury(t, cb, true)
					require.True(t, gen.GeneratedInUse(v.v))
					decodeBoth(t, v.p, gen, twin, data, fmt.Sprintf("%v %s depth %d budget %d", c, name, depth, b))
					// A fresh Fury: one that has parsed the TypeDefs keeps them
					// and charges them no more.
					err := newGenFury(t, cb, true).Unmarshal(data, reflect.New(v.p.twin).Interface())
					ok = !errors.Is(err, fury.ErrTooLarge)
					if !ok && strings.Contains(err.Error(), "type meta") {
						b += 15 // the TypeDefs (kilobytes) are not what this is about
					}
				}
			}
		}
	}
}

// TestGeneratedDecodeBudgetLarge checks large containers of each kind that
// generated code allocates itself against a budget they exceed.
func TestGeneratedDecodeBudgetLarge(t *testing.T) {
	m := map[int32]bool{}
	for i := range int32(5000) {
		m[i] = true
	}
	strs := make([]string, 20000)
	values := map[string]gentest.Budgets{
		"[][]string":         {L: [][]string{{"a"}, strs}},
		"[]string":           {S: strs},
		"map[int32]bool":     {M: m},
		"[]map[int32]bool":   {LM: []map[int32]bool{{1: true}, m}},
		"set":                {Set: map[int32]struct{}{1: {}, 2: {}, 3: {}}},
		"*[]string":          {PL: &strs},
		"map[string][]int64": {ML: map[string][]int64{"a": make([]int64, 20000)}},
		"nullable []string":  {Opt: strs},
	}
	p := pairOf[gentest.Budgets, gentest.BudgetsR]()
	for _, c := range []genConfig{{}, {compatible: true}} {
		writer := newGenFury(t, c, false)
		for _, limit := range []int64{40, 100_000} {
			c.maxDecoded = limit
			gen, twin := newGenFury(t, c, false), newGenFury(t, c, true)
			for name, v := range values {
				data, err := writer.Marshal(v)
				require.NoError(t, err)
				msg := fmt.Sprintf("%v %s budget %d", c, name, limit)
				decodeBoth(t, p, gen, twin, data, msg)
				if limit == 100_000 && name != "set" {
					require.ErrorIs(t, gen.Unmarshal(data, new(gentest.Budgets)), fury.ErrTooLarge, msg)
				}
			}
		}
	}
}

// intSizedWide is gentest.IntSized with int64 and uint64 where it has int
// and uint, for writing values that do not fit a 32-bit int.
type intSizedWide struct {
	I      int64
	U      uint64
	I1     int64
	I2     int64
	I3     int64
	I4     int64
	PI     *int64
	Is     []int
	Us     []uint
	A      [2]int
	MI     map[string][]int
	LU     [][]uint
	KI     map[int64]uint64
	Counts map[string]int64
}

// TestGeneratedIntSize checks ints and uints against the reflection path
// where the encoding depends on the platform (run it with GOARCH=386
// too): slices of them, which are lists of varints where int has 32 bits,
// and values beyond 32 bits, which are the runtime's error there (not
// truncated) in every position generated code reads them from.
func TestGeneratedIntSize(t *testing.T) {
	const big = 1 << 40
	i := func(v int64) *int64 { return &v }
	cases := map[string]intSizedWide{
		"small": {I: -1, U: 2, I1: 3, I2: 4, I3: 5, I4: 6, PI: i(7), Is: []int{-8, 9}, Us: []uint{10}, A: [2]int{11, -12},
			MI: map[string][]int{"a": {13}}, LU: [][]uint{{14}, nil}, KI: map[int64]uint64{15: 16}, Counts: map[string]int64{"b": 17}},
		"I":        {I: big},
		"U":        {U: big},
		"I3":       {I3: -big}, // in a run of varints read with one bulk call
		"PI":       {PI: i(big)},
		"KI":       {KI: map[int64]uint64{big: 1}},
		"KI value": {KI: map[int64]uint64{1: big}},
		"Counts":   {Counts: map[string]int64{"a": big}},
	}
	p := pairOf[gentest.IntSized, gentest.IntSizedR]()
	for _, c := range []genConfig{{byName: true}, {compatible: true, byName: true}, {refs: true, byName: true}} {
		gen, twin := newGenFury(t, c, false), newGenFury(t, c, true)
		writer := fury.New(fury.WithCompatible(c.compatible), fury.WithRefTracking(c.refs))
		require.NoError(t, writer.RegisterNamed(intSizedWide{}, "gentest", "IntSized"))
		for name, v := range cases {
			data, err := writer.Marshal(v)
			require.NoError(t, err)
			msg := fmt.Sprintf("%v %s", c, name)
			var got gentest.IntSized
			err = gen.Unmarshal(data, &got)
			if name == "small" || strconv.IntSize == 64 {
				require.NoError(t, err, msg)
				decodeBoth(t, p, gen, twin, data, msg)
				continue
			}
			require.ErrorIs(t, err, fury.ErrInvalidData, msg)
			field, _, _ := strings.Cut(name, " ")
			assert.Contains(t, err.Error(), "in IntSized."+field+": ", msg)
			assert.Contains(t, err.Error(), "1099511627776 overflows", msg)
			decodeBoth(t, p, gen, twin, data, msg)
		}
		// And the generated writer's []int bytes are the reflection path's.
		small := cases["small"]
		var v gentest.IntSized
		require.NoError(t, gen.Unmarshal(must(writer.Marshal(small)), &v))
		checkSame(t, p, gen, twin, reflect.ValueOf(v))
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestGeneratedPointerContainers checks pointers to containers (written by
// generated helpers with their null flag) against the reflection path
// under tight nesting limits and with out-of-band buffers: the helpers
// once ignored both.
func TestGeneratedPointerContainers(t *testing.T) {
	strs := []string{"a", "b"}
	v := gentest.Budgets{PL: &strs, PM: &map[string][]int32{"k": {1, 2, 3, 4}}}
	p := pairOf[gentest.Budgets, gentest.BudgetsR]()
	for _, compatible := range []bool{false, true} {
		for depth := 1; depth <= 4; depth++ {
			newF := func(typ any) *fury.Fury {
				f := fury.New(fury.WithCompatible(compatible), fury.WithMaxDepth(depth))
				require.NoError(t, f.Register(typ, 1))
				return f
			}
			gen, twin := newF(gentest.Budgets{}), newF(gentest.BudgetsR{})
			require.True(t, gen.GeneratedInUse(v))
			msg := fmt.Sprintf("compatible=%v depth=%d", compatible, depth)
			got, errGen := gen.Marshal(v)
			want, errTwin := twin.Marshal(gentest.BudgetsR(v))
			sameError(t, errGen, errTwin, msg)
			require.Equal(t, want, got, msg)
			if errGen == nil {
				decodeBoth(t, p, gen, twin, got, msg)
			}
			// Out of band: the arrays travel beside the message.
			serialize := func(f *fury.Fury, v any) ([]byte, int) {
				buf, oob := fury.NewBuffer(nil), 0
				err := f.Serialize(buf, v, func(fury.SerializedObject) bool { oob++; return false })
				if err != nil {
					return nil, -1
				}
				return buf.Bytes(), oob
			}
			gotB, gotN := serialize(gen, v)
			wantB, wantN := serialize(twin, gentest.BudgetsR(v))
			require.Equal(t, wantN, gotN, msg)
			require.Equal(t, wantB, gotB, msg)
		}
	}
}
