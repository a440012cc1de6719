package fury_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
	"time"
	"unsafe"

	"github.com/fury-go/fury/internal/alloctest"
	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
)

// The sweep's generated types (gentest/sweep.go) against their twins:
// named types of every kind, composite map keys, nested generics, nested
// containers, embedded pointers, interfaces and times, in every
// configuration of the generated-code comparison.

var sweepCorpus = []genPair{
	pairOf[gentest.SwNamed, gentest.SwNamedR](),
	pairOf[gentest.SwKeys, gentest.SwKeysR](),
	pairOf[gentest.SwNest, gentest.SwNestR](),
	pairOf[gentest.SwGen, gentest.SwGenR](),
	pairOf[gentest.SwGenMap, gentest.SwGenMapR](),
	pairOf[gentest.SwEmbed, gentest.SwEmbedR](),
	pairOf[gentest.SwAny, gentest.SwAnyR](),
}

func newSweepGenFury(t testing.TB, c genConfig, twin bool) *fury.Fury {
	t.Helper()
	f := fury.New(genOptions(c)...)
	require.NoError(t, registerGen(f, c, twin))
	var errs []error
	for i, p := range sweepCorpus {
		typ := p.gen
		if twin {
			typ = p.twin
		}
		v := reflect.New(typ).Elem().Interface()
		if c.byName {
			errs = append(errs, f.RegisterNamed(v, "gentest.sweep", p.gen.Name()))
		} else {
			errs = append(errs, f.Register(v, uint32(400+i)))
		}
	}
	require.NoError(t, errors.Join(errs...))
	return f
}

// fillSweep fills v randomly, its unexported embedded structs too.
func fillSweep(r *rand.Rand, v reflect.Value) {
	for i := 0; i < v.NumField(); i++ {
		fv := v.Field(i)
		if !fv.CanSet() {
			if !v.Type().Field(i).Anonymous || !hasExported(fv.Type()) {
				continue // not serialized
			}
			fv = reflect.NewAt(fv.Type(), unsafe.Pointer(fv.UnsafeAddr())).Elem()
		}
		fillRandom(r, fv, 1, v.Type().Field(i).Tag.Get("fury"))
		// NaN keys (each its own entry) do not compare; TestSweepNaNKeys
		// has them.
		if m := fv; m.Kind() == reflect.Map && (m.Type().Key().Kind() == reflect.Float32 || m.Type().Key().Kind() == reflect.Float64) {
			if m.IsNil() {
				continue
			}
			clean := reflect.MakeMap(m.Type())
			for it := m.MapRange(); it.Next(); {
				if k := it.Key(); k.Float() == k.Float() {
					clean.SetMapIndex(k, it.Value())
				}
			}
			m.Set(clean)
		}
	}
}

// hasExported reports whether the struct type t (or *t) has an exported
// field.
func hasExported(t reflect.Type) bool {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	for i := 0; i < t.NumField(); i++ {
		if t.Field(i).IsExported() {
			return true
		}
	}
	return false
}

func TestSweepGeneratedMatchesReflection(t *testing.T) {
	for _, c := range genConfigs() {
		t.Run(c.String(), func(t *testing.T) {
			gen, twin := newSweepGenFury(t, c, false), newSweepGenFury(t, c, true)
			for i, p := range sweepCorpus {
				t.Run(p.gen.Name(), func(t *testing.T) {
					r := rand.New(rand.NewPCG(uint64(i), 11))
					checkSameBytes(t, p, gen, twin, reflect.New(p.gen).Elem(), false)
					for n := 0; n < 30; n++ {
						v := reflect.New(p.gen).Elem()
						fillSweep(r, v)
						checkSame(t, p, gen, twin, v)
						checkDecodeInto(t, p, gen, twin, v, uint64(n))
					}
				})
			}
		})
	}
}

