package fury_test

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/fury-go/fury/internal/alloctest"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
	"github.com/fury-go/fury/fury/internal/gentest/v"
)

// Generated code is held to the reflection path: each gentest type T has
// generated code and a twin TR without. One Fury registers the T types,
// another the TR types under the same ids or names; a value and its twin
// must serialize to the same bytes, and decode to the same value.

// genPair is a generated type and its twin.
type genPair struct {
	gen, twin reflect.Type
}

func pairOf[T, R any]() genPair {
	return genPair{reflect.TypeFor[T](), reflect.TypeFor[R]()}
}

var genCorpus = []genPair{
	pairOf[gentest.Scalars, gentest.ScalarsR](),
	pairOf[gentest.Pointers, gentest.PointersR](),
	pairOf[gentest.Arrays, gentest.ArraysR](),
	pairOf[gentest.Inner, gentest.InnerR](),
	pairOf[gentest.Embeds, gentest.EmbedsR](),
	pairOf[gentest.Shadow, gentest.ShadowR](),
	pairOf[gentest.Containers, gentest.ContainersR](),
	pairOf[gentest.Embedding, gentest.EmbeddingR](),
	pairOf[gentest.Times, gentest.TimesR](),
	pairOf[gentest.Enums, gentest.EnumsR](),
	pairOf[gentest.Tagged, gentest.TaggedR](),
	pairOf[gentest.Node, gentest.NodeR](),
	pairOf[gentest.IntPair, gentest.IntPairR](),
	pairOf[gentest.Empty, gentest.EmptyR](),
	pairOf[gentest.Sample, gentest.SampleR](),
	pairOf[gentest.Media, gentest.MediaR](),
	pairOf[gentest.Image, gentest.ImageR](),
	pairOf[gentest.MediaContent, gentest.MediaContentR](),
	pairOf[gentest.Struct, gentest.StructR](),
	pairOf[gentest.Tree, gentest.TreeR](),
	pairOf[gentest.Holder, gentest.HolderR](),
	pairOf[gentest.Collections, gentest.CollectionsR](),
	pairOf[gentest.Address, gentest.AddressR](),
	pairOf[gentest.Person, gentest.PersonR](),
	pairOf[gentest.Team, gentest.TeamR](),
	pairOf[gentest.Flat, gentest.FlatR](),
	pairOf[gentest.Retained, gentest.RetainedR](),
	pairOf[gentest.Shorts, gentest.ShortsR](),
	// Types that once made furygen's output fail to compile or differ
	// from the reflection path (gentest/regress.go).
	pairOf[gentest.SmallEnums, gentest.SmallEnumsR](),
	pairOf[gentest.Budgets, gentest.BudgetsR](),
	pairOf[gentest.IntSized, gentest.IntSizedR](),
	pairOf[gentest.Event, gentest.EventR](),
	pairOf[gentest.EventWith, gentest.EventWithR](),
	pairOf[gentest.Line, gentest.LineR](),
	pairOf[gentest.Grid, gentest.GridR](),
	pairOf[gentest.Order, gentest.OrderR](),
	pairOf[gentest.OrderE1, gentest.OrderE1R](),
	pairOf[gentest.Order_1, gentest.Order_1R](),
	pairOf[gentest.Locals, gentest.LocalsR](),
	// The unexported types x and buf.
	fieldPair[gentest.Locals, gentest.LocalsR]("X"),
	{fieldType[gentest.Locals]("Bufs").Elem().Elem(), fieldType[gentest.LocalsR]("Bufs").Elem().Elem()},
	pairOf[gentest.NamedPtrs, gentest.NamedPtrsR](),
	pairOf[gentest.Foreign, gentest.ForeignR](),
}

// fieldType is the type of field name of struct T (for the unexported
// types of gentest).
func fieldType[T any](name string) reflect.Type {
	f, ok := reflect.TypeFor[T]().FieldByName(name)
	if !ok {
		panic("no field " + name)
	}
	return f.Type
}

// fieldPair pairs the types of field name of T and of its twin R.
func fieldPair[T, R any](name string) genPair {
	return genPair{fieldType[T](name), fieldType[R](name)}
}

// genConfig is one configuration of the comparison.
type genConfig struct {
	compatible, refs, byName, enums bool
	trackAll                        bool  // WithTrackAllFields (with refs)
	javaForms                       bool  // matters only schema-consistent, by name
	compact                         bool  // the peers' latin1/UTF-16 string forms (WithCompactStrings)
	maxDecoded                      int64 // WithMaxDecodedBytes, when not 0
	maxDepth                        int   // WithMaxDepth, when not 0
	alias                           bool  // WithAliasInput
}

func (c genConfig) String() string {
	return fmt.Sprintf("compatible=%v/refs=%v/trackAll=%v/byName=%v/enums=%v/javaForms=%v/compact=%v", c.compatible, c.refs,
		c.trackAll, c.byName, c.enums, c.javaForms, c.compact)
}

func genConfigs() []genConfig {
	var cs []genConfig
	for i := 0; i < 16; i++ {
		cs = append(cs, genConfig{compatible: i&1 != 0, refs: i&2 != 0, byName: i&4 != 0, enums: i&8 != 0,
			trackAll: i&2 != 0 && i&8 != 0})
	}
	return append(cs, genConfig{byName: true, javaForms: true}, genConfig{refs: true, byName: true, enums: true, javaForms: true},
		genConfig{enums: true, compact: true}, genConfig{compatible: true, compact: true},
		genConfig{refs: true, byName: true, compact: true})
}

// shared are registered identically on both sides (no generated code).
var genShared = []any{gentest.Extra{}, gentest.Plain{}, v.Pt{}}

