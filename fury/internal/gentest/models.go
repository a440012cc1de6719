package gentest

// The reference benchmark's objects, as in bench/models.go, with generated
// code (and twins without, in twins.go), for the generated-versus-reflection
// benchmarks.

// Sample is a struct of primitive, nullable primitive, primitive-slice and
// string fields.
//
//fury:generate
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
//
//fury:generate
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
//
//fury:generate
type Image struct {
	URI    string
	Title  string
	Width  int32
	Height int32
	Size   Size
	Media  *Media
}

// MediaContent is a media file with its images.
//
//fury:generate
type MediaContent struct {
	Media  Media
	Images []Image
}

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

// Struct has 100 primitive fields cycling int32, int64, float32, float64.
//
//fury:generate
type Struct struct {
	F1   int32
	F2   int64
	F3   float32
	F4   float64
	F5   int32
	F6   int64
	F7   float32
	F8   float64
	F9   int32
	F10  int64
	F11  float32
	F12  float64
	F13  int32
	F14  int64
	F15  float32
	F16  float64
	F17  int32
	F18  int64
	F19  float32
	F20  float64
	F21  int32
	F22  int64
	F23  float32
	F24  float64
	F25  int32
	F26  int64
	F27  float32
	F28  float64
	F29  int32
	F30  int64
	F31  float32
	F32  float64
	F33  int32
	F34  int64
	F35  float32
	F36  float64
	F37  int32
	F38  int64
	F39  float32
	F40  float64
	F41  int32
	F42  int64
	F43  float32
	F44  float64
	F45  int32
	F46  int64
	F47  float32
	F48  float64
	F49  int32
	F50  int64
	F51  float32
	F52  float64
	F53  int32
	F54  int64
	F55  float32
	F56  float64
	F57  int32
	F58  int64
	F59  float32
	F60  float64
	F61  int32
	F62  int64
	F63  float32
	F64  float64
	F65  int32
	F66  int64
	F67  float32
	F68  float64
	F69  int32
	F70  int64
	F71  float32
	F72  float64
	F73  int32
	F74  int64
	F75  float32
	F76  float64
	F77  int32
	F78  int64
	F79  float32
	F80  float64
	F81  int32
	F82  int64
	F83  float32
	F84  float64
	F85  int32
	F86  int64
	F87  float32
	F88  float64
	F89  int32
	F90  int64
	F91  float32
	F92  float64
	F93  int32
	F94  int64
	F95  float32
	F96  float64
	F97  int32
	F98  int64
	F99  float32
	F100 float64
}

// NewStruct returns a Struct with deterministic non-zero values.
func NewStruct() Struct {
	return Struct{
		F1:   1001,
		F2:   2000000014,
		F3:   3.25,
		F4:   6000.125,
		F5:   5005,
		F6:   6000000042,
		F7:   7.25,
		F8:   12000.125,
		F9:   9009,
		F10:  10000000070,
		F11:  11.25,
		F12:  18000.125,
		F13:  13013,
		F14:  14000000098,
		F15:  15.25,
		F16:  24000.125,
		F17:  17017,
		F18:  18000000126,
		F19:  19.25,
		F20:  30000.125,
		F21:  21021,
		F22:  22000000154,
		F23:  23.25,
		F24:  36000.125,
		F25:  25025,
		F26:  26000000182,
		F27:  27.25,
		F28:  42000.125,
		F29:  29029,
		F30:  30000000210,
		F31:  31.25,
		F32:  48000.125,
		F33:  33033,
		F34:  34000000238,
		F35:  35.25,
		F36:  54000.125,
		F37:  37037,
		F38:  38000000266,
		F39:  39.25,
		F40:  60000.125,
		F41:  41041,
		F42:  42000000294,
		F43:  43.25,
		F44:  66000.125,
		F45:  45045,
		F46:  46000000322,
		F47:  47.25,
		F48:  72000.125,
		F49:  49049,
		F50:  50000000350,
		F51:  51.25,
		F52:  78000.125,
		F53:  53053,
		F54:  54000000378,
		F55:  55.25,
		F56:  84000.125,
		F57:  57057,
		F58:  58000000406,
		F59:  59.25,
		F60:  90000.125,
		F61:  61061,
		F62:  62000000434,
		F63:  63.25,
		F64:  96000.125,
		F65:  65065,
		F66:  66000000462,
		F67:  67.25,
		F68:  102000.125,
		F69:  69069,
		F70:  70000000490,
		F71:  71.25,
		F72:  108000.125,
		F73:  73073,
		F74:  74000000518,
		F75:  75.25,
		F76:  114000.125,
		F77:  77077,
		F78:  78000000546,
		F79:  79.25,
		F80:  120000.125,
		F81:  81081,
		F82:  82000000574,
		F83:  83.25,
		F84:  126000.125,
		F85:  85085,
		F86:  86000000602,
		F87:  87.25,
		F88:  132000.125,
		F89:  89089,
		F90:  90000000630,
		F91:  91.25,
		F92:  138000.125,
		F93:  93093,
		F94:  94000000658,
		F95:  95.25,
		F96:  144000.125,
		F97:  97097,
		F98:  98000000686,
		F99:  99.25,
		F100: 150000.125,
	}
}
