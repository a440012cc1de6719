package fury_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
)

// WithAliasInput: decoded strings and byte slices point into the input.

// piece is a decoded string or byte slice: where its bytes are.
type piece struct {
	path string
	ptr  uintptr
	n    int
	utf8 bool // a string WithCompactStrings writes as UTF-8 or as latin1 of ASCII only
	str  bool
}

// pieces collects the non-empty strings and byte slices reachable from v
// (fields, elements, map keys and values, pointees, interface contents).
func pieces(v reflect.Value, path string, out *[]piece) {
	switch v.Kind() {
	case reflect.String:
		if s := v.String(); s != "" {
			*out = append(*out, piece{path, uintptr(unsafe.Pointer(unsafe.StringData(s))), len(s), compactAsIs(s), true})
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			pieces(v.Elem(), path, out)
		}
	case reflect.Slice:
		// []byte and []int8 (slices of enums whose type is a byte are lists).
		if e := v.Type().Elem(); (e.Kind() == reflect.Uint8 || e.Kind() == reflect.Int8) && e.PkgPath() == "" {
			if v.Len() > 0 {
				*out = append(*out, piece{path, v.Pointer(), v.Len(), false, false})
			}
			return
		}
		for i := 0; i < v.Len(); i++ {
			pieces(v.Index(i), fmt.Sprintf("%s[%d]", path, i), out)
		}
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			pieces(v.Index(i), fmt.Sprintf("%s[%d]", path, i), out)
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			pieces(it.Key(), path+".key", out)
			pieces(it.Value(), fmt.Sprintf("%s[%v]", path, it.Key()), out)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			pieces(v.Field(i), path+"."+v.Type().Field(i).Name, out)
		}
	}
}