// newGenFury returns a Fury with the generated (twin=false) or the twin
// types registered.
func newGenFury(t testing.TB, c genConfig, twin bool) *fury.Fury {
	t.Helper()
	f := fury.New(genOptions(c)...)
	require.NoError(t, registerGen(f, c, twin))
	return f
}

// genOptions are the options of c.
func genOptions(c genConfig) []fury.Option {
	opts := []fury.Option{fury.WithCompatible(c.compatible), fury.WithRefTracking(c.refs), fury.WithPythonForms(!c.javaForms),
		fury.WithCompactStrings(c.compact), fury.WithMaxDecodedBytes(c.maxDecoded), fury.WithTrackAllFields(c.trackAll),
		fury.WithAliasInput(c.alias)}
	if c.maxDepth != 0 {
		opts = append(opts, fury.WithMaxDepth(c.maxDepth))
	}
	return opts
}

// registerGen registers the generated (twin=false) or the twin types of
// the corpus as c says.
func registerGen(f *fury.Fury, c genConfig, twin bool) error {
	var errs []error
	reg := func(v any, i int, name string) {
		if c.byName {
			errs = append(errs, f.RegisterNamed(v, "gentest", name))
		} else {
			errs = append(errs, f.Register(v, uint32(200+i)))
		}
	}
	for i, p := range genCorpus {
		typ := p.gen
		if twin {
			typ = p.twin
		}
		reg(reflect.New(typ).Elem().Interface(), i, p.gen.Name())
	}
	for i, v := range genShared {
		reg(v, 100+i, reflect.TypeOf(v).Name())
	}
	if c.enums {
		reg(gentest.Color(0), 150, "Color")
		reg(gentest.Player(0), 151, "Player")
		reg(gentest.Size(0), 152, "Size")
		reg(gentest.Small(0), 153, "Small")
		reg(gentest.Status(0), 154, "Status")
		reg(reflect.Zero(v1Type).Interface(), 155, "v1")
	}
	return errors.Join(errs...)
}

// asTwin reinterprets the value at p (of the generated type) as its twin.
func asTwin(p genPair, v reflect.Value) any {
	ptr := reflect.New(p.gen)
	ptr.Elem().Set(v)
	return reflect.NewAt(p.twin, ptr.UnsafePointer()).Elem().Interface()
}

var genCmp = []cmp.Option{
	// NaNs equal, for named float types too.
	cmp.FilterValues(func(x, y any) bool {
		if x == nil || y == nil {
			return false
		}
		k := reflect.TypeOf(x).Kind()
		return reflect.TypeOf(y) == reflect.TypeOf(x) && (k == reflect.Float32 || k == reflect.Float64)
	}, cmp.Comparer(func(x, y any) bool {
		a, b := reflect.ValueOf(x).Float(), reflect.ValueOf(y).Float()
		return a == b || math.IsNaN(a) && math.IsNaN(b)
	})),
	cmp.Exporter(func(reflect.Type) bool { return true }),
}

// checkSame marshals v with both Furys and checks bytes and decoded values.
func checkSame(t *testing.T, p genPair, gen, twin *fury.Fury, v reflect.Value) {
	t.Helper()
	checkSameBytes(t, p, gen, twin, v)
}

// checkSameBytes is checkSame; roundTrip also compares the decoded value
// with v (the zero fury.Date, for one, does not survive a round trip).
func checkSameBytes(t *testing.T, p genPair, gen, twin *fury.Fury, v reflect.Value, roundTrip ...bool) {
	t.Helper()
	require.True(t, gen.GeneratedInUse(v.Interface()), "generated code not in use for %v", p.gen)
	require.False(t, twin.GeneratedInUse(asTwin(p, v)), "twin %v uses generated code", p.twin)
	want, err := twin.Marshal(asTwin(p, v))
	require.NoError(t, err)
	got, err := gen.Marshal(v.Interface())
	require.NoError(t, err)
	require.Equal(t, want, got, "bytes of %v differ from the reflection path", p.gen)

	// Decode with generated code and with reflection: the same value.
	gv := reflect.New(p.gen)
	require.NoError(t, gen.Unmarshal(got, gv.Interface()))
	tv := reflect.New(p.twin)
	require.NoError(t, twin.Unmarshal(want, tv.Interface()))
	asGen := reflect.NewAt(p.gen, tv.UnsafePointer())
	if diff := cmp.Diff(asGen.Interface(), gv.Interface(), genCmp...); diff != "" {
		t.Fatalf("%v decodes differently from the reflection path (-reflect +generated):\n%s", p.gen, diff)
	}
	// And the round trip keeps the value (empty and nil collections aside).
	if len(roundTrip) > 0 && !roundTrip[0] {
		return
	}
	if diff := cmp.Diff(v.Interface(), gv.Elem().Interface(), append(genCmp, cmpopts.EquateEmpty())...); diff != "" {
		t.Fatalf("%v round trip (-want +got):\n%s", p.gen, diff)
	}
}

// checkDecodeInto decodes v's bytes into equal, already populated values
// with both paths: what they keep or replace must agree too.
func checkDecodeInto(t *testing.T, p genPair, gen, twin *fury.Fury, v reflect.Value, seed uint64) {
	t.Helper()
	data, err := gen.Marshal(v.Interface())
	require.NoError(t, err)
	gd, td := reflect.New(p.gen), reflect.New(p.gen)
	fillRandom(rand.New(rand.NewPCG(seed, 9)), gd.Elem(), 0, "")
	fillRandom(rand.New(rand.NewPCG(seed, 9)), td.Elem(), 0, "")
	require.NoError(t, gen.Unmarshal(data, gd.Interface()))
	require.NoError(t, twin.Unmarshal(data, reflect.NewAt(p.twin, td.UnsafePointer()).Interface()))
	if diff := cmp.Diff(td.Interface(), gd.Interface(), genCmp...); diff != "" {
		t.Fatalf("%v decodes into a populated value differently (-reflect +generated):\n%s", p.gen, diff)
	}
}