// sweepFuries is one Fury with generated code and one without, per mode.
func sweepFuries(t *testing.T) map[string][2]*fury.Fury {
	t.Helper()
	out := map[string][2]*fury.Fury{}
	for _, m := range probeModes() {
		var fs [2]*fury.Fury
		for i, gen := range []bool{true, false} {
			fs[i] = fury.New(append(m.opts, fury.WithGeneratedCode(gen))...)
			require.NoError(t, fs[i].Register(gentest.SwKeys{}, 400))
			require.NoError(t, fs[i].Register(gentest.SwNest{}, 401))
			require.NoError(t, fs[i].Register(gentest.SwNamed{}, 402))
			require.NoError(t, fs[i].Register(gentest.Inner{}, 403))
			require.NoError(t, fs[i].Register(gentest.SwAny{}, 404))
			require.NoError(t, fs[i].Register(gentest.SwEmbed{}, 405))
		}
		require.True(t, fs[0].GeneratedInUse(gentest.SwKeys{}))
		require.False(t, fs[1].GeneratedInUse(gentest.SwKeys{}))
		out[m.name] = fs
	}
	return out
}

// TestSweepNaNKeys: NaN float keys each read back as an entry of their
// own (doc.go, Errors and untrusted input), with generated code too.
func TestSweepNaNKeys(t *testing.T) {
	nan := math.NaN()
	v := gentest.SwKeys{
		FK:   map[float64]int32{nan: 1, nan: 2, math.Copysign(0, -1): 3, math.Inf(1): 4},
		F32K: map[float32]string{float32(nan): "a", float32(nan): "b", 1: "c"},
	}
	for name, fs := range sweepFuries(t) {
		for _, f := range fs {
			data, err := f.Marshal(&v)
			require.NoError(t, err, name)
			var got gentest.SwKeys
			require.NoError(t, f.Unmarshal(data, &got), name)
			require.Len(t, got.FK, 4, name)
			require.Len(t, got.F32K, 3, name)
			var nans []int32
			for k, e := range got.FK {
				if k != k {
					nans = append(nans, e)
				}
			}
			require.ElementsMatch(t, []int32{1, 2}, nans, name)
			require.Equal(t, int32(3), got.FK[0], name)
			require.Equal(t, int32(4), got.FK[math.Inf(1)], name)
			require.Equal(t, "c", got.F32K[1], name)
		}
	}
}

// TestSweepNilAndEmpty holds both paths to doc.go's nil and empty rule:
// fields read empty as nil, a nullable field, a top-level value, a list
// element, a map value and a pointee keep empty apart from nil.
func TestSweepNilAndEmpty(t *testing.T) {
	v := gentest.SwNest{
		SM:  []map[string]int32{nil, {}},
		MMS: map[string]map[string][]int64{"n": nil, "e": {}, "x": {"n": nil, "e": {}}},
		SSS: [][][]string{nil, {}, {nil, {}}},
		PS:  &[]string{},
		PM:  new(map[string]int32), // a pointer to a nil map: an empty one
		MS:  map[string][]gentest.Inner{"n": nil, "e": {}},
		SA:  [][2]int64{},
	}
	named := gentest.SwNamed{SNM: []gentest.SwMap{nil, {}}, NS: gentest.SwStrs{}, NBy: gentest.SwBytes{}, NM: gentest.SwMap{}, PNS: &gentest.SwStrs{}}
	for name, fs := range sweepFuries(t) {
		for i, f := range fs {
			what := fmt.Sprintf("%s generated=%v", name, i == 0)
			data, err := f.Marshal(&v)
			require.NoError(t, err, what)
			var got gentest.SwNest
			require.NoError(t, f.Unmarshal(data, &got), what)
			want := gentest.SwNest{
				SM:  []map[string]int32{nil, {}},
				MMS: map[string]map[string][]int64{"n": nil, "e": {}, "x": {"n": nil, "e": {}}},
				SSS: [][][]string{nil, {}, {nil, {}}},
				PS:  &[]string{},
				PM:  &map[string]int32{},
				MS:  map[string][]gentest.Inner{"n": nil, "e": {}},
				SA:  nil, // a field: empty reads as nil
			}
			if d := cmp.Diff(want, got, genCmp...); d != "" {
				t.Errorf("%s SwNest (-want +got):\n%s", what, d)
			}
			data, err = f.Marshal(&named)
			require.NoError(t, err, what)
			var gotN gentest.SwNamed
			require.NoError(t, f.Unmarshal(data, &gotN), what)
			wantN := gentest.SwNamed{SNM: []gentest.SwMap{nil, {}}, PNS: &gentest.SwStrs{}}
			if d := cmp.Diff(wantN, gotN, genCmp...); d != "" {
				t.Errorf("%s SwNamed (-want +got):\n%s", what, d)
			}
			// Top-level values.
			for _, top := range []any{gentest.SwStrs{}, gentest.SwMap{}, gentest.SwBytes{}, gentest.SwStrs(nil), gentest.SwMap(nil)} {
				data, err := f.Marshal(top)
				require.NoError(t, err, what)
				got := reflect.New(reflect.TypeOf(top))
				require.NoError(t, f.Unmarshal(data, got.Interface()), what)
				require.Equal(t, reflect.ValueOf(top).IsNil(), got.Elem().IsNil(), "%s top-level %#v", what, top)
			}
		}
	}
}

