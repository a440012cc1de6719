package fury

import (
	"io"
	"reflect"
	"testing"
)

// What the truncation tests of package fury_test (truncation_test.go) cut:
// the golden vectors and the hostile corpus, with what reads them.

// RaceEnabled reports whether the tests run with the race detector.
const RaceEnabled = raceEnabled

// GoldenVector is one golden message, the options and registrations that
// read it, and its typed destination (nil: interface{} only).
type GoldenVector struct {
	Name     string
	Hex      string
	Opts     []Option
	Register func(*Fury) error
	Into     reflect.Type
}

// GoldenValue is the value of golden vectors and its typed destination.
type GoldenValue struct {
	Name string
	V    any
	Into reflect.Type
}

// RegisterGolden registers the golden vectors' types by id or by name.
func RegisterGolden(f *Fury, byID bool) error { return registerGolden(f, byID) }

// GoldenVectors returns the golden vectors of golden_test.go.
func GoldenVectors() []GoldenVector {
	var out []GoldenVector
	for _, c := range goldenScalars() {
		out = append(out, GoldenVector{"scalar " + c.name, c.hex, []Option{WithCompactStrings(true)}, nil, reflect.TypeOf(c.value)})
	}
	for _, c := range goldenStringsUTF8() {
		out = append(out, GoldenVector{"utf8 " + c.name, c.hex, nil, nil, reflect.TypeOf(c.value)})
	}
	values := goldenStructValues()
	for _, m := range goldenStructModes() {
		reg := func(f *Fury) error { return registerGolden(f, m.byID) }
		for i, h := range m.vectors() {
			if h != "" {
				name := map[bool]string{false: "consistent", true: "compatible"}[m.compatible] +
					map[bool]string{false: "/by-name ", true: "/by-id "}[m.byID] + reflect.TypeOf(values[i].v).String()
				out = append(out, GoldenVector{name, h, goldenOptions(m.compatible), reg, reflect.TypeOf(values[i].into()).Elem()})
			}
		}
	}
	out = append(out, GoldenVector{"shared list", "01 00 16 02 09 16 00 01 08 07 02 fe 01", []Option{WithRefTracking(true)}, nil, reflect.TypeFor[[]any]()},
		GoldenVector{"java all-null list", "01 ff 16 02 0a 1d 00 0d e0 49 39 85 bf 00 14 a0 19 24 15 06 96 06 98 13 38 29 20 a6 fd fd", nil, nil, nil})
	return out
}

// GoldenValues returns the values of the golden vectors, to write in
// every mode.
func GoldenValues() []GoldenValue {
	var out []GoldenValue
	for _, c := range append(goldenScalars(), goldenStringsUTF8()...) {
		if c.value != nil {
			out = append(out, GoldenValue{c.name, c.value, reflect.TypeOf(c.value)})
		}
	}
	for _, c := range goldenStructValues() {
		out = append(out, GoldenValue{reflect.TypeOf(c.v).String(), c.v, reflect.TypeOf(c.into()).Elem()})
	}
	l := []any{int64(1)}
	return append(out, GoldenValue{"shared list", []any{l, l}, reflect.TypeFor[[]any]()})
}

// HostileCorpus returns the seed messages of the hostile-input fuzz
// targets, in every mode.
func HostileCorpus(t testing.TB) [][]byte { return corpus(t) }

// RegisterHostile registers the types the hostile-input fuzz targets read.
func RegisterHostile(f *Fury) error {
	registerHostile(f)
	return nil
}

// AllModes returns the options of the four modes by name.
func AllModes() map[string][]Option { return allModes() }

// ResetDecoder makes d read the stream r from its start, as a new Decoder
// would, keeping its Fury and the types it has built.
func ResetDecoder(d *Decoder, r io.Reader) {
	*d = Decoder{r: r, f: d.f, limit: d.limit, buf: d.buf[:0]}
}
