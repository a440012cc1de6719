// Package bench holds side-by-side benchmarks of fury against protobuf-go,
// flatbuffers-go, encoding/json and encoding/gob on the objects of the
// reference benchmark suite: Sample, MediaContent (with Media and Image),
// Struct (100 primitive fields) and lists of 20 of each.
//
// The model types below are the plain Go structs an application would have.
// The protobuf and flatbuffers benchmarks convert from and to them, so that
// every library is timed doing the same job: turning these structs into bytes
// and back.
//
// Modelling choices:
//   - Java char is a UTF-16 code unit, so CharValue is a uint16 and CharArray a
//     []uint16.
//   - Java's boxed fields (Integer, Long, ...) are nullable, so they are
//     pointers (*int32, *int64, ...). The reference .proto declares them as
//     plain proto3 scalars, and the flatbuffers schema as plain scalars, so a
//     nil pointer becomes zero in those formats; the populated objects set them
//     all.
//   - The self-referencing Sample.sample field of the reference class is left
//     out: it is null in the measured objects and absent from the .proto.
//   - Media.Title, Image.Title and Media.Copyright are nullable in Java. Go code
//     would use a string, with "" for absent, so they are strings here. The
//     titles are optional fields in the .proto and the .fbs; the converters
//     leave them unset for "" and read an unset one back as "".
//   - Image.Media is a *Media, nil in the populated objects (as in the
//     reference data without circular references).
package bench

// Sample is a struct of primitive, nullable primitive, primitive-slice and
// string fields.
type Sample struct {
	IntValue     int32
	LongValue    int64
	FloatValue   float32
	DoubleValue  float64
	ShortValue   int16
	CharValue    uint16
	BooleanValue bool

	IntValueBoxed     *int32
	LongValueBoxed    *int64
	FloatValueBoxed   *float32
	DoubleValueBoxed  *float64
	ShortValueBoxed   *int16
	CharValueBoxed    *uint16
	BooleanValueBoxed *bool

	IntArray     []int32
	LongArray    []int64
	FloatArray   []float32
	DoubleArray  []float64
	ShortArray   []int16
	CharArray    []uint16
	BooleanArray []bool

	String string
}

// Player is the media player kind.
type Player int32

// Player values.
const (
	PlayerJava  Player = 0
	PlayerFlash Player = 1
)

// Size is an image size class.
type Size int32

// Size values.
const (
	SizeSmall Size = 0
	SizeLarge Size = 1
)

// Media describes a media file.
type Media struct {
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
	Player     Player
	Copyright  string
}

// Image is a picture attached to a media file.
type Image struct {
	URI    string
	Title  string
	Width  int32
	Height int32
	Size   Size
	Media  *Media
}

// MediaContent is a media file with its images.
type MediaContent struct {
	Media  Media
	Images []Image
}

// ListLen is the number of objects in each list benchmark.
const ListLen = 20

func ptr[T any](v T) *T { return &v }

// NewSample returns a Sample populated with the reference values.
func NewSample() Sample {
	return Sample{
		IntValue:     123,
		LongValue:    1230000,
		FloatValue:   12.345,
		DoubleValue:  1.234567,
		ShortValue:   12345,
		CharValue:    '!',
		BooleanValue: true,

		IntValueBoxed:     ptr[int32](321),
		LongValueBoxed:    ptr[int64](3210000),
		FloatValueBoxed:   ptr[float32](54.321),
		DoubleValueBoxed:  ptr(7.654321),
		ShortValueBoxed:   ptr[int16](32100),
		CharValueBoxed:    ptr[uint16]('$'),
		BooleanValueBoxed: ptr(false),

		IntArray:     []int32{-1234, -123, -12, -1, 0, 1, 12, 123, 1234},
		LongArray:    []int64{-123400, -12300, -1200, -100, 0, 100, 1200, 12300, 123400},
		FloatArray:   []float32{-12.34, -12.3, -12, -1, 0, 1, 12, 12.3, 12.34},
		DoubleArray:  []float64{-1.234, -1.23, -12, -1, 0, 1, 12, 1.23, 1.234},
		ShortArray:   []int16{-1234, -123, -12, -1, 0, 1, 12, 123, 1234},
		CharArray:    []uint16{'a', 's', 'd', 'f', 'A', 'S', 'D', 'F'},
		BooleanArray: []bool{true, false, false, true},

		String: "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
	}
}

// NewMediaContent returns a MediaContent populated with the reference values.
func NewMediaContent() MediaContent {
	return MediaContent{
		Media: Media{
			URI:       "http://javaone.com/keynote.ogg",
			Width:     641,
			Height:    481,
			Format:    "video/theora\u1234",
			Duration:  18000001,
			Size:      58982401,
			Persons:   []string{"Bill Gates, Jr.", "Steven Jobs"},
			Player:    PlayerFlash,
			Copyright: "Copyright (c) 2009, Scooby Dooby Doo",
		},
		Images: []Image{
			{URI: "http://javaone.com/keynote_huge.jpg", Title: "Javaone Keynote\u1234", Width: 32000, Height: 24000, Size: SizeLarge},
			{URI: "http://javaone.com/keynote_large.jpg", Width: 1024, Height: 768, Size: SizeLarge},
			{URI: "http://javaone.com/keynote_small.jpg", Width: 320, Height: 240, Size: SizeSmall},
		},
	}
}

// NewSampleList returns ListLen populated Samples.
func NewSampleList() []Sample {
	l := make([]Sample, ListLen)
	for i := range l {
		l[i] = NewSample()
	}
	return l
}

// NewMediaContentList returns ListLen populated MediaContents.
func NewMediaContentList() []MediaContent {
	l := make([]MediaContent, ListLen)
	for i := range l {
		l[i] = NewMediaContent()
	}
	return l
}

// NewStructList returns ListLen populated Structs.
func NewStructList() []Struct {
	l := make([]Struct, ListLen)
	for i := range l {
		l[i] = NewStruct()
	}
	return l
}