// TestSweepUsedDestination: decoding into a used value gives what
// decoding into a zero one gives, and never writes through the old
// pointers, maps and slices it held (doc.go, Decoding into Go values).
func TestSweepUsedDestination(t *testing.T) {
	one := int32(1)
	tm := time.Unix(9, 0).UTC()
	src := gentest.SwNest{PA: &[3]int32{7, 7, 7}, SP: []*int32{&one}, MP: map[int32]*gentest.Inner{1: {ID: 7}},
		AP: [3]*gentest.Inner{{ID: 7}}, PS: &[]string{"new"}, PM: &map[string]int32{"new": 1},
		SM: []map[string]int32{{"n": 1}}, AS: [2]gentest.Inner{{Tags: []string{"t"}}}}
	srcE := gentest.SwEmbed{Inner: &gentest.Inner{ID: 7, Tags: []string{"n"}}, Z: "z"}
	srcA := gentest.SwAny{PT: &tm, M: map[string]any{"n": int64(1)}, L: []any{"x"}}
	for name, fs := range sweepFuries(t) {
		for i, f := range fs {
			what := fmt.Sprintf("%s generated=%v", name, i == 0)
			oldPA := &[3]int32{1, 2, 3}
			oldI := &gentest.Inner{ID: 1, Label: "old", Tags: []string{"old"}}
			oldS := &[]string{"old"}
			oldM := &map[string]int32{"old": 1}
			oldMP := map[int32]*gentest.Inner{1: oldI, 2: oldI}
			oldSM := map[string]int32{"old": 5}
			oldSP := int32(100)
			oldTags := make([]string, 1, 8)
			oldTags[0] = "old"
			dst := gentest.SwNest{PA: oldPA, AP: [3]*gentest.Inner{oldI, oldI}, PS: oldS, PM: oldM, MP: oldMP,
				SM: []map[string]int32{oldSM}, SP: []*int32{&oldSP}, AS: [2]gentest.Inner{{Tags: oldTags}}, Big: [40]uint8{1}}
			data, err := f.Marshal(&src)
			require.NoError(t, err, what)
			require.NoError(t, f.Unmarshal(data, &dst), what)
			if d := cmp.Diff(src, dst, genCmp...); d != "" {
				t.Errorf("%s (-want +got):\n%s", what, d)
			}
			require.Equal(t, [3]int32{1, 2, 3}, *oldPA, what)
			require.Equal(t, gentest.Inner{ID: 1, Label: "old", Tags: []string{"old"}}, *oldI, what)
			require.Equal(t, []string{"old"}, *oldS, what)
			require.Equal(t, map[string]int32{"old": 1}, *oldM, what)
			require.Len(t, oldMP, 2, what)
			require.Equal(t, map[string]int32{"old": 5}, oldSM, what)
			require.Equal(t, int32(100), oldSP, what)
			require.Equal(t, "old", oldTags[0], what)

			oldE := &gentest.Inner{ID: 1, Tags: oldTags}
			dstE := gentest.SwEmbed{Inner: oldE, Base: gentest.Base{ID: 3}, SwStrs: gentest.SwStrs{"old"}}
			data, err = f.Marshal(&srcE)
			require.NoError(t, err, what)
			require.NoError(t, f.Unmarshal(data, &dstE), what)
			if d := cmp.Diff(srcE, dstE, genCmp...); d != "" {
				t.Errorf("%s SwEmbed (-want +got):\n%s", what, d)
			}
			require.Equal(t, int64(1), oldE.ID, what)

			oldT := time.Unix(1, 0).UTC()
			oldL := []any{"old", "x"}
			oldAM := map[string]any{"old": 1}
			dstA := gentest.SwAny{PT: &oldT, L: oldL, M: oldAM, A: &oldT, D: 5}
			data, err = f.Marshal(&srcA)
			require.NoError(t, err, what)
			require.NoError(t, f.Unmarshal(data, &dstA), what)
			if d := cmp.Diff(srcA, dstA, genCmp...); d != "" {
				t.Errorf("%s SwAny (-want +got):\n%s", what, d)
			}
			require.Equal(t, time.Unix(1, 0).UTC(), oldT, what)
			require.Equal(t, []any{"old", "x"}, oldL, what)
			require.Equal(t, map[string]any{"old": 1}, oldAM, what)
		}
	}
}

