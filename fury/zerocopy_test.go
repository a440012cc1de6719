package fury_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"testing/iotest"
	"unsafe"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
)

// within reports whether the n bytes at p lie inside buf.
func within(buf []byte, p unsafe.Pointer, n int) bool {
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(buf)))
	return uintptr(p) >= lo && uintptr(p)+uintptr(n) <= lo+uintptr(len(buf))
}

func strIn(buf []byte, s string) bool {
	return len(s) > 0 && within(buf, unsafe.Pointer(unsafe.StringData(s)), len(s))
}
func bytesIn(buf, b []byte) bool {
	return len(b) > 0 && within(buf, unsafe.Pointer(unsafe.SliceData(b)), len(b))
}

// zcRecord is decoded by the reflection path (no generated code).
type zcRecord struct {
	Name  string
	Data  []byte
	Tags  []string
	Attrs map[string]string
	Any   any
}

// WithZeroCopy: decoded UTF-8 strings and []byte share the input, on the
// generated and the reflection paths; the values equal the copying
// decode's; changing the input changes them (the documented rule: the
// input must outlive the value, unchanged); without the option nothing
// aliases the input.
func TestZeroCopyReads(t *testing.T) {
	for _, gen := range []bool{true, false} {
		for _, compatible := range []bool{false, true} {
			opts := []fury.Option{fury.WithGeneratedCode(gen), fury.WithCompatible(compatible)}
			zc := fury.New(append(opts, fury.WithZeroCopy(true))...)
			cp := fury.New(opts...)
			for _, f := range []*fury.Fury{zc, cp} {
				require.NoError(t, f.Register(gentest.MediaContent{}, 300))
				require.NoError(t, f.Register(gentest.Media{}, 301))
				require.NoError(t, f.Register(gentest.Image{}, 302))
				require.NoError(t, f.Register(gentest.Arrays{}, 303))
				require.NoError(t, f.Register(zcRecord{}, 304))
			}
			require.Equal(t, gen, zc.GeneratedInUse(gentest.MediaContent{}))

			mc := gentest.NewMediaContent()
			data, err := zc.Marshal(&mc)
			require.NoError(t, err)
			var got, want gentest.MediaContent
			require.NoError(t, zc.Unmarshal(data, &got))
			require.NoError(t, cp.Unmarshal(data, &want))
			require.Empty(t, cmp.Diff(want, got))
			require.True(t, strIn(data, got.Media.URI), "gen %v compatible %v", gen, compatible)
			require.True(t, strIn(data, got.Media.Persons[1]))
			require.True(t, strIn(data, got.Images[0].URI))
			require.False(t, strIn(data, want.Media.URI), "copying decode aliases the input")

			arr := gentest.Arrays{Bytes: []byte("zero copy"), Int8s: []int8{1, -2, 3}, Int32s: []int32{7}}
			data2, err := zc.Marshal(&arr)
			require.NoError(t, err)
			var garr gentest.Arrays
			require.NoError(t, zc.Unmarshal(data2, &garr))
			require.Equal(t, arr.Bytes, garr.Bytes)
			require.Equal(t, arr.Int8s, garr.Int8s)
			require.True(t, bytesIn(data2, garr.Bytes))

			rec := zcRecord{Name: "record", Data: []byte{0, 1, 2, 0xff}, Tags: []string{"a", "bcd"},
				Attrs: map[string]string{"key": "value"}, Any: "dynamic"}
			data3, err := zc.Marshal(&rec)
			require.NoError(t, err)
			var grec, wrec zcRecord
			require.NoError(t, zc.Unmarshal(data3, &grec))
			require.NoError(t, cp.Unmarshal(data3, &wrec))
			require.Empty(t, cmp.Diff(wrec, grec))
			require.Empty(t, cmp.Diff(rec, grec))
			require.True(t, strIn(data3, grec.Name))
			require.True(t, bytesIn(data3, grec.Data))
			require.True(t, strIn(data3, grec.Tags[1]))
			require.True(t, strIn(data3, grec.Attrs["key"]))
			require.True(t, strIn(data3, grec.Any.(string)))
			require.False(t, bytesIn(data3, wrec.Data))

			// The rule: the value shares the input, so changing the input
			// changes the value.
			i := bytes.Index(data3, []byte("record"))
			require.GreaterOrEqual(t, i, 0)
			data3[i] = 'R'
			require.Equal(t, "Record", grec.Name)
			require.Equal(t, "record", wrec.Name)
		}
	}
}

// Strings a peer sent as latin1 or UTF-16 are transcoded, so they never
// alias the input, and read right.
func TestZeroCopyCompactStrings(t *testing.T) {
	w := fury.New(fury.WithCompactStrings(true))
	zc := fury.New(fury.WithZeroCopy(true))
	for _, s := range []string{"latin1 é", "utf16 \u4e16\u754c", "ascii"} {
		data, err := w.Marshal(s)
		require.NoError(t, err)
		var got string
		require.NoError(t, zc.Unmarshal(data, &got))
		require.Equal(t, s, got)
		require.False(t, strIn(data, got))
	}
}

// A Decoder reuses its buffer, so it copies whatever WithZeroCopy says:
// a value decoded first keeps its strings after later decodes.
func TestZeroCopyDecoderCopies(t *testing.T) {
	var stream bytes.Buffer
	enc := fury.NewEncoder(&stream)
	var want []string
	for i := range 200 {
		s := fmt.Sprintf("message %03d %s", i, strings.Repeat("x", i%40))
		want = append(want, s)
		require.NoError(t, enc.Encode(s))
	}
	// A few bytes per read: the Decoder moves and overwrites its buffer
	// many times over.
	dec := fury.NewDecoder(iotest.HalfReader(&stream), fury.WithZeroCopy(true))
	var got []string
	for range want {
		var s string
		require.NoError(t, dec.Decode(&s))
		got = append(got, s)
	}
	require.Equal(t, want, got)
}
