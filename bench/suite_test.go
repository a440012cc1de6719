package bench

import (
	"cmp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Naming: BenchmarkSerialize/<object>/<lib> and BenchmarkDeserialize/<object>/<lib>,
// where <object> is one of objectNames and <lib> names a library and mode
// (protobuf, protobuf-reuse, flatbuffers-lazy, fury-gen-compatible, ...). The
// report tool (./report) relies on this shape.

// Object names, in report order.
const (
	objSample           = "Sample"
	objMediaContent     = "MediaContent"
	objStruct           = "Struct"
	objSmallStruct      = "SmallStruct"
	objSampleList       = "SampleList"
	objMediaContentList = "MediaContentList"
	objStructList       = "StructList"
)

var objectNames = []string{objSample, objMediaContent, objStruct, objSmallStruct, objSampleList, objMediaContentList,
	objStructList}

// objects holds the value of every benchmark object. Suites must not modify
// them.
type objects struct {
	sample           *Sample
	mediaContent     *MediaContent
	strct            *Struct
	smallStruct      *SmallStruct
	sampleList       *[]Sample
	mediaContentList *[]MediaContent
	structList       *[]Struct
}

func newObjects() objects {
	s, m, st, ss := NewSample(), NewMediaContent(), NewStruct(), NewSmallStruct()
	sl, ml, stl := NewSampleList(), NewMediaContentList(), NewStructList()
	return objects{&s, &m, &st, &ss, &sl, &ml, &stl}
}

// serBench serializes one object with one library.
type serBench struct {
	object, lib string
	// decoder is the lib of the deBench that turns this output back into the
	// model (used by the round-trip tests).
	decoder string
	marshal func() ([]byte, error)
}

// deBench deserializes one payload with one library.
type deBench struct {
	object, lib string
	payload     []byte
	// toModel says decode returns a pointer to a fresh model value (full
	// conversion); otherwise it returns a library-specific value.
	toModel bool
	decode  func([]byte) (any, error)
}

// A suite returns the benchmarks of one library for all objects.
type suite func(objects) ([]serBench, []deBench, error)

// suites lists every library under benchmark. The fury benchmarks
// (fury_test.go) add themselves here from an init function, with libs named
// fury-reflect, fury-reflect-compatible, fury-gen and fury-gen-compatible
// (and a -refs suffix where reference tracking changes anything).
var suites = []suite{protobufSuite, vtprotobufSuite, msgpSuite, flatbuffersSuite, jsonSuite, gobSuite}

func allBenches(tb testing.TB) ([]serBench, []deBench) {
	tb.Helper()
	var ser []serBench
	var de []deBench
	for _, s := range suites {
		sb, db, err := s(newObjects())
		if err != nil {
			tb.Fatal(err)
		}
		ser = append(ser, sb...)
		de = append(de, db...)
	}
	rank := func(object string) int { return slices.Index(objectNames, object) }
	slices.SortStableFunc(ser, func(a, b serBench) int { return cmp.Compare(rank(a.object), rank(b.object)) })
	slices.SortStableFunc(de, func(a, b deBench) int { return cmp.Compare(rank(a.object), rank(b.object)) })
	return ser, de
}

// payloadOf runs marshal once and returns a copy of its output (the output
// of reused-buffer serializers is overwritten by the next call).
func payloadOf(marshal func() ([]byte, error)) ([]byte, error) {
	data, err := marshal()
	if err != nil {
		return nil, err
	}
	return append([]byte(nil), data...), nil
}

func BenchmarkSerialize(b *testing.B) {
	ser, _ := allBenches(b)
	for _, s := range ser {
		b.Run(s.object+"/"+s.lib, func(b *testing.B) {
			b.ReportAllocs()
			var data []byte
			var err error
			for b.Loop() {
				data, err = s.marshal()
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(data)), "bytes")
		})
	}
}

func BenchmarkDeserialize(b *testing.B) {
	_, de := allBenches(b)
	for _, d := range de {
		b.Run(d.object+"/"+d.lib, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := d.decode(d.payload); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(d.payload)), "bytes")
		})
	}
}

// TestTargetEntries checks that the suite has, for every object and list,
// the entries the report's targets pair (bench/report, issue #27): a
// target whose two entries are not both in a run is left out of the
// report, so a lost entry would drop a target silently.
func TestTargetEntries(t *testing.T) {
	ser, de := allBenches(t)
	has := map[string]bool{}
	for _, s := range ser {
		has["Serialize/"+s.object+"/"+s.lib] = true
	}
	for _, d := range de {
		has["Deserialize/"+d.object+"/"+d.lib] = true
	}
	gen, err := generatedInUse(furyGenModes[0])
	require.NoError(t, err)
	if !gen {
		t.Log("generated code not compiled in (build with -tags furygen): fury-gen entries not checked")
	}
	for _, obj := range objectNames {
		want := []string{"Serialize/msgp", "Serialize/msgp-reuse", "Serialize/vtprotobuf", "Serialize/vtprotobuf-reuse",
			"Deserialize/msgp", "Deserialize/vtprotobuf", "Deserialize/flatbuffers-full"}
		if gen {
			want = append(want, "Serialize/fury-gen", "Serialize/fury-gen-reuse", "Serialize/fury-gen-compatible",
				"Serialize/fury-gen-compatible-reuse", "Deserialize/fury-gen", "Deserialize/fury-gen-compatible")
		}
		if !strings.HasSuffix(obj, "List") {
			want = append(want, "Serialize/handwire-reuse", "Serialize/handwire-compatible-reuse",
				"Deserialize/handwire", "Deserialize/handwire-compatible")
		}
		if obj == objSmallStruct {
			want = append(want, "Serialize/mus", "Serialize/mus-reuse", "Deserialize/mus")
		}
		for _, w := range want {
			dir, lib, _ := strings.Cut(w, "/")
			require.True(t, has[dir+"/"+obj+"/"+lib], "%s/%s/%s", dir, obj, lib)
		}
	}
}
