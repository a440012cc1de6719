package bench

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
)

// fury, reflection path (generated code switched off):
//   - fury-reflect: schema-consistent mode, Marshal (a new []byte per call);
//   - fury-reflect-reuse: the same, MarshalAppend into a reused buffer;
//   - fury-reflect-compatible: compatible mode (field names and types travel
//     in a TypeDef);
//   - fury-reflect-refs: schema-consistent with reference tracking.
//
// fury, generated code (cmd/furygen output, models_fury.go and
// struct_gen_fury.go, compiled in with -tags furygen): the same modes named
// fury-gen, fury-gen-reuse, fury-gen-compatible, fury-gen-compatible-reuse
// (so that compatible mode, too, is compared reuse to reuse with msgp,
// vtprotobuf, mus and handwire-compatible), fury-gen-refs (and the zero-copy
// reads of alias_test.go). Without the
// tag, or for a mode the generated code does not serve, there are no fury-gen
// entries.
//
// Deserialization decodes into a new model value with Unmarshal.

func init() { suites = append(suites, furyReflectSuite, furyGenSuite) }

// furyTypes registers the benchmark types by id, the same in every mode.
func furyTypes(f *fury.Fury) error {
	for i, v := range []any{Sample{}, Media{}, Image{}, MediaContent{}, Struct{}, Player(0), Size(0), SmallStruct{}} {
		if err := f.Register(v, uint32(100+i)); err != nil {
			return fmt.Errorf("register %T: %w", v, err)
		}
	}
	return nil
}

// furyMode is one configuration of fury under benchmark.
type furyMode struct {
	lib    string
	reuse  bool // also benchmark MarshalAppend into a reused buffer
	opts   []fury.Option
	deOnly bool // deserialize only (the writer is another mode's)
}

var (
	furyReflectModes = []furyMode{
		{"fury-reflect", true, []fury.Option{fury.WithGeneratedCode(false), fury.WithCompatible(false)}, false},
		{"fury-reflect-compatible", false, []fury.Option{fury.WithGeneratedCode(false), fury.WithCompatible(true)}, false},
		{"fury-reflect-refs", false, []fury.Option{fury.WithGeneratedCode(false), fury.WithCompatible(false),
			fury.WithRefTracking(true)}, false},
	}
	furyGenModes = []furyMode{
		{"fury-gen", true, []fury.Option{fury.WithGeneratedCode(true), fury.WithCompatible(false)}, false},
		{"fury-gen-compatible", true, []fury.Option{fury.WithGeneratedCode(true), fury.WithCompatible(true)}, false},
		{"fury-gen-refs", false, []fury.Option{fury.WithGeneratedCode(true), fury.WithCompatible(false),
			fury.WithRefTracking(true)}, false},
	}
)

// newFury returns a Fury in mode m with the benchmark types registered.
func newFury(m furyMode) (*fury.Fury, error) {
	f := fury.New(m.opts...)
	if err := furyTypes(f); err != nil {
		return nil, err
	}
	return f, nil
}

// generatedInUse reports whether a Fury in mode m serializes every
// benchmark struct with generated code.
func generatedInUse(m furyMode) (bool, error) {
	f, err := newFury(m)
	if err != nil {
		return false, err
	}
	for _, v := range []any{Sample{}, Media{}, Image{}, MediaContent{}, Struct{}, SmallStruct{}} {
		if !f.GeneratedInUse(v) {
			return false, nil
		}
	}
	return true, nil
}

func furyBenches[T any](m furyMode, object string, v *T) ([]serBench, []deBench, error) {
	f, err := newFury(m)
	if err != nil {
		return nil, nil, err
	}
	ser := []serBench{{object, m.lib, m.lib, func() ([]byte, error) { return f.Marshal(v) }}}
	if m.reuse {
		var buf []byte
		ser = append(ser, serBench{object, m.lib + "-reuse", m.lib, func() ([]byte, error) {
			var err error
			buf, err = f.MarshalAppend(buf[:0], v)
			return buf, err
		}})
	}
	payload, err := payloadOf(ser[0].marshal)
	if err != nil {
		return nil, nil, fmt.Errorf("%s %s: %w", m.lib, object, err)
	}
	de := []deBench{{object, m.lib, payload, true, func(data []byte) (any, error) {
		out := new(T)
		return out, f.Unmarshal(data, out)
	}}}
	if m.deOnly {
		ser = nil
	}
	return ser, de, nil
}

func furyReflectSuite(o objects) ([]serBench, []deBench, error) {
	return furySuite(o, furyReflectModes)
}

func furyGenSuite(o objects) ([]serBench, []deBench, error) {
	var modes []furyMode
	for _, m := range furyGenModes {
		ok, err := generatedInUse(m)
		if err != nil {
			return nil, nil, err
		}
		if ok {
			modes = append(modes, m)
		}
	}
	return furySuite(o, modes)
}

func furySuite(o objects, modes []furyMode) ([]serBench, []deBench, error) {
	var c collector
	for _, m := range modes {
		c.add(furyBenches(m, objSample, o.sample))
		c.add(furyBenches(m, objMediaContent, o.mediaContent))
		c.add(furyBenches(m, objStruct, o.strct))
		c.add(furyBenches(m, objSmallStruct, o.smallStruct))
		c.add(furyBenches(m, objSampleList, o.sampleList))
		c.add(furyBenches(m, objMediaContentList, o.mediaContentList))
		c.add(furyBenches(m, objStructList, o.structList))
	}
	return c.ser, c.de, c.err
}

// TestFuryModes checks that the reflect modes stay off generated code, and
// that the generated modes use it whenever it is compiled in.
func TestFuryModes(t *testing.T) {
	for _, m := range furyReflectModes {
		inUse, err := generatedInUse(m)
		require.NoError(t, err)
		require.False(t, inUse, m.lib)
	}
	compiledIn := false
	for _, m := range furyGenModes {
		inUse, err := generatedInUse(m)
		require.NoError(t, err)
		compiledIn = compiledIn || inUse
		t.Logf("%s uses generated code: %v", m.lib, inUse)
	}
	if !compiledIn {
		t.Skip("generated code not compiled in (build with -tags furygen)")
	}
	inUse, err := generatedInUse(furyGenModes[0])
	require.NoError(t, err)
	require.True(t, inUse, furyGenModes[0].lib)
}
