package row

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/fury-go/fury/fury"
)

var le = binary.LittleEndian

// bitmapBytes is the size of a null bitmap for n fields or elements: n bits
// rounded up to whole 8-byte words.
func bitmapBytes(n int) int { return ((n + 63) / 64) * 8 }

// view is what rows and arrays share: a null bitmap and n value slots over a
// byte slice that holds exactly the value (so every offset read from a slot
// is checked against len(b)).
type view struct {
	b      []byte
	n      int
	bitmap int       // offset of the null bitmap
	data   int       // offset of slot 0
	elem   *DataType // arrays: the element type; rows: nil
	fields []Field   // rows: the fields
}

func (v *view) typeAt(i int) *DataType {
	if v.elem != nil {
		return v.elem
	}
	return v.fields[i].Type
}

func (v *view) isNull(i int) bool {
	return v.b[v.bitmap+i>>3]&(1<<(uint(i)&7)) != 0
}

// at checks index i and the getter's type and returns the position of
// slot i.
func (v *view) at(i int, id TypeID) (int, error) {
	if uint(i) >= uint(v.n) {
		return 0, v.errIndex(i)
	}
	t := v.typeAt(i)
	if t.id != id {
		return 0, v.errKind(i, id)
	}
	if v.isNull(i) {
		return 0, &rowError{sentinel: ErrNull, msg: v.name(i)}
	}
	if v.elem != nil {
		return v.data + i*id.width(), nil
	}
	return v.data + 8*i, nil
}

// varBytes returns the bytes an offset-and-size slot points to.
func (v *view) varBytes(i int, id TypeID) ([]byte, error) {
	p, err := v.at(i, id)
	if err != nil {
		return nil, err
	}
	w := le.Uint64(v.b[p:])
	off, size := w>>32, w&0xffffffff
	if off+size > uint64(len(v.b)) {
		return nil, errorf(errInvalidData, "%s: offset %d and size %d point outside the %d bytes of its %s",
			v.name(i), off, size, len(v.b), v.kind())
	}
	return v.b[off : off+size : off+size], nil
}

// kind is what the view is: "row" or "list".
func (v *view) kind() string {
	if v.elem != nil {
		return "list"
	}
	return "row"
}

// name names entry i for an error: `field 2 "name"` or `element 2`.
func (v *view) name(i int) string {
	if v.elem != nil {
		return "element " + strconv.Itoa(i)
	}
	return "field " + strconv.Itoa(i) + " " + strconv.Quote(v.fields[i].Name)
}

// errIndex is the error of a getter given an index out of range: it names
// the index, the range and the fields or the element type.
func (v *view) errIndex(i int) error {
	if v.elem != nil {
		return errorf(errInvalidArgument, "element index %d out of range [0,%d) of %v", i, v.n, ListOf(v.elem))
	}
	var sb strings.Builder
	sb.WriteString("struct<")
	for j, f := range v.fields {
		if j == maxNamedFields && len(v.fields) > maxNamedFields+1 {
			fmt.Fprintf(&sb, ", ... %d more", len(v.fields)-j)
			break
		}
		if j > 0 {
			sb.WriteString(", ")
		}
		f.format(&sb)
	}
	sb.WriteByte('>')
	return errorf(errInvalidArgument, "field index %d out of range [0,%d) of %s", i, v.n, sb.String())
}

// maxNamedFields bounds the fields an index error lists.
const maxNamedFields = 16

// errKind is the error of a getter for type want on entry i of another
// type.
func (v *view) errKind(i int, want TypeID) error {
	got := v.typeAt(i).String()
	if v.elem != nil {
		return errorf(errTypeMismatch, "%s of %v is %s, not %s", v.name(i), ListOf(v.elem), got, typeName(want))
	}
	return errorf(errTypeMismatch, "%s is %s, not %s", v.name(i), got, typeName(want))
}

