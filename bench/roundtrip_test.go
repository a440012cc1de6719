package bench

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/require"
)

func (o objects) byName(name string) any {
	switch name {
	case objSample:
		return o.sample
	case objMediaContent:
		return o.mediaContent
	case objStruct:
		return o.strct
	case objSmallStruct:
		return o.smallStruct
	case objSampleList:
		return o.sampleList
	case objMediaContentList:
		return o.mediaContentList
	case objStructList:
		return o.structList
	}
	return nil
}

// cmpOptions returns the equality that lib's round trip keeps. No format
// but fury tells a nil slice from an empty one, and gob does not send a
// pointer to a zero value (Sample.BooleanValueBoxed is &false).
func cmpOptions(lib string) []cmp.Option {
	opts := []cmp.Option{cmpopts.EquateEmpty()}
	if lib == "gob" {
		opts = append(opts, cmp.Comparer(func(a, b *bool) bool { return deref(a) == deref(b) }))
	}
	return opts
}

// TestRoundTrip checks every serializer under benchmark: its output, decoded
// by the same library's full-conversion decoder, equals the original object.
func TestRoundTrip(t *testing.T) {
	ser, de := allBenches(t)
	want := newObjects()
	decoders := map[string]deBench{}
	for _, d := range de {
		decoders[d.object+"/"+d.lib] = d
	}
	for _, s := range ser {
		t.Run(s.object+"/"+s.lib, func(t *testing.T) {
			d, ok := decoders[s.object+"/"+s.decoder]
			require.True(t, ok, "no decoder %s", s.decoder)
			require.True(t, d.toModel, "decoder %s does not build the model", s.decoder)
			data, err := s.marshal()
			require.NoError(t, err)
			require.NotEmpty(t, data)
			got, err := d.decode(data)
			require.NoError(t, err)
			if diff := cmp.Diff(want.byName(s.object), got, cmpOptions(s.lib)...); diff != "" {
				t.Errorf("round trip mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestDecoders runs every deserializer once on its payload, including the
// ones that do not build the model (lazy flatbuffers, message-only protobuf).
func TestDecoders(t *testing.T) {
	_, de := allBenches(t)
	want := newObjects()
	for _, d := range de {
		t.Run(d.object+"/"+d.lib, func(t *testing.T) {
			got, err := d.decode(d.payload)
			require.NoError(t, err)
			if d.toModel {
				require.Empty(t, cmp.Diff(want.byName(d.object), got, cmpOptions(d.lib)...))
			}
		})
	}
}

// TestObjectsPopulated guards against a zero field slipping into the
// benchmark objects (it would shrink every payload).
func TestObjectsPopulated(t *testing.T) {
	o := newObjects()
	require.Len(t, *o.sampleList, ListLen)
	require.Len(t, *o.mediaContentList, ListLen)
	require.Len(t, *o.structList, ListLen)
	zero := Struct{}
	require.NotEqual(t, zero, *o.strct)
	// Every Struct field is non-zero: compare field by field via the protobuf
	// form, whose getters are generated.
	m := structToPB(o.strct)
	require.NotZero(t, m.GetF1())
	require.NotZero(t, m.GetF100())
}

// TestResultAllocs checks ResultAllocs against the flatbuffers full
// conversion, which allocates exactly the result's own memory.
func TestResultAllocs(t *testing.T) {
	if isolate(t) { // counts allocations: run alone in a child process
		return
	}
	for _, name := range objectNames {
		require.Contains(t, ResultAllocs, name)
	}
	_, de := allBenches(t)
	for _, d := range de {
		if d.lib != "flatbuffers-full" {
			continue
		}
		allocs := testing.AllocsPerRun(5, func() {
			if _, err := d.decode(d.payload); err != nil {
				t.Fatal(err)
			}
		})
		require.Equal(t, float64(ResultAllocs[d.object]), allocs, d.object)
	}
}