func TestGeneratedMatchesReflection(t *testing.T) {
	for _, c := range genConfigs() {
		t.Run(c.String(), func(t *testing.T) {
			gen, twin := newGenFury(t, c, false), newGenFury(t, c, true)
			for i, p := range genCorpus {
				t.Run(p.gen.Name(), func(t *testing.T) {
					r := rand.New(rand.NewPCG(uint64(i), 7))
					checkSameBytes(t, p, gen, twin, reflect.New(p.gen).Elem(), false) // zero value
					for n := 0; n < 40; n++ {
						v := reflect.New(p.gen).Elem()
						fillRandom(r, v, 0, "")
						if s, ok := v.Addr().Interface().(*gentest.Shadow); ok {
							s.ShadowBase.X, s.ShadowBase.Name = 0, "" // hidden: they do not travel
						}
						checkSame(t, p, gen, twin, v)
						checkDecodeInto(t, p, gen, twin, v, uint64(n))
					}
				})
			}
		})
	}
}

func TestGeneratedBenchModels(t *testing.T) {
	values := []any{gentest.NewSample(), gentest.NewMediaContent(), gentest.NewStruct()}
	for _, c := range genConfigs() {
		gen, twin := newGenFury(t, c, false), newGenFury(t, c, true)
		for _, v := range values {
			for _, p := range genCorpus {
				if p.gen == reflect.TypeOf(v) {
					checkSame(t, p, gen, twin, reflect.ValueOf(v))
				}
			}
		}
	}
}

// TestGeneratedBigMaps checks values whose maps have several entries (Go's
// map order makes their bytes differ from run to run): the two paths write
// the same number of bytes, and each reads what the other wrote back to the
// original value.
func TestGeneratedBigMaps(t *testing.T) {
	big := map[string]string{}
	for i := range 600 { // more than two full chunks
		big[fmt.Sprint("key", i)] = fmt.Sprint(i)
	}
	team := gentest.NewTeam()
	team.Members[2].Attrs = big
	withNil := gentest.NewTeam()
	withNil.Scores["nil"] = nil // its own chunk: the chunk count depends on map order
	values := []any{team, gentest.NewCollections(), withNil}
	for _, c := range genConfigs() {
		gen, twin := newGenFury(t, c, false), newGenFury(t, c, true)
		for _, v := range values {
			p := pairOf[gentest.Team, gentest.TeamR]()
			if _, ok := v.(gentest.Collections); ok {
				p = pairOf[gentest.Collections, gentest.CollectionsR]()
			}
			rv := reflect.ValueOf(v)
			require.True(t, gen.GeneratedInUse(v))
			got, err := gen.Marshal(v)
			require.NoError(t, err)
			want, err := twin.Marshal(asTwin(p, rv))
			require.NoError(t, err)
			tm, _ := v.(gentest.Team)
			if _, hasNil := tm.Scores["nil"]; !hasNil {
				require.Equal(t, len(want), len(got), "%v %v", c, p.gen)
			}
			for _, data := range [][]byte{got, want} {
				gv, tv := reflect.New(p.gen), reflect.New(p.twin)
				require.NoError(t, gen.Unmarshal(data, gv.Interface()))
				require.NoError(t, twin.Unmarshal(data, tv.Interface()))
				asGen := reflect.NewAt(p.gen, tv.UnsafePointer())
				if diff := cmp.Diff(asGen.Interface(), gv.Interface(), genCmp...); diff != "" {
					t.Fatalf("%v %v (-reflect +generated):\n%s", c, p.gen, diff)
				}
				if diff := cmp.Diff(v, gv.Elem().Interface(), append(genCmp, cmpopts.EquateEmpty())...); diff != "" {
					t.Fatalf("%v %v round trip (-want +got):\n%s", c, p.gen, diff)
				}
			}
		}
	}
}

// TestGeneratedEnumOrdinals checks enum values that are no ordinal, in a
// field, behind a pointer and in a list: both paths refuse them alike.
func TestGeneratedEnumOrdinals(t *testing.T) {
	c := genConfig{enums: true}
	gen, twin := newGenFury(t, c, false), newGenFury(t, c, true)
	bad := gentest.Color(-1)
	for _, v := range []any{
		gentest.Enums{Color: bad},
		gentest.Enums{PColor: &bad},
		gentest.Arrays{Colors: []gentest.Color{1, bad}},
	} {
		p := pairOf[gentest.Enums, gentest.EnumsR]()
		if _, ok := v.(gentest.Arrays); ok {
			p = pairOf[gentest.Arrays, gentest.ArraysR]()
		}
		_, errGen := gen.Marshal(v)
		_, errTwin := twin.Marshal(asTwin(p, reflect.ValueOf(v)))
		require.Error(t, errTwin)
		require.ErrorIs(t, errGen, fury.ErrInvalidArgument, "%T", v)
		assert.Equal(t, strings.Replace(errTwin.Error(), "R.", ".", 1), errGen.Error()) // the twin is named ...R
	}
}