// typeName names a getter's type as DataType.String does.
func typeName(id TypeID) string {
	if t, ok := primitives[id]; ok {
		return t.String()
	}
	return id.String()
}

func (v *view) isNullAt(i int) bool {
	if uint(i) >= uint(v.n) {
		return false
	}
	return v.isNull(i)
}

func (v *view) bool_(i int) (bool, error) {
	p, err := v.at(i, TypeBool)
	if err != nil {
		return false, err
	}
	return v.b[p] != 0, nil
}

func (v *view) int8_(i int) (int8, error) {
	p, err := v.at(i, TypeInt8)
	if err != nil {
		return 0, err
	}
	return int8(v.b[p]), nil
}

func (v *view) int16_(i int) (int16, error) {
	p, err := v.at(i, TypeInt16)
	if err != nil {
		return 0, err
	}
	return int16(le.Uint16(v.b[p:])), nil
}

func (v *view) int32_(i int, id TypeID) (int32, error) {
	p, err := v.at(i, id)
	if err != nil {
		return 0, err
	}
	return int32(le.Uint32(v.b[p:])), nil
}

func (v *view) int64_(i int, id TypeID) (int64, error) {
	p, err := v.at(i, id)
	if err != nil {
		return 0, err
	}
	return int64(le.Uint64(v.b[p:])), nil
}

func (v *view) float32_(i int) (float32, error) {
	p, err := v.at(i, TypeFloat32)
	if err != nil {
		return 0, err
	}
	return math.Float32frombits(le.Uint32(v.b[p:])), nil
}

func (v *view) float64_(i int) (float64, error) {
	p, err := v.at(i, TypeFloat64)
	if err != nil {
		return 0, err
	}
	return math.Float64frombits(le.Uint64(v.b[p:])), nil
}

func (v *view) date(i int) (fury.Date, error) {
	d, err := v.int32_(i, TypeDate)
	if err != nil {
		return fury.Date{}, err
	}
	return dateFromDays(d), nil
}

func (v *view) timestamp(i int) (time.Time, error) {
	us, err := v.int64_(i, TypeTimestamp)
	if err != nil {
		return time.Time{}, err
	}
	return time.UnixMicro(us).UTC(), nil
}

func (v *view) duration(i int) (time.Duration, error) {
	us, err := v.int64_(i, TypeDuration)
	if err != nil {
		return 0, err
	}
	return durationFromMicros(us)
}

func (v *view) bytes(i int) ([]byte, error) {
	if uint(i) < uint(v.n) && v.typeAt(i).id == TypeBinary {
		return v.varBytes(i, TypeBinary)
	}
	return v.varBytes(i, TypeString)
}

func (v *view) str(i int) (string, error) {
	b, err := v.varBytes(i, TypeString)
	return string(b), err
}

func (v *view) binary(i int) ([]byte, error) {
	b, err := v.varBytes(i, TypeBinary)
	if err != nil {
		return nil, err
	}
	return append([]byte{}, b...), nil
}

func (v *view) strct(i int) (Row, error) {
	b, err := v.varBytes(i, TypeStruct)
	if err != nil {
		return Row{}, err
	}
	return NewRow(v.typeAt(i).fields, b)
}

func (v *view) array(i int) (Array, error) {
	b, err := v.varBytes(i, TypeList)
	if err != nil {
		return Array{}, err
	}
	return newArray(v.typeAt(i).elem, b)
}

func (v *view) mapAt(i int) (Map, error) {
	b, err := v.varBytes(i, TypeMap)
	if err != nil {
		return Map{}, err
	}
	return newMap(v.typeAt(i), b)
}

func dateFromDays(d int32) fury.Date {
	if d == zeroDateDays {
		// The day fury.Date{} normalizes to: read it as the zero Date, as
		// package fury does, so that an unset Date field round-trips.
		return fury.Date{}
	}
	return fury.DateOf(time.Unix(int64(d)*86400, 0).UTC())
}

