package fury_test

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
)

// Long-running fuzz targets that hold hostile input to the decoder's
// contracts beyond "no panic": a used destination decodes as a zero one, the
// generated code agrees with the reflection path on the error class too,
// and a failed decode leaves nothing behind in the Fury.

// errClass names the sentinels err wraps ("" for nil).
func errClass(err error) string {
	if err == nil {
		return ""
	}
	var cls []string
	for _, s := range []struct {
		name string
		err  error
	}{
		{"Truncated", fury.ErrTruncated}, {"InvalidData", fury.ErrInvalidData}, {"UnknownType", fury.ErrUnknownType},
		{"UnsupportedType", fury.ErrUnsupportedType}, {"TypeMismatch", fury.ErrTypeMismatch},
		{"SchemaMismatch", fury.ErrSchemaMismatch}, {"DepthExceeded", fury.ErrDepthExceeded},
		{"TooLarge", fury.ErrTooLarge}, {"Registration", fury.ErrRegistration},
		{"InvalidArgument", fury.ErrInvalidArgument},
	} {
		if errors.Is(err, s.err) {
			cls = append(cls, s.name)
		}
	}
	if cls == nil {
		return "no sentinel"
	}
	return strings.Join(cls, "|")
}

// fuzzPairs are the destinations of the targets below: every gentest pair,
// then pointer, list and map destinations of them, and interface{}
// destinations (the same type on both sides: their values hold gentest
// types on one side and twins on the other, so only the error classes of
// the two sides compare).
func fuzzPairs() []genPair {
	same := func(t reflect.Type) genPair { return genPair{t, t} }
	return append(append([]genPair(nil), genCorpus...),
		same(reflect.TypeFor[any]()), same(reflect.TypeFor[[]any]()), same(reflect.TypeFor[map[string]any]()),
		same(reflect.TypeFor[map[any]any]()), pairOf[*gentest.Team, *gentest.TeamR](),
		pairOf[[]*gentest.Node, []*gentest.NodeR](), pairOf[map[string]gentest.Holder, map[string]gentest.HolderR](),
		pairOf[[]gentest.Collections, []gentest.CollectionsR]())
}

// hasInterface reports whether t holds an interface anywhere.
func hasInterface(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Interface:
		return true
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return hasInterface(t.Elem(), seen)
	case reflect.Map:
		return hasInterface(t.Key(), seen) || hasInterface(t.Elem(), seen)
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if hasInterface(t.Field(i).Type, seen) {
				return true
			}
		}
	}
	return false
}

var fuzzConfigs = []genConfig{
	{enums: true},
	{compatible: true, enums: true},
	{refs: true, byName: true},
	{compatible: true, refs: true, enums: true},
	{compatible: true, byName: true, compact: true},
}

// fuzzSeeds adds, for every config and pair, the bytes of a random value,
// and in compatible mode those of a different struct registered under the
// pair's id or name (a remote TypeDef that does not match the local type).
func fuzzSeeds(f *testing.F, pairs []genPair, add func(ci, pi int, data []byte)) {
	r := rand.New(rand.NewPCG(3, 4))
	for ci, c := range fuzzConfigs {
		gen := newGenFury(f, c, false)
		var shifted *fury.Fury
		if c.compatible {
			shifted = newShiftedFury(f, c)
		}
		for pi, p := range pairs {
			v := reflect.New(p.gen).Elem()
			fillRandom(r, v, 0, "")
			data, err := gen.Marshal(v.Interface())
			require.NoError(f, err)
			add(ci, pi, data)
			if shifted != nil && pi < len(genCorpus) {
				o := genCorpus[(pi+1)%len(genCorpus)]
				w := reflect.New(o.twin).Elem()
				fillRandom(r, w, 0, "")
				if data, err := shifted.Marshal(w.Interface()); err == nil {
					add(ci, pi, data)
				}
			}
		}
	}
}

// newShiftedFury registers the twin of genCorpus[i+1] where newGenFury
// registers genCorpus[i].
func newShiftedFury(t testing.TB, c genConfig) *fury.Fury {
	f := fury.New(fury.WithCompatible(c.compatible), fury.WithRefTracking(c.refs), fury.WithCompactStrings(c.compact))
	for i := range genCorpus {
		p := genCorpus[(i+1)%len(genCorpus)]
		v := reflect.New(p.twin).Elem().Interface()
		var err error
		if c.byName {
			err = f.RegisterNamed(v, "gentest", genCorpus[i].gen.Name())
		} else {
			err = f.Register(v, uint32(200+i))
		}
		require.NoError(t, err)
	}
	for i, v := range genShared {
		var err error
		if c.byName {
			err = f.RegisterNamed(v, "gentest", reflect.TypeOf(v).Name())
		} else {
			err = f.Register(v, uint32(300+i))
		}
		require.NoError(t, err)
	}
	return f
}

// decodeNew decodes data into a new value of typ and returns it (a
// pointer) with the error.
func decodeNew(fy *fury.Fury, typ reflect.Type, data []byte) (reflect.Value, error) {
	p := reflect.New(typ)
	return p, fy.Unmarshal(data, p.Interface())
}

