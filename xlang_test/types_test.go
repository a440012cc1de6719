package xlang_test

import (
	"time"

	"github.com/fury-go/fury/fury"
)

// Go mirrors of the peers' types (CASES.md, "Registered types"). Field
// names map to the peers' snake_case identifiers; tags name the fields
// whose Go name does not map by itself.

// Color is the peers' Color enum.
type Color int32

// Color values.
const (
	Red Color = iota
	Green
	Blue
)

// Player is the MediaContent player enum.
type Player int32

// Player values.
const (
	PlayerJava Player = iota
	PlayerFlash
)

// Size is the MediaContent image size enum.
type Size int32

// Size values.
const (
	SizeSmall Size = iota
	SizeLarge
)

// Point is the peers' Point.
type Point struct {
	X int32
	Y int32
}

// Person is the peers' Person.
type Person struct {
	Name   string
	Age    int32
	Email  *string
	Tags   []string
	Scores map[string]int32
}

// Scalars carries every scalar edge.
type Scalars struct {
	FlagTrue   bool
	FlagFalse  bool
	I8Min      int8
	I8Max      int8
	I16Min     int16
	I16Max     int16
	I32Min     int32
	I32Max     int32
	I64Min     int64
	I64Max     int64
	F32Val     float32
	F32Nan     float32
	F32Inf     float32
	F64Val     float64
	F64Nan     float64
	F64NegInf  float64
	F64NegZero float64
	SEmpty     string
	SLatin1    string `fury:"name=s_latin1"`
	SUtf16     string `fury:"name=s_utf16"`
	SEmoji     string
	BinVal     []byte
}

// SomeClass1 is the reference inner example object.
type SomeClass1 struct {
	F1 any
	F2 map[int8]int32
}

// SomeClass2 is the reference outer example object.
type SomeClass2 struct {
	F1  any
	F2  string
	F3  []string
	F4  map[int8]int32
	F5  int8
	F6  int16
	F7  int32
	F8  int64
	F9  float32
	F10 float64
	F11 []int16
	F12 fury.Int16Slice
}

// SomeClass is the reference circular-reference example.
// Its fields carry ref as the peers' do (Java @Ref, pyfory field(ref=True)).
type SomeClass struct {
	F1 *SomeClass        `fury:"ref"`
	F2 map[string]string `fury:"ref"`
	F3 map[string]string `fury:"ref"`
}

// EvolveV1 is the older schema of example.Evolve.
type EvolveV1 struct {
	A int32
	B string
}

// EvolveV2 adds a field to EvolveV1.
type EvolveV2 struct {
	A int32
	B string
	C int64
}

// ManyFields exercises the field ordering rules.
type ManyFields struct {
	ZStr       string            `fury:"name=z_str"`
	YI64       int64             `fury:"name=y_i64"`
	XBool      bool              `fury:"name=x_bool"`
	WF32       float32           `fury:"name=w_f32"`
	VI8        int8              `fury:"name=v_i8"`
	UList      fury.Int32Slice   `fury:"name=u_list"`
	TMap       map[string]string `fury:"name=t_map"`
	SF64       float64           `fury:"name=s_f64"`
	RI16       int16             `fury:"name=r_i16"`
	QI32       int32             `fury:"name=q_i32"`
	POptI32    *int32            `fury:"name=p_opt_i32"`
	OOptStr    *string           `fury:"name=o_opt_str"`
	NPoint     Point             `fury:"name=n_point"`
	MColor     Color             `fury:"name=m_color"`
	LDate      fury.Date         `fury:"name=l_date"`
	KTs        time.Time         `fury:"name=k_ts"`
	JBin       []byte            `fury:"name=j_bin"`
	IFixedI32  fury.FixedInt32   `fury:"name=i_fixed_i32"`
	HFixedI64  fury.FixedInt64   `fury:"name=h_fixed_i64"`
	GTaggedI64 fury.TaggedInt64  `fury:"name=g_tagged_i64"`
	FI16Arr    []int16           `fury:"name=f_i16_arr"`
	ESet       fury.Set[string]  `fury:"name=e_set"`
	DOptI64    *int64            `fury:"name=d_opt_i64"`
	COptF64    *float64          `fury:"name=c_opt_f64"`
	BOptBool   *bool             `fury:"name=b_opt_bool"`
	ADur       time.Duration     `fury:"name=a_dur"`
}

// LongNames has field names around the TypeDef name-length escape.
type LongNames struct {
	Abcdefghijklmno                int32
	Abcdefghijklmnop               int32
	Abcdefghijklmnopq              int32
	UserNameWithManyCharactersHere string
}

// Meta-name structs: one per meta-string encoding of their registered name.
type (
	MetaLower      struct{ V int32 }
	MetaFirstUpper struct{ V int32 }
	MetaMixed      struct{ V int32 }
	MetaDigits     struct{ V int32 }
	MetaUtf8       struct{ V int32 }
)