// TestSweepStreamShortReads decodes a stream of the sweep types, written
// with generated code, through readers that return little at a time.
func TestSweepStreamShortReads(t *testing.T) {
	values := []any{
		&gentest.SwNest{SSS: [][][]string{{{"a", strings.Repeat("b", 300)}}}, MP: map[int32]*gentest.Inner{1: {ID: 2}}},
		&gentest.SwNamed{NS: gentest.SwStrs{"x"}, NBy: gentest.SwBytes("bytes")},
		&gentest.SwAny{A: "x", L: []any{int64(1), nil}},
		&gentest.SwEmbed{Inner: &gentest.Inner{ID: 1}, Z: "z"},
		&gentest.SwKeys{AK: map[[2]int32]string{{1, 2}: "a"}},
	}
	for _, compatible := range []bool{false, true} {
		var buf bytes.Buffer
		enc := fury.NewEncoder(&buf, fury.WithCompatible(compatible))
		require.True(t, enc.Fury().GeneratedInUse(values[0]))
		for n := 0; n < 20; n++ {
			for _, v := range values {
				require.NoError(t, enc.Encode(v))
			}
		}
		readers := map[string]func(io.Reader) io.Reader{
			"one byte": iotest.OneByteReader, "half": iotest.HalfReader, "data+err": iotest.DataErrReader,
		}
		for name, wrap := range readers {
			for _, gen := range []bool{true, false} {
				dec := fury.NewDecoder(wrap(bytes.NewReader(buf.Bytes())), fury.WithCompatible(compatible), fury.WithGeneratedCode(gen))
				for n := 0; n < 20; n++ {
					for _, v := range values {
						got := reflect.New(reflect.TypeOf(v).Elem())
						require.NoError(t, dec.Decode(got.Interface()), "%s compatible=%v generated=%v", name, compatible, gen)
						if d := cmp.Diff(v, got.Interface(), genCmp...); d != "" {
							t.Fatalf("%s compatible=%v generated=%v (-want +got):\n%s", name, compatible, gen, d)
						}
					}
				}
				var v any
				require.ErrorIs(t, dec.Decode(&v), io.EOF, name)
			}
		}
	}
}

