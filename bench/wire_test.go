package bench

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
)

// handwire: fury's wire written and read by hand (wire.go), the limit of
// fury's own format for the generated code:
//   - handwire: append into a new []byte per call, allocated once at the
//     payload's size;
//   - handwire-reuse: append into a reused buffer;
//   - deserialize handwire: decode into a new model value.
//
// Its payloads are fury's bytes for schema-consistent mode (TestWireBytes).

func init() { suites = append(suites, handwireSuite) }

// newTestWireConsts returns the framing of the benchmark types as
// registered by furyTypes.
func newTestWireConsts() (*wireConsts, error) {
	f := fury.New(fury.WithCompatible(false))
	if err := furyTypes(f); err != nil {
		return nil, err
	}
	return newWireConsts(f)
}

func handwireBenches[T any](object string, v *T, appendV func([]byte, *T) []byte,
	decode func([]byte, *T) error) ([]serBench, []deBench, error) {
	size := len(appendV(nil, v))
	var reuse []byte
	ser := []serBench{
		{object, "handwire", "handwire", func() ([]byte, error) { return appendV(make([]byte, 0, size), v), nil }},
		{object, "handwire-reuse", "handwire", func() ([]byte, error) {
			reuse = appendV(reuse[:0], v)
			return reuse, nil
		}},
	}
	payload, err := payloadOf(ser[0].marshal)
	if err != nil {
		return nil, nil, err
	}
	de := []deBench{{object, "handwire", payload, true, func(data []byte) (any, error) {
		out := new(T)
		if err := decode(data, out); err != nil {
			return nil, err
		}
		return out, nil
	}}}
	return ser, de, nil
}

func handwireSuite(o objects) ([]serBench, []deBench, error) {
	c, err := newTestWireConsts()
	if err != nil {
		return nil, nil, err
	}
	var col collector
	col.add(handwireBenches(objSample, o.sample, c.appendSample, c.decodeSample))
	col.add(handwireBenches(objMediaContent, o.mediaContent, c.appendMediaContent, c.decodeMediaContent))
	col.add(handwireBenches(objStruct, o.strct, c.appendStruct, c.decodeStruct))
	col.add(handwireBenches(objSmallStruct, o.smallStruct, c.appendSmallStruct, c.decodeSmallStruct))
	return col.ser, col.de, col.err
}

// wireVariants returns the benchmark objects and variants that take the
// other branches of the hand-written code (nil pointers, empty lists, an
// Image with a Media, long strings, large and negative numbers).
func wireVariants() []any {
	o := newObjects()
	mc := NewMediaContent()
	mc.Images[1].Media = &Media{URI: "u", Persons: []string{"p"}, Duration: -1 << 62, Player: PlayerFlash}
	long := ""
	for range 40 {
		long += "xyz\u00e9"
	}
	mc.Media.Title = long
	small := NewSmallStruct()
	small.Siblings, small.Money, small.Name = -1<<63, math.Copysign(0, -1), long
	mcEmpty := MediaContent{}
	strct := NewStruct()
	strct.F2, strct.F1 = 1<<63-1, -1<<31
	return []any{o.smallStruct, o.sample, o.mediaContent, o.strct, &mc, &small, &mcEmpty, &Sample{}, &SmallStruct{},
		&strct}
}

func (c *wireConsts) append(b []byte, v any) []byte {
	switch v := v.(type) {
	case *SmallStruct:
		return c.appendSmallStruct(b, v)
	case *Sample:
		return c.appendSample(b, v)
	case *MediaContent:
		return c.appendMediaContent(b, v)
	case *Struct:
		return c.appendStruct(b, v)
	}
	panic("no hand-written encoder")
}

func (c *wireConsts) decode(data []byte, v any) error {
	switch v := v.(type) {
	case *SmallStruct:
		return c.decodeSmallStruct(data, v)
	case *Sample:
		return c.decodeSample(data, v)
	case *MediaContent:
		return c.decodeMediaContent(data, v)
	case *Struct:
		return c.decodeStruct(data, v)
	}
	panic("no hand-written decoder")
}

func newLike(v any) any {
	switch v.(type) {
	case *SmallStruct:
		return new(SmallStruct)
	case *Sample:
		return new(Sample)
	case *MediaContent:
		return new(MediaContent)
	case *Struct:
		return new(Struct)
	}
	panic("unknown type")
}

// TestWireBytes holds the hand-written encoder to fury's output, byte for
// byte, on the reflection path and (with -tags furygen) on the generated
// code, and the hand-written decoder to fury's bytes.
func TestWireBytes(t *testing.T) {
	c, err := newTestWireConsts()
	require.NoError(t, err)
	modes := []furyMode{furyReflectModes[0]}
	if ok, err := generatedInUse(furyGenModes[0]); err == nil && ok {
		modes = append(modes, furyGenModes[0])
	} else {
		t.Log("generated code not compiled in (build with -tags furygen): reflection path only")
	}
	for _, m := range modes {
		f, err := newFury(m)
		require.NoError(t, err)
		for _, v := range wireVariants() {
			want, err := f.Marshal(v)
			require.NoError(t, err)
			require.Equal(t, want, c.append(nil, v), "%s %T", m.lib, v)
			got := newLike(v)
			require.NoError(t, c.decode(want, got), "%s %T", m.lib, v)
			require.Empty(t, cmp.Diff(v, got, cmpOptions("handwire")...), "%s %T", m.lib, v)
			// fury reads the hand-written bytes back.
			back := newLike(v)
			require.NoError(t, f.Unmarshal(c.append(nil, v), back))
			require.Empty(t, cmp.Diff(v, back, cmpOptions("handwire")...), "%s %T", m.lib, v)
		}
	}
}

// TestWireTruncated: every strict prefix of each payload is an error, not
// a panic, and so is a byte too many.
func TestWireTruncated(t *testing.T) {
	c, err := newTestWireConsts()
	require.NoError(t, err)
	for _, v := range wireVariants() {
		data := c.append(nil, v)
		for n := range len(data) {
			short := append([]byte(nil), data[:n]...)
			require.Error(t, c.decode(short, newLike(v)), "%T prefix of %d of %d bytes", v, n, len(data))
		}
		require.ErrorIs(t, c.decode(append(data, 0), newLike(v)), errWireTrailing)
	}
}

// FuzzWireDecode: the hand-written decoder never panics on any input.
func FuzzWireDecode(f *testing.F) {
	c, err := newTestWireConsts()
	require.NoError(f, err)
	for _, v := range wireVariants() {
		f.Add(c.append(nil, v))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, v := range []any{&SmallStruct{}, &Sample{}, &MediaContent{}, &Struct{}} {
			_ = c.decode(data, v)
		}
	})
}