// TestGeneratedSharedReferences checks shared pointers and cycles with
// reference tracking.
func TestGeneratedSharedReferences(t *testing.T) {
	for _, c := range genConfigs() {
		if !c.refs {
			continue
		}
		c.trackAll = true // Go-only graphs: every pointer field shares
		t.Run(c.String(), func(t *testing.T) {
			gen, twin := newGenFury(t, c, false), newGenFury(t, c, true)
			in := &gentest.Inner{ID: 7, Label: "shared"}
			cont := gentest.Containers{InnerPtr: in, ByName: map[string]*gentest.Inner{"a": in}, Inners: []gentest.Inner{*in}}
			checkSame(t, pairOf[gentest.Containers, gentest.ContainersR](), gen, twin, reflect.ValueOf(cont))
			// Must is notnull: a nil one would come back as a pointer to 0.
			tg := gentest.Tagged{Shared: in, Alone: in, Must: new(int32)}
			checkSame(t, pairOf[gentest.Tagged, gentest.TaggedR](), gen, twin, reflect.ValueOf(tg))

			n := &gentest.Node{Value: 1}
			n.Next = n
			n.Kids = []*gentest.Node{n, {Value: 2}}
			want, err := twin.Marshal((*gentest.NodeR)(unsafe.Pointer(n)))
			require.NoError(t, err)
			got, err := gen.Marshal(n)
			require.NoError(t, err)
			require.Equal(t, want, got)
			var back *gentest.Node
			require.NoError(t, gen.Unmarshal(got, &back))
			require.Same(t, back, back.Next)
			require.Same(t, back, back.Kids[0])
			assert.Equal(t, int32(2), back.Kids[1].Value)
		})
	}
}

// TestGeneratedSchemaEvolution checks compatible mode across versions of a
// struct: generated code is used for the local layout, the runtime maps a
// different remote layout.
func TestGeneratedSchemaEvolution(t *testing.T) {
	newF := func(v any) *fury.Fury {
		f := fury.New(fury.WithCompatible(true))
		require.NoError(t, f.RegisterNamed(v, "gentest", "Inner"))
		return f
	}
	gen, v2 := newF(gentest.Inner{}), newF(gentest.InnerV2{})
	require.True(t, gen.GeneratedInUse(gentest.Inner{}))

	data, err := v2.Marshal(gentest.InnerV2{ID: 5, Label: "v2", Added: []int32{1, 2}})
	require.NoError(t, err)
	var in gentest.Inner
	require.NoError(t, gen.Unmarshal(data, &in))
	assert.Equal(t, gentest.Inner{ID: 5, Label: "v2"}, in)

	data, err = gen.Marshal(gentest.Inner{ID: 6, Label: "v1", Tags: []string{"t"}})
	require.NoError(t, err)
	var out gentest.InnerV2
	require.NoError(t, v2.Unmarshal(data, &out))
	assert.Equal(t, gentest.InnerV2{ID: 6, Label: "v1"}, out)
}

// TestGeneratedOutOfBand checks arrays with out-of-band buffers, which
// generated code leaves to the runtime.
func TestGeneratedOutOfBand(t *testing.T) {
	c := genConfig{compatible: false}
	gen, twin := newGenFury(t, c, false), newGenFury(t, c, true)
	r := rand.New(rand.NewPCG(1, 2))
	p := pairOf[gentest.Arrays, gentest.ArraysR]()
	for n := 0; n < 20; n++ {
		v := reflect.New(p.gen).Elem()
		fillRandom(r, v, 0, "")
		serialize := func(f *fury.Fury, v any) ([]byte, [][]byte) {
			var oob [][]byte
			buf := fury.NewBuffer(nil)
			require.NoError(t, f.Serialize(buf, v, func(o fury.SerializedObject) bool {
				if len(o.Bytes())%2 == 0 {
					oob = append(oob, o.Bytes())
					return false
				}
				return true
			}))
			return buf.Bytes(), oob
		}
		wantB, wantOOB := serialize(twin, asTwin(p, v))
		gotB, gotOOB := serialize(gen, v.Interface())
		require.Equal(t, wantB, gotB)
		require.Equal(t, wantOOB, gotOOB)
		back := reflect.New(p.gen)
		var oob []*fury.Buffer
		for _, b := range gotOOB {
			oob = append(oob, fury.NewBuffer(b))
		}
		require.NoError(t, gen.Deserialize(fury.NewBuffer(gotB), back.Interface(), oob))
		if diff := cmp.Diff(v.Interface(), back.Elem().Interface(), append(genCmp, cmpopts.EquateEmpty())...); diff != "" {
			t.Fatalf("round trip (-want +got):\n%s", diff)
		}
	}
}

// TestGeneratedTruncatedInput checks that generated readers fail (never
// panic, never succeed) on every truncation of valid input, as the
// reflection path does.
func TestGeneratedTruncatedInput(t *testing.T) {
	for _, c := range []genConfig{{}, {compatible: true, refs: true, enums: true}} {
		gen, twin := newGenFury(t, c, false), newGenFury(t, c, true)
		r := rand.New(rand.NewPCG(3, 4))
		for _, p := range genCorpus {
			v := reflect.New(p.gen).Elem()
			fillRandom(r, v, 0, "")
			data, err := gen.Marshal(v.Interface())
			require.NoError(t, err)
			for n := 0; n < len(data); n++ {
				errGen := gen.Unmarshal(data[:n], reflect.New(p.gen).Interface())
				errTwin := twin.Unmarshal(data[:n], reflect.New(p.twin).Interface())
				require.Equal(t, errTwin == nil, errGen == nil, "%v %v: %d of %d bytes: reflect %v, generated %v", c, p.gen, n, len(data), errTwin, errGen)
				require.Error(t, errGen, "%v: %d of %d bytes", p.gen, n, len(data))
				require.Equal(t, errors.Is(errTwin, fury.ErrTruncated), errors.Is(errGen, fury.ErrTruncated), "%v %v: %d of %d bytes: reflect %v, generated %v", c, p.gen, n, len(data), errTwin, errGen)
			}
		}
	}
}

