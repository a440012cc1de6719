package row_test

import (
	"testing"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/row"
)

// Benchmarks: reading one element of a large list field in place vs
// decoding the whole object with fury, and Encode/Decode of the bench
// suite's Sample and MediaContent shapes (restated here: the row format has
// no unsigned types, so Sample's char fields are int16) vs fury's
// reflection path.
//
//	go test ./row -run '^$' -bench . -benchmem

type bigList struct {
	ID     int64
	Name   string
	Values []int64
}

const bigLen = 1_000_000

func newBigList() *bigList {
	v := &bigList{ID: 1, Name: "big", Values: make([]int64, bigLen)}
	for i := range v.Values {
		v.Values[i] = int64(i) * 3
	}
	return v
}

var sinkI64 int64

func BenchmarkRandomAccess(b *testing.B) {
	enc, err := row.NewEncoder[bigList]()
	if err != nil {
		b.Fatal(err)
	}
	data, err := enc.Encode(newBigList())
	if err != nil {
		b.Fatal(err)
	}
	s := enc.Schema()
	field := s.FieldIndex("values")
	for _, idx := range []int{0, 100_000, bigLen - 1} {
		b.Run("row/element="+itoa(int64(idx)), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r, err := row.NewRow(s, data[row.HashSize:])
				if err != nil {
					b.Fatal(err)
				}
				a, err := r.Array(field)
				if err != nil {
					b.Fatal(err)
				}
				v, err := a.Int64(idx)
				if err != nil {
					b.Fatal(err)
				}
				sinkI64 = v
			}
		})
	}
	b.Run("row/Decode_then_element=100000", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			v, err := enc.Decode(data)
			if err != nil {
				b.Fatal(err)
			}
			sinkI64 = v.Values[100_000]
		}
	})
	f := fury.New()
	if err := f.RegisterTagType("row_bench.bigList", bigList{}); err != nil {
		b.Fatal(err)
	}
	fdata, err := f.Marshal(newBigList())
	if err != nil {
		b.Fatal(err)
	}
	b.Run("fury/Unmarshal_then_element=100000", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var v bigList
			if err := f.Unmarshal(fdata, &v); err != nil {
				b.Fatal(err)
			}
			sinkI64 = v.Values[100_000]
		}
	})
}

type benchSample struct {
	IntValue          int32
	LongValue         int64
	FloatValue        float32
	DoubleValue       float64
	ShortValue        int16
	CharValue         int16
	BooleanValue      bool
	IntValueBoxed     *int32
	LongValueBoxed    *int64
	FloatValueBoxed   *float32
	DoubleValueBoxed  *float64
	ShortValueBoxed   *int16
	CharValueBoxed    *int16
	BooleanValueBoxed *bool
	IntArray          []int32
	LongArray         []int64
	FloatArray        []float32
	DoubleArray       []float64
	ShortArray        []int16
	CharArray         []int16
	BooleanArray      []bool
	String            string
}

func newBenchSample() *benchSample {
	return &benchSample{
		IntValue: 123, LongValue: 1230000, FloatValue: 12.345, DoubleValue: 1.234567, ShortValue: 12345, CharValue: '!', BooleanValue: true,
		IntValueBoxed: ptr[int32](321), LongValueBoxed: ptr[int64](3210000), FloatValueBoxed: ptr[float32](54.321),
		DoubleValueBoxed: ptr(7.654321), ShortValueBoxed: ptr[int16](32100), CharValueBoxed: ptr[int16]('$'), BooleanValueBoxed: ptr(false),
		IntArray:     []int32{-1234, -123, -12, -1, 0, 1, 12, 123, 1234},
		LongArray:    []int64{-123400, -12300, -1200, -100, 0, 100, 1200, 12300, 123400},
		FloatArray:   []float32{-12.34, -12.3, -12, -1, 0, 1, 12, 12.3, 12.34},
		DoubleArray:  []float64{-1.234, -1.23, -12, -1, 0, 1, 12, 1.23, 1.234},
		ShortArray:   []int16{-1234, -123, -12, -1, 0, 1, 12, 123, 1234},
		CharArray:    []int16{'a', 's', 'd', 'f', 'A', 'S', 'D', 'F'},
		BooleanArray: []bool{true, false, false, true},
		String:       "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
	}
}

type benchMedia struct {
	URI        string
	Title      string
	Width      int32
	Height     int32
	Format     string
	Duration   int64
	Size       int64
	Bitrate    int32
	HasBitrate bool
	Persons    []string
	Player     int32
	Copyright  string
}

type benchImage struct {
	URI    string
	Title  string
	Width  int32
	Height int32
	Size   int32
	Media  *benchMedia
}

type benchMediaContent struct {
	Media  benchMedia
	Images []benchImage
}

func newBenchMediaContent() *benchMediaContent {
	return &benchMediaContent{
		Media: benchMedia{URI: "http://javaone.com/keynote.ogg", Width: 641, Height: 481, Format: "video/theora\u1234",
			Duration: 18000001, Size: 58982401, Persons: []string{"Bill Gates, Jr.", "Steven Jobs"}, Player: 1,
			Copyright: "Copyright (c) 2009, Scooby Dooby Doo"},
		Images: []benchImage{
			{URI: "http://javaone.com/keynote_huge.jpg", Title: "Javaone Keynote\u1234", Width: 32000, Height: 24000, Size: 1},
			{URI: "http://javaone.com/keynote_large.jpg", Width: 1024, Height: 768, Size: 1},
			{URI: "http://javaone.com/keynote_small.jpg", Width: 320, Height: 240, Size: 0},
		},
	}
}

func benchShape[T any](b *testing.B, name string, v *T) {
	enc, err := row.NewEncoder[T]()
	if err != nil {
		b.Fatal(err)
	}
	f := fury.New()
	var zero T
	if err := f.RegisterTagType("row_bench."+name, zero); err != nil {
		b.Fatal(err)
	}
	data, err := enc.Encode(v)
	if err != nil {
		b.Fatal(err)
	}
	fdata, err := f.Marshal(v)
	if err != nil {
		b.Fatal(err)
	}
	b.Run(name+"/row/Encode", func(b *testing.B) {
		b.ReportAllocs()
		buf := make([]byte, 0, 4096)
		for b.Loop() {
			if buf, err = enc.AppendEncode(buf[:0], v); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(data)), "bytes")
	})
	b.Run(name+"/fury/Marshal", func(b *testing.B) {
		b.ReportAllocs()
		buf := make([]byte, 0, 4096)
		for b.Loop() {
			if buf, err = f.MarshalAppend(buf[:0], v); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(fdata)), "bytes")
	})
	b.Run(name+"/row/Decode", func(b *testing.B) {
		b.ReportAllocs()
		var out T
		for b.Loop() {
			if err := enc.DecodeInto(data, &out); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run(name+"/fury/Unmarshal", func(b *testing.B) {
		b.ReportAllocs()
		var out T
		for b.Loop() {
			if err := f.Unmarshal(fdata, &out); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkSample(b *testing.B)       { benchShape(b, "Sample", newBenchSample()) }
func BenchmarkMediaContent(b *testing.B) { benchShape(b, "MediaContent", newBenchMediaContent()) }
