package fury

import (
	"fmt"

	"time"

	"github.com/fury-go/fury/internal/wire"
)

// Wire type ids of the Fory xlang format (see internal/wire).
const (
	tidUnknown               = wire.Unknown
	tidBool                  = wire.Bool
	tidInt8                  = wire.Int8
	tidInt16                 = wire.Int16
	tidInt32                 = wire.Int32
	tidVarint32              = wire.Varint32
	tidInt64                 = wire.Int64
	tidVarint64              = wire.Varint64
	tidTaggedInt64           = wire.TaggedInt64
	tidUint8                 = wire.Uint8
	tidUint16                = wire.Uint16
	tidUint32                = wire.Uint32
	tidVarUint32             = wire.VarUint32
	tidUint64                = wire.Uint64
	tidVarUint64             = wire.VarUint64
	tidTaggedUint64          = wire.TaggedUint64
	tidFloat8                = wire.Float8
	tidFloat16               = wire.Float16
	tidBFloat16              = wire.BFloat16
	tidFloat32               = wire.Float32
	tidFloat64               = wire.Float64
	tidString                = wire.String
	tidList                  = wire.List
	tidSet                   = wire.Set
	tidMap                   = wire.Map
	tidEnum                  = wire.Enum
	tidNamedEnum             = wire.NamedEnum
	tidStruct                = wire.Struct
	tidCompatibleStruct      = wire.CompatibleStruct
	tidNamedStruct           = wire.NamedStruct
	tidNamedCompatibleStruct = wire.NamedCompatibleStruct
	tidExt                   = wire.Ext
	tidNamedExt              = wire.NamedExt
	tidUnion                 = wire.Union
	tidTypedUnion            = wire.TypedUnion
	tidNamedUnion            = wire.NamedUnion
	tidNone                  = wire.None
	tidDuration              = wire.Duration
	tidTimestamp             = wire.Timestamp
	tidDate                  = wire.Date
	tidDecimal               = wire.Decimal
	tidBinary                = wire.Binary
	tidArray                 = wire.Array
	tidBoolArray             = wire.BoolArray
	tidInt8Array             = wire.Int8Array
	tidInt16Array            = wire.Int16Array
	tidInt32Array            = wire.Int32Array
	tidInt64Array            = wire.Int64Array
	tidUint8Array            = wire.Uint8Array
	tidUint16Array           = wire.Uint16Array
	tidUint32Array           = wire.Uint32Array
	tidUint64Array           = wire.Uint64Array
	tidFloat8Array           = wire.Float8Array
	tidFloat16Array          = wire.Float16Array
	tidBFloat16Array         = wire.BFloat16Array
	tidFloat32Array          = wire.Float32Array
	tidFloat64Array          = wire.Float64Array
	tidBound                 = wire.Bound
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

func isStructTypeID(id uint32) bool { return wire.IsStruct(id) }

func isPrimitiveTypeID(id uint32) bool { return wire.IsPrimitive(id) }

// ---- Go types with a specific wire meaning --------------------------------

// Date is a calendar date without a time zone (wire type date: days since
// 1970-01-01). Python's datetime.date and Java's LocalDate map to it.
//
// Marshal writes a Date only if it reads back as itself: a day of the
// calendar within ±2^39 days of 1970. The zero Date{} is the exception: it
// travels as the day time.Date makes of it (-0001-11-30) and reads back as
// Date{}, so that day itself cannot be written.
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

// maxDateDays bounds the days from the epoch a date may have on the wire
// (about ±1.5 billion years, far beyond what the peers hold, and within
// an int of years on 32-bit platforms), so that every
// date in range converts exactly.
const maxDateDays = 1 << 39

// zeroDateDays is where the zero Date{} travels: the day time.Date makes
// of year 0, month 0, day 0 (-0001-11-30), so that Date{} round-trips.
// That day itself, Date{-1, November, 30}, cannot be written.
var zeroDateDays = Date{}.unixDays()

func (d Date) unixDays() int64 {
	s := d.Time().Unix()
	days := s / 86400
	if s%86400 < 0 {
		days--
	}
	return days
}

// epochDays returns d as days since 1970-01-01, refusing what would not
// read back as d: a day that is not on the calendar (month 13, February
// 30; the zero Date{} excepted), a date too far out, and -0001-11-30 (the
// wire form of Date{}).
func (d Date) epochDays() (int64, error) {
	if d == (Date{}) {
		return zeroDateDays, nil
	}
	if y := int64(d.Year); y > maxDateDays/365 || y < -maxDateDays/365 {
		return 0, wrapf(ErrInvalidArgument, "date %v is out of range (±%d days from 1970)", d, int64(maxDateDays))
	}
	if d.Month < time.January || d.Month > time.December || d.Day < 1 || DateOf(d.Time()) != d {
		return 0, wrapf(ErrInvalidArgument, "date %v is not a day of the calendar", d)
	}
	days := d.unixDays()
	if days > maxDateDays || days < -maxDateDays {
		return 0, wrapf(ErrInvalidArgument, "date %v is out of range (±%d days from 1970)", d, int64(maxDateDays))
	}
	if days == zeroDateDays {
		return 0, wrapf(ErrInvalidArgument, "date %v cannot be written: its day is the wire form of the zero Date{}", d)
	}
	return days, nil
}

func dateFromEpochDays(days int64) Date {
	if days == zeroDateDays {
		return Date{}
	}
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
// primitive arrays (plain []int16 etc. are primitive arrays; []byte is
// binary and Uint8Array uint8_array). They match a Java List<Short>, a
// Python List[Int16] or a schema's list<int16>.
type (
	BoolSlice    []bool
	Int8Slice    []int8
	Uint8Slice   []uint8
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