// TestGeneratedMutatedInput checks that generated readers agree with the
// reflection path on corrupted input: both fail, or both succeed with the
// same value.
func TestGeneratedMutatedInput(t *testing.T) {
	for _, c := range []genConfig{{enums: true}, {compatible: true, refs: true}, {refs: true, enums: true}} {
		gen, twin := newGenFury(t, c, false), newGenFury(t, c, true)
		r := rand.New(rand.NewPCG(5, 6))
		for _, p := range genCorpus {
			for n := 0; n < 30; n++ {
				v := reflect.New(p.gen).Elem()
				fillRandom(r, v, 0, "")
				data, err := gen.Marshal(v.Interface())
				require.NoError(t, err)
				for m := 0; m < 20; m++ {
					bad := append([]byte(nil), data...)
					for k := 1 + r.IntN(3); k > 0; k-- {
						bad[r.IntN(len(bad))] = byte(r.Uint32())
					}
					gv, tv := reflect.New(p.gen), reflect.New(p.twin)
					errGen, errTwin := gen.Unmarshal(bad, gv.Interface()), twin.Unmarshal(bad, tv.Interface())
					require.Equal(t, errTwin == nil, errGen == nil, "%v %v: reflect %v, generated %v", c, p.gen, errTwin, errGen)
					if errGen == nil {
						asGen := reflect.NewAt(p.gen, tv.UnsafePointer())
						if diff := cmp.Diff(asGen.Interface(), gv.Interface(), genCmp...); diff != "" {
							t.Fatalf("%v decodes corrupted input differently (-reflect +generated):\n%s", p.gen, diff)
						}
					}
				}
			}
		}
	}
}

// TestGeneratedReadsTrackedFlags checks that, with reference tracking on
// for tagged fields only, generated readers (which read untagged fields
// themselves) agree with the reflection path on messages whose every field
// carries reference flags (written with WithTrackAllFields): both fail, or
// both succeed with the same value.
func TestGeneratedReadsTrackedFlags(t *testing.T) {
	for _, compatible := range []bool{false, true} {
		all := genConfig{compatible: compatible, refs: true, enums: true, trackAll: true}
		c := all
		c.trackAll = false
		w := newGenFury(t, all, true)
		gen, twin := newGenFury(t, c, false), newGenFury(t, c, true)
		r := rand.New(rand.NewPCG(7, 8))
		for _, p := range genCorpus {
			for n := 0; n < 10; n++ {
				v := reflect.New(p.gen).Elem()
				fillRandom(r, v, 0, "")
				data, err := w.Marshal(asTwin(p, v))
				require.NoError(t, err)
				gv, tv := reflect.New(p.gen), reflect.New(p.twin)
				errGen, errTwin := gen.Unmarshal(data, gv.Interface()), twin.Unmarshal(data, tv.Interface())
				require.Equal(t, errTwin == nil, errGen == nil, "%v %v: reflect %v, generated %v", c, p.gen, errTwin, errGen)
				if errGen == nil {
					asGen := reflect.NewAt(p.gen, tv.UnsafePointer())
					if diff := cmp.Diff(asGen.Interface(), gv.Interface(), genCmp...); diff != "" {
						t.Fatalf("%v decodes tracked flags differently (-reflect +generated):\n%s", p.gen, diff)
					}
				}
			}
		}
	}
}

// TestGeneratedReusedBufferNoAllocs checks that generated code writing
// into a reused buffer does not allocate.
func TestGeneratedReusedBufferNoAllocs(t *testing.T) {
	if alloctest.Isolate(t) { // counts bytes allocated: run alone in a child process
		return
	}
	for _, c := range []genConfig{{enums: true}, {compatible: true, enums: true}} {
		f := newGenFury(t, c, false)
		for _, v := range []any{gentest.NewSample(), gentest.NewMediaContent(), gentest.NewStruct(), gentest.NewTeam(), gentest.NewCollections()} {
			require.True(t, f.GeneratedInUse(v))
			buf := fury.NewBuffer(nil)
			require.NoError(t, f.Serialize(buf, v, nil))
			var err error
			allocs := testing.AllocsPerRun(100, func() {
				buf.Reset()
				err = f.Serialize(buf, v, nil)
			})
			require.NoError(t, err)
			assert.Zero(t, allocs, "%v %T", c, v)

			// MarshalAppend of a pointer into a reused slice too.
			ptr := reflect.New(reflect.TypeOf(v))
			ptr.Elem().Set(reflect.ValueOf(v))
			pv := ptr.Interface()
			dst, err := f.MarshalAppend(nil, pv)
			require.NoError(t, err)
			allocs = testing.AllocsPerRun(100, func() {
				dst, err = f.MarshalAppend(dst[:0], pv)
			})
			require.NoError(t, err)
			assert.Zero(t, allocs, "MarshalAppend %v %T", c, v)
		}
	}
}

// ---- random values ----------------------------------------------------

var (
	colorType    = reflect.TypeFor[gentest.Color]()
	playerType   = reflect.TypeFor[gentest.Player]()
	sizeType     = reflect.TypeFor[gentest.Size]()
	statusType   = reflect.TypeFor[gentest.Status]()
	v1Type       = fieldType[gentest.Locals]("V").Elem() // an unexported named uint16
	durationType = reflect.TypeFor[time.Duration]()
	timeType     = reflect.TypeFor[time.Time]()
	dateType     = reflect.TypeFor[fury.Date]()
	decimalType  = reflect.TypeFor[fury.Decimal]()
	bigIntType   = reflect.TypeFor[big.Int]()
)

var runeSets = []string{
	"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ",
	"àéîõüÿ ©±",  // latin1
	"αβγδ€あいう漢字", // BMP
	"😀🚀𝄞",        // beyond the BMP
}