// zeroDateDays is what daysOf gives for fury.Date{} (-0001-11-30).
var zeroDateDays = func() int32 { d, _ := unixDays(fury.Date{}); return d }()

// daysOf returns d as days since 1970-01-01, refusing what would not read
// back as d, as package fury does: a day that is not on the calendar (month
// 13, February 30; the zero Date{} excepted, see zeroDateDays) and a date
// outside the date32 range.
func daysOf(d fury.Date) (int32, error) {
	if d == (fury.Date{}) {
		return zeroDateDays, nil
	}
	// int32 days reach about ±5.9 million years; bounding the year first
	// keeps time.Date away from years it cannot represent.
	if y := int64(d.Year); y > 6_000_000 || y < -6_000_000 {
		return 0, errorf(errInvalidArgument, "date %v out of the date32 range", d)
	}
	if d.Month < time.January || d.Month > time.December || d.Day < 1 || fury.DateOf(d.Time()) != d {
		return 0, errorf(errInvalidArgument, "date %v is not a day of the calendar", d)
	}
	days, err := unixDays(d)
	if err != nil {
		return 0, err
	}
	return days, nil
}

func unixDays(d fury.Date) (int32, error) {
	secs := d.Time().Unix()
	days := secs / 86400
	if secs%86400 < 0 {
		days--
	}
	if days < math.MinInt32 || days > math.MaxInt32 {
		return 0, errorf(errInvalidArgument, "date %v out of the date32 range", d)
	}
	return int32(days), nil
}

// microsOf returns t as microseconds since the epoch (floored, as
// UnixMicro), or an error for a time.Time outside the int64 microsecond
// range (before year -290307 or after 294246), where UnixMicro would wrap.
const (
	usPerSec = 1_000_000
	maxSec   = math.MaxInt64 / usPerSec // the last second of the range, up to maxUs
	maxUs    = math.MaxInt64 % usPerSec
	minSec   = math.MinInt64/usPerSec - 1 // the first second of the range, from minUs
	minUs    = math.MinInt64 - minSec*usPerSec
)

func microsOf(t time.Time) (int64, error) {
	s := t.Unix()
	us := int64(t.Nanosecond() / 1000)
	switch {
	case s > maxSec || s < minSec || (s == maxSec && us > maxUs) || (s == minSec && us < minUs):
		return 0, errorf(errInvalidArgument, "time %v out of the timestamp range (int64 microseconds since 1970)", t)
	case s == minSec:
		return math.MinInt64 + (us - minUs), nil // s*usPerSec alone would overflow
	}
	return s*usPerSec + us, nil
}

func durationFromMicros(us int64) (time.Duration, error) {
	if us > math.MaxInt64/1000 || us < math.MinInt64/1000 {
		return 0, errorf(errInvalidData, "duration of %d microseconds overflows time.Duration", us)
	}
	return time.Duration(us) * time.Microsecond, nil
}

// Row is a read-only view over one row's bytes: a null bitmap, one 8-byte
// slot per field, then the variable-width values the slots point to. The
// zero Row has no fields. Getters read in place: numbers do not allocate;
// String and Binary copy, Bytes aliases.
//
// A getter's error names the field (its index and name) and wraps ErrNull
// for a null field, fury.ErrTypeMismatch when the field's type does not
// match the getter (an int32 field read with Int64: `row: type mismatch:
// field 1 "age" is int32, not int64`), fury.ErrInvalidArgument for an
// index out of range (`row: invalid argument: field index -1 out of range
// [0,2) of struct<name: utf8, age: int32 not null>`), and fury.ErrInvalidData or
// fury.ErrTruncated when the offsets in the bytes point outside the row.
// Nothing panics, whatever the bytes hold.
//
// A Row prints (fmt's %v) as its fields by name and value:
// {name: "Ann", age: 30}; see Format.
type Row struct {
	v view
	s *Schema
}