// TestSweepMarshalAppendNoAllocs: MarshalAppend into a reused slice
// allocates nothing, with generated code and without.
func TestSweepMarshalAppendNoAllocs(t *testing.T) {
	if alloctest.Isolate(t) {
		return
	}
	i := int32(3)
	values := []any{
		&gentest.SwNest{SSS: [][][]string{{{"a"}}}, MP: map[int32]*gentest.Inner{1: {ID: 2}}, SP: []*int32{&i}, PA: &[3]int32{1}},
		&gentest.SwNamed{NS: gentest.SwStrs{"x"}, NBy: gentest.SwBytes("bytes"), MNA: map[gentest.SwStr]gentest.SwArr{"k": {1}}},
		&gentest.SwEmbed{Inner: &gentest.Inner{ID: 1}, Z: "z", SwStrs: gentest.SwStrs{"s"}},
		&gentest.SwKeys{AK: map[[2]int32]string{{1, 2}: "a"}, BK: map[bool]string{true: "t"}},
		&gentest.SwAny{A: "x", T: time.Unix(5, 0), PD: new(time.Duration)},
	}
	for name, fs := range sweepFuries(t) {
		for gi, f := range fs {
			for _, v := range values {
				dst, err := f.MarshalAppend(nil, v)
				require.NoError(t, err)
				allocs := testing.AllocsPerRun(50, func() { dst, err = f.MarshalAppend(dst[:0], v) })
				require.NoError(t, err)
				require.Zero(t, allocs, "%s generated=%v %T", name, gi == 0, v)
			}
		}
	}
}

type swArrNode struct {
	V    int32
	Kids [2]*swArrNode
}

// TestSweepTrackAllArrayFields: WithTrackAllFields tracks what an array
// field holds, as it does for a slice field, so NewFury(true) ("every
// position tracked") keeps pointers in array fields shared and cycles
// through them work; they once came back as copies, and a cycle was
// ErrDepthExceeded.
func TestSweepTrackAllArrayFields(t *testing.T) {
	for _, compatible := range []bool{false, true} {
		for _, gen := range []bool{true, false} {
			what := fmt.Sprintf("compatible=%v generated=%v", compatible, gen)
			f := fury.New(fury.WithCompatible(compatible), fury.WithRefTracking(true), fury.WithTrackAllFields(true), fury.WithGeneratedCode(gen))
			n := &swArrNode{V: 1}
			n.Kids[0], n.Kids[1] = n, &swArrNode{V: 2}
			data, err := f.Marshal(n)
			require.NoError(t, err, what)
			var got *swArrNode
			require.NoError(t, f.Unmarshal(data, &got), what)
			require.Same(t, got, got.Kids[0], what)
			require.Equal(t, int32(2), got.Kids[1].V, what)

			p := &gentest.Inner{ID: 1}
			v := gentest.SwNest{AP: [3]*gentest.Inner{p, p}, MP: map[int32]*gentest.Inner{1: p}}
			data, err = f.Marshal(&v)
			require.NoError(t, err, what)
			var gotV gentest.SwNest
			require.NoError(t, f.Unmarshal(data, &gotV), what)
			require.Same(t, gotV.AP[0], gotV.AP[1], what)
			require.Same(t, gotV.AP[0], gotV.MP[1], what)
			require.Nil(t, gotV.AP[2], what)

			// fury:"noref" still opts an array field out.
			type optOut struct {
				A [2]*gentest.Inner `fury:"noref"`
			}
			data, err = f.Marshal(optOut{A: [2]*gentest.Inner{p, p}})
			require.NoError(t, err, what)
			var gotO optOut
			require.NoError(t, f.Unmarshal(data, &gotO), what)
			require.NotSame(t, gotO.A[0], gotO.A[1], what)
		}
	}
}