func randString(r *rand.Rand) string {
	if r.IntN(6) == 0 {
		return ""
	}
	var b strings.Builder
	set := []rune(runeSets[r.IntN(len(runeSets))])
	mixed := r.IntN(3) == 0
	for n := r.IntN(40); n >= 0; n-- {
		if mixed {
			set = []rune(runeSets[r.IntN(len(runeSets))])
		}
		b.WriteRune(set[r.IntN(len(set))])
	}
	return b.String()
}

func randInt(r *rand.Rand) int64 {
	switch r.IntN(6) {
	case 0:
		return 0
	case 1:
		return int64(r.IntN(256)) - 128
	case 2:
		return math.MaxInt64
	case 3:
		return math.MinInt64
	case 4:
		return int64(r.Uint64() >> r.IntN(64))
	}
	return int64(r.Uint64())
}

func randFloat(r *rand.Rand) float64 {
	switch r.IntN(6) {
	case 0:
		return 0
	case 1:
		return math.Inf(1 - 2*r.IntN(2))
	case 2:
		return math.NaN()
	case 3:
		return float64(r.IntN(1000)) / 8
	}
	return math.Float64frombits(r.Uint64())
}

// fillRandom fills v with random values that both paths can write.
func fillRandom(r *rand.Rand, v reflect.Value, depth int, tag string) {
	t := v.Type()
	switch t {
	case colorType, playerType, sizeType, statusType:
		v.SetInt(int64(r.IntN(4)))
		return
	case durationType:
		v.SetInt(r.Int64N(2e18) - 1e18)
		return
	case timeType:
		v.Set(reflect.ValueOf(time.Unix(r.Int64N(1e10)-5e9, r.Int64N(1e9)).UTC()))
		return
	case dateType:
		v.Set(reflect.ValueOf(fury.Date{Year: 1900 + r.IntN(300), Month: time.Month(1 + r.IntN(12)), Day: 1 + r.IntN(28)}))
		return
	case bigIntType:
		v.Addr().Interface().(*big.Int).Lsh(big.NewInt(randInt(r)), uint(r.IntN(100)))
		return
	case decimalType:
		u := big.NewInt(randInt(r))
		if r.IntN(3) == 0 { // past 64 bits: the big wire form
			u.Mul(u, new(big.Int).Lsh(big.NewInt(1), uint(r.IntN(200))))
		}
		v.Set(reflect.ValueOf(fury.Decimal{Unscaled: u, Scale: int32(r.IntN(41) - 20)}))
		return
	}
	switch t.Kind() {
	case reflect.Bool:
		v.SetBool(r.IntN(2) == 1)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(randInt(r))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(randInt(r)))
	case reflect.Float32:
		v.SetFloat(float64(float32(randFloat(r))))
	case reflect.Float64:
		v.SetFloat(randFloat(r))
	case reflect.String:
		v.SetString(randString(r))
	case reflect.Pointer:
		if depth > 3 || (r.IntN(4) == 0 && !strings.Contains(tag, "notnull")) {
			v.SetZero()
			return
		}
		p := reflect.New(t.Elem())
		fillRandom(r, p.Elem(), depth+1, "")
		v.Set(p)
	case reflect.Slice:
		if depth > 3 || r.IntN(5) == 0 {
			v.SetZero()
			return
		}
		n := r.IntN(5)
		s := reflect.MakeSlice(t, n, n)
		for i := 0; i < n; i++ {
			fillRandom(r, s.Index(i), depth+1, "")
		}
		v.Set(s)
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			fillRandom(r, v.Index(i), depth+1, "")
		}
	case reflect.Map:
		if depth > 3 || r.IntN(5) == 0 {
			v.SetZero()
			return
		}
		// At most one entry: Go's map order is random, so bytes of
		// bigger maps differ from run to run.
		m := reflect.MakeMap(t)
		for n := r.IntN(2); n > 0; n-- {
			k := reflect.New(t.Key()).Elem()
			fillRandom(r, k, depth+1, "")
			e := reflect.New(t.Elem()).Elem()
			fillRandom(r, e, depth+1, "")
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			sf := t.Field(i)
			tag := sf.Tag.Get("fury")
			if tag == "-" || !v.Field(i).CanSet() {
				continue
			}
			fillRandom(r, v.Field(i), depth+1, tag)
		}
	case reflect.Interface:
		switch r.IntN(4) {
		case 0:
			v.SetZero()
		case 1:
			v.Set(reflect.ValueOf(randInt(r)))
		case 2:
			v.Set(reflect.ValueOf(randString(r)))
		default:
			v.Set(reflect.ValueOf(r.IntN(2) == 1))
		}
	}
}

