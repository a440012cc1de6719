package gentest

import (
	"math/big"
	"time"

	"github.com/fury-go/fury/fury"
)

// Color is registered as an enum by the tests.
type Color int32

// Level is a named integer type the tests do not register: a plain int.
type Level uint8

// Name is a named string type.
type Name string

// Ratio is a named float type.
type Ratio float64

// Ints is a named primitive slice type (a primitive array on the wire).
type Ints []int32

// Scalars has a field of every scalar kind.
//
//fury:generate
type Scalars struct {
	Bool    bool
	Int8    int8
	Int16   int16
	Int32   int32
	Int64   int64
	Int     int
	Uint8   uint8
	Uint16  uint16
	Uint32  uint32
	Uint64  uint64
	Uint    uint
	Float32 float32
	Float64 float64
	String  string
	FI32    fury.FixedInt32
	FI64    fury.FixedInt64
	FU32    fury.FixedUint32
	FU64    fury.FixedUint64
	TI64    fury.TaggedInt64
	TU64    fury.TaggedUint64
	Name    Name
	Ratio   Ratio
	Level   Level
	Byte    byte
	hidden  int // unexported: not serialized
}

// Pointers has nullable pointer fields of scalar types.
//
//fury:generate
type Pointers struct {
	Bool    *bool
	Int8    *int8
	Int16   *int16
	Int32   *int32
	Int64   *int64
	Int     *int
	Uint8   *uint8
	Uint16  *uint16
	Uint32  *uint32
	Uint64  *uint64
	Float32 *float32
	Float64 *float64
	String  *string
	FI32    *fury.FixedInt32
	TI64    *fury.TaggedInt64
	Name    *Name
	Level   *Level
	Color   *Color
}

// Arrays has primitive arrays, binary and lists of primitives.
//
//fury:generate
type Arrays struct {
	Bools    []bool
	Int8s    []int8
	Int16s   []int16
	Int32s   []int32
	Int64s   []int64
	Ints     []int
	Bytes    []byte
	Uint16s  []uint16
	Uint32s  []uint32
	Uint64s  []uint64
	Uints    []uint
	Float32s []float32
	Float64s []float64
	Fixed    [4]int32
	FixedB   [3]byte
	Named    Ints
	List     fury.Int32Slice
	Levels   []Level
	Colors   []Color
	Strings  []string
	Names    []Name
}

// Inner is nested in other structs.
//
//fury:generate
type Inner struct {
	ID    int64
	Label string
	Tags  []string
}

// Containers has maps, sets and nested structs.
//
//fury:generate
type Containers struct {
	Map      map[string]int32
	Set      map[int32]struct{}
	FSet     fury.Set[string]
	Inner    Inner
	InnerPtr *Inner
	Inners   []Inner
	ByName   map[string]*Inner
	Any      any
	Anys     []any
}

// Base is embedded (its fields are promoted).
type Base struct {
	ID      int64
	Created time.Time
	base    int
}

// Extra is embedded by pointer (a field named Extra, not promoted).
type Extra struct {
	Note string
}

// embedded is an unexported embedded struct: its exported fields are
// promoted too.
type embedded struct {
	Deep  int16
	Label string
}

// Embedding embeds structs.
//
//fury:generate
type Embedding struct {
	Base
	*Extra
	embedded
	Own int32
}

// Times has the time types, and decimals, which the runtime codes too.
//
//fury:generate
type Times struct {
	At   time.Time
	For  time.Duration
	On   fury.Date
	AtP  *time.Time
	ForP *time.Duration
	Cost fury.Decimal
	Max  *fury.Decimal
	Big  *big.Int
}

// Enums has enum and enum-or-int fields: Color is registered as an enum,
// Level is not.
//
//fury:generate
type Enums struct {
	Color  Color
	Level  Level
	PColor *Color
	Count  int32
	Z      string
}