// compactAsIs reports whether WithCompactStrings writes s in a form that
// is UTF-8 as it is: UTF-8 itself (s has a character beyond the Basic
// Multilingual Plane), or latin1 of ASCII characters only.
func compactAsIs(s string) bool {
	latin1, bmp := true, true
	for _, r := range s {
		latin1 = latin1 && r <= 0xff
		bmp = bmp && r <= 0xffff
	}
	return isASCII(s) || !latin1 && !bmp
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// inside reports whether the n bytes at p lie in one of mem.
func inside(p uintptr, n int, mem ...[]byte) bool {
	for _, m := range mem {
		if len(m) == 0 {
			continue
		}
		base := uintptr(unsafe.Pointer(unsafe.SliceData(m)))
		if p >= base && p+uintptr(n) <= base+uintptr(len(m)) {
			return true
		}
	}
	return false
}

// checkAliases checks where the strings and byte slices of v point: into
// data where aliasing applies (every byte slice; every string, or with
// compact strings those not transcoded: see compactAsIs), elsewhere
// otherwise.
func checkAliases(t *testing.T, v reflect.Value, alias, compact bool, data ...[]byte) int {
	t.Helper()
	var ps []piece
	pieces(v, "", &ps)
	n := 0
	for _, p := range ps {
		want := alias && (!p.str || !compact || p.utf8)
		if got := inside(p.ptr, p.n, data...); got != want {
			t.Fatalf("%s (%d bytes, string=%v): in the input = %v, want %v", p.path, p.n, p.str, got, want)
		}
		if want {
			n++
		}
	}
	return n
}

// TestAliasInputGeneratedAndReflection decodes every type of the
// generated corpus, on both paths, with aliasing on: the values equal
// those decoded without it, and their strings and byte slices point into
// the input (or, transcoded, do not).
func TestAliasInputGeneratedAndReflection(t *testing.T) {
	for _, c := range []genConfig{{}, {compatible: true}, {compatible: true, refs: true, byName: true, enums: true},
		{compact: true}, {compatible: true, compact: true}} {
		t.Run(c.String(), func(t *testing.T) {
			plain, plainTwin := newGenFury(t, c, false), newGenFury(t, c, true)
			c.alias = true
			gen, twin := newGenFury(t, c, false), newGenFury(t, c, true)
			aliased := 0
			for i, p := range genCorpus {
				t.Run(p.gen.Name(), func(t *testing.T) {
					r := rand.New(rand.NewPCG(uint64(i), 31))
					for n := 0; n < 30; n++ {
						v := reflect.New(p.gen).Elem()
						fillRandom(r, v, 0, "")
						data, err := plain.Marshal(v.Interface())
						require.NoError(t, err)
						want := reflect.New(p.gen)
						require.NoError(t, plain.Unmarshal(data, want.Interface()))
						checkAliases(t, want, false, c.compact, data)
						wantTwin := reflect.New(p.twin)
						require.NoError(t, plainTwin.Unmarshal(data, wantTwin.Interface()))
						checkAliases(t, wantTwin, false, c.compact, data)

						require.True(t, gen.GeneratedInUse(v.Interface()))
						got := reflect.New(p.gen)
						require.NoError(t, gen.Unmarshal(data, got.Interface()))
						if diff := cmp.Diff(want.Interface(), got.Interface(), genCmp...); diff != "" {
							t.Fatalf("generated, aliasing (-copied +aliased):\n%s", diff)
						}
						aliased += checkAliases(t, got, true, c.compact, data)

						gotTwin := reflect.New(p.twin)
						require.NoError(t, twin.Unmarshal(data, gotTwin.Interface()))
						if diff := cmp.Diff(wantTwin.Interface(), gotTwin.Interface(), genCmp...); diff != "" {
							t.Fatalf("reflection, aliasing (-copied +aliased):\n%s", diff)
						}
						aliased += checkAliases(t, gotTwin, true, c.compact, data)
					}
				})
			}
			assert.Greater(t, aliased, 1000, "the corpus decodes to few strings and byte slices")
		})
	}
}

// TestAliasInputInterfaces decodes into interface{}: strings and byte
// slices as dynamic values, in lists and maps.
func TestAliasInputInterfaces(t *testing.T) {
	src := map[string]any{
		"text":  "hello, world",
		"bytes": []byte("raw bytes"),
		"list":  []any{"one", []byte{1, 2, 3}, int64(7)},
		"inner": map[string]any{"k": "v"},
	}
	data, err := fury.Marshal(src)
	require.NoError(t, err)
	for _, alias := range []bool{false, true} {
		var got any
		require.NoError(t, fury.New(fury.WithAliasInput(alias)).Unmarshal(data, &got))
		var want any
		require.NoError(t, fury.Unmarshal(data, &want))
		require.Equal(t, want, got)
		n := checkAliases(t, reflect.ValueOf(&got), alias, false, data)
		if alias {
			assert.Equal(t, 10, n) // five keys, three strings, two byte slices
		}
	}
}

// TestAliasInputLifetime shows the rule the option documents: the values
// are the input's bytes, so changing the input changes them; appending to
// a byte slice does not overwrite the input.
func TestAliasInputLifetime(t *testing.T) {
	for _, generated := range []bool{true, false} {
		f := fury.New(fury.WithAliasInput(true), fury.WithGeneratedCode(generated))
		in := gentest.Arrays{Bytes: []byte("bytes"), Int8s: []int8{1, -1}, Strings: []string{"abc"}, FixedB: [3]byte{1, 2, 3}}
		data, err := f.Marshal(&in)
		require.NoError(t, err)
		var out gentest.Arrays
		require.NoError(t, f.Unmarshal(data, &out))
		require.Equal(t, in, out)

		assert.Equal(t, len(out.Bytes), cap(out.Bytes))
		grown := append(out.Bytes, '!')
		assert.Equal(t, "bytes!", string(grown))
		require.NoError(t, fury.New().Unmarshal(data, new(gentest.Arrays)), "appending changed the input")

		i := bytes.Index(data, []byte("abc"))
		require.GreaterOrEqual(t, i, 0)
		data[i] = 'x'
		assert.Equal(t, "xbc", out.Strings[0], "the string aliases the input")
		out.Bytes[0] = 'B'
		assert.Contains(t, string(data), "Bytes", "the byte slice aliases the input")
		assert.Equal(t, [3]byte{1, 2, 3}, out.FixedB, "Go arrays are values: copied")
	}
}

// TestAliasInputPeerForms: strings the peers write as latin1 or UTF-16
// are transcoded, so copied; latin1 of ASCII characters only is UTF-8 as
// it is, and aliased, as are strings they write as UTF-8.
func TestAliasInputPeerForms(t *testing.T) {
	w := fury.New(fury.WithCompactStrings(true))
	r := fury.New(fury.WithAliasInput(true))
	for _, s := range []string{"ascii only", "café", "漢字 and ASCII", "😀", strings.Repeat("a", 100) + "é"} {
		data, err := w.Marshal(s)
		require.NoError(t, err)
		var got string
		require.NoError(t, r.Unmarshal(data, &got))
		require.Equal(t, s, got)
		assert.Equal(t, compactAsIs(s), inside(uintptr(unsafe.Pointer(unsafe.StringData(got))), len(got), data), "%q", s)
	}
}

// TestAliasInputBudget: aliased bytes allocate nothing, so they cost
// nothing from the decode budget.
func TestAliasInputBudget(t *testing.T) {
	big := strings.Repeat("x", 1<<20)
	for _, generated := range []bool{true, false} {
		in := gentest.Inner{ID: 1, Label: big, Tags: []string{big, big}}
		data, err := fury.New().Marshal(&in)
		require.NoError(t, err)
		var out gentest.Inner
		err = fury.New(fury.WithMaxDecodedBytes(256<<10), fury.WithGeneratedCode(generated)).Unmarshal(data, &out)
		require.ErrorIs(t, err, fury.ErrTooLarge, "copying 3 MiB within 256 KiB")
		f := fury.New(fury.WithMaxDecodedBytes(256<<10), fury.WithGeneratedCode(generated), fury.WithAliasInput(true))
		require.NoError(t, f.Unmarshal(data, &out))
		require.Equal(t, in, out)

		arr := gentest.Arrays{Bytes: []byte(big), Int8s: make([]int8, 1<<20)}
		data, err = fury.New().Marshal(&arr)
		require.NoError(t, err)
		var back gentest.Arrays
		require.NoError(t, f.Unmarshal(data, &back))
		require.Equal(t, arr, back)
	}
}

// TestAliasInputDeserialize: Deserialize aliases the Buffer's memory and
// the out-of-band buffers.
func TestAliasInputDeserialize(t *testing.T) {
	f := fury.New(fury.WithAliasInput(true))
	var stream fury.Buffer
	in := []gentest.Inner{{ID: 1, Label: "first", Tags: []string{"a"}}, {ID: 2, Label: "second"}}
	for _, v := range in {
		require.NoError(t, f.Serialize(&stream, v, nil))
	}
	mem := stream.Bytes()
	for _, want := range in {
		var got gentest.Inner
		require.NoError(t, f.Deserialize(&stream, &got, nil))
		require.Equal(t, want, got)
		checkAliases(t, reflect.ValueOf(got), true, false, mem)
	}

	// Out of band.
	arr := gentest.Arrays{Bytes: []byte("out of band"), Strings: []string{"in band"}}
	var oob [][]byte
	var oobBufs []*fury.Buffer
	buf := fury.NewBuffer(nil)
	require.NoError(t, f.Serialize(buf, &arr, func(o fury.SerializedObject) bool {
		b := append(make([]byte, 0, 64), o.Bytes()...) // spare capacity
		oob, oobBufs = append(oob, b), append(oobBufs, fury.NewBuffer(b))
		return false
	}))
	mem = buf.Bytes()
	var back gentest.Arrays
	require.NoError(t, f.Deserialize(buf, &back, oobBufs))
	require.Equal(t, arr, back)
	checkAliases(t, reflect.ValueOf(back), true, false, append([][]byte{mem}, oob...)...)
	assert.Equal(t, len(back.Bytes), cap(back.Bytes))

	// Without the option nothing aliases.
	plain := fury.New()
	buf = fury.NewBuffer(nil)
	require.NoError(t, plain.Serialize(buf, &arr, func(fury.SerializedObject) bool { return true }))
	mem = buf.Bytes()
	require.NoError(t, plain.Deserialize(buf, &back, nil))
	checkAliases(t, reflect.ValueOf(back), false, false, mem)
}

// TestAliasInputDecoderCopies: a Decoder reuses its buffer for the
// messages that follow, so it copies whatever WithAliasInput says.
func TestAliasInputDecoderCopies(t *testing.T) {
	var stream bytes.Buffer
	enc := fury.NewEncoder(&stream)
	var in []gentest.Containers
	for i := 0; i < 4; i++ {
		v := gentest.Containers{Map: map[string]int32{fmt.Sprint("key", i): int32(i)}, Any: fmt.Sprint("any", i),
			Inner: gentest.Inner{Label: strings.Repeat("l", i+1), Tags: []string{"t"}}}
		in = append(in, v)
		require.NoError(t, enc.Encode(&v))
	}
	dec := fury.NewDecoder(bytes.NewReader(stream.Bytes()), fury.WithAliasInput(true))
	var out []gentest.Containers
	for i := range in {
		var buffered []byte
		if i > 0 {
			buffered = dec.Buffered() // holds message i
			require.NotEmpty(t, buffered)
		}
		var v gentest.Containers
		require.NoError(t, dec.Decode(&v))
		checkAliases(t, reflect.ValueOf(v), false, false, buffered)
		out = append(out, v)
	}
	require.ErrorIs(t, dec.Decode(new(gentest.Containers)), io.EOF)
	if diff := cmp.Diff(in, out, cmpopts.EquateEmpty()); diff != "" {
		t.Fatalf("(-want +got):\n%s", diff)
	}
}

// TestAliasInputPackageLevelCopies: the package-level Unmarshal has the
// defaults, so it copies.
func TestAliasInputPackageLevelCopies(t *testing.T) {
	in := gentest.Inner{Label: "label", Tags: []string{"tag"}}
	data, err := fury.Marshal(&in)
	require.NoError(t, err)
	var out gentest.Inner
	require.NoError(t, fury.Unmarshal(data, &out))
	require.Equal(t, in, out)
	checkAliases(t, reflect.ValueOf(out), false, false, data)
}

// TestAliasInputErrors: bad input fails as without the option.
func TestAliasInputErrors(t *testing.T) {
	f, g := fury.New(fury.WithAliasInput(true)), fury.New()
	data, err := g.Marshal(&gentest.Inner{Label: "label", Tags: []string{"a", "b"}})
	require.NoError(t, err)
	for n := 0; n < len(data); n++ {
		e1 := g.Unmarshal(data[:n], new(gentest.Inner))
		e2 := f.Unmarshal(data[:n], new(gentest.Inner))
		require.Error(t, e2)
		assert.True(t, errors.Is(e2, fury.ErrTruncated) == errors.Is(e1, fury.ErrTruncated), "%d bytes: %v / %v", n, e1, e2)
	}
}

// FuzzAliasInput decodes arbitrary input with and without aliasing, on
// both paths: all fail, or all succeed with the same value.
func FuzzAliasInput(f *testing.F) {
	pairs := []genPair{
		pairOf[gentest.Team, gentest.TeamR](),
		pairOf[gentest.Collections, gentest.CollectionsR](),
		pairOf[gentest.Containers, gentest.ContainersR](),
		pairOf[gentest.Arrays, gentest.ArraysR](),
	}
	configs := []genConfig{{}, {compatible: true}, {compatible: true, compact: true}}
	r := rand.New(rand.NewPCG(5, 6))
	for ci, c := range configs {
		w := newGenFury(f, c, false)
		for pi, p := range pairs {
			v := reflect.New(p.gen).Elem()
			fillRandom(r, v, 0, "")
			data, err := w.Marshal(v.Interface())
			require.NoError(f, err)
			f.Add(uint8(ci), uint8(pi), data)
		}
	}
	furys := make([][3]*fury.Fury, len(configs))
	for i, c := range configs {
		plain := newGenFury(f, c, false)
		c.alias = true
		furys[i] = [3]*fury.Fury{plain, newGenFury(f, c, false), newGenFury(f, c, true)}
	}
	f.Fuzz(func(t *testing.T, ci, pi uint8, data []byte) {
		c, p := furys[int(ci)%len(furys)], pairs[int(pi)%len(pairs)]
		want, gen, twin := reflect.New(p.gen), reflect.New(p.gen), reflect.New(p.twin)
		errWant := c[0].Unmarshal(data, want.Interface())
		errGen, errTwin := c[1].Unmarshal(data, gen.Interface()), c[2].Unmarshal(data, twin.Interface())
		if (errWant == nil) != (errGen == nil) || (errWant == nil) != (errTwin == nil) {
			t.Fatalf("%v: copying %v, aliasing generated %v, aliasing reflection %v", p.gen, errWant, errGen, errTwin)
		}
		if errWant != nil {
			return
		}
		if diff := cmp.Diff(want.Interface(), gen.Interface(), genCmp...); diff != "" {
			t.Fatalf("%v, generated (-copied +aliased):\n%s", p.gen, diff)
		}
		asGen := reflect.NewAt(p.gen, twin.UnsafePointer())
		if diff := cmp.Diff(want.Interface(), asGen.Interface(), genCmp...); diff != "" {
			t.Fatalf("%v, reflection (-copied +aliased):\n%s", p.gen, diff)
		}
	})
}

// BenchmarkAliasInput decodes the bench models and the service-like Team,
// on both paths, copying and aliasing (WithAliasInput), side by side.
//
//	go test ./fury -run '^$' -bench AliasInput -benchmem
func BenchmarkAliasInput(b *testing.B) {
	objects := []struct {
		name string
		v    any
	}{
		{"Sample", gentest.NewSample()},
		{"MediaContent", gentest.NewMediaContent()},
		{"Team", gentest.NewTeam()},
		{"Collections", gentest.NewCollections()},
	}
	for _, mode := range []genConfig{{enums: true}, {compatible: true, enums: true}} {
		for _, o := range objects {
			var p genPair
			for _, q := range genCorpus {
				if q.gen == reflect.TypeOf(o.v) {
					p = q
				}
			}
			data, err := newGenFury(b, mode, false).Marshal(o.v)
			require.NoError(b, err)
			for _, path := range []string{"reflect", "generated"} {
				for _, alias := range []bool{false, true} {
					c := mode
					c.alias = alias
					twin := path == "reflect"
					f, typ := newGenFury(b, c, twin), p.gen
					if twin {
						typ = p.twin
					}
					name := fmt.Sprintf("%s/%s/%s/copy", map[bool]string{false: "schema", true: "compatible"}[mode.compatible],
						o.name, path)
					if alias {
						name = strings.TrimSuffix(name, "copy") + "alias"
					}
					out := reflect.New(typ)
					b.Run(name, func(b *testing.B) {
						b.ReportAllocs()
						for b.Loop() {
							out.Elem().SetZero()
							if err := f.Unmarshal(data, out.Interface()); err != nil {
								b.Fatal(err)
							}
						}
					})
				}
			}
		}
	}
}

// TestAliasInputSuccessiveDecodes: each value aliases its own input, and
// later decodes with the same Fury leave earlier values alone.
func TestAliasInputSuccessiveDecodes(t *testing.T) {
	for _, generated := range []bool{true, false} {
		f := fury.New(fury.WithAliasInput(true), fury.WithGeneratedCode(generated))
		var ins [][]byte
		var outs []gentest.Person
		for i := 0; i < 5; i++ {
			p := gentest.Person{Name: fmt.Sprint("name", i), Emails: []string{fmt.Sprint(i, "@example.com")},
				Attrs: map[string]string{fmt.Sprint("k", i): fmt.Sprint("v", i)}}
			data, err := f.Marshal(&p)
			require.NoError(t, err)
			var out gentest.Person
			require.NoError(t, f.Unmarshal(data, &out))
			ins, outs = append(ins, data), append(outs, out)
		}
		for i, out := range outs {
			assert.Equal(t, fmt.Sprint("name", i), out.Name)
			assert.Equal(t, map[string]string{fmt.Sprint("k", i): fmt.Sprint("v", i)}, out.Attrs)
			checkAliases(t, reflect.ValueOf(out), true, false, ins[i])
		}
	}
}
