package fury_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// decodeAlike is decodeBoth without the messages' equality: generated
// readers report a truncated or malformed field without the field's path
// that the reflection path names (see the report of issue 27's r-field),
// so only the outcome, the sentinels and the values are compared.
func decodeAlike(t *testing.T, p genPair, gen, twin *fury.Fury, data []byte, msg string) {
	t.Helper()
	gv, tv := reflect.New(p.gen), reflect.New(p.twin)
	errGen, errTwin := gen.Unmarshal(data, gv.Interface()), twin.Unmarshal(data, tv.Interface())
	require.Equal(t, errTwin == nil, errGen == nil, "%s: reflect %v, generated %v", msg, errTwin, errGen)
	if errTwin != nil {
		for _, sentinel := range []error{fury.ErrInvalidData, fury.ErrTooLarge, fury.ErrTruncated, fury.ErrTypeMismatch} {
			require.Equal(t, errors.Is(errTwin, sentinel), errors.Is(errGen, sentinel), "%s: %v: reflect %v, generated %v", msg, sentinel, errTwin, errGen)
		}
		return
	}
	if diff := cmp.Diff(reflect.NewAt(p.gen, tv.UnsafePointer()).Interface(), gv.Interface(), genCmp...); diff != "" {
		t.Fatalf("%s: (-reflect +generated):\n%s", msg, diff)
	}
}

// stringRunValues: Images whose two strings (a run the generated reader
// reads as one piece) have the lengths around the header forms' bounds
// (one byte under 32, two under 4096), in ASCII and, for the peers'
// latin1/UTF-16 forms, not.
func stringRunValues() []gentest.Image {
	lens := []int{0, 1, 3, 4, 7, 8, 15, 16, 17, 31, 32, 33, 4095, 4096}
	var vs []gentest.Image
	for _, l := range lens {
		for _, m := range []int{0, 5, 33} {
			vs = append(vs, gentest.Image{URI: strings.Repeat("u", l), Title: strings.Repeat("t", m), Media: &gentest.Media{Title: strings.Repeat("m", m)}})
		}
	}
	for _, s := range []string{"é", "中", "\U0001F389"} {
		vs = append(vs, gentest.Image{URI: strings.Repeat(s, 7), Title: "ascii"}, gentest.Image{URI: "ascii", Title: strings.Repeat(s, 20)})
	}
	return vs
}

// stringRunConfigs: the modes the string-run tests decode in.
var stringRunConfigs = []genConfig{{}, {compatible: true}, {alias: true}, {compact: true}, {compatible: true, alias: true}}

// stringRunSampling returns the string-run tests' hostile header bytes and
// how densely they walk the input: every byte up to every, then each
// sparse-th, and budgets b stepping by 1 + b/step. Under the race detector
// (tenfold slower; these decodes run on one goroutine) or -short the walk
// is a sample.
func stringRunSampling() (hostile []byte, every int, step int64, sparse int) {
	hostile = []byte{0x00, 0x01, 0x02, 0x03, 0x7e, 0x7f, 0x80, 0x82, 0x83, 0xfe, 0xff}
	if underRace || testing.Short() {
		return hostile, 12, 4, 397
	}
	return hostile, 200, 200, 97
}

// TestGeneratedStringRuns holds generated readers of string runs to the
// reflection path on every value of stringRunValues, whole, truncated at
// every byte (at most 200 of them, then every 97th) and with each byte
// replaced by hostile string headers; in both modes, with aliasing, with
// the peers' compact string forms, and under tight budgets.
func TestGeneratedStringRuns(t *testing.T) {
	p := pairOf[gentest.Image, gentest.ImageR]()
	hostile, every, step, sparse := stringRunSampling()
	for _, c := range stringRunConfigs {
		writer := newGenFury(t, c, false)
		gen, twin := newGenFury(t, c, false), newGenFury(t, c, true)
		for vi, v := range stringRunValues() {
			data, err := writer.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			msg := fmt.Sprintf("%v value %d", c, vi)
			decodeBoth(t, p, gen, twin, data, msg) // whole: the same messages too
			for i := 0; i < len(data); i++ {
				if i > every && i%sparse != 0 {
					continue
				}
				decodeAlike(t, p, gen, twin, data[:i], fmt.Sprintf("%s truncated at %d", msg, i))
				for _, h := range hostile {
					bad := append([]byte(nil), data...)
					bad[i] = h
					decodeAlike(t, p, gen, twin, bad, fmt.Sprintf("%s byte %d = %#x", msg, i, h))
				}
			}
		}
	}
	// Budgets around what the strings are charged.
	for _, c := range []genConfig{{}, {compatible: true}} {
		data, err := newGenFury(t, c, false).Marshal(stringRunValues()[20])
		if err != nil {
			t.Fatal(err)
		}
		for b := int64(1); b < 600; b += 1 + b/step {
			cb := c
			cb.maxDecoded = b
			decodeAlike(t, p, newGenFury(t, cb, false), newGenFury(t, cb, true), data, fmt.Sprintf("%v budget %d", c, b))
		}
	}
}

