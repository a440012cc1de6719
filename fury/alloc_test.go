package fury_test

import (
	"math/rand/v2"
	"reflect"
	"testing"
	"time"
	"unsafe"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
	"github.com/fury-go/fury/internal/alloctest"
	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMarshalAppendAllocatesNothing: MarshalAppend of a registered struct
// pointer into a slice with room allocates nothing, maps and sets
// included, on the generated and the reflection path, in both modes and
// both string forms.
func TestMarshalAppendAllocatesNothing(t *testing.T) {
	if alloctest.Isolate(t) { // counts bytes allocated: run alone in a child process
		return
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for _, c := range []genConfig{{enums: true}, {compatible: true, enums: true}} {
		for _, compact := range []bool{false, true} {
			for _, twin := range []bool{false, true} {
				f := newAllocFury(t, c, twin, fury.WithCompactStrings(compact))
				for _, p := range genCorpus {
					v := reflect.New(p.gen)
					fillRandom(rng, v.Elem(), 0, "")
					var x any = v.Interface()
					if twin {
						x = reflect.NewAt(p.twin, v.UnsafePointer()).Interface()
					}
					buf, err := f.MarshalAppend(nil, x)
					require.NoError(t, err)
					allocs := testing.AllocsPerRun(20, func() {
						buf, err = f.MarshalAppend(buf[:0], x)
					})
					require.NoError(t, err)
					assert.Zero(t, allocs, "%v compact=%v reflection=%v %v", c, compact, twin, p.gen)
				}
			}
		}
	}
}

// newAllocFury is newGenFury (by id) with more options.
func newAllocFury(t *testing.T, c genConfig, twin bool, opts ...fury.Option) *fury.Fury {
	f := fury.New(append([]fury.Option{fury.WithCompatible(c.compatible)}, opts...)...)
	for i, p := range genCorpus {
		typ := p.gen
		if twin {
			typ = p.twin
		}
		require.NoError(t, f.Register(reflect.New(typ).Elem().Interface(), uint32(200+i)))
	}
	for i, v := range genShared {
		require.NoError(t, f.Register(v, uint32(300+i)))
	}
	require.NoError(t, f.Register(gentest.Color(0), 150))
	require.NoError(t, f.Register(gentest.Player(0), 151))
	require.NoError(t, f.Register(gentest.Size(0), 152))
	return f
}

type allocMaps struct {
	ID    int32
	Tags  map[string]string
	Any   map[string]any
	Set   map[string]struct{}
	Inner map[int64]map[string]string
}

// TestMarshalAppendMapsAllocateNothing: a struct of maps (the case that
// once cost two allocations per map for the key and value variables).
func TestMarshalAppendMapsAllocateNothing(t *testing.T) {
	if alloctest.Isolate(t) { // counts bytes allocated: run alone in a child process
		return
	}
	v := &allocMaps{1, map[string]string{"a": "1", "b": "2", "c": "3"},
		map[string]any{"i": int64(1), "s": "x", "f": 1.5}, map[string]struct{}{"x": {}, "y": {}},
		map[int64]map[string]string{1: {"k": "v"}, 2: {"k2": "v2", "k3": "v3"}}}
	for _, opts := range [][]fury.Option{nil, {fury.WithCompatible(false)}, {fury.WithRefTracking(true)}, {fury.WithCompactStrings(true)}} {
		f := fury.New(opts...)
		require.NoError(t, f.Register(allocMaps{}, 1))
		buf, err := f.MarshalAppend(nil, v)
		require.NoError(t, err)
		allocs := testing.AllocsPerRun(50, func() {
			buf, err = f.MarshalAppend(buf[:0], v)
		})
		require.NoError(t, err)
		assert.Zero(t, allocs, "%d options", len(opts))
		var back allocMaps
		require.NoError(t, f.Unmarshal(buf, &back))
		assert.Equal(t, *v, back)
	}
}

// BenchmarkMarshalAppendMap: a struct with a 3-entry map[string]string.
func BenchmarkMarshalAppendMap(b *testing.B) {
	f := fury.New(fury.WithCompatible(false))
	if err := f.Register(allocMaps{}, 1); err != nil {
		b.Fatal(err)
	}
	v := &allocMaps{ID: 1, Tags: map[string]string{"a": "1", "b": "2", "c": "3"}}
	buf := make([]byte, 0, 256)
	b.ReportAllocs()
	for b.Loop() {
		buf, _ = f.MarshalAppend(buf[:0], v)
	}
}

// BenchmarkReadString decodes strings in the three wire encodings: what
// the peers write (latin1, UTF-16) and what Go writes (UTF-8).
func BenchmarkReadString(b *testing.B) {
	texts := map[string]string{
		"ascii":  "http://javaone.com/keynote_large.jpg?size=1024x768&format=jpeg",
		"latin1": "Façade café, naïve résumé; Ærøskøbing, Zürich, São Paulo, Málaga!",
		"cjk":    "漢字仮名交じり文は日本語の表記に用いられる。中文也使用汉字书写，例如这个句子。",
	}
	for _, name := range []string{"ascii", "latin1", "cjk"} {
		for _, compact := range []bool{false, true} {
			f := fury.New(fury.WithCompactStrings(compact))
			data, err := f.Marshal(texts[name])
			if err != nil {
				b.Fatal(err)
			}
			form := map[bool]string{false: "utf8", true: "compact"}[compact]
			b.Run(name+"/"+form, func(b *testing.B) {
				var out string
				b.SetBytes(int64(len(texts[name])))
				for b.Loop() {
					if err := f.Unmarshal(data, &out); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestNestedMapsOfOneType: a map nested in a map of the same type (each
// level takes its own scratch key and value) round-trips, written twice
// with one Fury.
func TestNestedMapsOfOneType(t *testing.T) {
	v := allocTree{"a": {"b": {"c": {}, "d": {"e": nil}}, "f": {}}, "g": {"h": {"i": {}}}}
	f := fury.New()
	for range 2 {
		data, err := f.Marshal(v)
		require.NoError(t, err)
		var back allocTree
		require.NoError(t, f.Unmarshal(data, &back))
		assert.Equal(t, v, back)
	}
	set := map[string]map[string]struct{}{"x": {"a": {}, "b": {}}, "y": {"c": {}}}
	data, err := f.Marshal(set)
	require.NoError(t, err)
	var backSet map[string]map[string]struct{}
	require.NoError(t, f.Unmarshal(data, &backSet))
	assert.Equal(t, set, backSet)
}

type allocTree map[string]allocTree

// TestCompactStringsOnlyForTheCall: WithCompactStrings applies to what the
// Fury writes into a caller's buffer, not to another Fury's later use of
// the buffer, also after a failed call.
func TestCompactStringsOnlyForTheCall(t *testing.T) {
	f, g := fury.New(fury.WithCompactStrings(true)), fury.New()
	utf8, err := g.Marshal("é")
	require.NoError(t, err)
	var buf fury.Buffer
	require.NoError(t, f.Serialize(&buf, "é", nil))
	require.Equal(t, []byte{0x01, 0xff, 0x15, 0x04, 0xe9}, buf.Bytes())
	buf.Reset()
	require.NoError(t, g.Serialize(&buf, "é", nil))
	require.Equal(t, utf8, buf.Bytes(), "the other Fury writes UTF-8")
	buf.Reset()
	require.Error(t, f.Serialize(&buf, make(chan int), nil))
	require.NoError(t, g.Serialize(&buf, "é", nil))
	require.Equal(t, utf8, buf.Bytes())
}

// By default each string and primitive slice a decode reads is an
// allocation of its own; WithSharedBlocks(true) carves them from shared
// blocks: few allocations. Either way no piece can be grown into its
// neighbor.
func TestDecodedValuesShareBlocks(t *testing.T) {
	if alloctest.Isolate(t) { // counts allocations: run alone in a child process
		return
	}
	for _, c := range []struct {
		name      string
		opts      []fury.Option
		maxAllocs float64
	}{
		{"own", nil, 7}, // one a piece
		{"shared", []fury.Option{fury.WithSharedBlocks(true)}, 1},
	} {
		t.Run(c.name, func(t *testing.T) { decodedValuesShareBlocks(t, c.opts, c.maxAllocs) })
	}
}

func decodedValuesShareBlocks(t *testing.T, opts []fury.Option, maxAllocs float64) {
	type T struct {
		A, B, C string
		X       []int32
		Y       []float64
		Z       []byte
		W       []bool
	}
	f := fury.New(opts...)
	require.NoError(t, f.Register(T{}, 300))
	in := T{A: "http://example.com/a", B: "h\u00e9llo", C: "video/theora\u1234",
		X: []int32{1, 2, 3}, Y: []float64{1.5, 2.5}, Z: []byte("raw"), W: []bool{true, false}}
	data, err := f.Marshal(in)
	require.NoError(t, err)
	var out T
	allocs := testing.AllocsPerRun(50, func() {
		out = T{}
		require.NoError(t, f.Unmarshal(data, &out))
	})
	require.Empty(t, cmp.Diff(in, out))
	require.LessOrEqual(t, allocs, maxAllocs)

	// Growing one piece must not overwrite the next.
	require.Equal(t, len(out.X), cap(out.X))
	out.X = append(out.X, 99)
	out.Z = append(out.Z, '!')
	require.Empty(t, cmp.Diff([]float64{1.5, 2.5}, out.Y))
	require.Equal(t, []bool{true, false}, out.W)
	require.Equal(t, "http://example.com/a", out.A)

	// 8-byte elements are aligned.
	require.Zero(t, uintptr(unsafe.Pointer(unsafe.SliceData(out.Y)))%8)

	// A later decode does not write into an earlier result's block.
	keep := out
	require.NoError(t, f.Unmarshal(data, &T{}))
	require.Empty(t, cmp.Diff(in.A, keep.A))
	require.Empty(t, cmp.Diff(in.Y, keep.Y))
}

// With WithSharedBlocks(true) a run of decodes on one Fury carves its
// strings on from one block (the block outlives the decode), whichever way
// the root is read: the short way of a flat generated root, generated
// code, the reflection path, compatible mode. Reading into a used
// destination then allocates nothing but a new block every few hundred
// decodes. By default each string is an allocation of its own (or a run
// of them, of at most furyrt.RunMax bytes, read by generated code).
func TestDecodesCarveOnFromOneBlock(t *testing.T) {
	if alloctest.Isolate(t) { // counts allocations: run alone in a child process
		return
	}
	in := gentest.Flat{ID: 7, Score: 1.5, OK: true, Name: "a name of some length", When: time.Unix(1e9, 5).UTC(),
		Label: "label", Small: -3, Count: 9, Ratio: 0.25, Note: "note"}
	for _, c := range []struct {
		name   string
		opts   []fury.Option
		allocs float64 // a decode, by default
	}{
		{"generated", nil, 3},
		{"compatible", []fury.Option{fury.WithCompatible(true)}, 3},
		{"reflection", []fury.Option{fury.WithGeneratedCode(false)}, 3},
	} {
		t.Run(c.name+"/own", func(t *testing.T) {
			f := fury.New(c.opts...)
			data, err := f.Marshal(in)
			require.NoError(t, err)
			var out gentest.Flat
			require.NoError(t, f.Unmarshal(data, &out))
			allocs := testing.AllocsPerRun(200, func() {
				if err := f.Unmarshal(data, &out); err != nil {
					t.Fatal(err)
				}
			})
			require.Empty(t, cmp.Diff(in, out))
			assert.LessOrEqual(t, allocs, c.allocs) // one a string at most
		})
		t.Run(c.name+"/shared", func(t *testing.T) {
			f := fury.New(append(c.opts, fury.WithSharedBlocks(true))...)
			data, err := f.Marshal(in)
			require.NoError(t, err)
			var out gentest.Flat
			for range 100 { // the short way set up, the blocks grown
				require.NoError(t, f.Unmarshal(data, &out))
			}
			allocs := testing.AllocsPerRun(2000, func() {
				if err := f.Unmarshal(data, &out); err != nil {
					t.Fatal(err)
				}
			})
			require.Empty(t, cmp.Diff(in, out))
			assert.Zero(t, allocs) // fewer than one a decode
		})
	}
}