// TestGeneratedNestedSchemaEvolution reads, with generated code, nested
// structs whose remote layout differs (the runtime reads those) or matches
// (generated code reads them), and compares with the reflection path.
func TestGeneratedNestedSchemaEvolution(t *testing.T) {
	newF := func(holder, inner any) *fury.Fury {
		f := fury.New(fury.WithCompatible(true))
		require.NoError(t, f.RegisterNamed(holder, "gentest", "Holder"))
		require.NoError(t, f.RegisterNamed(inner, "gentest", "Inner"))
		return f
	}
	gen := newF(gentest.Holder{}, gentest.Inner{})
	twin := newF(gentest.HolderR{}, gentest.InnerR{})
	v2 := newF(gentest.HolderV2{}, gentest.InnerV2{})
	require.True(t, gen.GeneratedInUse(gentest.Holder{}))

	data, err := v2.Marshal(gentest.HolderV2{
		In:  gentest.InnerV2{ID: 1, Label: "a", Added: []int32{7}},
		Ins: []gentest.InnerV2{{ID: 2, Label: "b"}, {ID: 3, Added: []int32{8, 9}}},
		N:   4,
	})
	require.NoError(t, err)
	var got gentest.Holder
	var want gentest.HolderR
	require.NoError(t, gen.Unmarshal(data, &got))
	require.NoError(t, twin.Unmarshal(data, &want))
	assert.Equal(t, gentest.Holder{In: gentest.Inner{ID: 1, Label: "a"}, Ins: []gentest.Inner{{ID: 2, Label: "b"}, {ID: 3}}, N: 4}, got)
	assert.Empty(t, cmp.Diff(*(*gentest.Holder)(unsafe.Pointer(&want)), got, cmpopts.EquateEmpty()))

	// Back to the later version, and a round trip between equal layouts.
	h := gentest.Holder{In: gentest.Inner{ID: 5, Tags: []string{"x"}}, Ins: []gentest.Inner{{Label: "c", Tags: []string{}}}, N: 6}
	data, err = gen.Marshal(h)
	require.NoError(t, err)
	var back gentest.HolderV2
	require.NoError(t, v2.Unmarshal(data, &back))
	assert.Equal(t, gentest.HolderV2{In: gentest.InnerV2{ID: 5}, Ins: []gentest.InnerV2{{Label: "c"}}, N: 6}, back)
	var same gentest.Holder
	require.NoError(t, gen.Unmarshal(data, &same))
	h.Ins[0].Tags = nil // an empty field that is not nullable reads as nil
	assert.Equal(t, h, same)
}

// TestGeneratedNestedDepth checks that generated code calling itself
// directly (Tree.Kids) is bounded by WithMaxDepth like the reflection path.
func TestGeneratedNestedDepth(t *testing.T) {
	deep := func(n int) gentest.Tree {
		var tr gentest.Tree
		for i := 0; i < n; i++ {
			tr = gentest.Tree{Label: fmt.Sprint(i), Kids: []gentest.Tree{tr}}
		}
		return tr
	}
	for _, compatible := range []bool{false, true} {
		newF := func(v any, max int) *fury.Fury {
			f := fury.New(fury.WithCompatible(compatible), fury.WithMaxDepth(max))
			require.NoError(t, f.Register(v, 1))
			require.NoError(t, f.Register(gentest.Plain{}, 2))
			return f
		}
		for _, n := range []int{5, 10, 40} {
			tr := deep(n)
			big, twinBig := newF(gentest.Tree{}, 1000), newF(gentest.TreeR{}, 1000)
			data, err := big.Marshal(tr)
			require.NoError(t, err)
			want, err := twinBig.Marshal(gentest.TreeR(convertTree(tr)))
			require.NoError(t, err)
			require.Equal(t, want, data)

			small, twinSmall := newF(gentest.Tree{}, 30), newF(gentest.TreeR{}, 30)
			_, errGen := small.Marshal(tr)
			_, errTwin := twinSmall.Marshal(convertTree(tr))
			require.Equal(t, errTwin == nil, errGen == nil, "n=%d: reflect %v, generated %v", n, errTwin, errGen)
			var out gentest.Tree
			var outR gentest.TreeR
			errGen, errTwin = small.Unmarshal(data, &out), twinSmall.Unmarshal(data, &outR)
			require.Equal(t, errTwin == nil, errGen == nil, "n=%d: reflect %v, generated %v", n, errTwin, errGen)
			if errGen != nil {
				assert.ErrorIs(t, errGen, fury.ErrDepthExceeded)
				continue
			}
			assert.Empty(t, cmp.Diff(tr, out, cmpopts.EquateEmpty()))
		}
	}
}

// TestGeneratedListOfNilsDepth checks that a list of pointers counts a
// nesting level for its elements only when one of them is not nil, in
// generated code as in the reflection path: a list of nils under a tight
// WithMaxDepth is written by both or refused by both, byte for byte.
func TestGeneratedListOfNilsDepth(t *testing.T) {
	values := map[string]gentest.Node{
		"nils":  {Value: 1, Kids: []*gentest.Node{nil, nil}},
		"mixed": {Value: 2, Kids: []*gentest.Node{nil, {Value: 3}}},
		"full":  {Value: 4, Kids: []*gentest.Node{{Value: 5}, {Value: 6, Kids: []*gentest.Node{nil}}}},
	}
	for _, compatible := range []bool{false, true} {
		for name, v := range values {
			for max := 1; max <= 5; max++ {
				newF := func(typ any) *fury.Fury {
					f := fury.New(fury.WithCompatible(compatible), fury.WithMaxDepth(max))
					require.NoError(t, f.Register(typ, 1))
					return f
				}
				gen, twin := newF(gentest.Node{}), newF(gentest.NodeR{})
				got, errGen := gen.Marshal(&v)
				want, errTwin := twin.Marshal(convertNode(&v))
				msg := fmt.Sprintf("compatible=%v %s max=%d: reflect %v, generated %v", compatible, name, max, errTwin, errGen)
				require.Equal(t, errTwin == nil, errGen == nil, msg)
				if errGen != nil {
					assert.ErrorIs(t, errGen, fury.ErrDepthExceeded, msg)
					continue
				}
				require.Equal(t, want, got, msg)
				var back gentest.Node
				require.NoError(t, gen.Unmarshal(got, &back), msg)
				assert.Equal(t, v, back, msg)
			}
		}
	}
}

func convertNode(n *gentest.Node) *gentest.NodeR {
	if n == nil {
		return nil
	}
	r := &gentest.NodeR{Value: n.Value, Next: convertNode(n.Next)}
	for _, k := range n.Kids {
		r.Kids = append(r.Kids, convertNode(k))
	}
	return r
}

func convertTree(t gentest.Tree) gentest.TreeR {
	r := gentest.TreeR{Label: t.Label, Meta: t.Meta}
	for _, k := range t.Kids {
		r.Kids = append(r.Kids, convertTree(k))
	}
	return r
}