// NewRow returns a view over b, which holds one row of schema s (as
// Encoder.ToRow, pyfory's to_row or Java's BinaryRow write it). It checks
// that b holds the null bitmap and the field slots; each variable-width
// value is checked when it is read.
func NewRow(s *Schema, b []byte) (Row, error) {
	if s == nil {
		return Row{}, errorf(errInvalidArgument, "nil schema")
	}
	if s.err != nil {
		return Row{}, s.err
	}
	n := len(s.fields)
	bm := bitmapBytes(n)
	if len(b) < bm+8*n {
		return Row{}, errShortRow
	}
	return Row{v: view{b: b, n: n, bitmap: 0, data: bm, fields: s.fields}, s: s}, nil
}

// Schema returns the row's schema (nil for the zero Row).
func (r Row) Schema() *Schema { return r.s }

// NumFields returns the number of fields.
func (r Row) NumFields() int { return r.v.n }

// Bytes returns the row's bytes (aliasing the buffer it was read from), for
// forwarding a row without decoding it.
func (r Row) Bytes() []byte { return r.v.b }

// IsNullAt reports whether field i is null (false when i is out of range).
func (r Row) IsNullAt(i int) bool { return r.v.isNullAt(i) }

// Bool returns bool field i.
func (r Row) Bool(i int) (bool, error) { return r.v.bool_(i) }

// Int8 returns int8 field i.
func (r Row) Int8(i int) (int8, error) { return r.v.int8_(i) }

// Int16 returns int16 field i.
func (r Row) Int16(i int) (int16, error) { return r.v.int16_(i) }

// Int32 returns int32 field i.
func (r Row) Int32(i int) (int32, error) { return r.v.int32_(i, TypeInt32) }

// Int64 returns int64 field i.
func (r Row) Int64(i int) (int64, error) { return r.v.int64_(i, TypeInt64) }

// Float32 returns float32 field i.
func (r Row) Float32(i int) (float32, error) { return r.v.float32_(i) }

// Float64 returns float64 field i.
func (r Row) Float64(i int) (float64, error) { return r.v.float64_(i) }

// Date returns date32 field i.
func (r Row) Date(i int) (fury.Date, error) { return r.v.date(i) }

// Timestamp returns timestamp field i, in UTC with microsecond precision.
func (r Row) Timestamp(i int) (time.Time, error) { return r.v.timestamp(i) }

// Duration returns duration field i (microseconds on the wire).
func (r Row) Duration(i int) (time.Duration, error) { return r.v.duration(i) }

// String returns string field i (a copy).
func (r Row) String(i int) (string, error) { return r.v.str(i) }

// Binary returns binary field i (a copy).
func (r Row) Binary(i int) ([]byte, error) { return r.v.binary(i) }

// BytesAt returns the bytes of string or binary field i without copying: the
// slice aliases the row's buffer, so it is valid while the buffer is, and
// must not be modified.
func (r Row) BytesAt(i int) ([]byte, error) { return r.v.bytes(i) }

// Struct returns struct field i as a row of the field's struct type.
func (r Row) Struct(i int) (Row, error) { return r.v.strct(i) }

// Array returns list field i.
func (r Row) Array(i int) (Array, error) { return r.v.array(i) }

// Map returns map field i.
func (r Row) Map(i int) (Map, error) { return r.v.mapAt(i) }

// Array is a read-only view over a list value: an 8-byte element count, a
// null bitmap, then the elements at their natural width (1, 2, 4 or 8
// bytes; 8-byte offset-and-size words for variable-width elements). Its
// getters behave as Row's.
type Array struct {
	v view
}

