package bench

import (
	"fmt"

	"github.com/fury-go/fury/fury"
)

// fury, reflection path:
//   - fury-reflect: schema-consistent mode, Marshal (a new []byte per call);
//   - fury-reflect-reuse: the same, MarshalAppend into a reused buffer;
//   - fury-reflect-compatible: compatible mode (field names and types travel
//     in a TypeDef);
//   - fury-reflect-refs: schema-consistent with reference tracking.
//
// Deserialization decodes into a new model value with Unmarshal.
//
// The generated-code path joins when cmd/furygen exists, as another list of
// furyMode named fury-gen, fury-gen-compatible (and -reuse, -refs) in a suite
// of its own. Since the runtime picks generated code up by itself, the
// reflect modes must then be kept off it (an option of fury's, or the
// generated code written for copies of the model types), or fury-reflect
// would measure generated code too.

func init() { suites = append(suites, furyReflectSuite) }

// furyTypes registers the benchmark types by id, the same in every mode.
func furyTypes(f *fury.Fury) error {
	for i, v := range []any{Sample{}, Media{}, Image{}, MediaContent{}, Struct{}, Player(0), Size(0)} {
		if err := f.Register(v, uint32(100+i)); err != nil {
			return fmt.Errorf("register %T: %w", v, err)
		}
	}
	return nil
}

// furyMode is one configuration of fury under benchmark.
type furyMode struct {
	lib   string
	reuse bool // also benchmark MarshalAppend into a reused buffer
	opts  []fury.Option
}

var furyReflectModes = []furyMode{
	{"fury-reflect", true, []fury.Option{fury.WithCompatible(false)}},
	{"fury-reflect-compatible", false, []fury.Option{fury.WithCompatible(true)}},
	{"fury-reflect-refs", false, []fury.Option{fury.WithCompatible(false), fury.WithRefTracking(true)}},
}

func furyBenches[T any](m furyMode, object string, v *T) ([]serBench, []deBench, error) {
	f := fury.New(m.opts...)
	if err := furyTypes(f); err != nil {
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
	return ser, de, nil
}

func furyReflectSuite(o objects) ([]serBench, []deBench, error) {
	var c collector
	for _, m := range furyReflectModes {
		c.add(furyBenches(m, objSample, o.sample))
		c.add(furyBenches(m, objMediaContent, o.mediaContent))
		c.add(furyBenches(m, objStruct, o.strct))
		c.add(furyBenches(m, objSampleList, o.sampleList))
		c.add(furyBenches(m, objMediaContentList, o.mediaContentList))
		c.add(furyBenches(m, objStructList, o.structList))
	}
	return c.ser, c.de, c.err
}
