package bench

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// ideal: the hand-written encoder and decoder of the ideal layout (ideal.go),
// the practical speed limit the libraries are compared to.
//   - ideal: append into a new []byte per call, allocated once at the
//     payload's size (as an encoder that computes the size first would);
//   - ideal-reuse: append into a reused buffer;
//   - deserialize ideal: decode into a new model value.

func init() { suites = append(suites, idealSuite) }

func idealBenches[T any](object string, v *T, appendV func([]byte, *T) []byte,
	decode func([]byte, *T) error) ([]serBench, []deBench, error) {
	size := len(appendV(nil, v))
	var reuse []byte
	ser := []serBench{
		{object, "ideal", "ideal", func() ([]byte, error) { return appendV(make([]byte, 0, size), v), nil }},
		{object, "ideal-reuse", "ideal", func() ([]byte, error) {
			reuse = appendV(reuse[:0], v)
			return reuse, nil
		}},
	}
	payload, err := payloadOf(ser[0].marshal)
	if err != nil {
		return nil, nil, err
	}
	de := []deBench{{object, "ideal", payload, true, func(data []byte) (any, error) {
		out := new(T)
		if err := decode(data, out); err != nil {
			return nil, err
		}
		return out, nil
	}}}
	return ser, de, nil
}

func idealSuite(o objects) ([]serBench, []deBench, error) {
	var c collector
	c.add(idealBenches(objSample, o.sample, appendSample, decodeSample))
	c.add(idealBenches(objMediaContent, o.mediaContent, appendMediaContent, decodeMediaContent))
	c.add(idealBenches(objStruct, o.strct, appendStruct, decodeStruct))
	c.add(idealBenches(objSmallStruct, o.smallStruct, appendSmallStruct, decodeSmallStruct))
	c.add(idealBenches(objSampleList, o.sampleList, appendSampleList, decodeSampleList))
	c.add(idealBenches(objMediaContentList, o.mediaContentList, appendMediaContentList,
		decodeMediaContentList))
	c.add(idealBenches(objStructList, o.structList, appendStructList, decodeStructList))
	return c.ser, c.de, c.err
}

// idealDecoders returns the ideal deserializers, one per object.
func idealDecoders(t *testing.T) []deBench {
	t.Helper()
	_, de, err := idealSuite(newObjects())
	require.NoError(t, err)
	require.Len(t, de, len(objectNames))
	return de
}

// TestIdealTruncated checks that every strict prefix of each payload is an
// error, not a panic, and that a byte too many is an error too.
func TestIdealTruncated(t *testing.T) {
	for _, d := range idealDecoders(t) {
		t.Run(d.object, func(t *testing.T) {
			for n := range len(d.payload) {
				// A copy with no spare capacity, so that a read past the
				// end would panic.
				short := append([]byte(nil), d.payload[:n]...)
				got, err := d.decode(short)
				require.ErrorIs(t, err, errIdealShort, "prefix of %d of %d bytes", n, len(d.payload))
				require.Nil(t, got)
			}
			_, err := d.decode(append(append([]byte(nil), d.payload...), 0))
			require.ErrorIs(t, err, errIdealTrailing)
		})
	}
}

// TestIdealMalformed checks lengths the input cannot hold: a count past the
// input left, and a uvarint of more than 64 bits.
func TestIdealMalformed(t *testing.T) {
	var s Sample
	huge := appendLen(make([]byte, sampleIdealMin-7-1), 1<<30) // IntArray's count
	require.ErrorIs(t, decodeSample(huge, &s), errIdealShort)

	bad := append(make([]byte, sampleIdealMin-7-1), 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01)
	require.ErrorIs(t, decodeSample(bad, &s), errIdealLength)

	var l []Sample
	many := appendLen(nil, 1<<20) // a million Samples announced, none sent
	require.ErrorIs(t, decodeSampleList(many, &l), errIdealShort)
	require.Nil(t, l)
}

// TestIdealMinSizes checks the minimum sizes the decoder bounds counts by:
// each is the size of the zero value.
func TestIdealMinSizes(t *testing.T) {
	require.Len(t, appendSample(nil, &Sample{}), sampleIdealMin)
	require.Len(t, appendMedia(nil, &Media{}), mediaIdealMin)
	require.Len(t, appendImage(nil, &Image{}), imageIdealMin)
	require.Len(t, appendMediaContent(nil, &MediaContent{}), mediaContentIdealMin)
	require.Len(t, appendStruct(nil, &Struct{}), structIdealSize)
}

// TestIdealNilPointers round-trips the pointers the benchmark objects leave
// nil (Image.Media) or set (Sample's boxed fields) the other way round.
func TestIdealNilPointers(t *testing.T) {
	mc := NewMediaContent()
	m := mc.Media
	mc.Images[1].Media = &m
	var gotMC MediaContent
	require.NoError(t, decodeMediaContent(appendMediaContent(nil, &mc), &gotMC))
	require.Equal(t, mc, gotMC)

	s := Sample{String: "x"}
	var gotS Sample
	require.NoError(t, decodeSample(appendSample(nil, &s), &gotS))
	require.Equal(t, s, gotS)
}

// TestIdealAllocs checks that the ideal decoder allocates the result's own
// memory and nothing more, and that appending into a buffer with room
// allocates nothing.
func TestIdealAllocs(t *testing.T) {
	if isolate(t) { // counts allocations: run alone in a child process
		return
	}
	ser, de, err := idealSuite(newObjects())
	require.NoError(t, err)
	for _, d := range de {
		allocs := testing.AllocsPerRun(10, func() {
			if _, err := d.decode(d.payload); err != nil {
				t.Fatal(err)
			}
		})
		require.Equal(t, float64(ResultAllocs[d.object]), allocs, d.object)
	}
	for _, s := range ser {
		if s.lib != "ideal-reuse" {
			continue
		}
		_, err := s.marshal() // grow the buffer
		require.NoError(t, err)
		allocs := testing.AllocsPerRun(10, func() {
			if _, err := s.marshal(); err != nil {
				t.Fatal(err)
			}
		})
		require.Zero(t, allocs, s.object)
	}
}