func newArray(elem *DataType, b []byte) (Array, error) {
	if len(b) < 8 {
		return Array{}, errShortArray
	}
	n64 := le.Uint64(b)
	if n64 > uint64(len(b)) || n64 > math.MaxInt32 {
		return Array{}, errShortArray
	}
	n := int(n64)
	data := 8 + bitmapBytes(n)
	if uint64(data)+n64*uint64(elem.id.width()) > uint64(len(b)) {
		return Array{}, errShortArray
	}
	return Array{v: view{b: b, n: n, bitmap: 8, data: data, elem: elem}}, nil
}

// Len returns the number of elements.
func (a Array) Len() int { return a.v.n }

// Elem returns the element type (nil for the zero Array).
func (a Array) Elem() *DataType { return a.v.elem }

// Bytes returns the array's bytes, aliasing the buffer.
func (a Array) Bytes() []byte { return a.v.b }

// IsNullAt reports whether element i is null (false when i is out of range).
func (a Array) IsNullAt(i int) bool { return a.v.isNullAt(i) }

// Bool returns element i of a bool list.
func (a Array) Bool(i int) (bool, error) { return a.v.bool_(i) }

// Int8 returns element i of an int8 list.
func (a Array) Int8(i int) (int8, error) { return a.v.int8_(i) }

// Int16 returns element i of an int16 list.
func (a Array) Int16(i int) (int16, error) { return a.v.int16_(i) }

// Int32 returns element i of an int32 list.
func (a Array) Int32(i int) (int32, error) { return a.v.int32_(i, TypeInt32) }

// Int64 returns element i of an int64 list.
func (a Array) Int64(i int) (int64, error) { return a.v.int64_(i, TypeInt64) }

// Float32 returns element i of a float32 list.
func (a Array) Float32(i int) (float32, error) { return a.v.float32_(i) }

// Float64 returns element i of a float64 list.
func (a Array) Float64(i int) (float64, error) { return a.v.float64_(i) }

// Date returns element i of a date32 list.
func (a Array) Date(i int) (fury.Date, error) { return a.v.date(i) }

// Timestamp returns element i of a timestamp list.
func (a Array) Timestamp(i int) (time.Time, error) { return a.v.timestamp(i) }

// Duration returns element i of a duration list.
func (a Array) Duration(i int) (time.Duration, error) { return a.v.duration(i) }

// String returns element i of a string list (a copy).
func (a Array) String(i int) (string, error) { return a.v.str(i) }

// Binary returns element i of a binary list (a copy).
func (a Array) Binary(i int) ([]byte, error) { return a.v.binary(i) }

// BytesAt returns element i of a string or binary list without copying
// (see Row.BytesAt).
func (a Array) BytesAt(i int) ([]byte, error) { return a.v.bytes(i) }

// Struct returns element i of a struct list as a row.
func (a Array) Struct(i int) (Row, error) { return a.v.strct(i) }

// Array returns element i of a list of lists.
func (a Array) Array(i int) (Array, error) { return a.v.array(i) }

// Map returns element i of a list of maps.
func (a Array) Map(i int) (Map, error) { return a.v.mapAt(i) }

// Map is a read-only view over a map value: the byte size of the key array,
// the key array, then the value array; entry i is (Keys()[i], Values()[i]).
type Map struct {
	keys, values Array
}

func newMap(t *DataType, b []byte) (Map, error) {
	if len(b) < 8 {
		return Map{}, errBadMap
	}
	ks := le.Uint64(b)
	if ks > uint64(len(b)-8) {
		return Map{}, errBadMap
	}
	keys, err := newArray(t.key, b[8:8+ks:8+ks])
	if err != nil {
		return Map{}, err
	}
	values, err := newArray(t.val, b[8+ks:])
	if err != nil {
		return Map{}, err
	}
	if keys.v.n != values.v.n {
		return Map{}, errMapCounts
	}
	return Map{keys: keys, values: values}, nil
}

// Len returns the number of entries.
func (m Map) Len() int { return m.keys.v.n }

// Keys returns the key array.
func (m Map) Keys() Array { return m.keys }

// Values returns the value array.
func (m Map) Values() Array { return m.values }