// containerStringValues: lists, sets and maps of strings (which generated
// readers read as one run each: a list, a set, a map chunk's keys and
// values)
// with the strings' lengths around the header forms' bounds, empty ones,
// and strings the peers write latin1 or UTF-16, each paired with its
// reflection twin.
func containerStringValues() []struct {
	p genPair
	v any
} {
	lens := []int{0, 1, 7, 8, 16, 31, 32, 33, 4095, 4096}
	var out []struct {
		p genPair
		v any
	}
	add := func(p genPair, v any) {
		out = append(out, struct {
			p genPair
			v any
		}{p, v})
	}
	people, arrays := pairOf[gentest.Person, gentest.PersonR](), pairOf[gentest.Arrays, gentest.ArraysR]()
	collections, containers := pairOf[gentest.Collections, gentest.CollectionsR](), pairOf[gentest.Containers, gentest.ContainersR]()
	for _, l := range lens {
		s := strings.Repeat("s", l)
		add(people, gentest.Person{Name: "n", Emails: []string{s, "", s + "x"}, Attrs: map[string]string{s: "v", "k": s, "": ""}})
		add(arrays, gentest.Arrays{Strings: []string{s}, Names: []gentest.Name{gentest.Name(s), "a", ""}})
		add(collections, gentest.Collections{Tags: map[string]struct{}{s: {}, "": {}, "t": {}}, Trio: [3]string{"", s, "x"},
			Index: map[string][]string{s: {s, ""}}, Words: [][]string{{s}, {"", "w"}}})
		add(containers, gentest.Containers{FSet: fury.Set[string]{s: {}, "f": {}}})
	}
	for _, s := range []string{"é", "中", "\U0001F389"} {
		add(people, gentest.Person{Emails: []string{"ascii", strings.Repeat(s, 7)}, Attrs: map[string]string{strings.Repeat(s, 3): "ascii", "b": s}})
		add(arrays, gentest.Arrays{Strings: []string{s, "ascii"}, Names: []gentest.Name{"ascii", gentest.Name(s)}})
	}
	many := map[string]string{}
	for i := range 300 { // two chunks
		many[fmt.Sprint("key", i)] = strings.Repeat("v", i%40)
	}
	add(people, gentest.Person{Attrs: many, Emails: strings.Split(strings.Repeat("e,", 200), ",")})
	return out
}

// TestGeneratedContainerStringRuns holds the generated readers of lists
// and maps of strings to the reflection path on every value of
// containerStringValues, whole, truncated at every byte (at most 200 of
// them, then every 97th) and with each byte replaced by hostile string
// headers; in both modes, with aliasing, with the peers' compact string
// forms, and under tight budgets.
func TestGeneratedContainerStringRuns(t *testing.T) {
	hostile, every, step, sparse := stringRunSampling()
	for _, c := range stringRunConfigs {
		writer := newGenFury(t, c, false)
		gen, twin := newGenFury(t, c, false), newGenFury(t, c, true)
		for vi, pv := range containerStringValues() {
			require.True(t, gen.GeneratedInUse(pv.v), "%T", pv.v)
			data, err := writer.Marshal(pv.v)
			require.NoError(t, err)
			msg := fmt.Sprintf("%v value %d", c, vi)
			decodeBoth(t, pv.p, gen, twin, data, msg)
			for i := 0; i < len(data); i++ {
				if i > every && i%sparse != 0 {
					continue
				}
				decodeAlike(t, pv.p, gen, twin, data[:i], fmt.Sprintf("%s truncated at %d", msg, i))
				for _, h := range hostile {
					bad := append([]byte(nil), data...)
					bad[i] = h
					decodeAlike(t, pv.p, gen, twin, bad, fmt.Sprintf("%s byte %d = %#x", msg, i, h))
				}
			}
		}
	}
	// Budgets around what the strings are charged.
	for _, c := range []genConfig{{}, {compatible: true}} {
		for _, vi := range []int{4, 5, 6, 7} {
			pv := containerStringValues()[vi]
			data, err := newGenFury(t, c, false).Marshal(pv.v)
			require.NoError(t, err)
			for b := int64(1); b < 1200; b += 1 + b/step { // every budget to step, then sparser
				cb := c
				cb.maxDecoded = b
				decodeAlike(t, pv.p, newGenFury(t, cb, false), newGenFury(t, cb, true), data, fmt.Sprintf("%v value %d budget %d", c, vi, b))
			}
		}
	}
}