// TestGeneratedNestedErrorPath checks that errors inside directly called
// nested code name the field path, as the reflection path's do.
func TestGeneratedNestedErrorPath(t *testing.T) {
	gen := newGenFury(t, genConfig{}, false)
	data, err := gen.Marshal(gentest.Holder{Ins: []gentest.Inner{{ID: 1}, {ID: 2}}})
	require.NoError(t, err)
	// Corrupt the second element's struct hash. A lone zero Inner ends with
	// its hash and three one-byte fields (ID, Label, Tags).
	inner, err := gen.Marshal(gentest.Inner{})
	require.NoError(t, err)
	hash := inner[len(inner)-7 : len(inner)-3]
	i := strings.LastIndex(string(data), string(hash))
	require.Greater(t, i, strings.Index(string(data), string(hash)))
	bad := append([]byte(nil), data...)
	bad[i] ^= 0xff
	err = gen.Unmarshal(bad, new(gentest.Holder))
	require.ErrorIs(t, err, fury.ErrSchemaMismatch)
	assert.Contains(t, err.Error(), "Holder.Ins")
}

// FuzzGenerated decodes arbitrary input with generated code and with the
// reflection path: both fail, or both succeed with the same value.
func FuzzGenerated(f *testing.F) {
	pairs := []genPair{
		pairOf[gentest.Team, gentest.TeamR](),
		pairOf[gentest.Collections, gentest.CollectionsR](),
		pairOf[gentest.Tagged, gentest.TaggedR](),
		pairOf[gentest.Times, gentest.TimesR](),
		pairOf[gentest.Pointers, gentest.PointersR](),
		pairOf[gentest.Arrays, gentest.ArraysR](),
		pairOf[gentest.Enums, gentest.EnumsR](),
		pairOf[gentest.Flat, gentest.FlatR](), // Unmarshal's flat short way (readFlat)
	}
	configs := []genConfig{{enums: true}, {compatible: true, enums: true}, {refs: true, byName: true}}
	r := rand.New(rand.NewPCG(11, 12))
	for ci, c := range configs {
		gen := newGenFury(f, c, false)
		for pi, p := range pairs {
			v := reflect.New(p.gen).Elem()
			fillRandom(r, v, 0, "")
			data, err := gen.Marshal(v.Interface())
			require.NoError(f, err)
			f.Add(uint8(ci), uint8(pi), data)
		}
	}
	furys := make([][2]*fury.Fury, len(configs))
	for i, c := range configs {
		furys[i] = [2]*fury.Fury{newGenFury(f, c, false), newGenFury(f, c, true)}
	}
	f.Fuzz(func(t *testing.T, ci, pi uint8, data []byte) {
		c, p := furys[int(ci)%len(furys)], pairs[int(pi)%len(pairs)]
		gv, tv := reflect.New(p.gen), reflect.New(p.twin)
		errGen, errTwin := c[0].Unmarshal(data, gv.Interface()), c[1].Unmarshal(data, tv.Interface())
		if (errGen == nil) != (errTwin == nil) {
			t.Fatalf("%v: reflect %v, generated %v", p.gen, errTwin, errGen)
		}
		if errGen != nil {
			return
		}
		asGen := reflect.NewAt(p.gen, tv.UnsafePointer())
		if diff := cmp.Diff(asGen.Interface(), gv.Interface(), genCmp...); diff != "" {
			t.Fatalf("%v decodes differently (-reflect +generated):\n%s", p.gen, diff)
		}
	})
}

// TestGeneratedWriteErrors checks that values the wire cannot hold are the
// same error with generated code as with the reflection path: a Date that
// is not a day of the calendar, and a time.Time before the earliest
// timestamp (as a field, in a list, as a map value, and after other fields
// written with the one reservation, which the runtime then writes to).
// Generated code used to skip the date silently and to wrap the time's
// seconds.
func TestGeneratedWriteErrors(t *testing.T) {
	early := time.Unix(math.MinInt64, 0).Add(-time.Second)
	times := pairOf[gentest.Times, gentest.TimesR]()
	colls := pairOf[gentest.Collections, gentest.CollectionsR]()
	emb := pairOf[gentest.Embedding, gentest.EmbeddingR]()
	cases := []struct {
		p genPair
		v any
	}{
		{times, &gentest.Times{On: fury.Date{Year: 2023, Month: time.February, Day: 30}}},
		{times, &gentest.Times{At: early}},
		{colls, &gentest.Collections{Stamps: []time.Time{{}, early}}},
		{colls, &gentest.Collections{When: map[int64]time.Time{1: early}}},
		{emb, &gentest.Embedding{Base: gentest.Base{ID: 1 << 40, Created: early}, Own: -7}},
	}
	for _, c := range genConfigs() {
		gen, twin := newGenFury(t, c, false), newGenFury(t, c, true)
		for i, tc := range cases {
			v := reflect.ValueOf(tc.v).Elem()
			require.True(t, gen.GeneratedInUse(v.Interface()), "%v: generated code not in use", tc.p.gen)
			_, errTwin := twin.Marshal(asTwin(tc.p, v))
			_, errGen := gen.Marshal(tc.v)
			require.ErrorIs(t, errTwin, fury.ErrInvalidArgument, "%v case %d", c, i)
			require.ErrorIs(t, errGen, fury.ErrInvalidArgument, "%v case %d: reflect %v, generated %v", c, i, errTwin, errGen)
			assert.Equal(t, errTwin.Error(), strings.ReplaceAll(errGen.Error(), tc.p.gen.Name(), tc.p.twin.Name()),
				"%v case %d", c, i)
		}
	}
}