// FuzzDecodeIntoUsed decodes hostile bytes into zero and into populated
// destinations, with generated code and with the reflection path: all four
// decodes fail with the same error class, or succeed with the same value;
// and a decode does not write through the populated value's old pointers,
// slices or maps.
func FuzzDecodeIntoUsed(f *testing.F) {
	pairs := fuzzPairs()
	fuzzSeeds(f, pairs, func(ci, pi int, data []byte) { f.Add(uint8(ci), uint8(pi), uint64(pi), data) })
	furys := make([][2]*fury.Fury, len(fuzzConfigs))
	for i, c := range fuzzConfigs {
		furys[i] = [2]*fury.Fury{newGenFury(f, c, false), newGenFury(f, c, true)}
	}
	f.Fuzz(func(t *testing.T, ci, pi uint8, seed uint64, data []byte) {
		c, p := furys[int(ci)%len(furys)], pairs[int(pi)%len(pairs)]
		type result struct {
			name string
			v    reflect.Value // a pointer to p.gen
			err  error
		}
		var rs []result
		for side, fy := range c {
			typ := p.gen
			if side == 1 {
				typ = p.twin
			}
			for _, used := range []bool{false, true} {
				v := reflect.New(typ)
				var before reflect.Value
				if used {
					fillRandom(rand.New(rand.NewPCG(seed, 1)), v.Elem(), 0, "")
					// A shallow copy shares the old value's pointers,
					// slices and maps: they must stay as filled.
					before = reflect.New(typ)
					before.Elem().Set(v.Elem())
				}
				err := fy.Unmarshal(data, v.Interface())
				if used {
					want := reflect.New(typ)
					fillRandom(rand.New(rand.NewPCG(seed, 1)), want.Elem(), 0, "")
					if diff := cmp.Diff(want.Interface(), before.Interface(), genCmp...); diff != "" {
						t.Fatalf("%v (side %d): decoding wrote through the old value (-before +after):\n%s", typ, side, diff)
					}
				}
				rs = append(rs, result{
					name: map[bool]string{false: "zero", true: "used"}[used] + map[int]string{0: " generated", 1: " reflect"}[side],
					v:    reflect.NewAt(p.gen, v.UnsafePointer()),
					err:  err,
				})
			}
		}
		// rs: zero generated, used generated, zero reflect, used reflect.
		cross := !hasInterface(p.gen, map[reflect.Type]bool{})
		for _, ij := range [][2]int{{0, 1}, {2, 3}, {0, 2}} {
			a, b := rs[ij[0]], rs[ij[1]]
			if errClass(a.err) != errClass(b.err) {
				t.Fatalf("%v: %s: %v; %s: %v", p.gen, a.name, a.err, b.name, b.err)
			}
			if a.err != nil || ij[1] == 2 && !cross {
				continue
			}
			if diff := cmp.Diff(a.v.Interface(), b.v.Interface(), genCmp...); diff != "" {
				t.Fatalf("%v: %s and %s differ (-%s +%s):\n%s", p.gen, a.name, b.name, a.name, b.name, diff)
			}
		}
	})
}

// FuzzDecodeAfterFailure decodes hostile bytes with one Fury, then valid
// bytes with it and with a Fury that never saw the hostile ones: the same
// result, and the same bytes when both then marshal a value.
func FuzzDecodeAfterFailure(f *testing.F) {
	pairs := fuzzPairs()
	var valid [][]byte
	fuzzSeeds(f, pairs, func(ci, pi int, data []byte) {
		valid = append(valid, data)
		f.Add(uint8(ci), uint8(pi), uint16(len(valid)-1), data)
	})
	type state struct{ dirty, clean *fury.Fury }
	furys := make([]state, len(fuzzConfigs))
	for i, c := range fuzzConfigs {
		furys[i] = state{newGenFury(f, c, false), newGenFury(f, c, false)}
	}
	f.Fuzz(func(t *testing.T, ci, pi uint8, vi uint16, hostile []byte) {
		c, p := furys[int(ci)%len(furys)], pairs[int(pi)%len(pairs)]
		for _, q := range []genPair{p, pairs[len(genCorpus)]} { // the pair's type, and interface{}
			_ = c.dirty.Unmarshal(hostile, reflect.New(q.gen).Interface())
		}
		_ = c.dirty.Unmarshal(hostile[:len(hostile)/2], reflect.New(p.gen).Interface())
		data := valid[int(vi)%len(valid)]
		for _, q := range []genPair{p, pairs[len(genCorpus)]} {
			vd, errD := decodeNew(c.dirty, q.gen, data)
			vc, errC := decodeNew(c.clean, q.gen, data)
			if errClass(errD) != errClass(errC) {
				t.Fatalf("%v after a failed decode: %v; on a fresh Fury: %v", q.gen, errD, errC)
			}
			if errD == nil {
				if diff := cmp.Diff(vc.Interface(), vd.Interface(), genCmp...); diff != "" {
					t.Fatalf("%v decodes differently after a failed decode (-fresh +after):\n%s", q.gen, diff)
				}
			}
		}
		v := reflect.New(p.gen).Elem()
		fillRandom(rand.New(rand.NewPCG(uint64(vi), 2)), v, 0, "")
		bd, errD := c.dirty.Marshal(v.Interface())
		bc, errC := c.clean.Marshal(v.Interface())
		if errClass(errD) != errClass(errC) {
			t.Fatalf("%v marshals differently after a failed decode: %v; fresh: %v", p.gen, errD, errC)
		}
		if errD != nil {
			return
		}
		// Map entries go out in Go's random iteration order, so the two
		// encodings compare by what a fresh Fury reads from them.
		wd, errD := decodeNew(c.clean, p.gen, bd)
		wc, errC := decodeNew(c.clean, p.gen, bc)
		require.NoError(t, errD, "%v: reading what the Fury wrote after a failed decode", p.gen)
		require.NoError(t, errC, "%v: reading what a fresh Fury wrote", p.gen)
		if diff := cmp.Diff(wc.Interface(), wd.Interface(), genCmp...); diff != "" {
			t.Fatalf("%v marshals differently after a failed decode (-fresh +after):\n%s", p.gen, diff)
		}
	})
}
