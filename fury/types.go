package fury

import (
	"fmt"
	"math"
	"time"
)

// Wire type ids of the Fory xlang format (written as varuint32).
const (
	tidUnknown               = 0
	tidBool                  = 1
	tidInt8                  = 2
	tidInt16                 = 3
	tidInt32                 = 4
	tidVarint32              = 5
	tidInt64                 = 6
	tidVarint64              = 7
	tidTaggedInt64           = 8
	tidUint8                 = 9
	tidUint16                = 10
	tidUint32                = 11
	tidVarUint32             = 12
	tidUint64                = 13
	tidVarUint64             = 14
	tidTaggedUint64          = 15
	tidFloat8                = 16
	tidFloat16               = 17
	tidBFloat16              = 18
	tidFloat32               = 19
	tidFloat64               = 20
	tidString                = 21
	tidList                  = 22
	tidSet                   = 23
	tidMap                   = 24
	tidEnum                  = 25
	tidNamedEnum             = 26
	tidStruct                = 27
	tidCompatibleStruct      = 28
	tidNamedStruct           = 29
	tidNamedCompatibleStruct = 30
	tidExt                   = 31
	tidNamedExt              = 32
	tidUnion                 = 33
	tidTypedUnion            = 34
	tidNamedUnion            = 35
	tidNone                  = 36
	tidDuration              = 37
	tidTimestamp             = 38
	tidDate                  = 39
	tidDecimal               = 40
	tidBinary                = 41
	tidArray                 = 42
	tidBoolArray             = 43
	tidInt8Array             = 44
	tidInt16Array            = 45
	tidInt32Array            = 46
	tidInt64Array            = 47
	tidUint8Array            = 48
	tidUint16Array           = 49
	tidUint32Array           = 50
	tidUint64Array           = 51
	tidFloat8Array           = 52
	tidFloat16Array          = 53
	tidBFloat16Array         = 54
	tidFloat32Array          = 55
	tidFloat64Array          = 56
	tidBound                 = 57
)

// Reference/null flags written before values that may be null or shared.
const (
	flagNull         int8 = -3 // the value is null
	flagRef          int8 = -2 // a reference to an earlier value; a varuint32 id follows
	flagNotNullValue int8 = -1 // a value follows; it is not reference tracked
	flagRefValue     int8 = 0  // a value follows and gets the next reference id
)

// Header bits of a message.
const (
	headerXlang = 0x01
	headerOOB   = 0x02
)

func isUserTypeID(id uint32) bool {
	switch id {
	case tidEnum, tidStruct, tidCompatibleStruct, tidExt, tidTypedUnion:
		return true
	}
	return false
}

func isNamedTypeID(id uint32) bool {
	switch id {
	case tidNamedEnum, tidNamedStruct, tidNamedCompatibleStruct, tidNamedExt, tidNamedUnion:
		return true
	}
	return false
}

func isStructTypeID(id uint32) bool {
	return id >= tidStruct && id <= tidNamedCompatibleStruct
}

func isPrimitiveTypeID(id uint32) bool {
	return id >= tidBool && id <= tidFloat64
}

func isCompressedTypeID(id uint32) bool {
	switch id {
	case tidVarint32, tidVarint64, tidTaggedInt64, tidVarUint32, tidVarUint64, tidTaggedUint64:
		return true
	}
	return false
}

// primitiveSize is the fixed byte width of a primitive type id (its maximum
// for compressed ones), used to order struct fields as the peers do.
func primitiveSize(id uint32) int {
	switch id {
	case tidBool, tidInt8, tidUint8, tidFloat8:
		return 1
	case tidInt16, tidUint16, tidFloat16, tidBFloat16:
		return 2
	case tidInt32, tidVarint32, tidUint32, tidVarUint32, tidFloat32:
		return 4
	case tidInt64, tidVarint64, tidTaggedInt64, tidUint64, tidVarUint64, tidTaggedUint64, tidFloat64:
		return 8
	}
	return 0
}

// ---- Go types with a specific wire meaning --------------------------------

// Date is a calendar date without a time zone (wire type date: days since
// 1970-01-01). Python's datetime.date and Java's LocalDate map to it.
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// DateOf returns the date of t in t's location.
func DateOf(t time.Time) Date {
	y, m, d := t.Date()
	return Date{y, m, d}
}

// Time returns midnight UTC of d.
func (d Date) Time() time.Time { return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC) }

// String formats d as YYYY-MM-DD.
func (d Date) String() string { return fmt.Sprintf("%04d-%02d-%02d", d.Year, int(d.Month), d.Day) }

func (d Date) epochDays() int64 {
	return int64(math.Floor(float64(d.Time().Unix()) / 86400))
}

func dateFromEpochDays(days int64) Date {
	return DateOf(time.Unix(days*86400, 0).UTC())
}

// Set is a set of comparable values (wire type set). A map[T]struct{} travels
// as a set too; Set exists for readability and for interface{} decoding,
// which gives Set[any].
type Set[T comparable] map[T]struct{}

// NewSet returns a set holding vs.
func NewSet[T comparable](vs ...T) Set[T] {
	s := make(Set[T], len(vs))
	for _, v := range vs {
		s[v] = struct{}{}
	}
	return s
}

// Add inserts v.
func (s Set[T]) Add(v T) { s[v] = struct{}{} }

// Contains reports whether v is in s.
func (s Set[T]) Contains(v T) bool { _, ok := s[v]; return ok }

// Slices of these types travel as lists of the element type rather than as
// primitive arrays (plain []int16 etc. are primitive arrays). They match a
// Java List<Short> or a Python List[Int16].
type (
	BoolSlice    []bool
	Int8Slice    []int8
	Int16Slice   []int16
	Int32Slice   []int32
	Int64Slice   []int64
	Uint16Slice  []uint16
	Uint32Slice  []uint32
	Uint64Slice  []uint64
	Float32Slice []float32
	Float64Slice []float64
)

// Fixed-width and tagged integer types: a struct field or value of one of
// these types is written with that exact wire type instead of the varint
// default of int32/int64/uint32/uint64. They match Python's pyfory.FixedInt32
// etc. and Java fields annotated for fixed or tagged encoding.
type (
	FixedInt32   int32
	FixedInt64   int64
	FixedUint32  uint32
	FixedUint64  uint64
	TaggedInt64  int64
	TaggedUint64 uint64
)

// Limits of Go's integer types, as in the seeds' examples (fury.MaxInt8 ...).
const (
	MaxInt8  = math.MaxInt8
	MinInt8  = math.MinInt8
	MaxInt16 = math.MaxInt16
	MinInt16 = math.MinInt16
	MaxInt32 = math.MaxInt32
	MinInt32 = math.MinInt32
	MaxInt64 = math.MaxInt64
	MinInt64 = math.MinInt64
)