// Sample is the reference Sample object.
type Sample struct {
	IntValue          int32
	LongValue         int64
	FloatValue        float32
	DoubleValue       float64
	ShortValue        int16
	CharValue         int32
	BooleanValue      bool
	IntValueBoxed     int32
	LongValueBoxed    int64
	FloatValueBoxed   float32
	DoubleValueBoxed  float64
	ShortValueBoxed   int16
	CharValueBoxed    int32
	BooleanValueBoxed bool
	IntArray          []int32
	LongArray         []int64
	FloatArray        []float32
	DoubleArray       []float64
	ShortArray        []int16
	CharArray         []int32
	BooleanArray      []bool
	String            string
}

// Media is part of the reference MediaContent.
type Media struct {
	URI        string `fury:"name=uri"`
	Title      *string
	Width      int32
	Height     int32
	Format     string
	Duration   int64
	Size       int64
	Bitrate    int32
	HasBitrate bool
	Persons    []string
	Player     Player
	Copyright  *string
}

// Image is part of the reference MediaContent.
type Image struct {
	URI    string `fury:"name=uri"`
	Title  *string
	Width  int32
	Height int32
	Size   Size
	Media  *Media
}

// MediaContent is the reference MediaContent object.
type MediaContent struct {
	Media  Media
	Images []Image
}

// Probe structs: one field type each (CASES.md, "Probe structs").
type (
	PBool           struct{ V bool }
	PInt8           struct{ V int8 }
	PInt16          struct{ V int16 }
	PInt32          struct{ V int32 }
	PInt64          struct{ V int64 }
	PFixedInt32     struct{ V fury.FixedInt32 }
	PFixedInt64     struct{ V fury.FixedInt64 }
	PTaggedInt64    struct{ V fury.TaggedInt64 }
	PFloat32        struct{ V float32 }
	PFloat64        struct{ V float64 }
	PString         struct{ V string }
	PBinary         struct{ V []byte }
	PListInt32      struct{ V fury.Int32Slice }
	PListString     struct{ V []string }
	PSetString      struct{ V fury.Set[string] }
	PMapStringInt32 struct{ V map[string]int32 }
	PInt16Array     struct{ V []int16 }
	PStruct         struct{ V Point }
	PListStruct     struct{ V []Point }
	PEnum           struct{ V Color }
	PNullableInt32  struct{ A, B *int32 }
	PNullableString struct{ A, B *string }
	PTimestamp      struct{ V time.Time }
	PDate           struct{ V fury.Date }
	PDuration       struct{ V time.Duration }
	PAny            struct{ V any }
	PEmpty          struct{}
	PBoxedInt32     struct{ V int32 }
	PDecimal        struct{ V fury.Decimal }
)

func ptr[T any](v T) *T { return &v }

// ---- edge-case types (CASES.md, "Edge-case types")

// BigEnum has 130 values (V0..V129): ordinals from 128 take two bytes.
type BigEnum int32

// BigEnum values used by the cases.
const (
	BigV0   BigEnum = 0
	BigV127 BigEnum = 127
	BigV128 BigEnum = 128
	BigV129 BigEnum = 129
)

// Unsigned holds every unsigned encoding at its maximum.
type Unsigned struct {
	U8        uint8             `fury:"name=u8"`
	U16       uint16            `fury:"name=u16"`
	U32       uint32            `fury:"name=u32"`
	U64       uint64            `fury:"name=u64"`
	FU32      fury.FixedUint32  `fury:"name=fu32"`
	FU64      fury.FixedUint64  `fury:"name=fu64"`
	TU64      fury.TaggedUint64 `fury:"name=tu64"`
	TU64Small fury.TaggedUint64 `fury:"name=tu64_small"`
}

// Nested has nested generic field types.
type Nested struct {
	Groups map[string][]Point
	Matrix []fury.Int32Slice
	Lookup map[string]map[string]string
	Tags   map[string]fury.Set[string]
}

// Node is a reference-graph node (ref tracking on).
// Next and Children carry ref as the peers' fields do.
type Node struct {
	Name     string
	Next     *Node   `fury:"ref"`
	Children []*Node `fury:"ref"`
}

// EvolveNarrow is the reader's version of example.EvolveX.
type EvolveNarrow struct {
	A int32
	B string
}

// EvolveWide is the writer's version of example.EvolveX: complex fields
// around a and b that an EvolveNarrow reader skips.
type EvolveWide struct {
	XList   []string
	A       int32
	XMap    map[string]Point
	XPoint  Point
	B       string
	XOpt    *string
	XColor  Color
	XNested map[string]fury.Int32Slice
	XArr    []int32
	XAny    any
}
