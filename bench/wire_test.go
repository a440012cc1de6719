package bench

import (
	"math"
	"strings"
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
//   - deserialize handwire: decode into a new model value;
//   - handwire-compatible, handwire-compatible-reuse: the same for the bytes
//     of compatible mode (wire_compatible.go).
//
// Its payloads are fury's bytes (TestWireBytes).

func init() { suites = append(suites, handwireSuite) }

// wireCoder is the hand-written coder of one mode: *wireConsts
// (schema-consistent) or *wireCompatConsts (compatible).
type wireCoder interface {
	appendSmallStruct([]byte, *SmallStruct) []byte
	appendSample([]byte, *Sample) []byte
	appendMediaContent([]byte, *MediaContent) []byte
	appendStruct([]byte, *Struct) []byte
	decodeSmallStruct([]byte, *SmallStruct) error
	decodeSample([]byte, *Sample) error
	decodeMediaContent([]byte, *MediaContent) error
	decodeStruct([]byte, *Struct) error
}

// newTestWireConsts returns the framing of the benchmark types as
// registered by furyTypes.
func newTestWireConsts() (*wireConsts, error) {
	f := fury.New(fury.WithCompatible(false))
	if err := furyTypes(f); err != nil {
		return nil, err
	}
	return newWireConsts(f)
}

// newTestWireCompatConsts returns the compatible-mode framing of the
// benchmark types as registered by furyTypes.
func newTestWireCompatConsts() (*wireCompatConsts, error) {
	f := fury.New(fury.WithCompatible(true))
	if err := furyTypes(f); err != nil {
		return nil, err
	}
	return newWireCompatConsts(f)
}

// wireCoders returns the hand-written coders with the fury modes whose
// bytes they write.
func wireCoders() (coders []wireCoder, libs []string, reflect, gen []furyMode, err error) {
	c, err := newTestWireConsts()
	if err != nil {
		return nil, nil, nil, nil, err
	}
	cc, err := newTestWireCompatConsts()
	if err != nil {
		return nil, nil, nil, nil, err
	}
	return []wireCoder{c, cc}, []string{"handwire", "handwire-compatible"}, furyReflectModes[:2], furyGenModes[:2], nil
}

func handwireBenches[T any](lib, object string, v *T, appendV func([]byte, *T) []byte,
	decode func([]byte, *T) error) ([]serBench, []deBench, error) {
	size := len(appendV(nil, v))
	var reuse []byte
	ser := []serBench{
		{object, lib, lib, func() ([]byte, error) { return appendV(make([]byte, 0, size), v), nil }},
		{object, lib + "-reuse", lib, func() ([]byte, error) {
			reuse = appendV(reuse[:0], v)
			return reuse, nil
		}},
	}
	payload, err := payloadOf(ser[0].marshal)
	if err != nil {
		return nil, nil, err
	}
	de := []deBench{{object, lib, payload, true, func(data []byte) (any, error) {
		out := new(T)
		if err := decode(data, out); err != nil {
			return nil, err
		}
		return out, nil
	}}}
	return ser, de, nil
}

func handwireSuite(o objects) ([]serBench, []deBench, error) {
	// The method values are taken on the concrete coders (not through
	// wireCoder), so that the benchmarks call them directly.
	c, err := newTestWireConsts()
	if err != nil {
		return nil, nil, err
	}
	cc, err := newTestWireCompatConsts()
	if err != nil {
		return nil, nil, err
	}
	var col collector
	const lib, compat = "handwire", "handwire-compatible"
	col.add(handwireBenches(lib, objSample, o.sample, c.appendSample, c.decodeSample))
	col.add(handwireBenches(lib, objMediaContent, o.mediaContent, c.appendMediaContent, c.decodeMediaContent))
	col.add(handwireBenches(lib, objStruct, o.strct, c.appendStruct, c.decodeStruct))
	col.add(handwireBenches(lib, objSmallStruct, o.smallStruct, c.appendSmallStruct, c.decodeSmallStruct))
	// handwire-run: SmallStruct's two strings copied as one piece, the
	// allocations fury's generated code makes (Deserialize only).
	_, run, err := handwireBenches(lib+"-run", objSmallStruct, o.smallStruct, c.appendSmallStruct, c.decodeSmallStructRun)
	col.add(nil, run, err)
	col.add(handwireBenches(compat, objSample, o.sample, cc.appendSample, cc.decodeSample))
	col.add(handwireBenches(compat, objMediaContent, o.mediaContent, cc.appendMediaContent, cc.decodeMediaContent))
	col.add(handwireBenches(compat, objStruct, o.strct, cc.appendStruct, cc.decodeStruct))
	col.add(handwireBenches(compat, objSmallStruct, o.smallStruct, cc.appendSmallStruct, cc.decodeSmallStruct))
	return col.ser, col.de, col.err
}

// wireVariants returns the benchmark objects and variants that take the
// other branches of the hand-written code and the edges of the values:
// nil pointers, nil and empty slices and lists, empty strings, an Image
// with a Media (and, in compatible mode, several sharing its TypeDef), long
// and non-ASCII strings (2-, 3- and 4-byte UTF-8), varints of every length,
// the extremes of each number type.
func wireVariants() []any {
	o := newObjects()
	mc := NewMediaContent()
	mc.Images[1].Media = &Media{URI: "u", Persons: []string{"p"}, Duration: -1 << 62, Player: PlayerFlash}
	long := ""
	for range 40 {
		long += "xyz\u00e9"
	}
	mc.Media.Title = long
	mcAll := NewMediaContent() // every Image with a Media: one TypeDef, then references
	for i := range mcAll.Images {
		mcAll.Images[i].Media = &Media{Title: "媒体 🎬", Persons: []string{}, Size: 1<<63 - 1, Bitrate: -1 << 31}
	}
	mcAll.Media.Persons = []string{"", "Ω", "😀😀"}
	mcAll.Media.Copyright, mcAll.Media.Format = "", ""
	small := NewSmallStruct()
	small.Siblings, small.Money, small.Name = -1<<63, math.Copysign(0, -1), long
	smallUni := NewSmallStruct()
	smallUni.Name, smallUni.Phone, smallUni.Siblings, smallUni.Spouse = "日本語テキスト", "𝄞", 1<<63-1, true
	smallUni.Money = math.Inf(-1)
	mcEmpty := MediaContent{}
	mcNoImages := NewMediaContent()
	mcNoImages.Images = []Image{}
	mcNoImages.Media.Persons = nil
	strct := NewStruct()
	strct.F2, strct.F1 = 1<<63-1, -1<<31
	strctEdge := NewStruct()
	strctEdge.F1, strctEdge.F2, strctEdge.F5, strctEdge.F6 = 1<<31-1, -1<<63, -1, 1<<35
	strctEdge.F3, strctEdge.F4 = -math.SmallestNonzeroFloat32, math.MaxFloat64
	sampleEdge := NewSample()
	sampleEdge.LongValue, sampleEdge.IntValue = -1<<63, 1<<31-1
	sampleEdge.LongValueBoxed, sampleEdge.IntValueBoxed = ptr(int64(1<<63-1)), ptr(int32(-1<<31))
	sampleEdge.BooleanArray, sampleEdge.CharArray, sampleEdge.LongArray = []bool{}, nil, []int64{-1 << 63}
	sampleEdge.String = "ünïcödé ✓ 🚀"
	return []any{o.smallStruct, o.sample, o.mediaContent, o.strct, &mc, &mcAll, &small, &smallUni, &mcEmpty,
		&mcNoImages, &Sample{}, &sampleEdge, &SmallStruct{}, &strct, &strctEdge}
}

func wireAppend(c wireCoder, b []byte, v any) []byte {
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

func wireDecode(c wireCoder, data []byte, v any) error {
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

// TestWireBytes holds the hand-written encoders of both modes to fury's
// output, byte for byte, on the reflection path and (with -tags furygen) on
// the generated code, and the hand-written decoders to fury's bytes.
func TestWireBytes(t *testing.T) {
	coders, libs, reflect, gen, err := wireCoders()
	require.NoError(t, err)
	for i, c := range coders {
		modes := []furyMode{reflect[i]}
		if ok, err := generatedInUse(gen[i]); err == nil && ok {
			modes = append(modes, gen[i])
		} else {
			t.Logf("%s: generated code not compiled in (build with -tags furygen): reflection path only", libs[i])
		}
		for _, m := range modes {
			f, err := newFury(m)
			require.NoError(t, err)
			for _, v := range wireVariants() {
				want, err := f.Marshal(v)
				require.NoError(t, err)
				require.Equal(t, want, wireAppend(c, nil, v), "%s against %s, %T", libs[i], m.lib, v)
				got := newLike(v)
				require.NoError(t, wireDecode(c, want, got), "%s reading %s, %T", libs[i], m.lib, v)
				require.Empty(t, cmp.Diff(v, got, cmpOptions("handwire")...), "%s reading %s, %T", libs[i], m.lib, v)
				// fury reads the hand-written bytes back.
				back := newLike(v)
				require.NoError(t, f.Unmarshal(wireAppend(c, nil, v), back))
				require.Empty(t, cmp.Diff(v, back, cmpOptions("handwire")...), "%s read by %s, %T", libs[i], m.lib, v)
			}
		}
	}
}

// TestWireSmallStructRun holds decodeSmallStructRun (one allocation for
// both strings) to decodeSmallStruct: the same value from every SmallStruct
// variant's bytes, and the same error from each truncation of them and
// from a string header made a latin1 one.
func TestWireSmallStructRun(t *testing.T) {
	c, err := newTestWireConsts()
	require.NoError(t, err)
	n := 0
	for _, v := range wireVariants() {
		s, ok := v.(*SmallStruct)
		if !ok {
			continue
		}
		n++
		data := c.appendSmallStruct(nil, s)
		var got SmallStruct
		require.NoError(t, c.decodeSmallStructRun(data, &got))
		require.Empty(t, cmp.Diff(s, &got, cmpOptions("handwire")...))
		for i := range data {
			var a, b SmallStruct
			require.Equal(t, c.decodeSmallStruct(data[:i], &a), c.decodeSmallStructRun(data[:i], &b), "%d of %d bytes", i, len(data))
		}
		// The Name header (right after the timestamp) made latin1.
		bad := append([]byte(nil), data...)
		r := wireReader{b: data, c: c}
		r.expect(c.smallRoot)
		r.float64()
		r.bool()
		r.varint64()
		r.time()
		h := len(data) - len(r.b)
		bad[h] = bad[h]&^3 | 1
		var a, b SmallStruct
		errA, errB := c.decodeSmallStruct(bad, &a), c.decodeSmallStructRun(bad, &b)
		require.Error(t, errB)
		require.Equal(t, errA, errB)
	}
	require.Positive(t, n)
}

// TestWireModesDiffer: the two coders write different framing for every
// object, so that TestWireBytes cannot pass with one mode's bytes for both.
func TestWireModesDiffer(t *testing.T) {
	coders, _, _, _, err := wireCoders()
	require.NoError(t, err)
	for _, v := range wireVariants() {
		sc, compat := wireAppend(coders[0], nil, v), wireAppend(coders[1], nil, v)
		require.NotEqual(t, sc, compat, "%T", v)
		// Neither decoder takes the other mode's bytes.
		require.ErrorIs(t, wireDecode(coders[0], compat, newLike(v)), errWireConst, "%T", v)
		require.ErrorIs(t, wireDecode(coders[1], sc, newLike(v)), errWireConst, "%T", v)
	}
}

// TestWireCompatibleMarkers: the compatible decoder holds the shared-meta
// markers of a MediaContent to the indices fury gives them: Media's TypeDef
// is written once, at the next index, and referred to after; a reference
// before it, a second TypeDef or a wrong index is an error.
func TestWireCompatibleMarkers(t *testing.T) {
	c, err := newTestWireCompatConsts()
	require.NoError(t, err)
	mc := NewMediaContent()
	mc.Images = []Image{{Media: &Media{Title: "t"}, Title: "a"}, {}, {Media: &Media{}}} // one-byte varints
	data := c.appendMediaContent(nil, &mc)
	var got MediaContent
	require.NoError(t, c.decodeMediaContent(data, &got))
	require.Empty(t, cmp.Diff(mc, got, cmpOptions("handwire")...))
	// The first Image's Media carries the TypeDef (marker 04), the
	// others refer to it (05). It follows the count, the list's head, the
	// Image's height and width and the not-null flag.
	first := len(c.mediaContentRoot) + 1 + len(c.imagesHead) + 2 + 1
	require.Equal(t, []byte{wireCompatStruct, 2 << 1}, data[first:first+2])
	for _, m := range []byte{2<<1 | 1, 1<<1 | 1, 3 << 1, 1 << 1, 0} {
		bad := append([]byte(nil), data...)
		bad[first+1] = m
		require.ErrorIs(t, c.decodeMediaContent(bad, new(MediaContent)), errWireConst, "marker %02x", m)
	}
}

// TestWireTruncated: every strict prefix of each payload is an error, not
// a panic, and so is a byte too many.
func TestWireTruncated(t *testing.T) {
	coders, libs, _, _, err := wireCoders()
	require.NoError(t, err)
	for i, c := range coders {
		for _, v := range wireVariants() {
			data := wireAppend(c, nil, v)
			for n := range len(data) {
				short := append([]byte(nil), data[:n]...)
				require.Error(t, wireDecode(c, short, newLike(v)), "%s %T prefix of %d of %d bytes", libs[i], v, n,
					len(data))
			}
			require.ErrorIs(t, wireDecode(c, append(data, 0), newLike(v)), errWireTrailing, libs[i])
		}
	}
}

// FuzzWireDecode: the hand-written decoders never panic on any input.
func FuzzWireDecode(f *testing.F) {
	coders, _, _, _, err := wireCoders()
	require.NoError(f, err)
	for _, c := range coders {
		for _, v := range wireVariants() {
			f.Add(wireAppend(c, nil, v))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, c := range coders {
			for _, v := range []any{&SmallStruct{}, &Sample{}, &MediaContent{}, &Struct{}} {
				_ = wireDecode(c, data, v)
			}
			if c, ok := c.(*wireConsts); ok {
				_ = c.decodeSmallStructRun(data, &SmallStruct{})
			}
		}
	})
}

// TestWireAllocs checks that the hand-written decoders of both modes
// allocate the result's own memory and nothing more, and that appending into
// a buffer with room allocates nothing.
func TestWireAllocs(t *testing.T) {
	if isolate(t) { // counts allocations: run alone in a child process
		return
	}
	ser, de, err := handwireSuite(newObjects())
	require.NoError(t, err)
	for _, d := range de {
		allocs := testing.AllocsPerRun(10, func() {
			if _, err := d.decode(d.payload); err != nil {
				t.Fatal(err)
			}
		})
		want := ResultAllocs[d.object]
		if d.lib == "handwire-run" {
			want-- // the two strings in one piece
		}
		require.Equal(t, float64(want), allocs, "%s %s", d.lib, d.object)
	}
	for _, s := range ser {
		if !strings.HasSuffix(s.lib, "-reuse") {
			continue
		}
		_, err := s.marshal() // grow the buffer
		require.NoError(t, err)
		allocs := testing.AllocsPerRun(10, func() {
			if _, err := s.marshal(); err != nil {
				t.Fatal(err)
			}
		})
		require.Zero(t, allocs, "%s %s", s.lib, s.object)
	}
}