// Tagged uses fury struct tags.
//
//fury:generate
type Tagged struct {
	A       int32  `fury:"id=3"`
	B       string `fury:"id=1"`
	Renamed int64  `fury:"name=zz_renamed"`
	Skipped int32  `fury:"-"`
	Opt     int32  `fury:"nullable"`
	Must    *int32 `fury:"notnull"`
	Shared  *Inner `fury:"ref"`
	Alone   *Inner `fury:"noref"`
	Plain   int16
	When    time.Time `fury:"nullable"`
	Names   []string  `fury:"nullable"`
	Label   string    `fury:"nullable,noref"`
	Kids    []*Inner  `fury:"noref"`
	Counts  []int64   `fury:"nullable"`
}

// Node is recursive (cycles need reference tracking).
//
//fury:generate
type Node struct {
	Value int32
	Next  *Node
	Kids  []*Node
}

// Tree nests itself through a slice of values (generated code calls
// itself directly), and holds a struct without generated code.
//
//fury:generate
type Tree struct {
	Label string
	Kids  []Tree
	Meta  Plain
}

// Plain has no generated code: generated code leaves it to the runtime.
type Plain struct {
	A int32
	B string
}

// Holder nests Inner by value and in a list, for schema-evolution tests.
//
//fury:generate
type Holder struct {
	In  Inner
	Ins []Inner
	N   int32
}

// Pair is generic; furygen generates code for its instantiation IntPair.
type Pair[K comparable, V any] struct {
	Key K
	Val V
}

// IntPair is an instantiation of Pair with generated code.
//
//fury:generate
type IntPair = Pair[int32, string]

// Empty has no fields.
//
//fury:generate
type Empty struct{}

// Collections has maps and nested lists that generated code writes
// inline, and some it leaves to the runtime.
//
//fury:generate
type Collections struct {
	Grid    [][]int32
	Scores  map[string][]float64
	Weights map[int32]float32
	Labels  map[string]string
	Words   [][]string
	Index   map[string][]string
	Stamps  []time.Time
	When    map[int64]time.Time
	List    fury.Int32Slice
	Deep    map[string]map[string]int64
	Blobs   map[string][]byte
	Flags   map[bool]uint16
	Opt     map[string]int32 `fury:"nullable"`
	Durs    []time.Duration
	Pair    [2][]int32
	Trio    [3]string
	PList   *[]string
	Tags    map[string]struct{}
	IDs     fury.Set[int64]
	SetMap  map[string]map[int32]struct{}
	Quad    map[string][2]float32
}

// Common is embedded by Person: its fields are promoted.
type Common struct {
	CreatedAt time.Time
	Version   uint32
}

// Address is a value and a pointer field of Person.
//
//fury:generate
type Address struct {
	Street string
	City   string
	Zip    int32
}

// Person is a service-like record.
//
//fury:generate
type Person struct {
	Common
	Name    string
	Nick    *string
	Home    Address
	Work    *Address
	Emails  []string
	Visits  []int64
	Friends []*Person
	Attrs   map[string]string
	Ratings map[int32]float32
}

// Team holds people by value, by pointer, and a map of slices.
//
//fury:generate
type Team struct {
	Name    string
	Members []Person
	Lead    *Person
	Scores  map[string][]float64
}

// Embeds embeds the struct types written as one value: each is a field
// named after its type (Time, Int, Date, Decimal), not flattened.
//
//fury:generate
type Embeds struct {
	time.Time
	big.Int
	fury.Date
	fury.Decimal
	Name string
}

// ShadowBase is embedded by Shadow, whose own fields hide some of its
// fields, as Go's selectors do.
type ShadowBase struct {
	X    int32
	Name string
	Keep int64
}

// Shadow's X hides ShadowBase.X, and Other, tagged with the wire name
// "name", hides ShadowBase.Name: the shallower field wins.
//
//fury:generate
type Shadow struct {
	ShadowBase
	X     string
	Other int32 `fury:"name=name"`
}

// PtrShaped has a single pointer field, so an interface holds a PtrShaped
// value in its data word itself (a pointer-shaped type) rather than
// pointing to a copy: a root passed by value must still reach the
// generated code as a pointer to the struct.
//
//fury:generate
type PtrShaped struct {
	In *Inner
}
